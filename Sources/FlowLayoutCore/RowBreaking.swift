/// The greedy line rule of `docs/semantics.md`: a line starts with the next item (always placed),
/// and item `j` joins iff `used + I + wⱼ ≤ A + ε`, `used` accumulated left to right
/// (`used = w₀`, then `used = used + I + wⱼ`).
///
/// The loop is shaped so that the only data-dependent branch is the loop exit at the end of a
/// line (taken once per line, predictable inside it); the join decision is the exit test itself,
/// so LLVM cannot turn it into a select chain that also carries the line heights. Heights are
/// reduced afterwards per line by `LineMaxKernel`, off the critical path.
enum RowBreaking {
  /// The end (exclusive) of the line that starts at `start`, over `widths[start..<end]`.
  ///
  /// - Precondition: `start < end`.
  /// - Complexity: O(k) for the k items of the line.
  @inline(__always)
  static func lineEnd(
    _ widths: UnsafeBufferPointer<Double>, from start: Int, to end: Int, limit: Double,
    interitem: Double
  ) -> Int {
    var used = widths[start]
    var j = start + 1
    while j < end {
      let candidate = used + interitem + widths[j]
      if candidate > limit { break }
      used = candidate
      j += 1
    }
    return j
  }

  /// How many items of one width `w` the greedy rule puts on a line: the same accumulation as
  /// `lineEnd`, run on `w` until it fails or `count` items are on the line. This is the closed
  /// form's capacity and is exact by construction (it *is* the greedy accumulation).
  ///
  /// - Complexity: O(min(c, count)) for capacity c, O(1) when `w + I = 0` (everything fits).
  static func uniformCapacity(
    width w: Double, count: Int, limit: Double, interitem: Double
  ) -> Int {
    if count <= 1 { return max(count, 1) }
    // Zero width and zero spacing: `used` stays at w ≤ limit or fails at once.
    if w + interitem == 0 { return w <= limit ? count : 1 }
    var used = w
    var k = 1
    while k < count {
      let candidate = used + interitem + w
      if candidate > limit { break }
      used = candidate
      k += 1
    }
    return k
  }
}
