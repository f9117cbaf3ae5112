import ArgumentParser

struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "render", abstract: "Not yet implemented.")
  func run() throws { throw ValidationError("flowlayout render is not implemented yet") }
}
