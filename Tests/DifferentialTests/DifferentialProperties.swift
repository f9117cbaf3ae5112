import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
import Foundation
import PropertyBased
import Testing

/// The size of the differential corpus: `FLOWLAYOUT_DIFF_CORPUS` = unset (default, ~5 s here),
/// `ci` (mid-size, ~1 min here; the default when `CI=true`, as `.ci/run` sets) or `large`.
/// Under a sanitizer the property runs (`propertyRuns`) are a third as long (`Sanitizers`: CI's
/// sanitizer runs use the default corpus; its plain run has the `ci` corpus whole).
enum DifferentialCorpus {
  /// `.ci/run` sets `CI=true`: without an explicit corpus, CI runs the mid-size one.
  static var mode: String {
    let environment = ProcessInfo.processInfo.environment
    return environment["FLOWLAYOUT_DIFF_CORPUS"] ?? (environment["CI"] == "true" ? "ci" : "")
  }
  /// Random scenarios per property run.
  static var propertyCount: Int {
    switch mode {
    case "large": return 60_000
    case "ci": return 10_000
    default: return 1_500
    }
  }
  /// The random scenarios of the `propertyCheck` runs: `propertyCount`, a third of it under a
  /// sanitizer. (Tests that count what their cases reached read `propertyCount`.)
  static var propertyRuns: Int { Sanitizers.sanitized(propertyCount / 3, else: propertyCount) }
  /// Seeded larger scenarios (more items, sections and edits), 0 by default.
  static var seededCount: Int {
    switch mode {
    case "large": return 2_000
    case "ci": return 200
    default: return 0
    }
  }
}

@Suite("Fast engine ≡ reference engine")
struct FastMatchesReference {
  /// Random item sets, configurations over every variant and option, and edit scripts; shrunk
  /// on failure (the printed `ScenarioRecipe` becomes a case of `RegressionCases`).
  @Test(.shrinking)
  func randomScenarios() async {
    await propertyCheck(count: DifferentialCorpus.propertyRuns, input: ScenarioRecipe.generatorWithMetrics())
    {
      recipe in
      DifferentialRun.check(recipe)
    }
  }

  /// Scenarios with more items per section (lines with many items, many lines), fewer of them.
  @Test(.shrinking)
  func longerSections() async {
    await propertyCheck(
      count: max(DifferentialCorpus.propertyRuns / 8, 20),
      input: ScenarioRecipe.generatorWithMetrics(maxSections: 2, maxItems: 160, maxEdits: 6)
    ) { recipe in
      DifferentialRun.check(recipe)
    }
  }

  /// Greedy flows of own sizes whose items all have one width (the Fiori grid), so that the
  /// fast engine keeps them as equal-width lines by phase (`EqualWidthLines`, leaves of 1–6
  /// items): insertions, deletions, moves, resizes and batches, nine edits in ten keeping the
  /// width (the tenth leaves equal widths for a table).
  @Test(.shrinking)
  func equalWidthScenarios() async {
    let flows: [LayoutVariant] = [.horizontalFlow, .vertical, .timeline]
    let widthCodes = [0, 2, 3, 4, 5, 16]  // 50, 60, 75.5, 100, 120, 117.25 pt
    let generator = ScenarioRecipe.generatorWithMetrics(maxSections: 2, maxItems: 120, maxEdits: 8)
      .map { recipe -> ScenarioRecipe in
        var r = recipe
        while r.options.count < 15 { r.options.append(0) }
        let w = widthCodes[r.options[14] % widthCodes.count]
        func equalWidth(_ code: Int) -> Int { w + ScenarioRecipe.widths.count * ((code / 17) % 7) }
        r.options[0] = LayoutVariant.allCases.firstIndex(of: flows[r.options[0] % 3])!
        r.options[1] = 1  // own sizes
        r.options[3] = 0  // no line limit
        r.sections = r.sections.map { codes in
          codes.enumerated().map { i, c in i == 2 ? 0 : (i < 3 ? c : equalWidth(c)) }
        }
        r.edits = r.edits.map { edit in
          edit.enumerated().map { i, c in i == 3 && c % 10 != 0 ? equalWidth(c) : c }
        }
        return r
      }
    await propertyCheck(count: max(DifferentialCorpus.propertyRuns / 2, 20), input: generator) {
      recipe in
      DifferentialRun.check(recipe)
    }
  }

  /// Column flows (`autosizingColumnFlow`, `keyValueColumnFlow`, `multiColumn`; 1–4 columns),
  /// which the fast engine keeps as equal-width lines by phase from their first insertion or
  /// removal (`EqualWidthLines` with the own widths kept beside the heights, leaves of 1–6
  /// items): insertions, deletions, moves, resizes and batches of them.
  @Test(.shrinking)
  func columnFlowScenarios() async {
    await Self.check(
      variants: [.autosizingColumnFlow, .keyValueColumnFlow, .multiColumn], sizing: nil)
  }

  /// Closed forms that ignore the items' sizes (`itemSize`, `numberOfColumns`, scaled by a
  /// minimum size), whose sizes the fast engine keeps in leaves of 1–6 items from a section's
  /// first insertion or removal (`UniformLines.keptSizes`): insertions, deletions, moves,
  /// resizes, batches, width and width-class changes and section moves (which read the kept
  /// sizes back).
  @Test(.shrinking)
  func closedFormScenarios() async {
    await Self.check(variants: [.horizontalFlow, .vertical], sizing: [0, 2, 3])
  }

