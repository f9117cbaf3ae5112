/// `⌊x⌋` of four doubles, bit for bit libm's `floor` in every lane for every input, without a
/// call to libm (x86-64's default target has no `roundsd`; a call spills every vector register).
/// `.scalar`: libm. `.simd`: for lanes in `(−2⁵¹, 2⁵¹)`, adding and subtracting `1.5·2⁵²`, 1 off a
/// lane that rounded up, the input's sign kept; else libm. Assumes round-to-nearest.
enum FloorKernel {
  /// `1.5·2⁵²`: for `|x| ≤ 2⁵¹`, `x + magic` lies in `[2⁵², 2⁵³)`, whose ulp is 1.
  static let magic = 6_755_399_441_055_744.0
  /// `2⁵¹`: the fast form's range (larger doubles are integers, and NaNs and infinities fail the
  /// comparison).
  static let fastRange = 2_251_799_813_685_248.0

  /// `⌊x⌋` lane by lane by the selected form.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func floor(_ x: SIMD4<Double>, using kernels: KernelSelection) -> SIMD4<Double> {
    switch kernels {
    case .simd: return magicFloor(x)
    case .scalar: return x.rounded(.down)
    }
  }

  /// The `.simd` form: no call unless a lane is out of `(−2⁵¹, 2⁵¹)` or not a number.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func magicFloor(_ x: SIMD4<Double>) -> SIMD4<Double> {
    let range = SIMD4<Double>(repeating: fastRange)
    // `x > −r && x < r`: false for NaN.
    guard all((x .< range) .& (x .> -range)) else { return x.rounded(.down) }
    return floorInRange(x)
  }

  /// `⌊x⌋` lane by lane for lanes in `(−2⁵¹, 2⁵¹)`, bit for bit libm's `floor` there: no range
  /// check, no branch.
  ///
  /// - Precondition: every lane is in `(−2⁵¹, 2⁵¹)`.
  /// - Complexity: O(1).
  @inline(__always)
  static func floorInRange(_ x: SIMD4<Double>) -> SIMD4<Double> {
    let m = SIMD4<Double>(repeating: magic)
    let nearest = (x + m) - m
    // Rounded up: take 1 off (exact for |nearest| ≤ 2⁵¹ + 1).
    let floor = nearest.replacing(with: nearest - 1, where: nearest .> x)
    // The input's sign: a negative lane's floor is negative except for −0, whose nearest
    // integer came out as +0; a positive lane's sign bit is clear.
    let sign = unsafeBitCast(x, to: SIMD4<UInt64>.self) & SIMD4(repeating: 1 << 63)
    let bits = unsafeBitCast(floor, to: SIMD4<UInt64>.self) | sign
    return unsafeBitCast(bits, to: SIMD4<Double>.self)
  }
}
