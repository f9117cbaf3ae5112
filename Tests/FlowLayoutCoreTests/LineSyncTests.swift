import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A re-break after one edit stops at the first new line that starts where an old line started
/// (its items shifted by the edit: the edit's kept run, `catchUpLines`): exactly the lines whose
/// items changed are re-broken, however far into the old lines that point is.
@Suite("Line re-synchronisation")
struct LineSyncTests {
  /// `groups` lines of three 30 pt items, a 100 pt item alone on its line, and `groups` more
  /// lines of three, in lines 100 pt long with no spacing.
  static func input(groups: Int) -> LayoutInput {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.estimatedItemSize = Size(1, 1)
    c.minimumInteritemSpacing = 0
    c.minimumLineSpacing = 0
    c.sectionInset = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    let three = Array(repeating: Size(30, 10), count: 3 * groups)
    return LayoutInput(
      configuration: c, bounds: Size(100, 800),
      sections: [SectionData(items: three + [Size(100, 10)] + three)])
  }

  /// The lines the engine re-breaks for `batch` on `input(groups:)`, after checking that the
  /// result equals a fresh layout.
  static func linesRebroken(groups: Int, by batch: BatchUpdate) throws -> Int {
    var engine = try FastFlowLayout(Self.input(groups: groups))
    engine.resetWorkCounters()
    try engine.apply(batch)
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
    return engine.workCounters.linesRebroken
  }

  /// A 30 pt item inserted first shifts every line before the 100 pt item by one item: the
  /// `groups` lines of three and one line of the last 30 pt item are re-broken, and the 100 pt
  /// item's line, where the old lines resume, is not.
  @Test(arguments: [1, 2, 7, 40])
  func anInsertionReBreaksUntilTheOldLinesResume(groups: Int) throws {
    let insertion = BatchUpdate(
      insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(30, 10))])
    #expect(try Self.linesRebroken(groups: groups, by: insertion) == groups + 1)
  }

  /// The first item made 100 pt wide: it takes a line of its own, every later line before the
  /// 100 pt item holds the next three, and the last two 30 pt items share a line: `groups + 1`
  /// lines re-broken, the rest kept.
  @Test(arguments: [1, 2, 7, 40])
  func aResizeReBreaksUntilTheOldLinesResume(groups: Int) throws {
    let resize = BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 0), size: Size(100, 10))])
    #expect(try Self.linesRebroken(groups: groups, by: resize) == groups + 1)
  }

  /// Nine items deleted after the first line (its next three lines) and a later item's height
  /// changed, in one batch: the first line is re-broken, the old lines resume at once after the
  /// deleted ones (three old lines ahead, found through the item index), the lines up to the
  /// resized item's line are copied, that line is re-broken, and the old lines resume after it:
  /// 2 lines re-broken, every other line kept.
  @Test func regionsAcrossAJumpCatchUpAtOnce() throws {
    var batch = BatchUpdate()
    for i in 3..<12 { batch.deleteItems.append(ItemPath(0, i)) }
    batch.resizeItems.append(ItemResize(at: ItemPath(0, 91), size: Size(30, 20)))
    #expect(try Self.linesRebroken(groups: 40, by: batch) == 2)
  }
}
