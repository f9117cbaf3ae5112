import FlowLayoutModel

/// The fast engine's presentation (`docs/semantics.md`, "Presentation"): pinning, mirroring and
/// snapping as transforms of the frames a rect query finds; nothing is laid out again and the
/// engine is not changed.
extension FastFlowLayout: PresentingLayoutEngine {
  /// Every visible element whose presented frame intersects `rect`, in document order: the rect
  /// taken back to laid-out coordinates (grown by `1/scale` when snapping, mirrored when
  /// right-to-left), the plain query's frames mapped and kept by the closed intersection with
  /// `rect`, and each visited section's pinned header first and pinned footer last.
  ///
  /// - Complexity: O(log p + log r + k + v) for p pages, k elements visited by the plain query
  ///   and v sections in the rect's band: O(log s + k) per query for a viewport. No allocation once
  ///   `result` has grown; `scratch` is not used.
  public func presentedElements(
    in rect: Rect, presentation: Presentation, into result: inout [PresentedElement],
    scratch pinned: inout [LayoutElement]
  ) {
    // Bottom-up: the query in the coordinates before the shift (whole pixels), the viewport
    // with it, then every frame found moved down (`docs/semantics.md`, "Bottom-up layouts").
    let shift = presentation.bottomUpShift(
      contentSize: contentSize, bounds: bounds, scrollsAlongX: rules.transposed)
    if presentation.verticalLayoutDirection == .bottomToTop {
      var unshifted = presentation
      unshifted.verticalLayoutDirection = .topToBottom
      if shift > 0 {
        var viewport =
          presentation.viewport ?? Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        viewport.origin.y -= shift
        unshifted.viewport = viewport
      }
      let start = result.count
      presentedElements(
        in: Rect(x: rect.minX, y: rect.minY - shift, width: rect.width, height: rect.height),
        presentation: unshifted, into: &result, scratch: &pinned)
      if shift > 0 {
        for k in start..<result.count { result[k].element.frame.origin.y += shift }
      }
      return
    }
    let transform = PresentationTransform(
      presentation, bounds: bounds, contentSize: contentSize, transposed: transposesLayout,
      kernels: kernels)
    let query = transform.laidOutRect(rect)
    let pinsHeaders = presentation.sectionHeadersPinToVisibleBounds
    let pinsFooters = presentation.sectionFootersPinToVisibleBounds
    guard pinsHeaders || pinsFooters else {
      collectPresented(
        in: query, rect: rect, transform: transform, pinning: NoPinning(), into: &result)
      return
    }
    // Working orientation (the engine's: sections stack on y).
    let transposed = transposesLayout
    let pinning = ViewportPinning(
      headers: pinsHeaders, footers: pinsFooters,
      viewport: transposed ? transform.viewport.transposed : transform.viewport,
      width: rules.boundsWidth, transposed: transposed)
    collectPresented(in: query, rect: rect, transform: transform, pinning: pinning, into: &result)
  }

  /// The plain query for `query` (laid-out coordinates) into a `PresentedSink`, one specialisation
  /// per combination of transforms.
  private func collectPresented<Pinning: SectionPinning>(
    in query: Rect, rect: Rect, transform: PresentationTransform, pinning: Pinning,
    into result: inout [PresentedElement]
  ) {
    // `InRangeFloor` (no call) when every edge is in its range and the kernels are `.simd`, else
    // libm: separate specialisations.
    let inRange = transform.kernels == .simd && transform.snapsInRange
    switch (transform.rightToLeft, transform.scale > 0, inRange) {
    case (false, false, _):
      collectPresented(
        in: query, rect: rect, mapping: UnmappedFrames(), pinning: pinning, into: &result)
    case (true, false, _):
      collectPresented(
        in: query, rect: rect, mapping: MirroredFrames(transform), pinning: pinning, into: &result)
    case (false, true, true):
      collectPresented(
        in: query, rect: rect, mapping: SnappedFrames<InRangeFloor>(transform), pinning: pinning,
        into: &result)
    case (false, true, false):
      collectPresented(
        in: query, rect: rect, mapping: SnappedFrames<LibmFloor>(transform), pinning: pinning,
        into: &result)
    case (true, true, true):
      collectPresented(
        in: query, rect: rect, mapping: MirroredSnappedFrames<InRangeFloor>(transform),
        pinning: pinning, into: &result)
    case (true, true, false):
      collectPresented(
        in: query, rect: rect, mapping: MirroredSnappedFrames<LibmFloor>(transform),
        pinning: pinning, into: &result)
    }
  }

