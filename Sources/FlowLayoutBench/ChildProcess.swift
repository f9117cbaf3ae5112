#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn(3)`: its standard streams each inherited,
/// a pipe to or from this process, or `/dev/null`.
///
/// The runner starts its children (the `flowlayout session` of a pipe replay, the peer script,
/// `git` and `swift --version`) through this type rather than Foundation's `Process`, so that
/// `flowlayout` needs no full Foundation (nor ICU) loaded at its start (issue 33, item 5).
/// Pipes are made close-on-exec, so a child holds only its own ends. A child not waited for is
/// killed and reaped when this value goes away: no zombie, no orphan.
public final class ChildProcess {
  /// What one of the child's standard streams is connected to.
  public enum Stream: Sendable {
    case inherit
    case pipe
    case discard
  }

  /// The child could not be started.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The child's process id.
  public let pid: pid_t
  /// This process's end of each piped stream (write end of stdin, read ends of stdout and
  /// stderr), -1 when that stream is not piped or was closed.
  public private(set) var input: Int32 = -1
  public private(set) var output: Int32 = -1
  public private(set) var errors: Int32 = -1
  /// The child's status once reaped: its exit status, or 128 + the signal that ended it.
  public private(set) var status: Int32?

  /// Starts `executable` (a path; no search of `PATH`) with `arguments` (without argv[0]) and
  /// `environment` (`nil`: this process's).
  ///
  /// - Throws: `StartFailure` with the system's reason when a pipe or the spawn fails.
  public init(
    executable: String, arguments: [String], environment: [String: String]? = nil,
    stdin: Stream = .inherit, stdout: Stream = .inherit, stderr: Stream = .inherit
  ) throws(StartFailure) {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // (this process's end, the child's end) per piped stream, both close-on-exec.
    var ends: [(Int32, Int32)] = []
    func fail(_ what: String) -> StartFailure {
      let reason = String(cString: strerror(errno))
      for (mine, theirs) in ends {
        close(mine)
        close(theirs)
      }
      return StartFailure(description: "\(executable): \(what): \(reason)")
    }
    var mine: [Int32] = [-1, -1, -1]
    for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
      switch stream {
      case .inherit: break
      case .discard:
        posix_spawn_file_actions_addopen(
          &actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
      case .pipe:
        var pair: [Int32] = [-1, -1]
        guard pipe(&pair) == 0 else { throw fail("pipe") }
        for end in pair { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // pair[0] reads, pair[1] writes; the child gets the read end of its stdin.
        let (parent, child) = fd == 0 ? (pair[1], pair[0]) : (pair[0], pair[1])
        ends.append((parent, child))
        mine[Int(fd)] = parent
        posix_spawn_file_actions_adddup2(&actions, child, fd)
      }
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    let envp =
      (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
      + [nil]
    defer { for p in envp { free(p) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
    guard spawned == 0 else {
      errno = spawned
      throw fail("cannot start")
    }
    for (_, theirs) in ends { close(theirs) }
    pid = child
    (input, output, errors) = (mine[0], mine[1], mine[2])
  }

  deinit {
    closeInput()
    if status == nil {
      kill(pid, SIGKILL)
      _ = wait()
    }
    for fd in [output, errors] where fd >= 0 { close(fd) }
  }

  /// Closes the child's stdin (a child reading it sees its end).
  public func closeInput() {
    if input >= 0 {
      close(input)
      input = -1
    }
  }

  /// Whether the child has not ended yet (reaps it if it has).
  public var isRunning: Bool {
    guard status == nil else { return false }
    var raw: Int32 = 0
    let result = waitpid(pid, &raw, WNOHANG)
    guard result == pid else { return result == 0 }
    status = Self.decode(raw)
    return false
  }

  /// Waits for the child to end and returns its status (exit status, or 128 + signal).
  @discardableResult
  public func wait() -> Int32 {
    if let status { return status }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 {
      guard errno == EINTR else {
        status = -1
        return -1
      }
    }
    let decoded = Self.decode(raw)
    status = decoded
    return decoded
  }

  /// Sends `signal` to the child if it has not been reaped.
  public func signal(_ signal: Int32 = SIGTERM) {
    if status == nil { kill(pid, signal) }
  }

  /// Reads the piped stdout and stderr to their ends (both at once: a child filling one pipe
  /// never blocks on it), closes them, and waits for the child.
  ///
  /// - Returns: the child's status and everything it wrote on each stream.
  public func readToEnd() -> (status: Int32, output: [UInt8], errors: [UInt8]) {
    closeInput()
    var collected: [[UInt8]] = [[], []]
    var fds = [output, errors]
    while fds.contains(where: { $0 >= 0 }) {
      var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&polled, nfds_t(polled.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      for k in fds.indices where fds[k] >= 0 && polled[k].revents != 0 {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = chunk.withUnsafeMutableBytes { read(fds[k], $0.baseAddress!, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 {
          close(fds[k])
          fds[k] = -1
        } else {
          collected[k].append(contentsOf: chunk[..<n])
        }
      }
    }
    for fd in fds where fd >= 0 { close(fd) }
    (output, errors) = (-1, -1)
    return (wait(), collected[0], collected[1])
  }

  private static func decode(_ raw: Int32) -> Int32 {
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (macros).
    let signal = raw & 0x7F
    return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
  }
}
