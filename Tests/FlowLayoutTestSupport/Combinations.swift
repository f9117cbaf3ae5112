/// "Every combination" loops (as swift-collections' `withEvery`): run `body` for each element
/// of the Cartesian product of the given collections, so a test states the axes it covers
/// instead of nesting loops. A failure message should print the combination (its arguments) so
/// that it reproduces.

/// Calls `body` with every pair of `first` × `second`, `first` varying slowest.
public func withEveryCombination<A: Sequence, B: Collection>(
  _ first: A, _ second: B, _ body: (A.Element, B.Element) throws -> Void
) rethrows {
  for a in first {
    for b in second { try body(a, b) }
  }
}

/// Calls `body` with every triple of `first` × `second` × `third`, `first` varying slowest.
public func withEveryCombination<A: Sequence, B: Collection, C: Collection>(
  _ first: A, _ second: B, _ third: C, _ body: (A.Element, B.Element, C.Element) throws -> Void
) rethrows {
  for a in first {
    for b in second {
      for c in third { try body(a, b, c) }
    }
  }
}