  private func collectPresented<Mapping: PresentedFrameMapping, Pinning: SectionPinning>(
    in query: Rect, rect: Rect, mapping: Mapping, pinning: Pinning,
    into result: inout [PresentedElement]
  ) {
    // The result moves into the sink and back (`finish`): the sink is never destroyed with
    // an array in it (a generic destroy per query).
    var sink = PresentedSink(mapping: mapping, pinning: pinning, rect: rect, result: consume result)
    collectElements(in: query, into: &sink)
    result = sink.finish()
  }

  /// Section `s`'s pinned header and footer under `pinning` (working orientation; `nil` for one
  /// not pinned, absent, or at its natural place), each with whether it is away from its natural
  /// place. The section, pages `range`, is visited from page `p`, whose top is `pageTop`.
  ///
  /// - Complexity: O(1) for a section of one page visited from its first page, else O(log p).
  @inline(__always)
  func pinnedElements(
    ofSection s: Int, pages range: Range<Int>, page p: Int, pageTop: Double,
    pinning: ViewportPinning
  ) -> (header: Rect?, headerMoved: Bool, footer: Rect?, footerMoved: Bool) {
    let first = range.lowerBound
    let end = range.upperBound
    let headerLength = pages[first].header
    let footerLength = pages[end - 1].footer
    let top = p == first ? pageTop : self.top(ofPage: first)
    let pinsHeader = pinning.headers && headerLength > 0 && top < pinning.viewport.minY
    let pinsFooter = pinning.footers && footerLength > 0
    guard pinsHeader || pinsFooter else { return (nil, false, nil, false) }
    // A section of one page ends at its top plus the page's height; a paged one by a descent.
    let bottom = end - first == 1 ? top + pages[first].height : self.top(ofPage: end)
    // footerNaturalY = sectionTop + H + t + linesHeight + b: the natural footer's top, or the
    // section's bottom when it has no footer.
    let footerTop = footerLength > 0 ? footerFrame(s, top: top)?.minY ?? bottom : bottom
    let viewport = pinning.viewport
    var result: (header: Rect?, headerMoved: Bool, footer: Rect?, footerMoved: Bool) =
      (nil, false, nil, false)
    if pinsHeader {
      // y = min(max(naturalY, viewport.y), footerNaturalY − H), never above its natural y
      // (the outer max only absorbs rounding between the page sums).
      let y = max(top, min(max(top, viewport.minY), footerTop - headerLength))
      result.header = Rect(x: 0, y: y, width: pinning.width, height: headerLength)
      result.headerMoved = y != top
    }
    if pinsFooter {
      // y = max(min(naturalY, viewport.maxY − F), sectionTop + H), never below its natural y.
      let y = min(
        footerTop, max(min(footerTop, viewport.maxY - footerLength), top + headerLength))
      result.footer = Rect(x: 0, y: y, width: pinning.width, height: footerLength)
      result.footerMoved = y != footerTop
    }
    return result
  }

  /// `true` when the layout is the transposed problem (horizontal scrolling of a variant that
  /// honours it): sections stack on x.
  var transposesLayout: Bool {
    configuration.scrollsAlongX
  }
}

/// Which headers and footers a presented query pins: none (`NoPinning`, every section
/// announcement compiled out) or those of `ViewportPinning`.
protocol SectionPinning {
  /// `false` when nothing is pinned.
  static var isActive: Bool { get }
  var headers: Bool { get }
  var footers: Bool { get }
  var pins: ViewportPinning { get }
}

