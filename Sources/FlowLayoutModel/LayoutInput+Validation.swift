extension LayoutInput {
  /// Checks every number and option, in document order, and throws on the first bad one.
  ///
  /// - Complexity: O(n) for n items.
  /// - Throws: `LayoutError.invalidNumber`, `.invalidCount` or `.invalidConfiguration` naming the field.
  public func validate() throws(LayoutError) {
    try configuration.validate(bounds: bounds)
    for (s, section) in sections.enumerated() {
      // The per-item checks (a field name each) only where the one-pass screen fails.
      if !section.passesLengthScreen { try section.validate(field: "sections[\(s)]") }
      try section.validateMetrics(
        configuration: configuration, bounds: bounds, field: "sections[\(s)]")
    }
  }
}

extension SectionData {
  /// Whether `validate(field:)` passes, found by a screen: the columns have one length and
  /// the header, the footer, every item length and every length of the section's own metrics
  /// is valid (`LayoutValidation.isValidLength`), the items read in one pass without early
  /// exit (vectorisable) and no field name built. `false` when some length is not.
  ///
  /// - Complexity: O(n) for n items, ~1 ns an item.
  package var passesLengthScreen: Bool {
    guard itemWidths.count == itemHeights.count else { return false }
    return LayoutValidation.isValidLength(header) && LayoutValidation.isValidLength(footer)
      && LayoutValidation.allValidLengths(itemWidths)
      && LayoutValidation.allValidLengths(itemHeights)
      && (metrics?.hasValidLengths ?? true)
  }

  /// Checks the header, footer and every item size.
  ///
  /// - Complexity: O(n) for n items.
  /// - Throws: `LayoutError.invalidNumber` naming `field.header`, `field.items[i].width`, ….
  public func validate(field: @autoclosure () -> String) throws(LayoutError) {
    try LayoutValidation.length(header, field: "\(field()).header")
    try LayoutValidation.length(footer, field: "\(field()).footer")
    guard itemWidths.count == itemHeights.count else {
      throw .invalidConfiguration(field: "\(field()).items", reason: "widths and heights differ in count")
    }
    for i in itemWidths.indices {
      try LayoutValidation.length(itemWidths[i], field: "\(field()).items[\(i)].width")
      try LayoutValidation.length(itemHeights[i], field: "\(field()).items[\(i)].height")
    }
    if let metrics {
      if let inset = metrics.sectionInset {
        try LayoutValidation.length(inset.top, field: "\(field()).sectionInset.top")
        try LayoutValidation.length(inset.left, field: "\(field()).sectionInset.left")
        try LayoutValidation.length(inset.bottom, field: "\(field()).sectionInset.bottom")
        try LayoutValidation.length(inset.right, field: "\(field()).sectionInset.right")
      }
      if let spacing = metrics.minimumInteritemSpacing {
        try LayoutValidation.length(spacing, field: "\(field()).minimumInteritemSpacing")
      }
      if let spacing = metrics.minimumLineSpacing {
        try LayoutValidation.length(spacing, field: "\(field()).minimumLineSpacing")
      }
    }
  }

  /// Checks the options this section is laid out with (`configuration.applying(metrics)`)
  /// against `bounds`: its insets leave a line, its columns fit. Nothing to check without
  /// metrics.
  ///
  /// - Complexity: O(1).
  /// - Throws: the configuration's error with its field under `field` (e.g.
  ///   `sections[2].sectionInset`).
  public func validateMetrics(
    configuration: LayoutConfiguration, bounds: Size, field: @autoclosure () -> String
  ) throws(LayoutError) {
    guard let metrics, !metrics.isEmpty else { return }
    do {
      try configuration.applying(metrics).validate(bounds: bounds)
    } catch {
      throw error.prefixingField(with: "\(field()).")
    }
  }
}

extension LayoutConfiguration {
  /// The column count of a column flow (`.autosizingColumnFlow`, `.keyValueColumnFlow`,
  /// `.multiColumn`): `numberOfColumns`, or 1 for `.multiColumn` when the width class stacks it
  /// (`WidthClass.stacksMultiColumn`); `nil` for the other variants.
  ///
  /// The model resolves it to validate the columns' spacing and to propose a width to
  /// table-style cells; each engine resolves it again on its own (the fast core in
  /// `LayoutRules`, the reference in `ColumnFlowLayout`), so that the two check each other.
  ///
  /// - Complexity: O(1).
  public var columnFlowColumnCount: Int? {
    switch variant {
    case .autosizingColumnFlow, .keyValueColumnFlow, .multiColumn:
      variant == .multiColumn && widthClass.stacksMultiColumn ? 1 : numberOfColumns
    case .horizontalFlow, .horizontalScroll, .timeline, .horizontalFit, .vertical, .uikitFlow:
      nil
    }
  }

