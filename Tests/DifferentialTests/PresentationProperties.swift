import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads
import PropertyBased
import Testing

@testable import FlowLayoutCore

/// Presentation (`docs/semantics.md`, "Presentation") on random documents and viewports:
/// fast ≡ reference, right-to-left ≡ mirrored left-to-right, snapped edges on the pixel grid,
/// pinned frames inside their clamp, and the presented rect query ≡ a filter of every
/// presented frame.
@Suite("Presentation properties")
struct PresentationProperties {
  /// Scenarios per property (the seeded corpus below).
  static var scenarioCount: Int { max(DifferentialCorpus.propertyCount / 5, 100) }

  /// Random layouts (the differential recipes, their batches applied to both engines, the fast
  /// one with pages of a few items so that its sections are paged), each with a few random
  /// presentations.
  static func forEachCase(
    metrics: Bool = false,
    _ body: (FastFlowLayout, ReferenceFlowLayout, Presentation, inout SplitMix64) -> Void
  ) {
    var rng = Xoshiro(seed: (0x9e37, 0x79b9, 0x7f4a, 0x7c15))
    let generator = ScenarioRecipe.generator(maxSections: 4, maxItems: 30, maxEdits: 4)
    let withMetrics = ScenarioRecipe.generatorWithMetrics(maxSections: 4, maxItems: 30, maxEdits: 4)
    var random = SplitMix64(seed: 0x5eed_0010)
    for _ in 0..<scenarioCount {
      let recipe = metrics ? withMetrics.run(using: &rng) : generator.run(using: &rng)
      guard var fast = try? FastFlowLayout(recipe.input),
        var reference = try? ReferenceFlowLayout(recipe.input)
      else { continue }
      // Page targets 1–3 (of the recipe's 1–6): these short sections are then mostly paged.
      fast.pageCapacity = PageCapacity(target: 1 + (recipe.pageTarget - 1) % 3)
      _ = recipe.batches(startingFrom: recipe.input) { batch in
        guard (try? reference.apply(batch)) != nil else { return nil }
        try? fast.apply(batch)
        return reference.input
      }
      for _ in 0..<3 {
        let presentation = randomPresentation(fast.contentSize, fast.input.bounds, &random)
        body(fast, reference, presentation, &random)
      }
    }
  }

  static func randomPresentation(_ content: Size, _ bounds: Size, _ random: inout SplitMix64)
    -> Presentation
  {
    var p = Presentation()
    p.layoutDirection = random.nextInt(below: 2) == 0 ? .leftToRight : .rightToLeft
    p.displayScale = [0, 1, 2, 3, 0][random.nextInt(below: 5)]
    p.sectionHeadersPinToVisibleBounds = random.nextInt(below: 3) != 0
    p.sectionFootersPinToVisibleBounds = random.nextInt(below: 3) != 0
    if random.nextInt(below: 4) != 0 {
      let w = max(content.width, bounds.width)
      p.viewport = Rect(
        x: random.nextDouble(in: -50...(w + 50)),
        y: random.nextDouble(in: -50...(content.height + 50)),
        width: random.nextDouble(in: 0...(bounds.width * 1.2)),
        height: random.nextDouble(in: 0...(bounds.height * 1.2)))
    }
    return p
  }

  static func randomRects(_ content: Size, _ random: inout SplitMix64) -> [Rect] {
    let w = max(content.width, 1)
    let h = max(content.height, 1)
    return (0..<4).map { _ in
      Rect(
        x: random.nextDouble(in: -40...(w + 40)), y: random.nextDouble(in: -40...(h + 40)),
        width: random.nextDouble(in: 0...w), height: random.nextDouble(in: 0...(h / 2 + 1)))
    }
  }

  /// Frames close under the equality contract; with snapping, one pixel apart is accepted where
  /// the engines' unsnapped edges (equal within 1e-9) fall on either side of a rounding tie.
  static func close(_ a: Rect, _ b: Rect, scale: Double) -> Bool {
    if EqualityContract.close(a, b) { return true }
    guard scale > 0 else { return false }
    let pixel = 1 / scale + EqualityContract.tolerance(a.maxX, a.maxY)
    return abs(a.minX - b.minX) <= pixel && abs(a.minY - b.minY) <= pixel
      && abs(a.maxX - b.maxX) <= pixel && abs(a.maxY - b.maxY) <= pixel
  }

  static func sameElements(
    _ x: [PresentedElement], _ y: [PresentedElement], scale: Double
  ) -> String? {
    guard x.count == y.count else { return "\(x.count) vs \(y.count) elements" }
    for (a, b) in zip(x, y) {
      if a.element.kind != b.element.kind || a.element.path != b.element.path
        || a.isPinned != b.isPinned || !close(a.element.frame, b.element.frame, scale: scale)
      {
        return "\(a) vs \(b)"
      }
    }
    return nil
  }

