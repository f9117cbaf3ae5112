import FlowLayoutModel

/// The reference engine's presentation (`docs/semantics.md`, "Presentation"): every frame of the
/// layout, pinned, mirrored and snapped one by one, then filtered by the rect. Written straight
/// from the formulas; shares nothing with the fast core's presentation.
extension ReferenceFlowLayout: PresentingLayoutEngine {
  /// A brute-force filter of every presented frame, in document order.
  ///
  /// - Complexity: O(n + s) for n items and s sections.
  public func presentedElements(
    in rect: Rect, presentation: Presentation, into result: inout [PresentedElement],
    scratch: inout [LayoutElement]
  ) {
    let bounds = input.bounds
    // Sections stack on x when the layout is transposed, else on y.
    let alongX = input.configuration.scrollsAlongX
    let mirrorWidth = max(bounds.width, contentSize.width)
    let rightToLeft = presentation.layoutDirection == .rightToLeft
    let scale = presentation.displayScale

    // The viewport in left-to-right coordinates (pinning happens before mirroring).
    // No viewport: the bounds at the scroll start, which is (0, 0, B, Bh) left to right.
    var viewport = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
    if let given = presentation.viewport {
      viewport = given
      if rightToLeft { viewport.origin.x = mirrorWidth - given.minX - given.width }
    }
    // Bottom-up: short content shown at the viewport's bottom, `D = max(0, V − C)` (whole
    // pixels when snapping) added after mirroring, before snapping; pinning reads the
    // viewport where the frames are before the shift.
    var shift = 0.0
    if presentation.verticalLayoutDirection == .bottomToTop, !alongX {
      var height = contentSize.height
      if scale > 0 {
        let pixels = height * scale
        height = (pixels - 1e-9 * max(1, abs(pixels))).rounded(.up) / scale
      }
      shift = max(0, viewport.height - height)
      if scale > 0 { shift = (shift * scale).rounded(.down) / scale }
      viewport.origin.y -= shift
    }
    let viewportStart = alongX ? viewport.minX : viewport.minY
    let viewportEnd = alongX ? viewport.maxX : viewport.maxY

    func snapped(_ v: Double) -> Double { (v * scale + 0.5).rounded(.down) / scale }
    func present(_ element: LayoutElement, pinned: Bool) {
      var f = element.frame
      if rightToLeft { f.origin.x = mirrorWidth - f.minX - f.width }
      f.origin.y += shift
      if scale > 0 {
        let minX = snapped(f.minX)
        let minY = snapped(f.minY)
        let maxX = snapped(f.minX + f.width)
        let maxY = snapped(f.minY + f.height)
        f = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
      }
      if f.intersects(rect) {
        result.append(
          PresentedElement(
            LayoutElement(kind: element.kind, path: element.path, frame: f), isPinned: pinned))
      }
    }
    /// `frame` with its start along the stacking axis moved to `start`.
    func moved(_ frame: Rect, to start: Double) -> Rect {
      var f = frame
      if alongX { f.origin.x = start } else { f.origin.y = start }
      return f
    }

    for (s, section) in layout.sections.enumerated() {
      let headerLength = section.header.map { alongX ? $0.width : $0.height } ?? 0
      let footerLength = section.footer.map { alongX ? $0.width : $0.height } ?? 0
      if let header = section.header {
        var frame = header
        if presentation.sectionHeadersPinToVisibleBounds {
          // y = min(max(naturalY, viewport.y), footerNaturalY − H), never above naturalY:
          // footerNaturalY − H ≥ naturalY, but computed as (naturalY + H + …) − H it can fall
          // an ulp below it.
          let natural = alongX ? header.minX : header.minY
          let start = max(
            natural, min(max(natural, viewportStart), section.footerTop - headerLength))
          frame = moved(header, to: start)
        }
        present(.header(s, frame), pinned: frame != header)
      }
      for item in section.items {
        if let frame = item.frame { present(.item(item.path, frame), pinned: false) }
      }
      if let footer = section.footer {
        var frame = footer
        if presentation.sectionFootersPinToVisibleBounds {
          // y = max(min(naturalY, viewport.maxY − F), sectionTop + H)
          let natural = alongX ? footer.minX : footer.minY
          let start = max(min(natural, viewportEnd - footerLength), section.top + headerLength)
          frame = moved(footer, to: start)
        }
        present(.footer(s, frame), pinned: frame != footer)
      }
    }
  }
}