  /// Checks every option against `bounds`.
  ///
  /// - Complexity: O(1).
  /// - Throws: `LayoutError` naming the first offending option.
  public func validate(bounds: Size) throws(LayoutError) {
    try LayoutValidation.positiveLength(bounds.width, field: "width")
    try LayoutValidation.length(bounds.height, field: "height")
    try LayoutValidation.size(itemSize, field: "itemSize")
    try LayoutValidation.size(estimatedItemSize, field: "estimatedItemSize")
    try LayoutValidation.size(minimumScaledItemSize, field: "minimumScaledItemSize")
    try LayoutValidation.length(minimumInteritemSpacing, field: "minimumInteritemSpacing")
    try LayoutValidation.length(minimumLineSpacing, field: "minimumLineSpacing")
    try LayoutValidation.length(sectionInset.top, field: "sectionInset.top")
    try LayoutValidation.length(sectionInset.left, field: "sectionInset.left")
    try LayoutValidation.length(sectionInset.bottom, field: "sectionInset.bottom")
    try LayoutValidation.length(sectionInset.right, field: "sectionInset.right")
    try LayoutValidation.count(numberOfColumns, field: "numberOfColumns")
    try LayoutValidation.count(numberOfRows, field: "numberOfRows")

    // The line length the variant wraps or fits within must be positive.
    let transposes = scrollsAlongX
    if transposes {
      try LayoutValidation.positiveLength(bounds.height, field: "height")
      if sectionInset.top + sectionInset.bottom >= bounds.height {
        throw .invalidConfiguration(
          field: "sectionInset",
          reason: "top + bottom (\(sectionInset.top + sectionInset.bottom)) leaves no room in height \(bounds.height)")
      }
    } else if sectionInset.left + sectionInset.right >= bounds.width {
      throw .invalidConfiguration(
        field: "sectionInset",
        reason: "left + right (\(sectionInset.left + sectionInset.right)) leaves no room in width \(bounds.width)")
    }

    // The columns' spacings must leave room for the columns: (c − 1)·I < A.
    let lineLength =
      transposes
      ? bounds.height - sectionInset.top - sectionInset.bottom
      : bounds.width - sectionInset.left - sectionInset.right
    func checkColumnsFit(_ columns: Int) throws(LayoutError) {
      if Double(columns - 1) * minimumInteritemSpacing >= lineLength {
        throw .invalidConfiguration(
          field: "numberOfColumns",
          reason: "\(columns) columns with minimumInteritemSpacing \(minimumInteritemSpacing) leave no room in a line of \(lineLength)")
      }
    }

    switch variant {
    case .autosizingColumnFlow, .keyValueColumnFlow, .multiColumn:
      if numberOfColumns < 1 {
        throw .invalidCount(
          field: "numberOfColumns", value: numberOfColumns,
          reason: "\(variant.rawValue) needs at least one column")
      }
      try checkColumnsFit(columnFlowColumnCount ?? numberOfColumns)
    case .horizontalFlow, .vertical:
      // Scaling needs a width to keep an aspect ratio from: the extent along the line, which is
      // the height when the variant transposes (horizontal scrolling).
      let axis = transposes ? "height" : "width"
      func alongLine(_ size: Size) -> Double { transposes ? size.height : size.width }
      if estimatedItemSize.isZero {
        if numberOfColumns > 0 { try checkColumnsFit(numberOfColumns) }
        if numberOfColumns > 0, minimumScaledItemSize.isZero, alongLine(itemSize) < LayoutLimits.minimumScalingLength {
          throw .invalidConfiguration(
            field: "itemSize.\(axis)",
            reason: "numberOfColumns scales by itemSize's aspect ratio, which needs a \(axis) ≥ \(LayoutLimits.minimumScalingLength)")
        }
        if !minimumScaledItemSize.isZero, alongLine(minimumScaledItemSize) < LayoutLimits.minimumScalingLength {
          throw .invalidConfiguration(
            field: "minimumScaledItemSize.\(axis)",
            reason: "scaling by minimumScaledItemSize needs a \(axis) ≥ \(LayoutLimits.minimumScalingLength)")
        }
      }
    case .horizontalScroll, .timeline, .horizontalFit, .uikitFlow:
      break
    }
  }
}

extension LayoutConfiguration {
  /// `true` when the layout scrolls along x: `scrollDirection` is `.horizontal` and the variant
  /// honours it (the lines run down and the sections stack on x: the transposed problem).
  ///
  /// - Complexity: O(1).
  public var scrollsAlongX: Bool {
    scrollDirection == .horizontal && variant.honoursScrollDirection
  }
}

