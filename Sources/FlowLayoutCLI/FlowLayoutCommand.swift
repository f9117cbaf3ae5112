import ArgumentParser

/// `flowlayout`: lay out, benchmark, profile and render Fiori collection-view layouts.
@main
struct FlowLayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flowlayout",
    abstract: "Fiori collection-view flow layouts: lay out, benchmark, profile, render.",
    subcommands: [
      LayoutCommand.self, SessionCommand.self, BenchCommand.self, ProfileCommand.self,
      RenderCommand.self,
    ])
}
