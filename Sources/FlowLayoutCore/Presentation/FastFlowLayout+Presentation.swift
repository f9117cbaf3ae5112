import FlowLayoutModel

/// The fast engine's presentation (`docs/semantics.md`, "Presentation"): pinning, mirroring and
/// snapping as transforms of the frames a rect query finds. Nothing is laid out again and the
/// engine is not changed.
///
/// Built on the engine's rect query and its small section accessors (`top(ofSection:)`,
/// `footerFrame`, the page offset tree's descent, `section(ofPage:)`, a section's first page's
/// `header`); it does not touch storage.
extension FastFlowLayout: PresentingLayoutEngine {
  /// Every visible element whose presented frame intersects `rect`, in document order.
  ///
  /// 1. The rect is taken back to laid-out coordinates: grown by `1/scale` on every side when
  ///    snapping (snapping moves an edge by at most `0.5/scale`), mirrored when right-to-left.
  /// 2. With pinning, the sections whose band along the stacking axis meets it are walked (a
  ///    pinned header or footer never leaves its section's band) and their pinned headers and
  ///    footers are listed in `scratch`, in document order.
  /// 3. The plain rect query answers for that rect into a `PresentedSink`, which mirrors and
  ///    snaps each frame as it comes, keeps it by the closed intersection with `rect`, and puts
  ///    the pinned headers and footers in place of the natural ones, in document order (the
  ///    plain answer is not copied).
  ///
  /// - Complexity: O(log p + log r + k + v) for p pages, k elements visited by the plain query
  ///   and v one-page sections in the rect's band (O(log p) more per paged section): O(log s +
  ///   k) per query for a viewport. No allocation once `result` and `scratch` have grown.
  public func presentedElements(
    in rect: Rect, presentation: Presentation, into result: inout [PresentedElement],
    scratch pinned: inout [LayoutElement]
  ) {
    let transform = PresentationTransform(
      presentation, bounds: bounds, contentSize: contentSize, transposed: transposesLayout)
    let query = transform.laidOutRect(rect)
    pinned.removeAll(keepingCapacity: true)
    let pinsHeaders = presentation.sectionHeadersPinToVisibleBounds
    let pinsFooters = presentation.sectionFootersPinToVisibleBounds
    if pinsHeaders || pinsFooters {
      listPinned(
        in: query, viewport: transform.viewport, headers: pinsHeaders, footers: pinsFooters,
        into: &pinned)
    }
    var sink = PresentedSink(
      transform: transform, rect: rect, pinsHeaders: pinsHeaders, pinsFooters: pinsFooters)
    swap(&sink.result, &result)
    swap(&sink.pinned, &pinned)
    collectElements(in: query, into: &sink)
    sink.finish()
    swap(&sink.result, &result)
    swap(&sink.pinned, &pinned)
  }

  /// Appends to `pinned` the pinned header and footer of every section whose band meets `query`
  /// (laid-out coordinates), in document order, each with `path.item` = 1 when it is away from
  /// its natural place (`PresentedSink` reads it as `isPinned`), else 0.
  ///
  /// - Complexity: O(log p + v) for v one-page sections in the band (O(log p) more per paged
  ///   section).
  private func listPinned(
    in query: Rect, viewport presentedViewport: Rect, headers pinsHeaders: Bool,
    footers pinsFooters: Bool, into pinned: inout [LayoutElement]
  ) {
    // Working orientation (the engine's: sections stack on y).
    let transposed = transposesLayout
    let band = transposed ? query.transposed : query
    let viewport = transposed ? presentedViewport.transposed : presentedViewport
    let slack = 1e-7 * max(1, abs(band.minY), abs(band.maxY))
    let width = rules.boundsWidth
    // The first section whose band reaches the rect: the section of the first such page.
    let startPage = pageOffsets.firstIndex(inclusivePrefixAtLeast: band.minY - slack)
    var s = startPage < pages.count ? section(ofPage: startPage) : sectionCount
    var top = s < sectionCount ? self.top(ofSection: s) : 0
    while s < sectionCount {
      if top > band.maxY + slack { break }
      // A section of one page ends at its top plus the page's height; a paged one by a descent.
      let range = pages(ofSection: s)
      let bottom =
        range.count == 1 ? top + pages[range.lowerBound].height : self.top(ofSection: s + 1)
      let headerLength = pages[range.lowerBound].header
      let footerLength = pages[range.upperBound - 1].footer
      // Only a section with a header or footer to pin needs its footer's place.
      let needsFooter = (pinsHeaders && headerLength > 0) || (pinsFooters && footerLength > 0)
      let footer = needsFooter && footerLength > 0 ? footerFrame(s, top: top) : nil
      // footerNaturalY = sectionTop + H + t + linesHeight + b: the natural footer's top, or the
      // section's bottom when it has no footer.
      let footerTop = footer?.minY ?? bottom
      if pinsHeaders, headerLength > 0 {
        // y = min(max(naturalY, viewport.y), footerNaturalY − H), never above its natural y
        // (the outer max only absorbs rounding between the page sums).
        let y = max(top, min(max(top, viewport.minY), footerTop - headerLength))
        let frame = Rect(x: 0, y: y, width: width, height: headerLength)
        pinned.append(
          LayoutElement(
            kind: .header, path: ItemPath(section: s, item: y != top ? 1 : 0),
            frame: transposed ? frame.transposed : frame))
      }
      if pinsFooters, footerLength > 0 {
        // y = max(min(naturalY, viewport.maxY − F), sectionTop + H), never below its natural y.
        let y = min(
          footerTop, max(min(footerTop, viewport.maxY - footerLength), top + headerLength))
        let frame = Rect(x: 0, y: y, width: width, height: footerLength)
        pinned.append(
          LayoutElement(
            kind: .footer, path: ItemPath(section: s, item: y != footerTop ? 1 : 0),
            frame: transposed ? frame.transposed : frame))
      }
      top = bottom
      s += 1
    }
  }