extension LayoutVariant {
  /// `true` for the variants that lay out the transposed problem when `scrollDirection` is
  /// `.horizontal` (`horizontalFlow`, `vertical`, `timeline`, `uikitFlow`); the others ignore it.
  public var honoursScrollDirection: Bool {
    switch self {
    case .horizontalFlow, .vertical, .timeline, .uikitFlow: return true
    case .horizontalScroll, .horizontalFit, .autosizingColumnFlow, .keyValueColumnFlow,
      .multiColumn:
      return false
    }
  }
}

/// The elementary checks, each naming the field it checks.
public enum LayoutValidation {
  /// A finite length in `0...LayoutLimits.maximumLength`.
  ///
  /// `field` is only evaluated for an error (no string is built for a valid value).
  public static func length(_ value: Double, field: @autoclosure () -> String) throws(LayoutError) {
    if value.isNaN { throw .invalidNumber(field: field(), value: value, reason: "NaN") }
    if value.isInfinite { throw .invalidNumber(field: field(), value: value, reason: "infinite") }
    if value < 0 { throw .invalidNumber(field: field(), value: value, reason: "negative") }
    if value > LayoutLimits.maximumLength {
      throw .invalidNumber(
        field: field(), value: value, reason: "larger than \(LayoutLimits.maximumLength)")
    }
  }

  /// A finite length in `(0, LayoutLimits.maximumLength]`.
  public static func positiveLength(_ value: Double, field: String) throws(LayoutError) {
    try length(value, field: field)
    if value == 0 { throw .invalidNumber(field: field, value: value, reason: "must be > 0") }
  }

  /// Whether `value` passes `length(_:field:)`: finite, in `0...LayoutLimits.maximumLength`.
  ///
  /// - Complexity: O(1), two comparisons (both false for NaN; ±∞ out of range).
  @inlinable @inline(__always)
  public static func isValidLength(_ value: Double) -> Bool {
    value >= 0 && value <= LayoutLimits.maximumLength
  }

  /// Whether every value of `values` is a valid length (`isValidLength`), in one pass without
  /// early exit (vectorisable): the values outside the range are counted.
  ///
  /// - Complexity: O(k) for k values.
  package static func allValidLengths(_ values: [Double]) -> Bool {
    let maximum = LayoutLimits.maximumLength
    return values.withUnsafeBufferPointer { b in
      // Four lanes, each counting its values out of range (no branch, no early exit).
      var bad = SIMD4<Int64>(repeating: 0)
      var i = 0
      while i &+ 4 <= b.count {
        let v = SIMD4<Double>(b[i], b[i &+ 1], b[i &+ 2], b[i &+ 3])
        let inside = (v .>= 0) .& (v .<= SIMD4(repeating: maximum))
        bad &+= SIMD4<Int64>(repeating: 1).replacing(with: 0, where: inside)
        i &+= 4
      }
      var tail = 0
      while i < b.count {
        tail &+= (b[i] >= 0 && b[i] <= maximum) ? 0 : 1
        i &+= 1
      }
      return bad == SIMD4(repeating: 0) && tail == 0
    }
  }

  /// Both lengths of `size` (`field` is only evaluated for an error).
  ///
  /// - Complexity: O(1); a valid size costs four comparisons (no field name built, no call).
  @inlinable @inline(__always)
  public static func size(_ size: Size, field: @autoclosure () -> String) throws(LayoutError) {
    if isValidLength(size.width), isValidLength(size.height) { return }
    try checkedSize(size, field: field())
  }

  /// `size(_:field:)`'s checks that name the failing length.
  @usableFromInline
  static func checkedSize(_ size: Size, field: @autoclosure () -> String) throws(LayoutError) {
    try length(size.width, field: "\(field()).width")
    try length(size.height, field: "\(field()).height")
  }

  /// An integer option in `0...LayoutLimits.maximumCount`.
  public static func count(_ value: Int, field: String) throws(LayoutError) {
    if value < 0 { throw .invalidCount(field: field, value: value, reason: "negative") }
    if value > LayoutLimits.maximumCount {
      throw .invalidCount(field: field, value: value, reason: "larger than \(LayoutLimits.maximumCount)")
    }
  }
}

extension SectionMetrics {
  /// Whether every length the metrics set is valid (`SectionData.validate(field:)`'s checks
  /// of them).
  ///
  /// - Complexity: O(1).
  package var hasValidLengths: Bool {
    if let inset = sectionInset {
      guard
        LayoutValidation.isValidLength(inset.top) && LayoutValidation.isValidLength(inset.left)
          && LayoutValidation.isValidLength(inset.bottom)
          && LayoutValidation.isValidLength(inset.right)
      else { return false }
    }
    return LayoutValidation.isValidLength(minimumInteritemSpacing ?? 0)
      && LayoutValidation.isValidLength(minimumLineSpacing ?? 0)
  }
}
