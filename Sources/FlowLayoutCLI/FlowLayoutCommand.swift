import ArgumentParser
import FlowLayoutBench

/// `flowlayout`: lay out, benchmark, profile and render Fiori collection-view layouts.
@main
struct FlowLayoutCommand: ParsableCommand {
  /// What `flowlayout --version` prints: the package's version (no release yet) and the commit
  /// the executable was built from.
  static let version = "flowlayout 0.1.0 (\(commit))"

  /// The commit this executable was built from (`Plugins/BuildCommit`), `-dirty` when tracked
  /// files had changes; the checked-out commit when the build could not tell (no git then).
  /// Results name it: an older binary run in a newer tree records its own commit.
  static let commit = buildCommit == "unknown" ? MachineDescription.gitCommit() : buildCommit

  static let configuration = CommandConfiguration(
    commandName: "flowlayout",
    abstract: "Fiori collection-view flow layouts: lay out, benchmark, profile, render.",
    version: FlowLayoutCommand.version,
    subcommands: [
      LayoutCommand.self, SessionCommand.self, BenchCommand.self, ProfileCommand.self,
      RenderCommand.self, SoakCommand.self,
    ])
}
