import FlowLayoutModel
import PropertyBased
import Testing

/// Per-section metrics, fast ≡ reference: the random scenarios of `ScenarioRecipe` with every
/// section (and every inserted section) carrying its own metrics, through every edit kind, small
/// pages and bounds changes that leave some section no line (both engines must refuse those
/// alike). `randomScenarios` mixes sections with and without metrics.
@Suite("Fast engine ≡ reference engine, per-section metrics")
struct SectionMetricsProperties {
  @Test(.shrinking)
  func everySectionWithItsOwnMetrics() async {
    await propertyCheck(
      count: max(DifferentialCorpus.propertyCount / 2, 20),
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
}
