import FlowLayoutModel
import FlowLayoutTestSupport
import PropertyBased

/// A differential scenario as plain integers, so that the property library can generate and
/// shrink it (smaller integers and shorter arrays are simpler scenarios), and a shrunk failure
/// prints as a Swift literal that becomes a regression case.
///
/// - `options`: decoded by `configuration` / `bounds` (every option of every variant);
/// - `sections`: per section `[header, footer, uniformity, item codes…]`;
/// - `edits`: per edit `[kind, a, b, c, join]`; an edit with `join % 3 == 1` joins the previous
///   edit's batch;
/// - `metrics`: per-section metrics codes (`sectionMetrics(_:)`), section `i` taking code
///   `i % count` and an inserted section one chosen by its edit's codes; empty: no section has
///   metrics (the cases recorded before metrics were generated decode as they did). Indices are taken modulo the current counts, so most batches are valid; the
///   invalid ones (duplicates, out-of-range insertions) check that both engines reject them alike.
struct ScenarioRecipe: Sendable, Hashable, CustomStringConvertible {
  var options: [Int]
  var sections: [[Int]]
  var edits: [[Int]]
  var metrics: [Int] = []

  var description: String {
    let codes = metrics.isEmpty ? "" : ", metrics: \(metrics)"
    return "ScenarioRecipe(options: \(options), sections: \(sections), edits: \(edits)\(codes))"
  }

  /// A seed drawn from every integer of the recipe (with the lengths of its lists), the same in
  /// every process: what the differential run draws its query rects from.
  var seed: UInt64 {
    var values = [options.count] + options + [sections.count]
    for section in sections { values += [section.count] + section }
    values.append(edits.count)
    for edit in edits { values += [edit.count] + edit }
    return SplitMix64.seed(from: values)
  }

  static let widths: [Double] = [
    50, 0, 60, 75.5, 100, 120, 160, 200, 375, 400, 1000, 33.333, 0.1, 187.5, 1, 93.75, 117.25,
  ]
  static let heights: [Double] = [50, 0, 10, 44, 80.25, 100, 30.5]

  private func option(_ i: Int) -> Int { i < options.count ? options[i] : 0 }

  /// The number of options the generators draw: `configuration`/`bounds` read options 0–13,
  /// `pageTarget` option 14. (Recipes recorded with 14 options decode with page target 1, as
  /// they ran when recorded.)
  static let optionCount = 15

  /// The fast engine's page target (1–6 items: every greedy section of the corpus is paged).
  var pageTarget: Int { 1 + option(14) % 6 }

  var variant: LayoutVariant { LayoutVariant.allCases[option(0) % LayoutVariant.allCases.count] }

  var configuration: LayoutConfiguration {
    var c = LayoutConfiguration(variant: variant)
    let columnFlow = [.autosizingColumnFlow, .keyValueColumnFlow, .multiColumn].contains(variant)
    // Item-size priority: own sizes, columns, scaled by minimum, itemSize.
    switch option(1) % 4 {
    case 1: c.estimatedItemSize = Size(50, 50)
    case 2: c.numberOfColumns = 1 + option(2) % 4
    case 3:
      c.minimumScaledItemSize =
        [Size(100, 80), Size(40, 40), Size(500, 100), Size(33.3, 50)][
          option(2) % 4]
    default: break
    }
    if columnFlow { c.numberOfColumns = 1 + option(2) % 4 }
    if option(3) % 3 == 1 { c.numberOfRows = 1 + option(3) % 4 }
    if option(4) % 2 == 1 { c.isLayoutJustified.toggle() }
    if option(5) % 2 == 1 { c.isTopAligned.toggle() }
    if option(6) % 3 != 0 { c.minimumInteritemSpacing = [0, 10, 8, 0.5, 3.25, 24][option(6) % 6] }
    if option(7) % 3 != 0 { c.minimumLineSpacing = [0, 10, 24, 1.5][option(7) % 4] }
    switch option(8) % 4 {
    case 1: c.sectionInset = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
    case 2: c.sectionInset = EdgeInsets(top: 1.5, left: 0, bottom: 2, right: 16.25)
    case 3: c.sectionInset = EdgeInsets(top: 0, left: 20, bottom: 10, right: 0)
    default: break
    }
    c.itemSize =
      [Size(50, 50), Size(100, 40), Size(0, 20), Size(375, 10), Size(33.3, 33.3), Size(120, 0)][
        option(9) % 6]
    if option(12) % 3 == 1 { c.scrollDirection = .horizontal }
    if option(13) % 2 == 1 { c.widthClass = .compact }
    return c
  }

