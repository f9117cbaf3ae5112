import FlowLayoutDocument
import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import Foundation
import Testing

/// The one runner for the golden fixtures in `Golden/`: lays out each fixture's document with
/// the reference engine (`DocumentLayout`: cells measured by the document's `cellSizing`, the
/// scroll anchor held), applies its edits in order, and compares the output with the
/// hand-computed expectation (numbers within 1e-9 · max(1, |v|); everything else exactly).
@Suite("Golden fixtures")
struct GoldenTests {
  @Test("golden fixture", arguments: GoldenFixture.allNames())
  func fixture(_ name: String) throws {
    let fixture = try GoldenFixture.load(name)
    #expect(fixture.name == name, "the fixture's name matches its file name")
    #expect(!fixture.rule.isEmpty && !fixture.notes.isEmpty, "rule and notes are stated")
    let layout = try DocumentLayout<ReferenceFlowLayout>.laidOut(fixture.document)
    let actual = LayoutOutput(
      layout: layout.layout, rect: nil, presentation: fixture.document.presentation)
    for difference in OutputComparison.differences(actual, fixture.expected) {
      Issue.record("\(name): \(difference)")
    }
  }

  @Test("the fixtures cover every variant and are about forty")
  func coverage() throws {
    let names = GoldenFixture.allNames()
    #expect(names.count >= 40)
    var variants = Set<LayoutVariant>()
    var transposed = Set<LayoutVariant>()
    var withEdits = 0
    for name in names {
      let document = try GoldenFixture.load(name).document
      variants.insert(document.input.configuration.variant)
      if document.input.configuration.scrollDirection == .horizontal {
        transposed.insert(document.input.configuration.variant)
      }
      if !document.edits.isEmpty { withEdits += 1 }
    }
    #expect(variants == Set(LayoutVariant.allCases))
    #expect(transposed.contains(.horizontalFlow) && transposed.contains(.uikitFlow))
    #expect(withEdits >= 3)
  }
}

/// Compares two layout outputs: numbers within the tolerance of `EqualityContract` (the one
/// notion of "close"), the rest exactly.
enum OutputComparison {
  static func close(_ a: Double, _ b: Double) -> Bool { EqualityContract.close(a, b) }

  static func close(_ a: Rect, _ b: Rect) -> Bool { EqualityContract.close(a, b) }

  /// Every way `actual` differs from `expected`, one line each; empty when they agree.
  static func differences(_ actual: LayoutOutput, _ expected: LayoutOutput) -> [String] {
    var result: [String] = []
    switch (actual.contentOffset, expected.contentOffset) {
    case (nil, nil): break
    case (let a?, let e?) where close(a.x, e.x) && close(a.y, e.y): break
    default:
      result.append(
        "contentOffset \(String(describing: actual.contentOffset)), expected "
          + "\(String(describing: expected.contentOffset))")
    }
    if !(close(actual.contentSize.width, expected.contentSize.width)
      && close(actual.contentSize.height, expected.contentSize.height))
    {
      result.append("contentSize \(actual.contentSize), expected \(expected.contentSize)")
    }
    if actual.items.map({ [$0.section, $0.item] }) != expected.items.map({ [$0.section, $0.item] })
    {
      result.append(
        "items \(actual.items.map { "[\($0.section),\($0.item)]" }), expected "
          + "\(expected.items.map { "[\($0.section),\($0.item)]" })")
    } else {
      for (a, e) in zip(actual.items, expected.items) where !close(a.frame, e.frame) {
        result.append("item [\(a.section),\(a.item)] frame \(a.frame), expected \(e.frame)")
      }
      for (a, e) in zip(actual.items, expected.items) where a.estimated != e.estimated {
        result.append("item [\(a.section),\(a.item)] estimated \(a.estimated), expected \(e.estimated)")
      }
    }
    if actual.hiddenItems != expected.hiddenItems {
      result.append("hiddenItems \(actual.hiddenItems), expected \(expected.hiddenItems)")
    }
    if actual.overflowingItems != expected.overflowingItems {
      result.append(
        "overflowingItems \(actual.overflowingItems), expected \(expected.overflowingItems)")
    }
    let key: (LayoutOutput.Supplementary) -> String = {
      "\($0.kind)[\($0.section)] \($0.seeAll ?? "")\($0.pinned ? " pinned" : "")"
    }
    if actual.supplementary.map(key) != expected.supplementary.map(key) {
      result.append(
        "supplementary \(actual.supplementary.map(key)), expected \(expected.supplementary.map(key))"
      )
    } else {
      for (a, e) in zip(actual.supplementary, expected.supplementary) where !close(a.frame, e.frame)
      {
        result.append("\(a.kind)[\(a.section)] frame \(a.frame), expected \(e.frame)")
      }
    }
    return result
  }
}
