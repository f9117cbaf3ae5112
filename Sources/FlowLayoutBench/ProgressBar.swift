#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Progress on standard error: a redrawn bar when stderr is a terminal; otherwise one plain line
/// every tenth of the run, so CI logs stay short and readable.
public struct ProgressBar {
  private let isTerminal: Bool
  private var lastTenth = -1
  private let started = MonotonicClock.now()
  /// What `done` and `total` count, in the plain lines ("cells", "batches").
  private let unit: String

  public init(unit: String = "cells") {
    isTerminal = isatty(2) == 1
    self.unit = unit
  }

  public mutating func update(done: Int, total: Int, label: String) {
    let elapsed = fixed(Double(MonotonicClock.now() - started) / 1e9, 1)
    if isTerminal {
      let width = 30
      let filled = total == 0 ? width : done * width / total
      let bar =
        String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
      let text = "\r[\(bar)] \(done)/\(total) \(elapsed) s  \(label)"
      emit(
        text.padded(to: 100)
          + (done == total ? "\n" : ""))
    } else {
      let tenth = total == 0 ? 10 : done * 10 / total
      if tenth != lastTenth {
        lastTenth = tenth
        emit("progress: \(done)/\(total) \(unit), \(elapsed) s (\(label))\n")
      }
    }
  }

  private func emit(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }
}
