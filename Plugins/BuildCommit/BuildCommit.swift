// Stamps the `flowlayout` executable with the commit it was built from, so that a result names
// the code that produced it, not the commit checked out when it ran (an older binary run in a
// newer tree used to record the newer commit).
//
// A build command: `/bin/sh` runs `git` in the package directory and writes `BuildCommit.swift`
// (`let buildCommit = "<sha>"`, with `-dirty` when tracked files have changes, "unknown"
// without git), replacing the file only when its text changes, so an unchanged stamp recompiles
// nothing. Its inputs are what moves the stamp: the git directory's `HEAD` and its log (a
// commit, checkout or reset writes them) and every source file of the package (an edit makes
// the tree dirty). A prebuild command would not do: SwiftPM runs those only when it plans the
// build again, which an edit or a commit does not cause.
import Foundation
import PackagePlugin

@main
struct BuildCommit: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
    let script = """
      cd "$1" || exit 1
      commit=$(git rev-parse HEAD 2>/dev/null) || commit=unknown
      if [ "$commit" != unknown ] && [ -n "$(GIT_OPTIONAL_LOCKS=0 git status --porcelain \\
        --untracked-files=no 2>/dev/null | head -n 1)" ]; then
        commit="$commit-dirty"
      fi
      printf '/// The commit this executable was built from (Plugins/BuildCommit).\\n' > "$2.new"
      printf 'let buildCommit = "%s"\\n' "$commit" >> "$2.new"
      if cmp -s "$2.new" "$2"; then rm -f "$2.new"; else mv "$2.new" "$2"; fi
      """
    var inputs = context.package.targets.compactMap { $0.sourceModule }
      .flatMap { $0.sourceFiles.map(\.url) }
    inputs.append(root.appending(path: "Package.swift"))
    if let gitDirectory = Self.gitDirectory(of: root) {
      for name in ["HEAD", "logs/HEAD"] {
        let file = gitDirectory.appending(path: name)
        if FileManager.default.fileExists(atPath: file.path()) { inputs.append(file) }
      }
    }
    return [
      .buildCommand(
        displayName: "Stamping the build's commit",
        executable: URL(filePath: "/bin/sh"),
        arguments: ["-c", script, "sh", root.path(), output.path()],
        inputFiles: inputs, outputFiles: [output])
    ]
  }

  /// The checkout's git directory: `.git`, or where a worktree's `.git` file points.
  static func gitDirectory(of root: URL) -> URL? {
    let dotGit = root.appending(path: ".git")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dotGit.path(), isDirectory: &isDirectory) else {
      return nil
    }
    if isDirectory.boolValue { return dotGit }
    guard let text = try? String(contentsOf: dotGit, encoding: .utf8),
      let line = text.split(separator: "\n").first, line.hasPrefix("gitdir: ")
    else { return nil }
    let path = String(line.dropFirst("gitdir: ".count))
    return path.hasPrefix("/") ? URL(filePath: path) : root.appending(path: path)
  }
}
