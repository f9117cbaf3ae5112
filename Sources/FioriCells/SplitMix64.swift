/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, platform-independent seeded generator.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound` (bound > 0), by multiply-shift (bias < 2⁻³² for small bounds).
  mutating func next(below bound: Int) -> Int {
    Int(((next() >> 32) * UInt64(bound)) >> 32)
  }

  mutating func pick<T>(_ values: [T]) -> T { values[next(below: values.count)] }
}
