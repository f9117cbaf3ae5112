// Stamps the `flowlayout` executable with the commit it was built from, so that a result names
// the code that produced it, not the commit checked out when it ran (an older binary run in a
// newer tree used to record the newer commit).
//
// A prebuild command: `/bin/sh` runs `git` in the package directory before every build and
// writes `BuildCommit.swift` (`let buildCommit = "<sha>"`, with `-dirty` when tracked files
// have changes, "unknown" without git), replacing the file only when its text changes, so an
// unchanged commit recompiles nothing.
import Foundation
import PackagePlugin

@main
struct BuildCommit: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "Stamp")
    let script = """
      cd "$1" || exit 1
      commit=$(git rev-parse HEAD 2>/dev/null) || commit=unknown
      if [ "$commit" != unknown ] \\
        && [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null | head -n 1)" ]; then
        commit="$commit-dirty"
      fi
      mkdir -p "$2" || exit 1
      printf '/// The commit this executable was built from (Plugins/BuildCommit).\\n' > "$2/new"
      printf 'let buildCommit = "%s"\\n' "$commit" >> "$2/new"
      if cmp -s "$2/new" "$2/BuildCommit.swift"; then rm -f "$2/new"
      else mv "$2/new" "$2/BuildCommit.swift"; fi
      """
    return [
      .prebuildCommand(
        displayName: "Stamping the build's commit",
        executable: URL(filePath: "/bin/sh"),
        arguments: ["-c", script, "sh", context.package.directoryURL.path(), output.path()],
        outputFilesDirectory: output)
    ]
  }
}
