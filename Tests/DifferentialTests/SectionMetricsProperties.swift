import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import PropertyBased
import Testing

@testable import FlowLayoutCore

/// Per-section metrics, fast ≡ reference: the random scenarios of `ScenarioRecipe` with every
/// section (and every inserted section) carrying its own metrics, through every edit kind, small
/// pages and bounds changes that leave some section no line (both engines must refuse those
/// alike). `randomScenarios` mixes sections with and without metrics.
@Suite("Fast engine ≡ reference engine, per-section metrics")
struct SectionMetricsProperties {
  @Test(.shrinking)
  func everySectionWithItsOwnMetrics() async {
    await propertyCheck(
      count: max(DifferentialCorpus.propertyRuns / 2, 20),
      input: zip(
        ScenarioRecipe.generator(maxSections: 4, maxItems: 40, maxEdits: 8),
        Gen.int(in: 0...9999).array(of: 1...4))
    ) { recipe, codes in
      var withMetrics = recipe
      // Codes ≢ 0 (mod 5): every section has metrics (`ScenarioRecipe.sectionMetrics`).
      withMetrics.metrics = codes.map { $0 - $0 % 5 + 1 }
      DifferentialRun.check(withMetrics)
    }
  }

  /// Pinned headers and footers (whose clamp reads the section's own insets), right to left and
  /// snapping over layouts with per-section metrics: the presented frames and content size equal
  /// the reference's (`PresentationProperties`' comparison), in seeded scenarios.
  @Test func presentationsWithMetrics() {
    var withMetrics = 0
    Self.forEachPresentedCase { fast, reference, p in
      if fast.pages.contains(where: { $0.ownMetrics != nil }) { withMetrics += 1 }
      if let d = PresentationProperties.sameElements(
        fast.allPresentedElements(p), reference.allPresentedElements(p), scale: p.displayScale)
      {
        Issue.record("\(p) \(fast.input.configuration.variant): \(d)")
      }
      if !EqualityContract.close(fast.presentedContentSize(p), reference.presentedContentSize(p)) {
        Issue.record(
          "content size \(fast.presentedContentSize(p)) vs \(reference.presentedContentSize(p))")
      }
    }
    #expect(withMetrics > 100, "presented cases with a section with metrics: \(withMetrics)")
  }

  static func forEachPresentedCase(
    _ body: (FastFlowLayout, ReferenceFlowLayout, Presentation) -> Void
  ) {
    PresentationProperties.forEachCase(metrics: true) { fast, reference, p, _ in
      body(fast, reference, p)
    }
  }
}
