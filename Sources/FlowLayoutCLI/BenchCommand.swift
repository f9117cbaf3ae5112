import ArgumentParser

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "bench", abstract: "Not yet implemented.")
  func run() throws { throw ValidationError("flowlayout bench is not implemented yet") }
}
