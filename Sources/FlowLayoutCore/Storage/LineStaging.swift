/// Fixed-size staging buffers for line starts and heights in a full layout's hot loop: a line
/// costs two plain stores, and the caller appends the buffers to the line table in bulk every
/// `capacity` lines (an `Array.append` per line costs a uniqueness-check call each).
///
/// The buffers are stack scratch (`withUnsafeTemporaryAllocation`), valid only inside `body`.
enum LineStaging {
  static let capacity = 512

  /// Calls `body` with a starts buffer and a heights buffer of `capacity` entries each.
  ///
  /// - Complexity: O(1) (uninitialised scratch; `body` writes before it reads).
  static func withBuffers<R>(
    _ body: (UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Double>) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { starts in
      withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { heights in
        body(starts, heights)
      }
    }
  }
}