  @Test("fast ≡ reference, whole layout and rect queries, for random presentations")
  func fastMatchesReference() {
    var paged = 0
    var bottomUp = 0
    defer { #expect(paged > 20, "cases with a section of several pages: \(paged)") }
    defer { #expect(bottomUp > 20, "bottom-up cases with short content: \(bottomUp)") }
    Self.forEachCase { fast, reference, p, random in
      if fast.pages.count > fast.sectionCount { paged += 1 }
      // A third of the cases bottom-up ("Bottom-up layouts").
      var p = p
      if random.nextInt(below: 3) == 0 {
        p.verticalLayoutDirection = .bottomToTop
        if reference.presentedContentSize(p).height > reference.contentSize.height + 1 {
          bottomUp += 1
        }
      }
      if let d = Self.sameElements(
        fast.allPresentedElements(p), reference.allPresentedElements(p), scale: p.displayScale)
      {
        Issue.record("\(p) \(fast.input.configuration.variant): \(d)")
      }
      if fast.presentedContentSize(p) != reference.presentedContentSize(p),
        !EqualityContract.close(fast.presentedContentSize(p), reference.presentedContentSize(p))
      {
        Issue.record(
          "content size \(fast.presentedContentSize(p)) vs \(reference.presentedContentSize(p))")
      }
      // The rect query equals a filter of every presented frame (boundary elements exempt).
      let all = fast.allPresentedElements(p)
      for rect in Self.randomRects(fast.contentSize, &random) {
        let answered = fast.presentedElements(in: rect, presentation: p)
        let margin = p.displayScale > 0 ? 1 / p.displayScale : 0
        let grown = Rect(
          x: rect.minX - margin, y: rect.minY - margin, width: rect.width + 2 * margin,
          height: rect.height + 2 * margin)
        let certain = { (e: PresentedElement) in
          EqualityContract.certainlyIntersects(e.element.frame, rect)
            && (margin == 0
              || EqualityContract.certainlyIntersects(
                e.element.frame,
                Rect(
                  x: rect.minX + margin, y: rect.minY + margin,
                  width: max(0, rect.width - 2 * margin), height: max(0, rect.height - 2 * margin))))
        }
        for e in answered where !EqualityContract.possiblyIntersects(e.element.frame, grown) {
          Issue.record("presentedElements(in: \(rect)) returned \(e) (\(p))")
        }
        let expected = all.filter { $0.element.frame.intersects(rect) }.filter(certain)
        if let d = Self.sameElements(answered.filter(certain), expected, scale: 0) {
          Issue.record("presentedElements(in: \(rect)) vs filter, \(p): \(d)")
        }
      }
    }
  }

  /// A section without lines or insets whose top t makes (t + H) − H an ulp below t (found by
  /// the large corpus, `presentationsWithMetrics`): the clamp's bound `footerNaturalY − H`
  /// rounds above the header, which stays at its natural place, not pinned, in both engines.
  @Test func headerClampRoundingBelowItsNaturalPlace() throws {
    let top = 25.333333333333332
    let header = 44.5
    try #require((top + header) - header < top)
    let input = LayoutInput(
      configuration: LayoutConfiguration(variant: .horizontalFlow),
      bounds: Size(width: 100, height: 812),
      sections: [
        SectionData(footer: top, items: []), SectionData(header: header, items: []),
        SectionData(header: header, items: [Size(width: 50, height: 50)]),
      ])
    let fast = try FastFlowLayout(input)
    let reference = try ReferenceFlowLayout(input)
    for viewport in [nil, Rect(x: 0, y: 0, width: 100, height: 40)] as [Rect?] {
      var p = Presentation()
      p.sectionHeadersPinToVisibleBounds = true
      p.viewport = viewport
      for engine in [fast.allPresentedElements(p), reference.allPresentedElements(p)] {
        let first = try #require(engine.first { $0.element.kind == ElementKind.header })
        #expect(first.element.frame.minY == top && !first.isPinned, "\(first)")
      }
      #expect(
        Self.sameElements(
          fast.allPresentedElements(p), reference.allPresentedElements(p), scale: 0) == nil)
    }
  }

  @Test("right-to-left ≡ left-to-right mirrored in M = max(B, content width)")
  func rightToLeftMirrors() {
    Self.forEachCase { fast, reference, p, _ in
      var ltr = p
      ltr.layoutDirection = .leftToRight
      ltr.displayScale = 0
      var rtl = ltr
      rtl.layoutDirection = .rightToLeft
      let m = max(fast.input.bounds.width, fast.contentSize.width)
      // The viewport is in presented coordinates: the mirrored one shows the same content.
      if let v = ltr.viewport {
        rtl.viewport = Rect(x: m - v.maxX, y: v.minY, width: v.width, height: v.height)
      }
      for (name, l, r) in [
        ("fast", fast.allPresentedElements(ltr), fast.allPresentedElements(rtl)),
        ("reference", reference.allPresentedElements(ltr), reference.allPresentedElements(rtl)),
      ] {
        let mirrored = l.map { e in
          var e = e
          e.element.frame.origin.x = m - e.element.frame.maxX
          return e
        }
        if let d = Self.sameElements(r, mirrored, scale: 0) {
          Issue.record("\(name) RTL vs mirrored LTR, \(rtl): \(d)")
        }
      }
    }
  }

  @Test("snapped edges are multiples of 1/scale within 0.5/scale of the unsnapped edges")
  func snappedEdges() {
    Self.forEachCase { fast, reference, p, _ in
      let scale = [1.0, 2, 3][Int(p.displayScale) % 3]
      var snapped = p
      snapped.displayScale = scale
      var plain = p
      plain.displayScale = 0
      for (name, s, u) in [
        ("fast", fast.allPresentedElements(snapped), fast.allPresentedElements(plain)),
        (
          "reference", reference.allPresentedElements(snapped),
          reference.allPresentedElements(plain)
        ),
      ] {
        guard s.count == u.count else {
          Issue.record("\(name): snapping changed the elements")
          continue
        }
        for (a, b) in zip(s, u) {
          let f = a.element.frame
          let g = b.element.frame
          for (edge, exact) in [
            (f.minX, g.minX), (f.minY, g.minY), (f.maxX, g.maxX), (f.maxY, g.maxY),
          ] {
            let pixels = edge * scale
            let onGrid = abs(pixels - pixels.rounded()) <= EqualityContract.tolerance(pixels, 0)
            let near = abs(edge - exact) <= 0.5 / scale + EqualityContract.tolerance(exact, 0)
            if !onGrid || !near {
              Issue.record("\(name) scale \(scale): \(a) from \(b)")
              break
            }
          }
        }
      }
      let c = fast.presentedContentSize(snapped)
      let u = fast.contentSize
      let t = EqualityContract.tolerance(u.width, u.height)
      if c.width < u.width - t || c.width >= u.width + 1 / scale || c.height < u.height - t
        || c.height >= u.height + 1 / scale
      {
        Issue.record("content \(u) snapped up to \(c) at scale \(scale)")
      }
    }
  }

  @Test("pinned headers and footers obey the clamp for random viewports")
  func pinnedClamp() {
    Self.forEachCase { fast, _, p, _ in
      var pinned = p
      pinned.layoutDirection = .leftToRight
      pinned.displayScale = 0
      pinned.sectionHeadersPinToVisibleBounds = true
      pinned.sectionFootersPinToVisibleBounds = true
      let bounds = fast.input.bounds
      let v = pinned.viewport ?? Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
      let alongX =
        fast.configuration.scrollDirection == .horizontal
        && fast.configuration.variant.honoursScrollDirection
      func start(_ r: Rect) -> Double { alongX ? r.minX : r.minY }
      func length(_ r: Rect) -> Double { alongX ? r.width : r.height }
      let elements = fast.allPresentedElements(pinned)
      for s in 0..<fast.input.sections.count {
        guard let header = try? fast.supplementaryFrame(.header, inSection: s),
          let footer = try? fast.supplementaryFrame(.footer, inSection: s),
          let h = elements.first(where: {
            $0.element.kind == .header && $0.element.path.section == s
          }),
          let f = elements.first(where: {
            $0.element.kind == .footer && $0.element.path.section == s
          })
        else { continue }
        let t = EqualityContract.tolerance(abs(start(footer)) + length(footer), 0)
        let hy = start(h.element.frame)
        let fy = start(f.element.frame)
        // header: natural ≤ y ≤ footerNaturalY − H, and at the viewport's start when it can be.
        let headerOK =
          hy >= start(header) - t && hy <= start(footer) - length(header) + t
          && (!(start(v) >= start(header) && start(v) <= start(footer) - length(header))
            || abs(hy - start(v)) <= t)
        // footer: sectionTop + H ≤ y ≤ natural, and ending at the viewport's end when it can.
        let end = start(v) + length(v) - length(footer)
        let footerOK =
          fy <= start(footer) + t && fy >= start(header) + length(header) - t
          && (!(end <= start(footer) && end >= start(header) + length(header))
            || abs(fy - end) <= t)
        if !headerOK || !footerOK {
          Issue.record("section \(s): \(h), \(f) for viewport \(v), natural \(header), \(footer)")
        }
        if h.isPinned != (abs(hy - start(header)) > t) && abs(hy - start(header)) > t {
          Issue.record("section \(s): \(h) pinned flag")
        }
      }
    }
  }
}