  var bounds: Size {
    Size(
      [375, 320, 100, 1024, 77.7, 414][option(10) % 6],
      [812, 200, 50, 667, 1000][option(11) % 5])
  }

  /// One item's size from its code: a palette size (zero, wider than the line, fractional), or a
  /// "mixed" 60–200 pt size.
  static func itemSize(_ code: Int) -> Size {
    if code >= 5000 {
      return Size(60 + Double(code % 141), 60 + Double((code / 141) % 141))
    }
    return Size(widths[code % widths.count], heights[(code / widths.count) % heights.count])
  }

  static func section(_ codes: [Int], metrics: SectionMetrics? = nil) -> SectionData {
    func at(_ i: Int) -> Int { i < codes.count ? codes[i] : 0 }
    var sizes = codes.dropFirst(3).map(itemSize)
    if at(2) % 3 == 1, let first = sizes.first { sizes = sizes.map { _ in first } }
    return SectionData(
      header: [0, 20, 44.5][at(0) % 3], footer: [0, 12, 30][at(1) % 3], items: sizes,
      showsSeeAll: at(0) % 2 == 1, metrics: metrics)
  }

  /// A section's own metrics from its code: none (code ≡ 0 mod 5), or each of the inset, the
  /// interitem and the line spacing unset or one of a palette (zero, fractional, an inset too
  /// wide for the narrow bounds, so that both engines refuse it alike).
  static func sectionMetrics(_ code: Int) -> SectionMetrics? {
    guard code % 5 != 0 else { return nil }
    let insets: [EdgeInsets?] = [
      nil, EdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
      EdgeInsets(top: 10, left: 30, bottom: 6, right: 12),
      EdgeInsets(top: 2.5, left: 0, bottom: 0, right: 40.25),
      EdgeInsets(top: 0, left: 45, bottom: 8, right: 45),
    ]
    let interitem: [Double?] = [nil, 0, 12, 0.75, 30]
    let lineSpacing: [Double?] = [nil, 0, 7.5, 20]
    return SectionMetrics(
      sectionInset: insets[(code / 5) % 5], minimumInteritemSpacing: interitem[(code / 25) % 5],
      minimumLineSpacing: lineSpacing[(code / 125) % 4])
  }

  /// Section `i`'s metrics.
  func sectionMetrics(ofSection i: Int) -> SectionMetrics? {
    metrics.isEmpty ? nil : Self.sectionMetrics(metrics[i % metrics.count])
  }

  var input: LayoutInput {
    LayoutInput(
      configuration: configuration, bounds: bounds,
      sections: sections.indices.map { Self.section(sections[$0], metrics: sectionMetrics(ofSection: $0)) })
  }

  /// The edits grouped into batches, decoded against the input each batch applies to.
  func batches(startingFrom start: LayoutInput, apply: (BatchUpdate) -> LayoutInput?) -> Int {
    var current = start
    var applied = 0
    var i = 0
    while i < edits.count {
      var batch = BatchUpdate()
      repeat {
        Self.add(edits[i], to: &batch, input: current, metrics: metrics)
        i += 1
      } while i < edits.count && (edits[i].count > 4 ? edits[i][4] : 0) % 3 == 1
      if let next = apply(batch) { current = next }
      applied += 1
    }
    return applied
  }