struct NoPinning: SectionPinning {
  static var isActive: Bool { false }
  var headers: Bool { false }
  var footers: Bool { false }
  var pins: ViewportPinning {
    ViewportPinning(headers: false, footers: false, viewport: .zero, width: 0, transposed: false)
  }
}

/// Headers and/or footers pinned to `viewport` (working orientation), in sections of bounds
/// width `width`; frames are given back transposed when the layout is.
struct ViewportPinning: SectionPinning {
  static var isActive: Bool { true }
  let headers: Bool
  let footers: Bool
  let viewport: Rect
  let width: Double
  let transposed: Bool
  var pins: ViewportPinning { self }
}

/// The presented answer of a rect query, built as the plain query finds each element: each
/// frame mapped by `Mapping` and kept when it intersects `rect`. With pinning, each visited section
/// is decided once, when it is entered: a section entered on its first page at or below the
/// viewport's top keeps its natural header and its footer is pinned only when it reaches below
/// the viewport or was not reached; any other section gets its pinned header first and its pinned
/// footer when it is left, the natural ones dropped.
///
/// Per element: the mapping and the intersection test; per section O(1), plus O(log p) for a
/// section that straddles the viewport's top or bottom.
struct PresentedSink<Mapping: PresentedFrameMapping, Pinning: SectionPinning>: ElementSink {
  let mapping: Mapping
  let pinning: Pinning
  let rect: Rect
  var result: [PresentedElement]
  /// The section entered last, its pages and its top, when it was entered on its first page
  /// (`enterSection`'s fast case; else unused).
  var section = 0
  var sectionPages = 0..<0
  var sectionTop = 0.0
  /// The pinned footer of the section entered last, put when it is left (`pinSection`).
  var footer: LayoutElement?
  var footerMoved = false
  /// Whether the section entered last put a pinned header (its natural one is then dropped).
  var replacesHeader = false
  /// Whether `pinSection` decided the footer of the section entered last (its natural one is
  /// then dropped).
  var replacesFooter = false

  init(mapping: Mapping, pinning: Pinning, rect: Rect, result: consuming [PresentedElement]) {
    self.mapping = mapping
    self.pinning = pinning
    self.rect = rect
    self.result = result
  }

  /// The answer, the sink consumed.
  consuming func finish() -> [PresentedElement] { result }

  static var tracksSections: Bool { Pinning.isActive }

  /// Snapping moves an edge by at most half a pixel and the query's rect is grown by one: the
  /// query's own test is left out.
  static var testsItems: Bool { Mapping.snaps }

  /// Maps `element`'s frame and appends it when it meets `rect`.
  @inline(__always)
  mutating func appendMapped(_ element: LayoutElement, isPinned: Bool) {
    if Mapping.isIdentity {
      result.append(PresentedElement(element, isPinned: isPinned))
      return
    }
    guard let f = mapping.map(element.frame, meeting: rect) else { return }
    result.append(
      PresentedElement(
        LayoutElement(kind: element.kind, path: element.path, frame: f), isPinned: isPinned))
  }

  /// Appends a pinned header or footer (tested against the laid-out band only) when its
  /// presented frame meets `rect`.
  @inline(__always)
  mutating func appendPinned(_ element: LayoutElement, isPinned: Bool) {
    let f = Mapping.isIdentity ? element.frame : mapping.map(element.frame)
    guard f.intersects(rect) else { return }
    result.append(
      PresentedElement(
        LayoutElement(kind: element.kind, path: element.path, frame: f), isPinned: isPinned))
  }

  @inline(__always)
  mutating func append(_ element: LayoutElement) {
    appendMapped(element, isPinned: false)
  }

  @inline(__always)
  mutating func appendHeader(_ element: LayoutElement) {
    // A natural header is replaced by the pinned one its section put.
    if Pinning.isActive, replacesHeader { return }
    appendMapped(element, isPinned: false)
  }

