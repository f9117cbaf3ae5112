@testable import FlowLayoutCore

/// The line searches of a `LineTable` with the entries of its starts they read counted (work
/// counters for tests, never a clock), and the interpolation search on its own.
extension LineTable {
  /// `line(containing:)` and how many entries of `starts` it read.
  func probedLine(containing item: Int) -> (line: Int, probes: Int) {
    var probes = 0
    let found = withUnsafeMutablePointer(to: &probes) { line(containing: item, probes: $0) }
    return (found, probes)
  }

  /// The last line in `lo...hi` whose start is at most `item`, by the interpolation search a
  /// table without an item index takes (`LineTable.searchStarts`), over the starts as a whole
  /// (built for an equal-count table: a search of the starts as stored elsewhere).
  ///
  /// - Precondition: `starts[lo] ≤ item < starts[hi + 1]`.
  func searchLine(containing item: Int, lo: Int, hi: Int) -> Int {
    probedSearchLine(containing: item, lo: lo, hi: hi).line
  }

  /// `searchLine(containing:lo:hi:)` and how many entries of `starts` it read.
  func probedSearchLine(containing item: Int, lo: Int, hi: Int) -> (line: Int, probes: Int) {
    var probes = 0
    let found = withUnsafeMutablePointer(to: &probes) {
      LineTable.searchStarts(starts, item, lo: lo, hi: hi, probes: $0)
    }
    return (found, probes)
  }
}