  /// Random scenarios (two sections of up to 120 items, 8 edits) in one of `variants`, the
  /// item-size option one of `sizing` (itemSize 0, own sizes 1, columns 2, scaled 3) when given.
  static func check(variants: [LayoutVariant], sizing: [Int]?) async {
    let generator = ScenarioRecipe.generatorWithMetrics(maxSections: 2, maxItems: 120, maxEdits: 8)
      .map { recipe -> ScenarioRecipe in
        var r = recipe
        while r.options.count < 15 { r.options.append(0) }
        r.options[0] = LayoutVariant.allCases.firstIndex(of: variants[r.options[0] % variants.count])!
        if let sizing { r.options[1] = sizing[r.options[1] % sizing.count] }
        return r
      }
    await propertyCheck(count: max(DifferentialCorpus.propertyRuns / 2, 20), input: generator) {
      recipe in
      DifferentialRun.check(recipe)
    }
  }

  /// Over a thousand sections, with batches that mostly join many section insertions and
  /// deletions (the fast engine merges more than eight in one pass) with item edits. A seeded
  /// loop, not a shrinking property: shrinking a thousand sections takes longer than a CI run,
  /// and a failure prints its recipe, which reproduces it.
  @Test func manySections() {
    let edit = Gen.int(in: 0...9999).array(of: 5).map { codes in
      // Kinds: section delete / insert (most), item insert / resize; joined to the previous
      // edit's batch nine times in ten.
      [[4, 5, 4, 5, 4, 5, 4, 5, 1, 3][codes[0] % 10], codes[1], codes[2], codes[3],
       codes[4] % 10 == 0 ? 0 : 1]
    }
    let recipes = zip(
      Gen.int(in: 0...9999).array(of: ScenarioRecipe.optionCount),
      Gen.int(in: 0...9999).array(of: 4...7).array(of: 1_000...1_050),
      edit.array(of: 0...30)
    ).map { ScenarioRecipe(options: $0, sections: $1, edits: $2) }
    var rng = Xoshiro(seed: (0x5ec7, 0x1085, 0x3e26, 0x0001))
    for _ in 0..<max(DifferentialCorpus.propertyCount / 500, 4) {
      DifferentialRun.check(recipes.run(using: &rng))
    }
  }

  /// Over a thousand sections (pages of 1–6 items), with random batches mixing every edit kind:
  /// item deletes, inserts, moves (across sections), resizes (and resizes to the same size),
  /// section deletes, inserts and moves, width and height changes. Half the recipes join long
  /// runs of section insertions and deletions into one batch, the others join edits one time in
  /// three. A seeded loop, like `manySections`. (Written on the `sections` branch for its page
  /// tree; kept on main for the page list.)
  @Test func manySectionsEveryEditKind() {
    let mixed = Gen.int(in: 0...9999).array(of: 5).map { codes in
      [[0, 1, 2, 3, 4, 5, 4, 5, 8, 3, 0, 1, 2, 4, 5, 6, 7, 2, 0, 1][codes[0] % 20], codes[1],
       codes[2], codes[3], codes[4]]
    }
    // Joined to the next edit (code 1: ≡ 1 mod 3, not ≡ 10 mod 11) except every 97th.
    let long = Gen.int(in: 0...9999).array(of: 5).map { codes in
      [[4, 5, 4, 5, 4, 5, 0, 1, 2, 3][codes[0] % 10], codes[1], codes[2], codes[3],
       codes[4] % 97 == 0 ? 0 : 1]
    }
    let mixedRecipes = zip(
      Gen.int(in: 0...9999).array(of: ScenarioRecipe.optionCount),
      Gen.int(in: 0...9999).array(of: 2...6).array(of: 1_000...1_040),
      mixed.array(of: 10...40)
    ).map { ScenarioRecipe(options: $0, sections: $1, edits: $2) }
    let longRecipes = zip(
      Gen.int(in: 0...9999).array(of: ScenarioRecipe.optionCount),
      Gen.int(in: 0...9999).array(of: 2...6).array(of: 1_000...1_040),
      long.array(of: 100...160)
    ).map { ScenarioRecipe(options: $0, sections: $1, edits: $2) }
    // One of each in every corpus: each compares ~1 000 sections after every batch (3 s for both
    // in a debug build here), and CI runs this suite under both sanitizers as well.
    var rng = Xoshiro(seed: (0x5ec7, 0x1085, 0x3e26, 0x0002))
    DifferentialRun.check(mixedRecipes.run(using: &rng))
    DifferentialRun.check(longRecipes.run(using: &rng))
  }

  /// A deterministic seeded corpus of larger scenarios, behind `FLOWLAYOUT_DIFF_CORPUS`.
  @Test(.enabled(if: DifferentialCorpus.seededCount > 0))
  func seededCorpus() {
    var rng = Xoshiro(seed: (0x5eed, 0xf10a, 0x1a70, 0x07e5))
    let generator = ScenarioRecipe.generatorWithMetrics(maxSections: 6, maxItems: 400, maxEdits: 24)
    for _ in 0..<DifferentialCorpus.seededCount {
      let recipe = generator.run(using: &rng)
      DifferentialRun.check(recipe)
    }
  }

  /// The generators reach every page target 1–6 (a recipe's page target is its option 14; when
  /// the generators drew 14 options it was always 1).
  @Test func generatorsReachEveryPageTarget() {
    var rng = Xoshiro(seed: (0x9a6e, 0x7a56, 0x0e75, 0x0001))
    let plain = ScenarioRecipe.generator()
    let withMetrics = ScenarioRecipe.generatorWithMetrics()
    var reached: Set<Int> = []
    for _ in 0..<300 {
      reached.insert(plain.run(using: &rng).pageTarget)
      reached.insert(withMetrics.run(using: &rng).pageTarget)
    }
    #expect(reached == Set(1...6))
  }

  /// Shrunk failures found by the properties, kept as named cases.
  @Test(arguments: RegressionCases.all)
  func regression(_ named: RegressionCases.Named) {
    DifferentialRun.check(named.recipe)
  }
}
