/// A value stored out of line, one word inline, shared between copies until one is written:
/// for large payloads of `PageLines` (an enum is as large as its largest case). The box is
/// written only through `value`'s `_modify` and only when uniquely referenced, which makes
/// `@unchecked Sendable` sound.
struct CopyOnWrite<Value: Sendable & Equatable>: Sendable, Equatable {
  private final class Box: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  private var box: Box

  init(_ value: Value) { box = Box(value) }

  /// The value: read in place; written in place when unique, else after one copy.
  ///
  /// - Complexity: O(1) to read or to write a unique box; one copy of the value otherwise.
  var value: Value {
    @inline(__always) _read { yield box.value }
    @inline(__always) _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }

  /// Equal values (the same box, or boxes of equal values).
  static func == (a: Self, b: Self) -> Bool { a.box === b.box || a.box.value == b.box.value }
}
