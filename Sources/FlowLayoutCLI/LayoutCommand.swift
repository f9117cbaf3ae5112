import ArgumentParser

struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "layout", abstract: "Not yet implemented.")
  func run() throws { throw ValidationError("flowlayout layout is not implemented yet") }
}
