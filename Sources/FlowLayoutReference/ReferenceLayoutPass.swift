import FlowLayoutModel

/// One full layout pass of the reference engine: from a valid `LayoutInput` to every frame.
///
/// Design notes. The reference engine is the oracle the fast core is checked against, so it is
/// written for obvious correctness, straight from `docs/semantics.md`:
/// - everything is recomputed from the input on every change; nothing is cached or shared
///   between passes; batch updates rebuild the input (`LayoutInput.applying(_:)`) and lay it out
///   again;
/// - it reads the raw `LayoutConfiguration` and resolves the options itself (`ItemSizePriority`,
///   `ColumnFlowLayout.columnCount`); it shares no code with `FlowLayoutCore`;
/// - each variant places one section's items in lines (one file per variant, named for it);
///   greedy line breaking lives in `GreedyLineBreaking`, x positions in `LinePlacement`;
/// - the orchestrator (this type) stacks the lines of every section under its header and above
///   its footer, and computes the content size;
/// - horizontal scrolling is the transposed problem (`Transposition`).
/// Storage is an array of per-item attribute structs per section (`ReferenceLayout`).
/// No unsafe code, no SIMD.
enum ReferenceLayoutPass {
  /// Lays out `input`, which must be valid (`LayoutInput.validate()`).
  ///
  /// - Complexity: O(n + s) for n items and s sections.
  static func layOut(_ input: LayoutInput) -> ReferenceLayout {
    // STEP 1: horizontal scrolling lays out the transposed problem.
    let transposes = Transposition.applies(to: input)
    let layout = layOutScrollingVertically(transposes ? Transposition.transposed(input) : input)
    // STEP 5: ... and transposes the result back.
    return transposes ? Transposition.transposed(layout) : layout
  }

  /// Steps 2–4 for vertical scrolling.
  ///
  /// - Complexity: O(n + s) for n items and s sections.
  static func layOutScrollingVertically(_ input: LayoutInput) -> ReferenceLayout {
    let layoutOptions = input.configuration
    let boundsWidth = input.bounds.width

    var sections: [SectionAttributes] = []
    var sectionTop = 0.0
    for (s, section) in input.sections.enumerated() {
      // The section's own inset and spacings replace the layout's (UIKit's delegate metrics).
      let c = options(of: section, in: layoutOptions)
      let lineLength = boundsWidth - c.sectionInset.left - c.sectionInset.right
      // STEP 2: the variant places the section's items in lines.
      let placed = lines(for: section, configuration: c, lineLength: lineLength)

      // STEP 3: stack header, lines and footer (docs/semantics.md, "Line stacking", "Sections").
      var items = (0..<section.count).map {
        ItemAttributes(path: ItemPath(section: s, item: $0), frame: nil, isOverflowing: false)
      }
      var lineTop = sectionTop + section.header + c.sectionInset.top
      var linesHeight = 0.0
      for (index, line) in placed.lines.enumerated() {
        if index > 0 {
          lineTop += c.minimumLineSpacing
          linesHeight += c.minimumLineSpacing
        }
        for item in line.items {
          items[item.item].frame = Rect(
            origin: Point(x: item.x, y: lineTop + item.yInLine), size: item.size)
          items[item.item].isOverflowing = item.isOverflowing
        }
        lineTop += line.height
        linesHeight += line.height
      }
      let header =
        section.header > 0
        ? Rect(x: 0, y: sectionTop, width: boundsWidth, height: section.header) : nil
      let footerTop =
        sectionTop + section.header + c.sectionInset.top + linesHeight
        + c.sectionInset.bottom
      let footer =
        section.footer > 0
        ? Rect(x: 0, y: footerTop, width: boundsWidth, height: section.footer) : nil
      sections.append(
        SectionAttributes(
          header: header, footer: footer, items: items, top: sectionTop, footerTop: footerTop))
      sectionTop = footerTop + section.footer
    }

    // STEP 4: content size: (B, Σ sectionHeight); `.horizontalScroll` is as wide as its widest
    // section.
    let contentWidth =
      layoutOptions.variant == .horizontalScroll
      ? input.sections.reduce(0.0) { widest, section in
        max(
          widest,
          HorizontalScrollLayout.contentWidth(
            of: [section], configuration: options(of: section, in: layoutOptions)))
      } : boundsWidth
    return ReferenceLayout(
      sections: sections, contentSize: Size(width: contentWidth, height: sectionTop))
  }

  /// The options section `section` is laid out with: its own `sectionInset`,
  /// `minimumInteritemSpacing` and `minimumLineSpacing` where it has them, else the layout's.
  ///
  /// - Complexity: O(1).
  static func options(of section: SectionData, in layout: LayoutConfiguration)
    -> LayoutConfiguration
  {
    var c = layout
    if let inset = section.metrics?.sectionInset { c.sectionInset = inset }
    if let spacing = section.metrics?.minimumInteritemSpacing {
      c.minimumInteritemSpacing = spacing
    }
    if let spacing = section.metrics?.minimumLineSpacing { c.minimumLineSpacing = spacing }
    return c
  }

  /// Dispatches one section to its variant.
  static func lines(
    for section: SectionData, configuration c: LayoutConfiguration, lineLength a: Double
  ) -> PlacedSection {
    switch c.variant {
    case .horizontalFlow:
      return HorizontalFlowLayout.lines(for: section, configuration: c, lineLength: a)
    case .vertical:
      return VerticalLayout.lines(for: section, configuration: c, lineLength: a)
    case .timeline:
      return TimelineLayout.lines(for: section, configuration: c, lineLength: a)
    case .horizontalScroll:
      return HorizontalScrollLayout.lines(for: section, configuration: c)
    case .horizontalFit:
      return HorizontalFitLayout.lines(for: section, configuration: c, lineLength: a)
    case .autosizingColumnFlow, .keyValueColumnFlow, .multiColumn:
      return ColumnFlowLayout.lines(for: section, configuration: c, lineLength: a)
    case .uikitFlow:
      return UIKitFlowLayout.lines(for: section, configuration: c, lineLength: a)
    }
  }
}
