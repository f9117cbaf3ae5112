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
    // Paged sections (page target 1): a move into section 1 was located through page trees
    // left stale by section 0's page changes in the same batch.
    Named(
      name: "a page change in one section moves the pages of the next",
      recipe: ScenarioRecipe(
        options: [0, 253, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        sections: [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5635], [0, 0, 0, 0, 22], []],
        edits: [[429, 130, 1, 4206, 0], [2222, 0, 0, 1096, 0]])),
    // A resize in section 1 was keyed by its global page index, which section 0's emptied
    // (and removed) page shifted before the resize was laid out.
    Named(
      name: "resized pages are keyed by their place in the section",
      recipe: ScenarioRecipe(
        options: [283, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        sections: [[0, 0, 0, 1232, 0], [0, 0, 0, 0]],
        edits: [[2193, 3, 0, 9, 0], [0, 0, 0, 0, 550]])),
  ]
}
