import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The first width change after a session's `open` (`prepareForEdits()`) costs what a later one
/// of the same widths does: the same counted work, on running worker threads. Work counters,
/// never a clock.
@Suite("First width change after open")
struct FirstWidthChangeTests {
  /// `prepareForEdits()` starts the layout's worker threads (before, libdispatch created them
  /// inside the first threaded width change, whose tasks then all ran on the calling thread).
  @Test func preparingStartsTheWorkers() throws {
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([[Size(10, 10), Size(20, 20)]]), threads: 2)
    engine.prepareForEdits()
    #expect(LayoutThreading.workersStarted)
  }

  /// A section of `EqualWidthLines.threadedItems` equal-width items keeps summary room for
  /// `reservedPerLine` items a line when it is a grid (k > 1, which a rotation rephases), and
  /// none beyond its own k when it is a list of one item a line (full-width cells).
  @Test func onlyGridsReserveSummaryRoom() throws {
    let n = EqualWidthLines.threadedItems
    for (width, room) in [(110.0, EqualWidthLines.reservedPerLine), (375.0, 1)] {
      var engine = try FastFlowLayout(
        TestInputs.ownSizes([Array(repeating: Size(width: width, height: 44), count: n)]))
      engine.prepareForEdits()
      guard case .equalWidth(let lines) = engine.pages[0].lines else {
        Issue.record("width \(width): not equal-width lines")
        continue
      }
      #expect(lines.heights.summaryRoom == room, "width \(width)")
    }
  }

  /// Width changes 375 → 812 → 375 → 812 after `prepareForEdits()`: the first does the counted
  /// work of the third (the same widths), copies no section's items (a boundary moves a few),
  /// for equal-width lines (a grid) and for a section cut into pages (mixed sizes); the 1M-item
  /// one does 100× the 10k one's work within 5 % (linear, no extra pass).
  @Test func theFirstWidthChangeDoesTheThirdsWork() throws {
    func work(_ n: Int, grid: Bool) throws -> [WorkCounters] {
      var engine: FastFlowLayout
      if grid {
        engine = try EqualWidthWidthChangeTests.grid(n)
        #expect(engine.pages[0].equalWidth == 110, "n = \(n): equal-width lines")
      } else {
        var sizes = SplitMix64(seed: 77)
        engine = try FastFlowLayout(TestInputs.ownSizes([sizes.mixedSizes(n)]))
        engine.prepareForEdits()
        #expect(engine.pages(ofSection: 0).count > 2, "n = \(n): cut into pages")
      }
      var result: [WorkCounters] = []
      for width in [812.0, 375, 812] {
        engine.resetWorkCounters()
        try engine.setWidth(width)
        result.append(engine.workCounters)
      }
      return result
    }
    for grid in [true, false] {
      var firsts: [Int] = []
      for n in [10_000, 1_000_000] {
        let w = try work(n, grid: grid)
        let name = "\(grid ? "grid" : "mixed") n = \(n)"
        // Pages kept: items move only across repaired boundaries, as in the third.
        #expect(w[0].itemsPaged <= n / 100 && w[2].itemsPaged <= n / 100, "\(name): \(w[0])")
        let (first, third) = (PagingTests.work(w[0]), PagingTests.work(w[2]))
        #expect(first > 0, "\(name): \(w[0])")
        #expect(
          Double(first) <= 1.05 * Double(third), "\(name) first: \(w[0])\nthird: \(w[2])")
        firsts.append(first)
      }
      #expect(
        Double(firsts[1]) <= 1.05 * 100 * Double(firsts[0]),
        "\(grid ? "grid" : "mixed"): \(firsts)")
    }
  }
}
