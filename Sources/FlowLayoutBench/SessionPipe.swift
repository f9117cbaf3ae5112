#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `flowlayout session` child process driven through its stdin and stdout, one request line
/// and one answer line at a time, as a client app would drive it.
///
/// Every wait for an answer is bounded (`timeoutSeconds`): a child that stops answering is
/// killed and the exchange throws, so a replay never hangs.
public final class SessionPipe {
  public enum Failure: Error, CustomStringConvertible {
    case start(String)
    case write(String)
    case read(String)

    public var description: String {
      switch self {
      case .start(let m): "cannot start the session: \(m)"
      case .write(let m): "cannot write a request: \(m)"
      case .read(let m): "no answer: \(m)"
      }
    }
  }

  private let process: ChildProcess
  private var buffer: [UInt8] = []
  private var scanned = 0
  public let timeoutSeconds: Double

  /// The child's process id.
  public var pid: Int32 { process.pid }

  /// Starts `executable arguments` (e.g. `flowlayout session --engine fast`) with
  /// `environment`; its stderr goes to this process's.
  ///
  /// - Throws: `Failure.start` when it cannot be started.
  public init(
    executable: String, arguments: [String], environment: [String: String],
    timeoutSeconds: Double = 300
  ) throws {
    self.timeoutSeconds = timeoutSeconds
    // A child that died must not kill the runner with SIGPIPE on the next write.
    signal(SIGPIPE, SIG_IGN)
    do {
      process = try ChildProcess(
        executable: executable, arguments: arguments, environment: environment, stdin: .pipe,
        stdout: .pipe)
    } catch { throw Failure.start(error.description) }
    buffer.reserveCapacity(1 << 16)
  }

  deinit { finish() }

  /// Sends one request line and returns its answer line (without the newline).
  ///
  /// - Throws: `Failure.write` or `Failure.read` (the child is then killed).
  /// - Complexity: O(b) for b bytes of request and answer, plus the child's time.
  public func exchange(_ line: [UInt8]) throws -> ArraySlice<UInt8> {
    try send(line)
    return try receive()
  }

  /// Writes `line` and a newline as they are (not copied into one array first: a restore's
  /// 5.5 MB line copied in the timed frame cost the runner ~1 ms of its own).
  private func send(_ line: [UInt8]) throws {
    let fd = process.input
    var newline = UInt8(ascii: "\n")
    let total = line.count + 1
    var sent = 0
    while sent < total {
      let n = line.withUnsafeBytes { bytes in
        withUnsafeMutablePointer(to: &newline) { newline in
          if sent >= bytes.count { return write(fd, newline, 1) }
          var parts = [
            iovec(
              iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress! + sent),
              iov_len: bytes.count - sent),
            iovec(iov_base: UnsafeMutableRawPointer(newline), iov_len: 1),
          ]
          return writev(fd, &parts, 2)
        }
      }
      if n < 0 {
        if errno == EINTR { continue }
        let message = String(cString: strerror(errno))
        kill()
        throw Failure.write(message)
      }
      sent += n
    }
  }

  private func receive() throws -> ArraySlice<UInt8> {
    // Drop the answer returned last time.
    if scanned > 0 {
      buffer.removeFirst(scanned)
      scanned = 0
    }
    let fd = process.output
    var searched = 0
    while true {
      if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        scanned = newline + 1
        return buffer[..<newline]
      }
      searched = buffer.count
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(timeoutSeconds * 1000))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else {
        kill()
        throw Failure.read("no answer within \(Int(timeoutSeconds)) s")
      }
      let chunk = 1 << 16
      let old = buffer.count
      buffer.append(contentsOf: repeatElement(0, count: chunk))
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, chunk) }
      buffer.removeLast(chunk - max(n, 0))
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        kill()
        throw Failure.read("the session ended (stdout closed)")
      }
    }
  }

  /// `VmRSS` and `VmHWM` of the child now.
  public func resident() -> (now: Int, peak: Int)? { ProcessMemory.resident(pid: pid) }

  /// `VmRSS`, `VmHWM` and `RssAnon` of the child now.
  public func memoryStatus() -> (now: Int, peak: Int, anonymous: Int?)? {
    ProcessMemory.status(pid: pid)
  }

  private func kill() {
    if process.isRunning { process.signal(SIGTERM) }
  }

  /// Closes the child's stdin (the session ends at its end) and waits for it, at most
  /// `timeoutSeconds`, then kills it.
  public func finish() {
    process.closeInput()
    let deadline = MonotonicClock.now() + UInt64(timeoutSeconds * 1e9)
    while process.isRunning && MonotonicClock.now() < deadline { usleep(1_000) }
    kill()
    process.wait()
  }
}
