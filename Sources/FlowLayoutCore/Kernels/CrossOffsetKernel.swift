/// Item positions across a line for vertically centered items:
/// `yᵢ = lineTop + (lineHeight − hᵢ)/2`. Element-wise, so the SIMD form is bit-identical to the
/// scalar one.
enum CrossOffsetKernel {
  /// Writes `ys[i] = lineTop + (lineHeight − heights[i])/2`.
  ///
  /// - Precondition: `ys.count == heights.count`.
  /// - Complexity: O(k).
  static func centered(
    _ heights: UnsafeBufferPointer<Double>, lineTop: Double, lineHeight: Double,
    into ys: UnsafeMutableBufferPointer<Double>, using kernels: KernelSelection
  ) {
    let n = heights.count
    switch kernels {
    case .scalar:
      for i in 0..<n { ys[i] = lineTop + (lineHeight - heights[i]) / 2 }
    case .simd:
      var i = 0
      let top = SIMD4<Double>(repeating: lineTop)
      let line = SIMD4<Double>(repeating: lineHeight)
      while i + 4 <= n {
        let h = SIMD4<Double>(heights[i], heights[i + 1], heights[i + 2], heights[i + 3])
        let y = top + (line - h) / 2
        ys[i] = y[0]
        ys[i + 1] = y[1]
        ys[i + 2] = y[2]
        ys[i + 3] = y[3]
        i += 4
      }
      while i < n {
        ys[i] = lineTop + (lineHeight - heights[i]) / 2
        i += 1
      }
    }
  }
}
