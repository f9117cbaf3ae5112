import FlowLayoutModel

/// The engine's checks of its input: item lengths are screened inside the layout pass
/// (`LengthScreen`) and the O(1) rest of each section here (`passesShapeScreen`); when a screen
/// fails, `validate(_:)` throws exactly the model's error (`LayoutInput.validate()`).
enum BulkValidation {
  /// Throws what `input.validate()` throws, and only then.
  ///
  /// - Complexity: O(n).
  /// - Throws: `LayoutError` naming the first invalid field, as `LayoutInput.validate()`.
  static func validate(_ input: LayoutInput) throws(LayoutError) { try input.validate() }

  /// `true` when the header and footer are valid lengths, the columns have one length and the
  /// section's own metrics (if any) are valid and leave a line under `configuration` and `bounds`.
  static func passesShapeScreen(
    _ section: SectionData, configuration: LayoutConfiguration, bounds: Size
  ) -> Bool {
    guard
      section.itemWidths.count == section.itemHeights.count
        && LayoutValidation.isValidLength(section.header)
        && LayoutValidation.isValidLength(section.footer)
    else { return false }
    guard let metrics = section.metrics else { return true }
    guard metrics.hasValidLengths else { return false }
    do {
      try section.validateMetrics(configuration: configuration, bounds: bounds, field: "")
      return true
    } catch {
      return false
    }
  }
}

/// A running screen of lengths by their bit patterns (one unsigned maximum per value, no branch):
/// every finite length in `0 ... LayoutLimits.maximumLength` has a pattern at most the limit's;
/// negative numbers, NaN and infinities have larger ones. Conservative: −0 fails the screen, and
/// whoever fails it asks the model's validator.
struct LengthScreen: Sendable {
  static let limitBits = LayoutLimits.maximumLength.bitPattern
  /// The largest bit pattern seen.
  var maxBits: UInt64 = 0

  /// Every value added is a valid length.
  var passes: Bool { maxBits <= Self.limitBits }

  @inline(__always)
  mutating func add(_ value: Double) {
    let bits = value.bitPattern
    maxBits = bits > maxBits ? bits : maxBits
  }

  /// Adds `values[range]`, two independent maxima per step.
  ///
  /// - Complexity: O(k) for k values.
  mutating func add(_ values: UnsafeBufferPointer<Double>, _ range: Range<Int>) {
    var m0 = maxBits
    var m1: UInt64 = 0
    var i = range.lowerBound
    while i + 2 <= range.upperBound {
      let a = values[i].bitPattern
      let b = values[i + 1].bitPattern
      m0 = a > m0 ? a : m0
      m1 = b > m1 ? b : m1
      i += 2
    }
    if i < range.upperBound { add(values[i]) }
    maxBits = max(maxBits, m0, m1)
  }

  /// Adds `values[range]` four at a time in SIMD, so that `passes` answers as after `add(_:_:)`
  /// (a range holding a failing value is added again by `add(_:_:)`).
  ///
  /// - Complexity: O(k) for k values.
  mutating func addSIMD(_ values: UnsafeBufferPointer<Double>, _ range: Range<Int>) {
    var i = range.lowerBound
    let end = range.upperBound
    let limit = SIMD2<Double>(repeating: LayoutLimits.maximumLength)
    var fits = SIMDMask<SIMD2<Int64>>(repeating: true)
    var bits = SIMD2<UInt64>(repeating: 0)
    while i &+ 4 <= end {
      let a = SIMD2<Double>(values[i], values[i &+ 1])
      let b = SIMD2<Double>(values[i &+ 2], values[i &+ 3])
      fits = fits .& (a .<= limit) .& (b .<= limit)
      bits = bits | unsafeBitCast(a, to: SIMD2<UInt64>.self)
        | unsafeBitCast(b, to: SIMD2<UInt64>.self)
      i &+= 4
    }
    var tail: UInt64 = 0
    while i < end {
      let v = values[i].bitPattern
      tail = v > tail ? v : tail
      i &+= 1
    }
    let signs = (bits[0] | bits[1]) >> 63
    if !all(fits) || signs != 0 || tail > Self.limitBits { add(values, range) }
  }
}
