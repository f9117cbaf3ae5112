import Testing

/// Shrunk failures of the differential properties, each named for the bug it caught. A case
/// stays after the fix so the bug cannot come back.
enum RegressionCases {
  struct Named: Sendable, CustomTestStringConvertible {
    var name: String
    var recipe: ScenarioRecipe
    var testDescription: String { name }
  }

  static let all: [Named] = [
    Named(
      name: "empty input",
      recipe: ScenarioRecipe(options: [], sections: [], edits: [])),
    // Inserting a 50 pt item at the start of line 1 let line 0 (290 pt of 375) absorb it; the
    // fast core re-broke from the inserted item's own line and kept line 0 as it was.
    Named(
      name: "insert lets the previous line absorb the next item",
      recipe: ScenarioRecipe(
        options: [0, 989, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        sections: [[0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
        edits: [[951, 0, 8042, 0, 0]])),
  ]
}