  @inline(__always)
  mutating func appendFooter(
    section s: Int, frame: Rect, transposed: Bool, query r: Rect, of layout: FastFlowLayout
  ) {
    let natural = LayoutElement(
      kind: .footer, path: ItemPath(section: s, item: 0),
      frame: transposed ? frame.transposed : frame)
    guard Pinning.isActive, pinning.footers else {
      if frame.intersects(r) { appendMapped(natural, isPinned: false) }
      return
    }
    if replacesFooter { return }
    // y = max(min(naturalY, viewport.maxY − F), sectionTop + H), never below naturalY, is
    // naturalY when naturalY ≤ viewport.maxY − F (`pinnedElements`).
    if frame.minY <= pinning.pins.viewport.maxY - frame.height {
      appendPinned(natural, isPinned: false)
    } else {
      pinFooter(of: layout)
    }
  }

  @inline(__always)
  mutating func enterSection(
    _ s: Int, pages range: Range<Int>, page p: Int, pageTop: Double, of layout: FastFlowLayout
  ) {
    guard Pinning.isActive else { return }
    // Entered on its first page at or below the viewport's top: the header stays (y = top in
    // the clamp); the footer is decided when it is met.
    if p == range.lowerBound, !(pinning.headers && pageTop < pinning.pins.viewport.minY) {
      replacesHeader = false
      replacesFooter = false
      section = s
      sectionPages = range
      sectionTop = pageTop
      return
    }
    pinSection(s, pages: range, page: p, pageTop: pageTop, of: layout)
  }

  /// `enterSection` for a section above the viewport's top or entered on a later page: its
  /// pinned header put, its pinned footer kept for `leaveSection`.
  @inline(never)
  mutating func pinSection(
    _ s: Int, pages range: Range<Int>, page p: Int, pageTop: Double, of layout: FastFlowLayout
  ) {
    let pins = pinning.pins
    let pinned = layout.pinnedElements(
      ofSection: s, pages: range, page: p, pageTop: pageTop, pinning: pins)
    let path = ItemPath(section: s, item: 0)
    replacesHeader = pinned.header != nil
    replacesFooter = pins.footers
    if let header = pinned.header {
      let frame = pins.transposed ? header.transposed : header
      appendPinned(
        LayoutElement(kind: .header, path: path, frame: frame), isPinned: pinned.headerMoved)
    }
    if let footer = pinned.footer {
      self.footer = LayoutElement(
        kind: .footer, path: path, frame: pins.transposed ? footer.transposed : footer)
      footerMoved = pinned.footerMoved
    }
  }

  /// The pinned footer of the section entered last, put now: one that reaches below the viewport,
  /// or that the query did not reach.
  @inline(never)
  mutating func pinFooter(of layout: FastFlowLayout) {
    let pins = pinning.pins
    let footersOnly = ViewportPinning(
      headers: false, footers: true, viewport: pins.viewport, width: pins.width,
      transposed: pins.transposed)
    let pinned = layout.pinnedElements(
      ofSection: section, pages: sectionPages, page: sectionPages.lowerBound,
      pageTop: sectionTop, pinning: footersOnly)
    guard let footer = pinned.footer else { return }
    appendPinned(
      LayoutElement(
        kind: .footer, path: ItemPath(section: section, item: 0),
        frame: pins.transposed ? footer.transposed : footer),
      isPinned: pinned.footerMoved)
  }

  @inline(__always)
  mutating func leaveSection(complete: Bool, of layout: FastFlowLayout) {
    guard Pinning.isActive else { return }
    if let footer {
      appendPinned(footer, isPinned: footerMoved)
      self.footer = nil
    } else if !complete, pinning.footers, !replacesFooter {
      pinFooter(of: layout)
    }
  }
}

/// How a presented query maps laid-out frames: a compile-time choice, so that a query's
/// per-element path holds exactly the arithmetic its presentation needs.
protocol PresentedFrameMapping {
  /// `true` when `map` returns its argument (no test against the presented rect is needed).
  static var isIdentity: Bool { get }
  /// `true` when `map` snaps (the query rect then has a pixel's margin: `laidOutRect`).
  static var snaps: Bool { get }
  func map(_ frame: Rect) -> Rect
  /// `map(frame)` when it intersects `rect` (`Rect.intersects`: the same additions and
  /// comparisons), else `nil`.
  func map(_ frame: Rect, meeting rect: Rect) -> Rect?
}

