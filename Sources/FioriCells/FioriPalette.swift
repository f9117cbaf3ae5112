/// The colours of seed 000's "Color Scheme" table (and seed 002's status mapping), as SVG hex.
public enum FioriPalette {
  public static let primaryText = "#1D2D3E"
  public static let secondaryText = "#556B82"
  public static let positive = "#36A41D"
  public static let critical = "#E9730C"
  public static let negative = "#D32030"
  public static let neutral = "#556B82"
  public static let background = "#FFFFFF"
  public static let border = "#E5E5E5"
  public static let actionIcon = "#556B82"
  public static let destructiveActionIcon = "#D32030"
  public static let placeholderBackground = "#F5F6F7"
  public static let initialsBackground = "#E5E5E5"
  public static let initialsText = "#556B82"
  public static let buttonTint = "#F69000"
  /// Seed 002 "Status Icon Mapping", N/A: also used for links ("See All").
  public static let link = "#0057D2"

  /// The colour of an attribute with `status`.
  public static func color(of status: AttributeStatus) -> String {
    switch status {
    case .positive: return positive
    case .critical: return critical
    case .negative: return negative
    case .neutral: return neutral
    }
  }
}