  /// `true` when the layout is the transposed problem (horizontal scrolling of a variant that
  /// honours it): sections stack on x.
  var transposesLayout: Bool {
    configuration.scrollDirection == .horizontal && configuration.variant.honoursScrollDirection
  }
}

/// The presented answer of a rect query, built as the plain query finds each element
/// (`ElementSink`): each frame mirrored and snapped (`PresentationTransform`) and kept when it
/// intersects `rect`; with pinning, the natural headers (footers) are replaced by the pinned ones
/// listed in `pinned` (document order), which go in their document-order places, whether or
/// not the plain query found their natural frames.
struct PresentedSink: ElementSink {
  let transform: PresentationTransform
  let rect: Rect
  let pinsHeaders: Bool
  let pinsFooters: Bool
  /// `false` when frames are not transformed: the plain query's rect is `rect` and every
  /// element it finds intersects it.
  let transforms: Bool
  var result: [PresentedElement] = []
  /// The pinned headers and footers (`path.item` = 1: away from the natural place).
  var pinned: [LayoutElement] = []
  /// The first pinned entry not yet placed.
  var next = 0

  init(transform: PresentationTransform, rect: Rect, pinsHeaders: Bool, pinsFooters: Bool) {
    self.transform = transform
    self.rect = rect
    self.pinsHeaders = pinsHeaders
    self.pinsFooters = pinsFooters
    transforms = transform.rightToLeft || transform.scale > 0
  }

  /// Document order within a section: header, items, footer.
  @inline(__always)
  static func rank(_ kind: ElementKind) -> Int {
    switch kind {
    case .header: 0
    case .item: 1
    case .footer: 2
    }
  }

  /// Places the pinned entries that come before `(section, rank)` in document order.
  @inline(__always)
  mutating func placePinned(before section: Int, rank: Int) {
    while next < pinned.count {
      let e = pinned[next]
      guard e.path.section < section
        || (e.path.section == section && Self.rank(e.kind) < rank)
      else { return }
      transform.append(
        LayoutElement(kind: e.kind, path: ItemPath(section: e.path.section, item: 0), frame: e.frame),
        pinned: e.path.item == 1, ifIn: rect, to: &result)
      next += 1
    }
  }

  @inline(__always)
  mutating func append(_ element: LayoutElement) {
    if next < pinned.count {
      let rank = Self.rank(element.kind)
      placePinned(before: element.path.section, rank: rank)
      // A natural header or footer whose pinned one is listed: the pinned one instead.
      if (element.kind == .header && pinsHeaders) || (element.kind == .footer && pinsFooters),
        next < pinned.count, pinned[next].kind == element.kind,
        pinned[next].path.section == element.path.section
      {
        placePinned(before: element.path.section, rank: rank + 1)
        return
      }
    }
    if transforms {
      transform.append(element, pinned: false, ifIn: rect, to: &result)
    } else {
      result.append(PresentedElement(element, isPinned: false))
    }
  }

  /// Places the pinned entries after the last element found.
  mutating func finish() { placePinned(before: Int.max, rank: 0) }
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

  init(_ presentation: Presentation, bounds: Size, contentSize: Size, transposed: Bool) {
    rightToLeft = presentation.layoutDirection == .rightToLeft
    scale = presentation.displayScale
    pixel = scale > 0 ? 1 / scale : 0
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

  /// Mirrors and snaps `element`'s frame and appends it when it intersects `rect`.
  @inline(__always)
  func append(
    _ element: LayoutElement, pinned: Bool, ifIn rect: Rect, to result: inout [PresentedElement]
  ) {
    var f = element.frame
    if rightToLeft { f.origin.x = mirrorWidth - f.minX - f.width }
    if scale > 0 {
      let x0 = ((f.minX * scale) + 0.5).rounded(.down) * pixel
      let y0 = ((f.minY * scale) + 0.5).rounded(.down) * pixel
      let x1 = (((f.minX + f.width) * scale) + 0.5).rounded(.down) * pixel
      let y1 = (((f.minY + f.height) * scale) + 0.5).rounded(.down) * pixel
      f = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    guard f.intersects(rect) else { return }
    result.append(
      PresentedElement(
        LayoutElement(kind: element.kind, path: element.path, frame: f), isPinned: pinned))
  }
}
