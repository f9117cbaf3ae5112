/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, identical on every machine.
///
/// The package's one seeded generator: the workloads (`FlowLayoutWorkloads`), the sample Fiori
/// content (`FioriCells`) and every test draw from it, so that a seed names the same items
/// everywhere (the standard library's `SystemRandomNumberGenerator` is not seedable, and the
/// algorithms behind `Int.random(in:using:)` and `Double.random(in:using:)` are not specified:
/// use the draws below instead).
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  ///
  /// - Complexity: O(1).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A `Double` uniform in `range`, from the top 53 bits (exact and platform-independent,
  /// unlike `Double.random(in:using:)` whose algorithm is not specified).
  ///
  /// - Complexity: O(1).
  public mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + nextUnit() * (range.upperBound - range.lowerBound)
  }

  /// A whole number of points uniform in `range` (sizes as a designer would give them).
  public mutating func nextPoints(in range: ClosedRange<Int>) -> Double {
    Double(nextInt(below: range.count) + range.lowerBound)
  }

  /// An `Int` uniform in `0..<bound` (Lemire's multiply-shift; `bound` > 0).
  ///
  /// - Complexity: O(1).
  public mutating func nextInt(below bound: Int) -> Int {
    precondition(bound > 0, "bound must be positive")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// One of `values`, uniformly (`values` not empty).
  ///
  /// - Complexity: O(1).
  public mutating func pick<T>(_ values: [T]) -> T { values[nextInt(below: values.count)] }

  /// A `Double` uniform in `0..<1`, from the top 53 bits.
  ///
  /// - Complexity: O(1).
  public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}
