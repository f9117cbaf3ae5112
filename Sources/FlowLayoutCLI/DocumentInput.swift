import FlowLayoutDocument
import FlowLayoutModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a document (a file or stdin) as a stream with a size limit, stopping at the first
/// byte no document can hold (`JSONStreamCheck`): `/dev/zero` and `/dev/urandom` end after
/// their first bytes, a 300 MB file of zeros is not read at all beyond its first chunk, and a
/// document larger than the limit is refused before it is held in memory.
enum DocumentInput {
  /// `--max-input-bytes`' default: 1 GiB.
  static let defaultMaximumBytes = 1 << 30
  /// Bytes read per `read(2)` call.
  static let chunkSize = 1 << 16

  /// The bytes of `path`, or of stdin when `path` is `nil` or `-`.
  ///
  /// - Complexity: O(b) time for the b bytes read; memory b bytes (exactly the file's size for
  ///   a regular file, at most twice the bytes read for a pipe, as the array grows).
  /// - Throws: `.invalidDocument(field: "--input", …)` when the input cannot be opened or read,
  ///   or holds more than `maximumBytes` bytes; at the first byte no document can hold, the
  ///   decoder's error for the bytes up to it (the error of the whole document, see
  ///   `JSONStreamCheck`).
  static func readDocument(_ path: String?, maximumBytes: Int) throws(LayoutError) -> [UInt8] {
    let fromStdin = path == nil || path == "-"
    let name = fromStdin ? "stdin" : "\"\(path!)\""
    let fd = fromStdin ? STDIN_FILENO : open(path!, O_RDONLY)
    guard fd >= 0 else {
      throw .invalidDocument(
        field: "--input", reason: "cannot open \(name): \(String(cString: strerror(errno)))")
    }
    defer { if !fromStdin { close(fd) } }
    let tooLarge = LayoutError.invalidDocument(
      field: "--input",
      reason: "\(name) holds more than \(maximumBytes) bytes (the limit set by --max-input-bytes)")
    var bytes: [UInt8] = []
    var check = JSONStreamCheck()
    var status = stat()
    if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      guard Int(status.st_size) <= maximumBytes else { throw tooLarge }
      // A file is read straight into the array, each chunk checked where it lands.
      var failure: Int32 = 0
      var refused: Int?
      bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size) + 1) { buffer, count in
        adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
        while count < buffer.count {
          let n = read(fd, buffer.baseAddress! + count, min(chunkSize, buffer.count - count))
          if n < 0, errno == EINTR { continue }
          if n < 0 { failure = errno }
          if n <= 0 { return }
          if let bad = check.check(UnsafeRawBufferPointer(start: buffer.baseAddress! + count, count: n)) {
            count += bad + 1
            refused = check.offset
            return
          }
          count += n
        }
      }
      if failure != 0 {
        throw .invalidDocument(
          field: "--input", reason: "cannot read \(name): \(String(cString: strerror(failure)))")
      }
      if let refused { throw refusal(bytes, at: refused) }
      guard bytes.count == Int(status.st_size) + 1 else { return bytes }
      // The file grew while it was read: the rest in chunks.
      guard bytes.count <= maximumBytes else { throw tooLarge }
    }
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .invalidDocument(
          field: "--input", reason: "cannot read \(name): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= maximumBytes else { throw tooLarge }
      if let bad = chunk.withUnsafeBytes({
        check.check(UnsafeRawBufferPointer(rebasing: $0[..<count]))
      }) {
        bytes.append(contentsOf: chunk[0...bad])
        throw refusal(bytes, at: check.offset)
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// Asks the kernel to back the 2 MiB-aligned part of `buffer` with huge pages (`madvise`
  /// `MADV_HUGEPAGE`: faults of 2 MiB instead of 4 KiB as the buffer is first written). Only
  /// for a buffer about to be written whole, or from its start (a session's line piece,
  /// written as far as its line: at most its last 2 MiB page holds unwritten bytes).
  static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    HugePages.advise(buffer)
  }

  /// The decoder's error for a text whose last byte (at `offset`) no document can hold.
  static func refusal(_ prefix: [UInt8], at offset: Int) -> LayoutError {
    do {
      _ = try LayoutDocument.decode(prefix)
    } catch {
      return error
    }
    return .invalidDocument(
      field: "document", reason: "invalid JSON at byte \(offset): unexpected byte")
  }

  /// Parses `--max-input-bytes`: a positive integer.
  ///
  /// - Throws: `.invalidDocument(field: "--max-input-bytes", …)`.
  static func maximumBytes(_ text: String?) throws(LayoutError) -> Int {
    guard let text else { return defaultMaximumBytes }
    guard let value = Int(text), value > 0 else {
      throw .invalidDocument(
        field: "--max-input-bytes",
        reason: "expected a positive integer, found \"\(String(text.prefix(40)))\"")
    }
    return value
  }
}
