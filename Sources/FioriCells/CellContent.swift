/// The shape of an image view (seed 000 "Standard Image Without Labels", seed 002 "Detail Image").
public enum ImageShape: String, Hashable, Sendable, Codable, CaseIterable {
  case rectangular
  case circular
}

/// The image of a collection item cell. Without `width`/`height` an image-only cell is 110 × 110
/// (ruling); a labeled cell's image size follows from `cellWidth` and must not be given.
public struct CellImage: Hashable, Sendable, Codable {
  public var shape: ImageShape?
  public var width: Double?
  public var height: Double?
  /// Initials shown instead of a photo (seed 000 "Profile Image"); circular images only.
  public var initials: String?
  /// A document type shown as a doctype icon (seed 000 "Doctype Icons"); rectangular images only.
  public var doctype: String?

  public init(
    shape: ImageShape? = nil, width: Double? = nil, height: Double? = nil,
    initials: String? = nil, doctype: String? = nil
  ) {
    self.shape = shape
    self.width = width
    self.height = height
    self.initials = initials
    self.doctype = doctype
  }

  public var resolvedShape: ImageShape { shape ?? .rectangular }
}

/// An icon action at the top right of a collection item cell's image (seed 000 "Icon Actions").
public struct IconAction: Hashable, Sendable, Codable {
  public var icon: String
  public var destructive: Bool?

  public init(icon: String, destructive: Bool? = nil) {
    self.icon = icon
    self.destructive = destructive
  }
}

/// The one button action of a collection item cell (seed 000 "Button Actions").
public struct ButtonAction: Hashable, Sendable, Codable {
  public var label: String

  public init(label: String) { self.label = label }
}

/// The semantic state of an attribute (seed 000 "Color Scheme").
public enum AttributeStatus: String, Hashable, Sendable, Codable, CaseIterable {
  case positive
  case critical
  case negative
  case neutral
}

/// One attribute label of an object cell (seed 002 "Attributes").
public struct CellAttribute: Hashable, Sendable, Codable {
  public var text: String
  public var status: AttributeStatus?

  public init(text: String, status: AttributeStatus? = nil) {
    self.text = text
    self.status = status
  }
}

/// The detail image of an object cell: 16–60 pt, shown in a 44 pt frame (seed 002 "Detail Image").
public struct DetailImage: Hashable, Sendable, Codable {
  /// Side of the square (or diameter of the circle); default 44.
  public var size: Double?
  public var shape: ImageShape?
  public var initials: String?

  public init(size: Double? = nil, shape: ImageShape? = nil, initials: String? = nil) {
    self.size = size
    self.shape = shape
    self.initials = initials
  }
}

/// The accessory view of an object cell (seed 002 "Accessory View").
public enum Accessory: String, Hashable, Sendable, Codable, CaseIterable {
  /// Preview object cell: push navigation.
  case chevron
  /// Quick view object cell: modal.
  case info
  /// Single action object cell.
  case download
  case overflow
}

/// Device orientation: decides where an object cell's description goes (seed 002 "Description").
public enum Orientation: String, Hashable, Sendable, Codable, CaseIterable {
  case portrait
  case landscape
}

/// Vertical alignment of an object cell's columns (seed 002 "Variations" 1).
public enum CellAlignment: String, Hashable, Sendable, Codable, CaseIterable {
  case top
  case center
}