  /// Adds one decoded edit to `batch`, with indices taken modulo `input`'s counts; an inserted
  /// section takes one of the `metrics` codes.
  static func add(
    _ edit: [Int], to batch: inout BatchUpdate, input: LayoutInput, metrics: [Int] = []
  ) {
    func at(_ i: Int) -> Int { i < edit.count ? edit[i] : 0 }
    let sectionCount = input.sections.count
    let s = sectionCount == 0 ? 0 : at(1) % sectionCount
    let count = sectionCount == 0 ? 0 : input.sections[s].count
    let item = at(2) % max(count, 1)
    let size = itemSize(at(3))
    // An edit whose join code is ≡ 10 (mod 11) also moves a section or sets the width class
    // (codes added with those edits; other codes decode as before).
    if at(4) % 11 == 10, sectionCount > 0 {
      if at(2) % 2 == 0 {
        batch.moveSections.append(SectionMove(from: s, to: at(3) % sectionCount))
      } else {
        batch.setWidthClass = WidthClass.allCases[at(3) % WidthClass.allCases.count]
      }
    }
    switch at(0) % 10 {
    case 0: batch.deleteItems.append(ItemPath(s, item))
    case 1, 9:
      batch.insertItems.append(ItemInsertion(at: ItemPath(s, at(2) % (count + 1)), size: size))
    case 2:
      let target = sectionCount == 0 ? 0 : at(3) % sectionCount
      let targetCount = sectionCount == 0 ? 0 : input.sections[target].count
      batch.moveItems.append(
        ItemMove(from: ItemPath(s, item), to: ItemPath(target, at(3) % max(targetCount, 1))))
    case 3: batch.resizeItems.append(ItemResize(at: ItemPath(s, item), size: size))
    case 4: batch.deleteSections.append(s)
    case 5:
      let codes = [at(2), at(3), at(2) % 3] + (0..<(at(3) % 7)).map { at(2) &+ $0 * 7919 }
      let own = metrics.isEmpty ? nil : sectionMetrics(metrics[(at(2) &+ at(3)) % metrics.count])
      batch.insertSections.append(
        SectionInsertion(at: at(1) % (sectionCount + 1), section: section(codes, metrics: own)))
    case 6: batch.setWidth = [375, 320, 100, 1024, 77.7, 414, 0, -5][at(2) % 8]
    case 7: batch.setHeight = [812, 200, 50, 667][at(2) % 4]
    default:
      // A resize to the size the item already has: nothing changes.
      if count > 0 {
        batch.resizeItems.append(
          ItemResize(at: ItemPath(s, item), size: input.sections[s].itemSize(at: item)))
      }
    }
  }

  // MARK: Generators

  /// Small scenarios: up to 3 sections of up to 24 items, up to 8 edits; no section metrics (the
  /// seeded corpora drawn from it stay as they were).
  static func generator(maxSections: Int = 3, maxItems: Int = 24, maxEdits: Int = 8)
    -> Generator<ScenarioRecipe, some SendableSequenceType>
  {
    zip(
      Gen.int(in: 0...9999).array(of: optionCount),
      Gen.int(in: 0...9999).array(of: 0...(maxItems + 3)).array(of: 0...maxSections),
      Gen.int(in: 0...9999).array(of: 5).array(of: 0...maxEdits)
    ).map { ScenarioRecipe(options: $0, sections: $1, edits: $2) }
  }

  /// `generator`'s scenarios with up to 4 per-section metrics codes (none for a fifth of them).
  static func generatorWithMetrics(maxSections: Int = 3, maxItems: Int = 24, maxEdits: Int = 8)
    -> Generator<ScenarioRecipe, some SendableSequenceType>
  {
    zip(
      Gen.int(in: 0...9999).array(of: optionCount),
      Gen.int(in: 0...9999).array(of: 0...(maxItems + 3)).array(of: 0...maxSections),
      Gen.int(in: 0...9999).array(of: 5).array(of: 0...maxEdits),
      Gen.int(in: 0...9999).array(of: 0...4)
    ).map { ScenarioRecipe(options: $0, sections: $1, edits: $2, metrics: $3) }
  }
}
