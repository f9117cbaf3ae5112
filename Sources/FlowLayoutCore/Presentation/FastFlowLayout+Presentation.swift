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
    // (`removeAll(keepingCapacity:)` costs ~50 instructions even on an empty array.)
    if !pinned.isEmpty { pinned.removeAll(keepingCapacity: true) }
    let pinsHeaders = presentation.sectionHeadersPinToVisibleBounds
    let pinsFooters = presentation.sectionFootersPinToVisibleBounds
    if pinsHeaders || pinsFooters {
      listPinned(
        in: query, viewport: transform.viewport, headers: pinsHeaders, footers: pinsFooters,
        into: &pinned)
    }
    // One specialised query per combination of transforms: the per-element path tests neither
    // the direction nor the scale.
    switch (transform.rightToLeft, transform.scale > 0) {
    case (false, false):
      collectPresented(in: query, rect: rect, mapping: UnmappedFrames(), into: &result, pinned: &pinned)
    case (true, false):
      collectPresented(
        in: query, rect: rect, mapping: MirroredFrames(transform), into: &result, pinned: &pinned)
    case (false, true):
      collectPresented(
        in: query, rect: rect, mapping: SnappedFrames(transform), into: &result, pinned: &pinned)
    case (true, true):
      collectPresented(
        in: query, rect: rect, mapping: MirroredSnappedFrames(transform), into: &result,
        pinned: &pinned)
    }
  }

  /// The plain query for `query` (laid-out coordinates) into a `PresentedSink` mapping frames by
  /// `mapping` and keeping those that meet `rect` (presented coordinates).
  private func collectPresented<Mapping: PresentedFrameMapping>(
    in query: Rect, rect: Rect, mapping: Mapping, into result: inout [PresentedElement],
    pinned: inout [LayoutElement]
  ) {
    var sink = PresentedSink(mapping: mapping, rect: rect)
    swap(&sink.result, &result)
    swap(&sink.pinned, &pinned)
    sink.start()
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
/// (`ElementSink`): each frame mapped by `Mapping` (mirrored and/or snapped, resolved at compile
/// time) and kept when it intersects `rect`; with pinning, the natural headers (footers) whose
/// pinned ones are listed in `pinned` (document order) are replaced by them, in their
/// document-order places, whether or not the plain query found their natural frames.
///
/// Per element: one comparison of its section with `pinnedSection` (the section of the next
/// pinned entry, `Int.max` when none is left), then the mapping and the intersection test
/// (none for `UnmappedFrames`, whose frames the plain query already tested against `rect`).
struct PresentedSink<Mapping: PresentedFrameMapping>: ElementSink {
  let mapping: Mapping
  let rect: Rect
  var result: [PresentedElement] = []
  /// The pinned headers and footers (`path.item` = 1: away from the natural place).
  var pinned: [LayoutElement] = []
  /// The first pinned entry not yet placed.
  var next = 0
  /// `pinned[next]`'s section, `Int.max` when every pinned entry is placed.
  var pinnedSection = Int.max

  init(mapping: Mapping, rect: Rect) {
    self.mapping = mapping
    self.rect = rect
  }

  /// Reads the first pinned entry's section (after `pinned` is filled).
  mutating func start() {
    next = 0
    pinnedSection = pinned.isEmpty ? Int.max : pinned[0].path.section
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

  /// Maps `element`'s frame and appends it when it meets `rect`.
  @inline(__always)
  mutating func appendMapped(_ element: LayoutElement, isPinned: Bool) {
    if Mapping.isIdentity {
      result.append(PresentedElement(element, isPinned: isPinned))
      return
    }
    let f = mapping.map(element.frame)
    guard f.intersects(rect) else { return }
    result.append(
      PresentedElement(
        LayoutElement(kind: element.kind, path: element.path, frame: f), isPinned: isPinned))
  }

  /// Places the pinned entries that come before `(section, rank)` in document order.
  @inline(never)
  mutating func placePinned(before section: Int, rank: Int) {
    while next < pinned.count {
      let e = pinned[next]
      guard e.path.section < section
        || (e.path.section == section && Self.rank(e.kind) < rank)
      else { break }
      let placed = LayoutElement(
        kind: e.kind, path: ItemPath(section: e.path.section, item: 0), frame: e.frame)
      // A pinned frame was tested against the laid-out band only: test the presented one.
      let f = Mapping.isIdentity ? placed.frame : mapping.map(placed.frame)
      if f.intersects(rect) {
        result.append(
          PresentedElement(
            LayoutElement(kind: placed.kind, path: placed.path, frame: f),
            isPinned: e.path.item == 1))
      }
      next += 1
    }
    pinnedSection = next < pinned.count ? pinned[next].path.section : Int.max
  }

  @inline(__always)
  mutating func append(_ element: LayoutElement) {
    if element.path.section >= pinnedSection {
      appendNearPinned(element)
    } else {
      appendMapped(element, isPinned: false)
    }
  }

  /// `append` for an element at or after the next pinned entry's section.
  @inline(never)
  mutating func appendNearPinned(_ element: LayoutElement) {
    let rank = Self.rank(element.kind)
    placePinned(before: element.path.section, rank: rank)
    // A natural header or footer whose pinned one is listed: the pinned one instead.
    if element.kind != .item, next < pinned.count, pinned[next].kind == element.kind,
      pinned[next].path.section == element.path.section
    {
      placePinned(before: element.path.section, rank: rank + 1)
      return
    }
    appendMapped(element, isPinned: false)
  }

  /// Places the pinned entries after the last element found.
  @inline(__always)
  mutating func finish() {
    if next < pinned.count { placePinned(before: Int.max, rank: 0) }
  }
}

/// How a presented query maps laid-out frames: a compile-time choice, so that a query's
/// per-element path holds exactly the arithmetic its presentation needs.
protocol PresentedFrameMapping {
  /// `true` when `map` returns its argument (no test against the presented rect is needed).
  static var isIdentity: Bool { get }
  func map(_ frame: Rect) -> Rect
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

/// Left to right, snapped: the four edges rounded to multiples of `1/scale` together (one
/// four-lane multiply-add, round and multiply).
struct SnappedFrames: PresentedFrameMapping {
  let scale: Double
  let pixel: Double
  init(_ transform: PresentationTransform) {
    scale = transform.scale
    pixel = transform.pixel
  }
  static var isIdentity: Bool { false }
  @inline(__always) func map(_ frame: Rect) -> Rect {
    PresentationTransform.snapped(
      minX: frame.minX, minY: frame.minY, width: frame.width, height: frame.height, scale: scale,
      pixel: pixel)
  }
}

/// Right to left and snapped: mirrored first, then snapped (`PresentationTransform.append`).
struct MirroredSnappedFrames: PresentedFrameMapping {
  let mirrored: MirroredFrames
  let snapped: SnappedFrames
  init(_ transform: PresentationTransform) {
    mirrored = MirroredFrames(transform)
    snapped = SnappedFrames(transform)
  }
  static var isIdentity: Bool { false }
  @inline(__always) func map(_ frame: Rect) -> Rect { snapped.map(mirrored.map(frame)) }
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

  /// The frame `(minX, minY, width, height)` with each edge rounded to the nearest multiple of
  /// `pixel = 1/scale`, ties toward +∞ (`⌊v·scale + 0.5⌋·pixel`), width and height the
  /// differences of the rounded edges. The four edges go through one `SIMD4` expression, lane
  /// for lane the same arithmetic as four scalar roundings. Without SSE4.1 (the default x86-64
  /// target) each rounding is a call to libm's `floor`; a floor by truncating conversion was
  /// slower (callgrind, `mixed` 100k, 20 000 queries: 197.3M instructions against 185.4M).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func snapped(
    minX: Double, minY: Double, width: Double, height: Double, scale: Double, pixel: Double
  ) -> Rect {
    let edges = SIMD4(minX, minY, minX + width, minY + height)
    let rounded = (edges * scale + 0.5).rounded(.down) * pixel
    return Rect(
      x: rounded[0], y: rounded[1], width: rounded[2] - rounded[0],
      height: rounded[3] - rounded[1])
  }
}
