/// The direction lines read in (`UIUserInterfaceLayoutDirection`).
public enum LayoutDirection: String, Sendable, Codable, CaseIterable {
  case leftToRight
  case rightToLeft
}

/// How a laid-out layout is shown: pinned headers and footers for a viewport, the reading
/// direction, and pixel snapping (`docs/semantics.md`, "Presentation").
///
/// Presentation is a transform of the laid-out frames, applied per query: it never lays out
/// items again and never changes an engine. The transforms apply in this order:
/// 1. pinning, in left-to-right coordinates, with the viewport mirrored when right-to-left;
/// 2. mirroring, `x' = M − x − w` with `M = max(B, contentSize.width)`;
/// 3. under `.bottomToTop`, content shorter than the viewport moved down to its bottom
///    (`bottomUpShift(contentSize:bounds:scrollsAlongX:)`, whole pixels);
/// 4. snapping of each edge to the nearest multiple of `1/displayScale` (ties toward +∞).
public struct Presentation: Hashable, Sendable {
  /// `.rightToLeft` mirrors every frame (UIKit's `flipsHorizontallyInOppositeLayoutDirection`).
  public var layoutDirection: LayoutDirection
  /// Points to pixels; 0 = no snapping.
  public var displayScale: Double
  /// Headers stay in the viewport while their section is in it.
  public var sectionHeadersPinToVisibleBounds: Bool
  /// Footers stay in the viewport while their section is in it.
  public var sectionFootersPinToVisibleBounds: Bool
  /// The visible rect, in presented coordinates; `nil` = the bounds at the scroll start:
  /// `(0, 0, B, Bh)` left to right, its mirror `(M − B, 0, B, Bh)` right to left.
  public var viewport: Rect?
  /// `.bottomToTop` shows content shorter than the viewport at its bottom: every frame moved
  /// down by `bottomUpShift(contentSize:bounds:scrollsAlongX:)`, after pinning and mirroring,
  /// before snapping (`docs/semantics.md`, "Bottom-up layouts").
  public var verticalLayoutDirection: VerticalLayoutDirection

  /// A presentation; every argument defaults to no transform.
  ///
  /// - Parameters:
  ///   - layoutDirection: `.rightToLeft` mirrors every frame.
  ///   - displayScale: points to pixels; 0 = no snapping.
  ///   - sectionHeadersPinToVisibleBounds: headers stay in the viewport while their section is.
  ///   - sectionFootersPinToVisibleBounds: footers stay in the viewport while their section is.
  ///   - viewport: the visible rect in presented coordinates; `nil` = the bounds at the start.
  ///   - verticalLayoutDirection: `.bottomToTop` shows short content at the viewport's bottom.
  public init(
    layoutDirection: LayoutDirection = .leftToRight, displayScale: Double = 0,
    sectionHeadersPinToVisibleBounds: Bool = false, sectionFootersPinToVisibleBounds: Bool = false,
    viewport: Rect? = nil, verticalLayoutDirection: VerticalLayoutDirection = .topToBottom
  ) {
    self.layoutDirection = layoutDirection
    self.displayScale = displayScale
    self.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
    self.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
    self.viewport = viewport
    self.verticalLayoutDirection = verticalLayoutDirection
  }

  /// How far `.bottomToTop` moves every frame down (`VerticalLayoutDirection.contentShift`):
  /// `max(0, V − C)` for the viewport's height `V` (the bounds' without a viewport) and the
  /// presented content height `C`, in whole pixels when snapping; 0 otherwise.
  ///
  /// - Parameters:
  ///   - contentSize: the content size as laid out.
  ///   - bounds: the layout's bounds.
  ///   - scrollsAlongX: the layout scrolls horizontally (then 0).
  /// - Complexity: O(1).
  public func bottomUpShift(contentSize: Size, bounds: Size, scrollsAlongX: Bool) -> Double {
    guard verticalLayoutDirection == .bottomToTop else { return 0 }
    return verticalLayoutDirection.contentShift(
      contentHeight: presentedContentSize(contentSize).height,
      viewportHeight: viewport?.height ?? bounds.height, scrollsAlongX: scrollsAlongX,
      displayScale: displayScale)
  }

  /// No pinning, left to right, no snapping: every frame as laid out.
  public static let plain = Presentation()

