import FlowLayoutModel

/// One drawable part of a laid-out cell, in the cell's coordinates (origin top-left).
public enum CellPart: Hashable, Sendable {
  /// The image view: a photo placeholder, initials, or a doctype icon.
  case image(frame: Rect, shape: ImageShape, content: ImageContent)
  /// Text lines starting at `frame.origin`, one per `block.font.lineHeight`; `trailing` text is
  /// right-aligned in `frame`.
  case text(frame: Rect, block: TextBlock, color: String, trailing: Bool)
  /// An icon action: a 28 pt circle holding a 20 pt icon (seed 000 "Key Dimensions").
  case iconAction(frame: Rect, icon: String, destructive: Bool)
  /// A button action with its (truncated) label.
  case button(frame: Rect, label: TextBlock)
  /// One icon of an object cell's left icon stack.
  case stackIcon(frame: Rect, name: String)
  /// An object cell's accessory view.
  case accessory(frame: Rect, kind: Accessory)
}

/// What an image view shows.
public enum ImageContent: Hashable, Sendable {
  case placeholder
  case initials(String)
  case doctype(String)
}

/// A cell laid out: its size and its parts. Produced by `CellDescription.layout(proposedWidth:field:)`.
public struct CellLayout: Hashable, Sendable {
  public var size: Size
  public var parts: [CellPart]
  /// Border and corner radius of the cell's background (seed 000: 1 pt #E5E5E5, radius 8;
  /// object and key/value cells: no border, radius 0).
  public var borderWidth: Double
  public var cornerRadius: Double

  public init(size: Size, parts: [CellPart], borderWidth: Double, cornerRadius: Double) {
    self.size = size
    self.parts = parts
    self.borderWidth = borderWidth
    self.cornerRadius = cornerRadius
  }
}

extension CellPart {
  /// The same part moved down by `dy`.
  func offset(dy: Double) -> CellPart {
    guard dy != 0 else { return self }
    func moved(_ r: Rect) -> Rect {
      Rect(x: r.minX, y: r.minY + dy, width: r.width, height: r.height)
    }
    switch self {
    case .image(let frame, let shape, let content):
      return .image(frame: moved(frame), shape: shape, content: content)
    case .text(let frame, let block, let color, let trailing):
      return .text(frame: moved(frame), block: block, color: color, trailing: trailing)
    case .iconAction(let frame, let icon, let destructive):
      return .iconAction(frame: moved(frame), icon: icon, destructive: destructive)
    case .button(let frame, let label): return .button(frame: moved(frame), label: label)
    case .stackIcon(let frame, let name): return .stackIcon(frame: moved(frame), name: name)
    case .accessory(let frame, let kind): return .accessory(frame: moved(frame), kind: kind)
    }
  }
}
