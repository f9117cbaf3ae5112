import ArgumentParser
import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowlayout session`: a long-lived layout driven by JSON Lines on stdin, one JSON answer line
/// per request on stdout (`docs/session.md`). A bad request is answered with `{"error": …}` and
/// the session goes on; it ends at the end of stdin, or with status 1 when stdout cannot be
/// written (closed).
struct SessionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "session",
    abstract: "Drive a live layout with JSON Lines requests on stdin (see docs/session.md).",
    discussion: """
      Each line is one JSON object with one key, the request: \
      \(LayoutSession<FastFlowLayout>.requests.joined(separator: ", ")). \
      One answer line per request; blank lines are skipped. A line is checked as it arrives: \
      at the first byte no request can hold, the rest of the line is skipped unread and the \
      line is answered with the error. A closed stdout ends the session with status 1.
      """)

  @Option(name: .long, help: "The layout engine: 'fast' or 'reference'.")
  var engine: String = "fast"

  @Option(
    name: .long,
    help: "Answer a request line longer than this many bytes with an error (default 1 GiB).")
  var maxInputBytes: String?

  func run() throws {
    do throws(LayoutError) {
      let type = try LayoutCommand.engineType(named: engine)
      // A closed stdout is a failed write (EPIPE), reported, not a SIGPIPE death.
      signal(SIGPIPE, SIG_IGN)
      try Self.serve(type, maximumBytes: try DocumentInput.maximumBytes(maxInputBytes))
    } catch {
      LayoutCommand.reportError(error.description)
      throw ExitCode.failure
    }
  }

  /// Answers every line of stdin with engine `E`.
  ///
  /// - Throws: `.invalidDocument(field: "stdout", …)` when an answer cannot be written,
  ///   `field: "stdin"` when stdin cannot be read.
  static func serve<E: LayoutEngine>(_ type: E.Type, maximumBytes: Int) throws(LayoutError) {
    var session = LayoutSession<E>()
    var requests = RequestInput(maximumBytes: maximumBytes)
    while let line = try requests.next() {
      let answer: String
      var large = false
      switch line {
      case .bytes(let bytes):
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        large = bytes.count >= releaseAfterBytes
        answer = session.answer(bytes: bytes)
      case .refused(let prefix):
        // The bytes up to the refused one give the whole line's error (`JSONStreamCheck`); a
        // refused request changes nothing.
        answer = session.answer(bytes: prefix)
      case .tooLong:
        answer = #"{"error":"request: longer than \#(maximumBytes) bytes (--max-input-bytes)"}"#
      }
      var bytes = Array(answer.utf8)
      bytes.append(UInt8(ascii: "\n"))
      // Before the answer: a client that reads the RSS when answered sees it released.
      if large { releaseFreedMemory() }
      if let failure = LayoutCommand.write(bytes, to: STDOUT_FILENO) {
        throw .invalidDocument(field: "stdout", reason: "cannot write: \(failure)")
      }
    }
  }

  /// A request line of at least this many bytes (an `open`, a batch of ~10⁵ edits) is followed
  /// by `releaseFreedMemory()`.
  static let releaseAfterBytes = 1 << 20

  /// Gives the pages of freed heap memory back to the system at once. jemalloc (which
  /// `flowlayout` links) keeps freed pages resident for up to 10 s (`dirty_decay_ms`), so what a
  /// large request's temporaries freed (the line, its parse, the storage a batch replaced) held
  /// a session's RSS after `open` at 1.5–2× its live bytes (issue 33, item 6). Nothing under
  /// another malloc. O(freed extents): called only after a request of `releaseAfterBytes`,
  /// whose own reading costs more.
  static func releaseFreedMemory() {
    JemallocStatistics()?.purgeFreedPages()
  }
}

/// The request lines of stdin, each checked as its bytes arrive (`JSONStreamCheck`, as
/// `flowlayout layout` reads a document): a line is held only while it can still be a request.
/// At the first byte no request can hold, the bytes up to it are kept (their decoding gives the
/// whole line's error) and the rest of the line is read and dropped; a line longer than
/// `maximumBytes` is dropped as it is read. No repair of invalid UTF-8 (the decoder refuses it).
struct RequestInput {
  private let fd: Int32
  private let maximumBytes: Int
  /// Bytes read past the end of the last line (at most one chunk).
  private var chunk: [UInt8] = []
  private var start = 0
  private var atEnd = false

  init(fd: Int32 = STDIN_FILENO, maximumBytes: Int) {
    self.fd = fd
    self.maximumBytes = maximumBytes
  }

  /// One line of input.
  enum Line {
    /// A line that may be a request (the stream check refused none of its bytes).
    case bytes([UInt8])
    /// A line with a byte no request can hold: its bytes up to and including that byte.
    case refused([UInt8])
    /// A line longer than the limit.
    case tooLong
  }

  /// The next line without its `\n`, or `nil` at the end of input.
  ///
  /// - Complexity: O(l) for the l bytes of the line; memory: the bytes held (at most
  ///   `maximumBytes`, as the array grows), plus one 64 KiB chunk.
  /// - Throws: `.invalidDocument(field: "stdin", …)` when stdin cannot be read.
  mutating func next() throws(LayoutError) -> Line? {
    var line: [UInt8] = []
    var check = JSONStreamCheck()
    var refused: [UInt8]?
    var tooLong = false
    var read = 0
    while true {
      if start == chunk.count {
        if atEnd { break }
        try refill()
        continue
      }
      let rest = chunk[start...]
      let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
      let part = chunk[start..<(newline ?? chunk.count)]
      start = newline.map { $0 + 1 } ?? chunk.count
      read += part.count
      if refused == nil, !tooLong {
        if read > maximumBytes {
          tooLong = true
          line = []
        } else if let bad = part.withUnsafeBytes({ check.check($0) }) {
          line.append(contentsOf: part[part.startIndex...(part.startIndex + bad)])
          refused = line
          line = []
        } else {
          line.append(contentsOf: part)
        }
      }
      if newline != nil { return result(line, refused, tooLong) }
    }
    guard read > 0 || refused != nil || tooLong else { return nil }
    return result(line, refused, tooLong)
  }

  private func result(_ line: [UInt8], _ refused: [UInt8]?, _ tooLong: Bool) -> Line {
    if tooLong { return .tooLong }
    if let refused { return .refused(refused) }
    return .bytes(line)
  }

  /// Reads the next chunk of stdin into `chunk` (empty at the end of input).
  private mutating func refill() throws(LayoutError) {
    chunk.removeAll(keepingCapacity: true)
    start = 0
    chunk.append(contentsOf: repeatElement(0, count: DocumentInput.chunkSize))
    while true {
      let count = chunk.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress!, DocumentInput.chunkSize)
      }
      if count < 0 {
        if errno == EINTR { continue }
        chunk.removeAll(keepingCapacity: true)
        throw .invalidDocument(
          field: "stdin", reason: "cannot read: \(String(cString: strerror(errno)))")
      }
      chunk.removeLast(DocumentInput.chunkSize - count)
      if count == 0 { atEnd = true }
      return
    }
  }
}
