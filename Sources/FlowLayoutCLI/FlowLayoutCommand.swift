import ArgumentParser

/// `flowlayout`: lay out, benchmark, profile and render Fiori collection-view layouts.
@main
struct FlowLayoutCommand: ParsableCommand {
  /// What `flowlayout --version` prints: the package's version (no release yet).
  static let version = "flowlayout 0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "flowlayout",
    abstract: "Fiori collection-view flow layouts: lay out, benchmark, profile, render.",
    version: FlowLayoutCommand.version,
    subcommands: [
      LayoutCommand.self, SessionCommand.self, BenchCommand.self, ProfileCommand.self,
      RenderCommand.self, SoakCommand.self,
    ])
}
