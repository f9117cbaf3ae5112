import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads
import Testing

/// Per-section metrics in the reference engine (`docs/semantics.md`, "Per-section metrics"),
/// checked against layouts without them: a section laid out with its own inset and spacings is
/// the same section laid out alone with those as the layout's options, moved to its top.
@Suite struct ReferenceSectionMetricsTests {
  static func randomMetrics(_ rng: inout SplitMix64) -> SectionMetrics {
    var m = SectionMetrics()
    if Bool.random(using: &rng) {
      m.sectionInset = EdgeInsets(
        top: SeededInputs.length(20, &rng), left: SeededInputs.length(20, &rng),
        bottom: SeededInputs.length(20, &rng), right: SeededInputs.length(20, &rng))
    }
    if Bool.random(using: &rng) { m.minimumInteritemSpacing = SeededInputs.length(20, &rng) }
    if Bool.random(using: &rng) { m.minimumLineSpacing = SeededInputs.length(20, &rng) }
    return m
  }

  @Test func eachSectionIsLaidOutAsAloneWithItsOwnOptions() throws {
    var rng = SplitMix64(seed: 0x5ec7_10e7)
    var checked = 0
    for _ in 0..<600 {
      var input = SeededInputs.input(&rng)
      guard !input.sections.isEmpty else { continue }
      for s in input.sections.indices where Bool.random(using: &rng) {
        input.sections[s].metrics = Self.randomMetrics(&rng)
      }
      guard (try? input.validate()) != nil else { continue }
      let whole = try ReferenceFlowLayout(input)
      let all = whole.allElements
      let alongX =
        input.configuration.scrollDirection == .horizontal
        && input.configuration.variant.honoursScrollDirection
      var sectionStart = 0.0
      for (s, section) in input.sections.enumerated() {
        var alone = input
        alone.configuration = input.configuration.applying(section.metrics)
        var plain = section
        plain.metrics = nil
        alone.sections = [plain]
        let single = try ReferenceFlowLayout(alone)
        let expected = single.allElements.map { e -> LayoutElement in
          var e = e
          e.path.section = s
          if alongX { e.frame.origin.x += sectionStart } else { e.frame.origin.y += sectionStart }
          return e
        }
        let actual = all.filter { $0.path.section == s }
        #expect(actual.count == expected.count)
        for (a, b) in zip(actual, expected) {
          #expect(a.kind == b.kind && a.path == b.path)
          let f = a.frame
          let g = b.frame
          let t = EqualityContract.tolerance(f.maxX, f.maxY)
          #expect(
            abs(f.minX - g.minX) <= t && abs(f.minY - g.minY) <= t && abs(f.width - g.width) <= t
              && abs(f.height - g.height) <= t, "\(a) vs \(b) in \(input)")
        }
        sectionStart += alongX ? single.contentSize.width : single.contentSize.height
        checked += 1
      }
    }
    #expect(checked > 200)
  }

  @Test func metricsEqualToTheLayoutsChangeNothing() throws {
    var rng = SplitMix64(seed: 0x5ec7_10e8)
    for _ in 0..<200 {
      var input = SeededInputs.input(&rng)
      guard (try? input.validate()) != nil else { continue }
      let plain = try ReferenceFlowLayout(input).allElements
      let c = input.configuration
      for s in input.sections.indices {
        input.sections[s].metrics = SectionMetrics(
          sectionInset: c.sectionInset, minimumInteritemSpacing: c.minimumInteritemSpacing,
          minimumLineSpacing: c.minimumLineSpacing)
      }
      #expect(try ReferenceFlowLayout(input).allElements == plain)
    }
  }

  @Test(arguments: [
    (
      SectionMetrics(sectionInset: EdgeInsets(top: 0, left: 60, bottom: 0, right: 60)),
      "sections[0].sectionInset"
    ),
    (SectionMetrics(minimumLineSpacing: -1), "sections[0].minimumLineSpacing"),
    (SectionMetrics(minimumInteritemSpacing: .nan), "sections[0].minimumInteritemSpacing"),
  ])
  func badMetricsNameTheSectionField(metrics: SectionMetrics, field: String) {
    let input = LayoutInput(
      configuration: LayoutConfiguration(variant: .vertical), bounds: Size(100, 500),
      sections: [SectionData(items: [Size(10, 10)], metrics: metrics)])
    do {
      _ = try ReferenceFlowLayout(input)
      Issue.record("accepted \(metrics)")
    } catch {
      #expect(error.field == field, "\(error)")
    }
  }
}
