/// Positions of grid columns: `xₖ = l + k·pitch` (scaled modes, column flows, closed-form
/// tables). Element-wise, so the SIMD form is bit-identical to the scalar one.
enum GridPositionKernel {
  /// Fills `xs[k] = left + k·pitch` for every k.
  ///
  /// - Complexity: O(k).
  static func fill(
    _ xs: UnsafeMutableBufferPointer<Double>, left: Double, pitch: Double,
    using kernels: KernelSelection
  ) {
    switch kernels {
    case .scalar:
      for k in 0..<xs.count { xs[k] = left + Double(k) * pitch }
    case .simd:
      var k = 0
      let n = xs.count
      var index = SIMD4<Double>(0, 1, 2, 3)
      let step = SIMD4<Double>(repeating: 4)
      while k + 4 <= n {
        let v = left + index * pitch
        xs[k] = v[0]
        xs[k + 1] = v[1]
        xs[k + 2] = v[2]
        xs[k + 3] = v[3]
        index += step
        k += 4
      }
      while k < n {
        xs[k] = left + Double(k) * pitch
        k += 1
      }
    }
  }
}
