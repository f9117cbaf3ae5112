/// The unit of a prefetch margin (`PrefetchPolicy`).
public enum PrefetchUnit: String, Hashable, Sendable, Codable, CaseIterable {
  /// Viewport lengths along the scroll axis (Texture's "screenfuls").
  case screens
  /// Points.
  case points
}

/// How far ahead of the viewport, and behind it, items are prefetched (`docs/semantics.md`,
/// "Prefetch ranges"); the document key `"prefetch": {"unit", "ahead", "behind"}`.
///
/// Moving, the region reaches `ahead` past the viewport in the direction of travel and
/// `behind` before it; at rest (no velocity along the scroll axis) `ahead` on both sides. The
/// defaults, one screen ahead and half a screen behind, make the region at rest the viewport
/// extended by one viewport length before and after it: the rect `"cellSizing": "visible"`
/// has always measured in.
public struct PrefetchPolicy: Hashable, Sendable, Codable {
  /// The unit of `ahead` and `behind`.
  public var unit: PrefetchUnit
  /// The margin in the direction of travel (both sides at rest).
  public var ahead: Double
  /// The margin against the direction of travel.
  public var behind: Double

  /// A policy; every argument defaults to the default policy's.
  ///
  /// - Parameters:
  ///   - unit: the unit of `ahead` and `behind` (default `.screens`).
  ///   - ahead: the margin in the direction of travel, and on both sides at rest (default 1).
  ///   - behind: the margin against the direction of travel (default 0.5).
  public init(unit: PrefetchUnit = .screens, ahead: Double = 1, behind: Double = 0.5) {
    self.unit = unit
    self.ahead = ahead
    self.behind = behind
  }

  /// One screen ahead (both sides at rest), half a screen behind.
  public static let standard = PrefetchPolicy()

  /// The largest margin in screens accepted.
  public static let maximumScreens = 1000.0

  /// Checks both margins: finite lengths (`0…10⁷`), at most `maximumScreens` in screens.
  ///
  /// - Parameter field: the name the errors start with (`"prefetch"`).
  /// - Complexity: O(1).
  /// - Throws: `.invalidNumber` naming `<field>.ahead` or `<field>.behind`.
  public func validate(field: String = "prefetch") throws(LayoutError) {
    try Self.margin(ahead, unit: unit, field: field, name: "ahead")
    try Self.margin(behind, unit: unit, field: field, name: "behind")
  }

  private static func margin(
    _ value: Double, unit: PrefetchUnit, field: String, name: String
  ) throws(LayoutError) {
    try LayoutValidation.length(value, field: "\(field).\(name)")
    if unit == .screens, value > maximumScreens {
      throw .invalidNumber(
        field: "\(field).\(name)", value: value, reason: "larger than \(maximumScreens) screens")
    }
  }
}

/// A half-open range of one section's items: the session's `[s, first, end]`.
public struct PrefetchRange: Hashable, Sendable, CustomStringConvertible {
  /// The section.
  public var section: Int
  /// The items, `first..<end`.
  public var items: Range<Int>

  /// A range of `section`'s items.
  ///
  /// - Parameters:
  ///   - section: the section.
  ///   - items: the half-open range of item indices.
  public init(section: Int, items: Range<Int>) {
    self.section = section
    self.items = items
  }

  public var description: String { "[\(section), \(items.lowerBound), \(items.upperBound)]" }
}

/// An engine that answers which items to prefetch for a viewport moving at a velocity.
///
/// The fast core and the reference each implement it on their own, from the ruling; the
/// differential tests hold them to the same answers.
public protocol PrefetchingLayoutEngine: LayoutEngine {
  /// The visible items whose frames meet the prefetch region of `viewport` moving at
  /// `velocity` (`PrefetchRequest.region`) by more than the tolerance
  /// (`Rect.certainlyIntersects`), as maximal runs of consecutive items per section, in
  /// document order, appended to `result`.
  ///
  /// - Parameters:
  ///   - viewport: the visible rect; its origin is the content offset.
  ///   - velocity: the content offset's rate of change, points per second; only its sign along
  ///     the scroll axis counts.
  ///   - policy: the margins.
  ///   - result: where the ranges are appended (not cleared).
  ///   - scratch: working space, reused across calls so that a request allocates nothing once
  ///     it has grown; its contents on return are unspecified.
  /// - Complexity: one rect query over the region, O(log n + k) for k elements in it in the
  ///   fast engine.
  /// - Throws: `PrefetchRequest.validate`'s errors; nothing is appended then.
  func prefetchRanges(
    viewport: Rect, velocity: Point, policy: PrefetchPolicy, into result: inout [PrefetchRange],
    scratch: inout [LayoutElement]) throws(LayoutError)
}

