/// The tallest item of a line: the maximum of a range of a height column (0 for an empty range,
/// heights being non-negative).
///
/// Exact in both forms: a maximum does not depend on evaluation order.
enum LineMaxKernel {
  /// The SIMD lane count.
  static let lanes = 4

  /// The maximum of `values[range]`, or 0 when the range is empty.
  ///
  /// - Complexity: O(k) for k values.
  @inline(__always)  // see `simdMaximum`
  static func maximum(
    _ values: UnsafeBufferPointer<Double>, _ range: Range<Int>, using kernels: KernelSelection
  )
    -> Double
  {
    switch kernels {
    case .simd: return simdMaximum(values, range)
    case .scalar: return scalarMaximum(values, range)
    }
  }

  /// The scalar twin.
  static func scalarMaximum(_ values: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Double {
    var m = 0.0
    for i in range where values[i] > m { m = values[i] }
    return m
  }

  /// Four lanes compared with `replacing(with:where:)` (inlined, unlike `pointwiseMax`).
  /// Always inlined (and `maximum`): out of line, a call and spills cost a line more than it.
  @inline(__always)
  static func simdMaximum(_ values: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Double {
    var i = range.lowerBound
    let end = range.upperBound
    if end - i < 2 * lanes { return scalarMaximum(values, range) }
    var acc = SIMD4<Double>(repeating: 0)
    while i + lanes <= end {
      let v = SIMD4<Double>(values[i], values[i + 1], values[i + 2], values[i + 3])
      acc.replace(with: v, where: v .> acc)
      i += lanes
    }
    var m = acc[0]
    if acc[1] > m { m = acc[1] }
    if acc[2] > m { m = acc[2] }
    if acc[3] > m { m = acc[3] }
    while i < end {
      if values[i] > m { m = values[i] }
      i += 1
    }
    return m
  }
}