extension PresentedFrameMapping {
  static var snaps: Bool { false }
  @inline(__always) func map(_ frame: Rect, meeting rect: Rect) -> Rect? {
    let f = map(frame)
    return f.intersects(rect) ? f : nil
  }
}

/// Left to right, no snapping: frames as laid out.
struct UnmappedFrames: PresentedFrameMapping {
  static var isIdentity: Bool { true }
  @inline(__always) func map(_ frame: Rect) -> Rect { frame }
}

/// Right to left, no snapping: `x' = M − x − w` (one subtraction per frame).
struct MirroredFrames: PresentedFrameMapping {
  let mirrorWidth: Double
  init(_ transform: PresentationTransform) { mirrorWidth = transform.mirrorWidth }
  static var isIdentity: Bool { false }
  @inline(__always) func map(_ frame: Rect) -> Rect {
    var f = frame
    f.origin.x = mirrorWidth - frame.minX - frame.width
    return f
  }
}

/// How snapping rounds `e·scale + 0.5` down, lane by lane (bit for bit libm's `floor`).
protocol PixelRounding {
  static func floor(_ x: SIMD4<Double>) -> SIMD4<Double>
}

/// `FloorKernel.floorInRange` for snapping's arguments `e·scale + 0.5` (never −0): bit for bit
/// libm's `floor` there (`FloorKernelTests`).
///
/// - Precondition: every lane in `(−2⁵¹, 2⁵¹)` (`PresentationTransform.snapsInRange`), not −0.
enum InRangeFloor: PixelRounding {
  @inline(__always) static func floor(_ x: SIMD4<Double>) -> SIMD4<Double> {
    let m = SIMD4<Double>(repeating: FloorKernel.magic)
    let nearest = (x + m) - m
    return nearest - SIMD4<Double>(repeating: 0).replacing(with: 1, where: nearest .> x)
  }
}

/// libm's `floor` (`FloorKernel`'s `.scalar` form), for any value.
enum LibmFloor: PixelRounding {
  @inline(__always) static func floor(_ x: SIMD4<Double>) -> SIMD4<Double> {
    FloorKernel.floor(x, using: .scalar)
  }
}

/// Left to right, snapped: the four edges rounded to multiples of `1/scale` together (one
/// four-lane multiply-add, round and multiply).
struct SnappedFrames<Rounding: PixelRounding>: PresentedFrameMapping {
  let scale: Double
  let pixel: Double
  init(_ transform: PresentationTransform) {
    scale = transform.scale
    pixel = transform.pixel
  }
  static var isIdentity: Bool { false }
  static var snaps: Bool { true }
  @inline(__always) func map(_ frame: Rect) -> Rect {
    PresentationTransform.snapped(
      minX: frame.minX, minY: frame.minY, width: frame.width, height: frame.height, scale: scale,
      pixel: pixel, rounding: Rounding.self)
  }
  /// `map` and `Rect.intersects` in two-lane halves, the same IEEE operations.
  @inline(__always) func map(_ frame: Rect, meeting rect: Rect) -> Rect? {
    let (origin, size) = PresentationTransform.snappedHalves(
      minX: frame.minX, minY: frame.minY, width: frame.width, height: frame.height, scale: scale,
      pixel: pixel, rounding: Rounding.self)
    let rectOrigin = SIMD2(rect.origin.x, rect.origin.y)
    let rectFar = rectOrigin + SIMD2(rect.size.width, rect.size.height)
    guard all((origin .<= rectFar) .& (rectOrigin .<= origin + size)) else { return nil }
    return Rect(x: origin.x, y: origin.y, width: size.x, height: size.y)
  }
}

/// Right to left and snapped: mirrored first, then snapped (`PresentationTransform.append`).
struct MirroredSnappedFrames<Rounding: PixelRounding>: PresentedFrameMapping {
  let mirrored: MirroredFrames
  let snapped: SnappedFrames<Rounding>
  init(_ transform: PresentationTransform) {
    mirrored = MirroredFrames(transform)
    snapped = SnappedFrames(transform)
  }
  static var isIdentity: Bool { false }
  static var snaps: Bool { true }
  @inline(__always) func map(_ frame: Rect) -> Rect { snapped.map(mirrored.map(frame)) }
  @inline(__always) func map(_ frame: Rect, meeting rect: Rect) -> Rect? {
    snapped.map(mirrored.map(frame), meeting: rect)
  }
}

