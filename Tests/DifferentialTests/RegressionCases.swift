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
  ]
}