extension PrefetchingLayoutEngine {
  /// `prefetchRanges(viewport:velocity:policy:into:scratch:)` into a fresh array.
  ///
  /// - Parameters:
  ///   - viewport: the visible rect.
  ///   - velocity: the content offset's rate of change, points per second.
  ///   - policy: the margins (default `PrefetchPolicy.standard`).
  /// - Complexity: as `prefetchRanges(viewport:velocity:policy:into:scratch:)`.
  /// - Throws: `PrefetchRequest.validate`'s errors.
  public func prefetchRanges(
    viewport: Rect, velocity: Point, policy: PrefetchPolicy = .standard
  ) throws(LayoutError) -> [PrefetchRange] {
    var result: [PrefetchRange] = []
    var scratch: [LayoutElement] = []
    try prefetchRanges(
      viewport: viewport, velocity: velocity, policy: policy, into: &result, scratch: &scratch)
    return result
  }
}

/// The checks and the region of a prefetch request, which do not depend on the layout.
public enum PrefetchRequest {
  /// The viewport a valid viewport, both velocity components finite, the policy valid.
  ///
  /// - Parameters:
  ///   - viewport: the visible rect.
  ///   - velocity: points per second.
  ///   - policy: the margins.
  /// - Complexity: O(1).
  /// - Throws: `.invalidNumber` naming `viewport.<field>`, `velocity.x|y` or
  ///   `prefetch.ahead|behind`.
  public static func validate(viewport: Rect, velocity: Point, policy: PrefetchPolicy)
    throws(LayoutError)
  {
    try LayoutValidation.viewport(viewport, field: "viewport")
    try velocityIsFinite(velocity)
    try policy.validate()
  }

  /// - Parameter velocity: points per second.
  /// - Complexity: O(1).
  /// - Throws: `.invalidNumber` naming `velocity.x` or `velocity.y` for NaN or ±∞.
  public static func velocityIsFinite(_ velocity: Point) throws(LayoutError) {
    if !velocity.x.isFinite {
      throw .invalidNumber(
        field: "velocity.x", value: velocity.x, reason: velocity.x.isNaN ? "NaN" : "infinite")
    }
    if !velocity.y.isFinite {
      throw .invalidNumber(
        field: "velocity.y", value: velocity.y, reason: velocity.y.isNaN ? "NaN" : "infinite")
    }
  }

  /// The prefetch region (`docs/semantics.md`, "Prefetch ranges"): `viewport` extended along
  /// the scroll axis by `ahead` in the direction of travel and `behind` against it, or by
  /// `ahead` on both sides at rest; across the axis, the viewport's own extent. A margin in
  /// screens is a multiple of the viewport's length along the axis.
  ///
  /// - Parameters:
  ///   - viewport: the visible rect (valid).
  ///   - velocity: points per second (finite).
  ///   - policy: the margins (valid).
  ///   - alongX: the layout scrolls along x.
  /// - Complexity: O(1).
  public static func region(
    viewport: Rect, velocity: Point, policy: PrefetchPolicy, alongX: Bool
  ) -> Rect {
    let length = alongX ? viewport.width : viewport.height
    let unit = policy.unit == .screens ? length : 1
    let ahead = policy.ahead * unit
    let behind = policy.behind * unit
    let speed = alongX ? velocity.x : velocity.y
    let before = speed > 0 ? behind : ahead
    let after = speed < 0 ? behind : ahead
    return alongX
      ? Rect(
        x: viewport.minX - before, y: viewport.minY, width: length + before + after,
        height: viewport.height)
      : Rect(
        x: viewport.minX, y: viewport.minY - before, width: viewport.width,
        height: length + before + after)
  }

  /// Appends `path` to `ranges`, extending the last range when `path` is its next item.
  /// Paths must come in document order.
  ///
  /// - Parameters:
  ///   - path: the next item.
  ///   - ranges: the ranges so far.
  /// - Complexity: O(1).
  public static func append(_ path: ItemPath, to ranges: inout [PrefetchRange]) {
    if let last = ranges.last, last.section == path.section,
      last.items.upperBound == path.item
    {
      ranges[ranges.count - 1].items = last.items.lowerBound..<path.item + 1
    } else {
      ranges.append(PrefetchRange(section: path.section, items: path.item..<path.item + 1))
    }
  }
}
