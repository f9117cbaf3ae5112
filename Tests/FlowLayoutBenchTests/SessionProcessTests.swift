import FlowLayoutBench
import FlowLayoutTestSupport
import Foundation
import Testing

/// A `flowlayout session` process as a user starts it (issue 33, items 5 and 6): which shared
/// libraries it loads, and that the memory a large request line took is given back after its
/// answer. Also `ChildProcess`, the runner's way of starting children.
@Suite struct SessionProcessTests {
  static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return environment
  }

  /// A `flowlayout session` child with a one-item document open.
  static func openedSession(timeoutSeconds: Double) throws -> SessionPipe {
    let url = try #require(FlowLayoutBinary.url)
    let pipe = try SessionPipe(
      executable: url.path, arguments: ["session"], environment: Self.environment,
      timeoutSeconds: timeoutSeconds)
    let open =
      #"{"open": {"layout": "vertical", "width": 100, "sections": [{"items": [[10, 10]]}]}}"#
    let answer = String(decoding: try pipe.exchange(Array(open.utf8)), as: UTF8.self)
    #expect(answer.hasPrefix(#"{"contentSize":[100,"#), "\(answer)")
    return pipe
  }

  /// Whether process `pid` runs under a sanitizer: AddressSanitizer and ThreadSanitizer reserve
  /// terabytes of shadow address space (`VmSize` in `/proc/PID/status`), and their allocators,
  /// not jemalloc or glibc's malloc, hold the freed memory.
  static func isSanitized(_ pid: Int32) throws -> Bool {
    let status = try #require(ProcessMemory.readFile("/proc/\(pid)/status", limit: 1 << 16))
    let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first {
      $0.hasPrefix("VmSize:")
    }
    let fields = line?.split(whereSeparator: { $0 == " " || $0 == "\t" }) ?? []
    let kib = fields.count > 1 ? Int(fields[1]) : nil
    return try #require(kib) > 1 << 30  // over 1 TiB
  }

  /// `Sanitizers.areActive` (which picks the smaller size of the largest test cases) tells a
  /// sanitized test process from a plain one as its shadow address space does: true in CI's
  /// AddressSanitizer and ThreadSanitizer runs, false in the plain one.
  @Test func sanitizersAreDetected() throws {
    #if os(Linux)
      #expect(Sanitizers.areActive == (try Self.isSanitized(getpid())))
    #endif
  }

  /// The mapped files of process `pid` (`/proc/PID/maps`' paths).
  static func mappedFiles(_ pid: Int32) throws -> Set<String> {
    let maps = try #require(ProcessMemory.readFile("/proc/\(pid)/maps", limit: 1 << 24))
    return Set(
      String(decoding: maps, as: UTF8.self).split(separator: "\n").compactMap { line in
        line.firstIndex(of: "/").map { String(line[$0...]) }
      })
  }

  /// No full Foundation: the process maps neither `libFoundation.so` nor
  /// `FoundationInternationalization` nor ICU (their loading and relocation cost every
  /// command ~3 ms and ~6 MB of RSS at start); `FoundationEssentials` at most.
  @Test(.enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build`"))
  func sessionLoadsNoFullFoundation() throws {
    #if os(Linux)
      let pipe = try Self.openedSession(timeoutSeconds: 60)
      let files = try Self.mappedFiles(pipe.pid)
      #expect(files.contains { $0.hasSuffix("/flowlayout") })
      let names = files.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
      for library in [
        "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
      ] {
        #expect(!names.contains(library), "\(library) is loaded: \(files.sorted())")
      }
      pipe.finish()
    #endif
  }

  /// A 12 MiB request line (an `open` whose document carries a 12 MiB string under an unknown
  /// key: refused, after it was read whole) is freed and its pages returned once answered,
  /// before the next line: the child's own memory (`RssAnon`) at the next answer is a fraction
  /// of the line, under jemalloc (which keeps freed pages for 10 s unless purged) as under
  /// glibc's malloc (`malloc_trim`).
  @Test(.enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build`"))
  func largeLineIsReleasedAfterItsAnswer() throws {
    #if os(Linux)
      let pipe = try Self.openedSession(timeoutSeconds: 120)
      let size = 12 << 20
      var line = Array(#"{"open": {"layout": "vertical", "width": 100, "note": ""#.utf8)
      line.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: size))
      line.append(contentsOf: Array(#"", "sections": [{"items": [[10, 10]]}]}}"#.utf8))
      let answer = String(decoding: try pipe.exchange(line), as: UTF8.self)
      #expect(answer.hasPrefix(#"{"error":"open.note: unknown key"#), "\(answer)")
      // The session goes on, its document as it was; the line was released before this answer.
      let next = try pipe.exchange(Array(#"{"contentSize": null}"#.utf8))
      #expect(String(decoding: next, as: UTF8.self).hasPrefix(#"{"contentSize":[100,"#))
      let memory = try #require(pipe.memoryStatus())
      let own = try #require(memory.anonymous)
      // The peak held the line at least; by the next answer it is gone (a debug build's own
      // memory is ~3 MiB besides).
      #expect(memory.peak > size)
      // (Under a sanitizer CI runs the suite with, its allocator keeps what was freed.)
      if try !Self.isSanitized(pipe.pid) {
        #expect(own < size / 2, "RssAnon \(own) after a \(size)-byte line")
      }
      pipe.finish()
    #endif
  }

  /// `ChildProcess`: arguments, environment, piped streams read to their ends, exit status.
  @Test func childProcessRunsAndReports() throws {
    #if os(Linux)
      let child = try ChildProcess(
        executable: "/bin/sh",
        arguments: ["-c", #"printf "%s|%s" "$1" "$GREETING"; echo oops >&2; exit 3"#, "sh", "a b"],
        environment: ["GREETING": "hello"], stdin: .discard, stdout: .pipe, stderr: .pipe)
      let (status, output, errors) = child.readToEnd()
      #expect(status == 3)
      #expect(String(decoding: output, as: UTF8.self) == "a b|hello")
      #expect(String(decoding: errors, as: UTF8.self) == "oops\n")
      #expect(!child.isRunning)
      #expect(throws: ChildProcess.StartFailure.self) {
        try ChildProcess(executable: "/nonexistent/flowlayout-test", arguments: [])
      }
    #endif
  }
}
