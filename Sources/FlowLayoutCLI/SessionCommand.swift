import ArgumentParser
import CJemalloc
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
    requests.widenPipe()
    // This thread's freed bytes so far (jemalloc's own counter, read in place: O(1); `nil`
    // under another malloc, where only large lines trigger a release).
    let freed = allocator?.threadFreedBytes()
    var freedAtRelease = freed?.pointee ?? 0
    // A batch's line and lists, freed once its answer is written (`answer(bytes:temporaries:)`).
    var temporaries = RequestTemporaries()
    // Whether freed pages wait for the next pause of the input to be released.
    var releasePending = false
    while let line = try requests.next() {
      let answer: String
      var large = false
      // The line is consumed by its answer: a document's line that holds no cell is freed
      // before the answer is written, not when the next line is read.
      switch consume line {
      case .bytes(let bytes):
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        large = bytes.count >= releaseAfterBytes
        answer = session.answer(bytes: consume bytes, temporaries: &temporaries)
      case .refused(let prefix):
        // The bytes up to the refused one give the whole line's error (`JSONStreamCheck`); a
        // refused request changes nothing.
        answer = session.answer(bytes: consume prefix)
      case .tooLong:
        answer = #"{"error":"request: longer than \#(maximumBytes) bytes (--max-input-bytes)"}"#
      }
      var bytes = Array(answer.utf8)
      bytes.append(UInt8(ascii: "\n"))
      if let failure = LayoutCommand.write(bytes, to: STDOUT_FILENO) {
        throw .invalidDocument(field: "stdout", reason: "cannot write: \(failure)")
      }
      let batch = temporaries.bytesHeld > 0
      temporaries = RequestTemporaries()
      // After a large line that is no batch (an `open`), once it is answered, before the next
      // line is read: the session's first frames come from a session that holds only its live
      // memory.
      if large, !batch {
        releaseFreedMemory()
        freedAtRelease = freed?.pointee ?? 0
        releasePending = false
      }
      // After a large batch (a search filter's restore) and after requests that freed much (a
      // width change; under jemalloc any line past one chunk, whose piece's reservation counts
      // as freed), once the input is idle: the release (5-10 ms after a 1M-item restore) and
      // the fresh pages the next large request then faults in (~2 ms of a 1M-item restore's
      // frame through the pipe) are not paid by requests that keep coming, only in a pause.
      releasePending =
        releasePending || (large && batch)
        || freed.map { $0.pointee &- freedAtRelease >= releaseAfterFreedBytes } ?? false
      if releasePending, requests.isIdle(waitingMilliseconds: idleMilliseconds) {
        releaseFreedMemory()
        freedAtRelease = freed?.pointee ?? 0
        releasePending = false
      }
    }
  }

  /// How long the input must stay silent after an answer for the session to count as idle.
  static let idleMilliseconds: Int32 = 2

  /// A request line of at least this many bytes (an `open`, a batch of ~10⁵ edits) is followed
  /// by `releaseFreedMemory()`: at once for a line that is no batch, in the next pause of the
  /// input (`idleMilliseconds`) for a batch.
  static let releaseAfterBytes = 1 << 20

  /// Once requests freed this many bytes since the last release (a width change replacing a
  /// million items' lines, a large batch's temporaries), the next pause in the input of
  /// `idleMilliseconds` is used for `releaseFreedMemory()` too; small requests reach it rarely
  /// (a steady frame frees a few kB).
  static let releaseAfterFreedBytes = 16 << 20

  /// jemalloc's statistics when it is this process's malloc (`flowlayout` links it where
  /// libjemalloc-dev was installed at build time, or it is preloaded), found once.
  static let allocator = JemallocStatistics()

  /// Gives the pages of freed heap memory back to the system at once: the one release of the
  /// session, for its three occasions (after a line of `releaseAfterBytes`, in a pause after a
  /// large batch or after `releaseAfterFreedBytes` were freed, and while a long line's pieces
  /// are joined).
  ///
  /// jemalloc keeps freed pages resident for up to 10 s (`dirty_decay_ms`), so what a large
  /// request's temporaries freed (the line, its parse, the storage a batch replaced) held a
  /// session's RSS after `open` at 1.5–2× its live bytes (issue 33, item 6), and what a width
  /// change replaced held it at up to 1.8× after a trace of rotations: under jemalloc,
  /// `arena.4096.purge` (`JemallocStatistics.purgeFreedPages`). glibc's malloc keeps the top of
  /// its heap and freed chunks below its mmap threshold (which grows with the largest block
  /// freed, up to 32 MiB): under it, `malloc_trim(0)`.
  ///
  /// - Complexity: O(freed extents) (jemalloc) or O(heap chunks) (glibc).
  static func releaseFreedMemory() {
    if let allocator {
      allocator.purgeFreedPages()
    } else {
      _ = flowlayout_trim_system_heap()
    }
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
  /// The last read's buffer, one chunk long once anything was read (zeroed once, then only
  /// written by reads): the bytes past the end of the last line are `chunk[start ..< end]`.
  private var chunk: [UInt8] = []
  private var start = 0
  private var end = 0
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

  /// Room for `pipeBytes` in the pipe stdin is (Linux, `F_SETPIPE_SZ`; nothing when stdin is
  /// no pipe or the system refuses): a client writing a 5.5 MB batch line waits for the
  /// session to empty the pipe every `pipeBytes` instead of every 64 KiB, the default.
  ///
  /// - Complexity: one system call.
  func widenPipe() {
    #if os(Linux)
      var status = stat()
      guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
      let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ (Linux), not exported to Swift
      _ = fcntl(fd, setPipeSize, Int32(Self.pipeBytes))
    #endif
  }

  /// The pipe room `widenPipe()` asks for: Linux's default limit for an unprivileged process
  /// (`/proc/sys/fs/pipe-max-size`).
  static let pipeBytes = 1 << 20

  /// Whether no byte of input is waiting, neither read ahead nor arriving within
  /// `milliseconds` (`poll(2)`): the client is between requests. A regular file is never idle.
  mutating func isIdle(waitingMilliseconds milliseconds: Int32) -> Bool {
    guard start == end, !atEnd else { return false }
    var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, milliseconds) == 0
  }

  /// The next line without its `\n`, or `nil` at the end of input.
  ///
  /// - Complexity: O(l) for the l bytes of the line: its first chunk's bytes copied once from
  ///   the chunk, the rest read straight into its piece once it outgrew a chunk
  ///   (`LinePieces.readInPlace`), each read checked where it lands (a line longer than
  ///   `pieceSize` in pieces, joined once at its end into an array of exactly its size, each
  ///   piece freed as it is copied); memory: the bytes held (at most `maximumBytes`) plus, for
  ///   a line of several pieces, one piece while joining, and one 64 KiB chunk.
  /// - Throws: `.invalidDocument(field: "stdin", …)` when stdin cannot be read.
  mutating func next() throws(LayoutError) -> Line? {
    var line = LinePieces()
    var check = JSONStreamCheck()
    var refused: [UInt8]?
    var tooLong = false
    var read = 0
    while true {
      if start == end {
        if atEnd { break }
        // A line with a whole piece: read straight into it, each read checked where it lands.
        guard refused == nil, !tooLong,
          let count = try line.readInPlace(from: fd, upTo: DocumentInput.chunkSize)
        else {
          try refill()
          continue
        }
        if count == 0 {
          atEnd = true
          continue
        }
        let (newline, bad) = line.withLastBytes(count) { bytes -> (Int?, Int?) in
          let newline = memchr(bytes.baseAddress!, 0x0A, count).map {
            bytes.baseAddress!.distance(to: UnsafeRawPointer($0))
          }
          let part = UnsafeRawBufferPointer(rebasing: bytes[..<(newline ?? count)])
          // The bytes past the newline: the next lines', read from the chunk from now on.
          if let newline, newline + 1 < count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...])
            if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: DocumentInput.chunkSize) }
            chunk.withUnsafeMutableBytes { $0.copyMemory(from: rest) }
            start = 0
            end = rest.count
          }
          read += part.count
          return (newline, read > maximumBytes ? nil : check.check(part))
        }
        if read > maximumBytes {
          tooLong = true
          line = LinePieces()
        } else if let bad {
          line.removeLast(count - bad - 1)
          refused = (consume line).joined()
          line = LinePieces()
        } else {
          line.removeLast(count - (newline ?? count))
        }
        if newline != nil { return result(consume line, refused, tooLong) }
        continue
      }
      let newline = chunk.withUnsafeBytes { buffer -> Int? in
        guard let found = memchr(buffer.baseAddress! + start, 0x0A, end - start) else {
          return nil
        }
        return buffer.baseAddress!.distance(to: UnsafeRawPointer(found))
      }
      let part = chunk[start..<(newline ?? end)]
      start = newline.map { $0 + 1 } ?? end
      read += part.count
      if refused == nil, !tooLong {
        if read > maximumBytes {
          tooLong = true
          line = LinePieces()
        } else if let bad = part.withUnsafeBytes({ check.check($0) }) {
          line.append(part[part.startIndex...(part.startIndex + bad)])
          refused = (consume line).joined()
          line = LinePieces()
        } else {
          line.append(part)
        }
      }
      if newline != nil { return result(consume line, refused, tooLong) }
    }
    guard read > 0 || refused != nil || tooLong else { return nil }
    return result(consume line, refused, tooLong)
  }

  /// The longest piece of a long line: a line up to this long (a 140 MB document of a million
  /// key/value cells) is read into one piece, reserved whole once the line outgrows one chunk
  /// and faulted in only as written, so it is never copied to be joined. (Pieces of 8 MiB
  /// joined at the end wrote and zeroed every byte twice: a third of the 140 MB open's time,
  /// most of it the kernel clearing pages.) With the array's header it fits jemalloc's 256 MiB
  /// size class.
  static let pieceSize = (256 << 20) - 64

  /// A line's bytes as they arrive: the first `pieceSize` bytes in one array (a short line, the
  /// common case, is that array), a longer line in full pieces and the last one.
  struct LinePieces {
    private var full: [[UInt8]] = []
    private var last: [UInt8] = []

    /// Appends `part`, starting a new piece when the last one is full.
    ///
    /// - Complexity: O(p) for the p bytes of `part`, amortized.
    mutating func append(_ part: ArraySlice<UInt8>) {
      var part = part
      while !part.isEmpty {
        if last.count == RequestInput.pieceSize {
          full.append(last)
          last = []
        }
        // A line that outgrows one chunk of input gets a whole piece at once (address space:
        // pages are faulted in only as written), not room by doubling: an array grown to 8 MiB
        // by appends had copied and faulted in 8 MiB more (~10 % of the open of 1M sized
        // items), and a line of several pieces is copied once more to be joined.
        if last.capacity < RequestInput.pieceSize,
          !full.isEmpty || last.count + part.count > DocumentInput.chunkSize
        {
          last.reserveCapacity(RequestInput.pieceSize)
          let capacity = last.capacity
          last.withUnsafeMutableBufferPointer {
            // Huge pages (faults of 2 MiB) from the piece's first byte: on this project's VM a
            // 4 KiB fault costs ~2 µs, so a 2 MiB page costs a line of a few hundred kB (a
            // batch) what its 4 KiB pages did (~0.1 ms), and saves a 5.5 MB restore's line
            // ~500 faults (~1 ms).
            DocumentInput.adviseHugePages(
              UnsafeMutableRawBufferPointer(
                start: $0.baseAddress.map { UnsafeMutableRawPointer($0) }, count: capacity))
          }
        }
        let taken = part.prefix(RequestInput.pieceSize - last.count)
        last.append(contentsOf: taken)
        part = part[taken.endIndex...]
      }
    }

    /// Reads up to `limit` bytes of `fd` straight into the last piece, past its bytes, when it
    /// is a whole piece (`pieceSize` reserved: the line outgrew a chunk) with room left: no
    /// chunk read into first, no copy. `nil` (nothing read) otherwise.
    ///
    /// - Returns: how many bytes were read (0 at the end of input): the piece's last ones.
    /// - Throws: `.invalidDocument(field: "stdin", …)` when `fd` cannot be read.
    /// - Complexity: one `read(2)` (more after `EINTR`) of at most `limit` bytes.
    mutating func readInPlace(from fd: Int32, upTo limit: Int) throws(LayoutError) -> Int? {
      let old = last.count
      guard last.capacity >= RequestInput.pieceSize, old < RequestInput.pieceSize else {
        return nil
      }
      let room = min(limit, RequestInput.pieceSize - old)
      // Within the capacity: no copy, the new bytes not written before the read writes them.
      last.resizeUninitialized(to: old + room)
      while true {
        let count = last.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + old, room) }
        if count < 0, errno == EINTR { continue }
        if count < 0 {
          let reason = String(cString: strerror(errno))
          last.removeSubrange(old...)
          throw .invalidDocument(field: "stdin", reason: "cannot read: \(reason)")
        }
        last.removeSubrange((old + count)...)
        return count
      }
    }

    /// Calls `body` with the last `count` bytes of the line.
    func withLastBytes<T>(_ count: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
      last.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[($0.count - count)...])) }
    }

    /// Removes the line's last `count` bytes (of its last piece).
    mutating func removeLast(_ count: Int) {
      last.removeLast(count)
    }

    /// The line as one array of its bytes, consuming the pieces: the only piece itself (its
    /// unwritten rest is address space only, never resident; a line of up to 8 MiB in less
    /// than half of its piece is copied to exactly its bytes, so that a small document's line
    /// kept as its cells' storage holds no large reservation), else the pieces copied in order
    /// (each freed once copied) into an array of exactly their bytes.
    ///
    /// - Complexity: O(l) for a line of l bytes in several pieces, or of up to 8 MiB in less
    ///   than half of one; O(1) otherwise.
    consuming func joined() -> [UInt8] {
      guard !full.isEmpty else {
        return last.count <= 8 << 20 && last.count < last.capacity / 2 ? Array(last) : last
      }
      let total = full.count * RequestInput.pieceSize + last.count
      var pieces = full
      full = []
      let tail = last
      last = []
      return [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
        DocumentInput.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
        for k in pieces.indices {
          let piece = pieces[k]
          pieces[k] = []
          piece.withUnsafeBufferPointer {
            _ = UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(from: $0)
          }
          count += piece.count
          // Each copied piece's pages back to the system as the copy goes: the line's peak is
          // its bytes plus one piece, not twice its bytes.
          SessionCommand.releaseFreedMemory()
        }
        tail.withUnsafeBufferPointer {
          _ = UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(from: $0)
        }
        count += tail.count
      }
    }
  }

  private func result(_ line: consuming LinePieces, _ refused: [UInt8]?, _ tooLong: Bool) -> Line {
    if tooLong { return .tooLong }
    if let refused { return .refused(refused) }
    return .bytes(line.joined())
  }

  /// Reads the next chunk of stdin into `chunk` (none at the end of input), over the bytes
  /// of the last one: no chunk is cleared before it is read into (a 5.5 MB line was 84 clears
  /// of 64 KiB).
  ///
  /// - Complexity: one `read(2)` (more after `EINTR`), O(1) besides.
  private mutating func refill() throws(LayoutError) {
    start = 0
    end = 0
    if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: DocumentInput.chunkSize) }
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .invalidDocument(
          field: "stdin", reason: "cannot read: \(String(cString: strerror(errno)))")
      }
      end = count
      if count == 0 { atEnd = true }
      return
    }
  }
}