  /// `true` when any transform applies.
  public var transformsFrames: Bool {
    layoutDirection == .rightToLeft || displayScale > 0 || sectionHeadersPinToVisibleBounds
      || sectionFootersPinToVisibleBounds || verticalLayoutDirection == .bottomToTop
  }

  /// The largest `displayScale` accepted.
  public static let maximumDisplayScale = 1000.0

  /// Checks `displayScale` (finite, in `0...maximumDisplayScale`) and the viewport (finite
  /// origin, lengths ≥ 0).
  ///
  /// - Complexity: O(1).
  /// - Throws: `LayoutError.invalidNumber` naming `displayScale` or `viewport.x|y|width|height`.
  public func validate() throws(LayoutError) {
    try LayoutValidation.length(displayScale, field: "displayScale")
    if displayScale > Self.maximumDisplayScale {
      throw .invalidNumber(
        field: "displayScale", value: displayScale,
        reason: "larger than \(Self.maximumDisplayScale)")
    }
    if let viewport { try LayoutValidation.viewport(viewport, field: "viewport") }
  }

  /// The content size rounded up to a multiple of `1/displayScale` (unchanged without
  /// snapping). An excess of at most `1e-9·max(1, pixels)` over a whole pixel count is rounding
  /// noise and rounds down (the engines' sums agree within that tolerance, not bit for bit).
  ///
  /// - Complexity: O(1).
  public func presentedContentSize(_ size: Size) -> Size {
    guard displayScale > 0 else { return size }
    func up(_ v: Double) -> Double {
      let pixels = v * displayScale
      return (pixels - 1e-9 * max(1, abs(pixels))).rounded(.up) / displayScale
    }
    return Size(width: up(size.width), height: up(size.height))
  }
}

/// One element as presented: its frame after pinning, mirroring and snapping.
public struct PresentedElement: Hashable, Sendable, CustomStringConvertible {
  public var element: LayoutElement
  /// `true` for a header or footer that pinning moved away from its natural place.
  public var isPinned: Bool

  public init(_ element: LayoutElement, isPinned: Bool = false) {
    self.element = element
    self.isPinned = isPinned
  }

  public var description: String { isPinned ? "\(element) pinned" : element.description }
}

/// An engine that answers rect queries as presented (`Presentation`).
///
/// The fast core and the reference each implement it on their own; the differential tests hold
/// them to the same answers.
public protocol PresentingLayoutEngine: LayoutEngine {
  /// Every visible element whose **presented** frame intersects `rect` (closed intersection,
  /// `rect` in presented coordinates), in document order, appended to `result`.
  ///
  /// A pinned header or footer is returned where its pinned frame intersects `rect`.
  /// `presentation` must be valid (`Presentation.validate()`). `scratch` is working space (its
  /// contents on return are unspecified): reuse it and `result` across calls and a query
  /// allocates nothing once they have grown.
  func presentedElements(
    in rect: Rect, presentation: Presentation, into result: inout [PresentedElement],
    scratch: inout [LayoutElement])
}

extension PresentingLayoutEngine {
  /// Every visible element whose presented frame intersects `rect`, appended to `result`
  /// (with a fresh working buffer).
  public func presentedElements(
    in rect: Rect, presentation: Presentation, into result: inout [PresentedElement]
  ) {
    var scratch: [LayoutElement] = []
    presentedElements(in: rect, presentation: presentation, into: &result, scratch: &scratch)
  }

  /// Every visible element whose presented frame intersects `rect`, in document order.
  public func presentedElements(in rect: Rect, presentation: Presentation) -> [PresentedElement] {
    var result: [PresentedElement] = []
    presentedElements(in: rect, presentation: presentation, into: &result)
    return result
  }

  /// Every visible element as presented, in document order.
  public func allPresentedElements(_ presentation: Presentation) -> [PresentedElement] {
    presentedElements(
      in: Rect(
        x: -Double.greatestFiniteMagnitude / 4, y: -Double.greatestFiniteMagnitude / 4,
        width: Double.greatestFiniteMagnitude / 2, height: Double.greatestFiniteMagnitude / 2),
      presentation: presentation)
  }

  /// The content size as presented (rounded up when snapping; under `.bottomToTop` at least
  /// as tall as the viewport).
  public func presentedContentSize(_ presentation: Presentation) -> Size {
    var size = presentation.presentedContentSize(contentSize)
    size.height += presentation.bottomUpShift(
      contentSize: contentSize, bounds: input.bounds,
      scrollsAlongX: input.configuration.scrollsAlongX)
    return size
  }
}