/// Mirroring and snapping of laid-out frames, and the inverse for a query rect.
struct PresentationTransform {
  let rightToLeft: Bool
  let scale: Double
  /// `1/scale` (snapping multiplies by it; within an ulp of dividing by `scale`).
  let pixel: Double
  /// `M = max(B, contentSize.width)`.
  let mirrorWidth: Double
  /// The viewport in left-to-right laid-out coordinates (presented coordinates, not transposed).
  let viewport: Rect
  /// How snapping rounds (`FloorKernel`; both forms give the same frames).
  let kernels: KernelSelection
  /// `|e·scale + 0.5| < 2⁵¹` for every frame edge `e` the engine can produce: snapping may skip
  /// `FloorKernel`'s range check (`true` without snapping).
  let snapsInRange: Bool

  init(
    _ presentation: Presentation, bounds: Size, contentSize: Size, transposed: Bool,
    kernels: KernelSelection = .simd
  ) {
    self.kernels = kernels
    rightToLeft = presentation.layoutDirection == .rightToLeft
    scale = presentation.displayScale
    if scale > 0 {
      pixel = 1 / scale
      // Every frame edge lies within the content (or the bounds) plus an item's overflow and
      // the insets on either side: at most 4 accepted lengths beyond them (`LayoutLimits`).
      let extent =
        max(abs(contentSize.width), abs(contentSize.height), bounds.width, bounds.height)
        + 4 * LayoutLimits.maximumLength
      snapsInRange = extent * scale + 1 < FloorKernel.fastRange
    } else {
      pixel = 0
      snapsInRange = true
    }
    mirrorWidth = max(bounds.width, contentSize.width)
    // Without a viewport: the bounds at the scroll start, (0, 0, B, Bh) before mirroring.
    var viewport = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
    if let given = presentation.viewport {
      viewport = given
      if rightToLeft { viewport.origin.x = mirrorWidth - given.maxX }
    }
    self.viewport = viewport
  }

  /// The laid-out rect holding every frame whose presented frame can intersect `rect`.
  func laidOutRect(_ rect: Rect) -> Rect {
    var q = rect
    if scale > 0 {
      q = Rect(
        x: q.minX - pixel, y: q.minY - pixel, width: q.width + 2 * pixel,
        height: q.height + 2 * pixel)
    }
    if rightToLeft { q.origin.x = mirrorWidth - q.maxX }
    return q
  }

  /// The frame with each edge rounded to the nearest multiple of `pixel = 1/scale`, ties toward
  /// +∞ (`⌊v·scale + 0.5⌋·pixel`), width and height the differences of the rounded edges; each
  /// rounding bit for bit libm's `floor` (`InRangeFloor` needs every `e·scale + 0.5` in range).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func snapped<Rounding: PixelRounding>(
    minX: Double, minY: Double, width: Double, height: Double, scale: Double, pixel: Double,
    rounding: Rounding.Type
  ) -> Rect {
    let (origin, size) = snappedHalves(
      minX: minX, minY: minY, width: width, height: height, scale: scale, pixel: pixel,
      rounding: rounding)
    return Rect(x: origin.x, y: origin.y, width: size.x, height: size.y)
  }

  /// `snapped`'s origin and size as two-lane halves.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func snappedHalves<Rounding: PixelRounding>(
    minX: Double, minY: Double, width: Double, height: Double, scale: Double, pixel: Double,
    rounding: Rounding.Type
  ) -> (origin: SIMD2<Double>, size: SIMD2<Double>) {
    let edges = SIMD4(minX, minY, minX + width, minY + height)
    let rounded = Rounding.floor(edges * scale + 0.5) * pixel
    let origin = rounded.lowHalf
    return (origin, rounded.highHalf - origin)
  }
}
