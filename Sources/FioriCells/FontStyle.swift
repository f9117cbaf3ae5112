/// The weight of the system font used by a Fiori text element.
public enum FontWeight: String, Hashable, Sendable, Codable {
  case regular
  case semibold
}

/// A system-font style: point size, weight and the line height a label gives one line.
///
/// Line heights come from seed 000's typography table where it has them (13 pt → 18, 12 pt → 16)
/// and from iOS's Dynamic Type defaults at the "Large" setting otherwise (15 pt subheadline → 20,
/// 17 pt body/headline → 22): a ruling, see `docs/cells.md`.
public struct FontStyle: Hashable, Sendable {
  public var pointSize: Double
  public var weight: FontWeight
  public var lineHeight: Double

  public init(pointSize: Double, weight: FontWeight, lineHeight: Double) {
    self.pointSize = pointSize
    self.weight = weight
    self.lineHeight = lineHeight
  }
}

/// The text styles of the Fiori cells (seed 000 "Typography"; object and key/value cells: rulings).
public enum FioriTypography {
  // Collection item cell (seed 000, Typography and Key Dimensions).
  public static let itemTitle = FontStyle(pointSize: 13, weight: .semibold, lineHeight: 18)
  public static let itemSubtitle = FontStyle(pointSize: 12, weight: .regular, lineHeight: 16)
  public static let itemAttribute = FontStyle(pointSize: 12, weight: .regular, lineHeight: 16)
  public static let initials = FontStyle(pointSize: 17, weight: .semibold, lineHeight: 22)
  public static let buttonLabel = FontStyle(pointSize: 13, weight: .semibold, lineHeight: 18)

  // Object cell (ruling: iOS text styles headline / subheadline / footnote).
  public static let objectTitle = FontStyle(pointSize: 17, weight: .semibold, lineHeight: 22)
  public static let objectSubtitle = FontStyle(pointSize: 15, weight: .regular, lineHeight: 20)
  public static let objectFootnote = FontStyle(pointSize: 13, weight: .regular, lineHeight: 18)
  public static let objectDescription = FontStyle(pointSize: 15, weight: .regular, lineHeight: 20)
  public static let objectAttribute = FontStyle(pointSize: 13, weight: .regular, lineHeight: 18)

  // Key/value cell (ruling: key as subheadline, value as body).
  public static let key = FontStyle(pointSize: 15, weight: .regular, lineHeight: 20)
  public static let value = FontStyle(pointSize: 17, weight: .regular, lineHeight: 22)

  // Collection view header (seed 003 "Header", "See All" label; ruling: subheadline sizes).
  public static let headerTitle = FontStyle(pointSize: 15, weight: .semibold, lineHeight: 20)
  public static let seeAll = FontStyle(pointSize: 15, weight: .regular, lineHeight: 20)
}
