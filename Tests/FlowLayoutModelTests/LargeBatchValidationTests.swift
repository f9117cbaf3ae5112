import FlowLayoutModel
import FlowLayoutWorkloads
import Testing

/// Batch validation past the sizes a small test names: many edits over many sections, whose
/// repeats are found by sorting the paths (`BatchValidationScratch`), then named in the batch's
/// order; and the allocation-free sort it uses.
@Suite struct LargeBatchValidationTests {
  static let configuration = LayoutConfiguration(variant: .vertical)
  static let bounds = Size(375, 812)
  static let counts = [Int](repeating: 20, count: 12)

  /// 40 deletions, 40 insertions (each in its deletion's section), 30 resizes and 10 moves
  /// (section k to section k + 1, mod 10) inside sections 0–11, no path named twice.
  static func largeBatch() -> BatchUpdate {
    var batch = BatchUpdate()
    for k in 0..<40 {
      let s = k % 12
      let i = k / 12  // 0...3
      batch.deleteItems.append(ItemPath(s, 2 * i))
      batch.insertItems.append(ItemInsertion(at: ItemPath(s, 2 * i + 1), size: Size(10, 10)))
    }
    for k in 0..<30 {
      batch.resizeItems.append(ItemResize(at: ItemPath(k % 12, 10 + k / 12), size: Size(5, 5)))
    }
    for k in 0..<10 {
      batch.moveItems.append(ItemMove(from: ItemPath(k, 15), to: ItemPath((k + 1) % 10, 17)))
    }
    return batch
  }

  static func error(_ update: BatchUpdate) -> LayoutError? {
    do {
      _ = try update.validate(
        itemCounts: counts, configuration: configuration, bounds: bounds, field: "e.")
      return nil
    } catch {
      return error
    }
  }

  @Test func aLargeValidBatchCountsEverySection() throws {
    let batch = Self.largeBatch()
    let plan = try batch.validate(
      itemCounts: Self.counts, configuration: Self.configuration, bounds: Self.bounds)
    // Per section: deletions and insertions pair up; a move leaves section k, one enters it.
    #expect(plan.newItemCounts == Self.counts)
    // The same counts through the data transformation, and accepted as expected counts.
    let sections = Self.counts.map {
      SectionData(
        itemWidths: [Double](repeating: 1, count: $0),
        itemHeights: [Double](repeating: 1, count: $0))
    }
    let applied = try batch.applied(
      to: sections, configuration: Self.configuration, bounds: Self.bounds)
    #expect(applied.sections.map(\.count) == Self.counts)
    var expecting = batch
    expecting.expectedItemCounts = Self.counts
    #expect(Self.error(expecting) == nil)
    // Uneven counts: two more deletions in section 3, one more insertion in section 7.
    var uneven = batch
    uneven.deleteItems += [ItemPath(3, 19), ItemPath(3, 18)]
    uneven.insertItems.append(ItemInsertion(at: ItemPath(7, 20), size: Size(1, 1)))
    let unevenPlan = try uneven.validate(
      itemCounts: Self.counts, configuration: Self.configuration, bounds: Self.bounds)
    var expected = Self.counts
    expected[3] -= 2
    expected[7] += 1
    #expect(unevenPlan.newItemCounts == expected)
    // An insertion past its section's new end is out of range.
    uneven.insertItems.append(ItemInsertion(at: ItemPath(3, 19), size: Size(1, 1)))
    #expect(Self.error(uneven)?.field == "e.insertItems[41].at")
  }

  /// Each kind of repeat, planted in a large batch, is named at the entry a reader of the batch
  /// in order meets second, with its reason.
  @Test(arguments: [
    ("deleteItems", "e.deleteItems[40]", "is deleted twice"),
    ("moveFrom", "e.moveItems[10].from", "is deleted or moved more than once"),
    ("resizeDeleted", "e.resizeItems[30].at", "is deleted and resized"),
    ("resizeMoved", "e.resizeItems[30].at", "is moved and resized"),
    ("resizeTwice", "e.resizeItems[30].at", "is resized twice"),
    ("insertTwice", "e.insertItems[40].at", "two items are inserted or moved to"),
    ("moveToInserted", "e.moveItems[10].to", "two items are inserted or moved to"),
  ])
  func aRepeatInALargeBatchIsNamed(kind: String, field: String, reason: String) {
    var batch = Self.largeBatch()
    switch kind {
    case "deleteItems": batch.deleteItems.append(ItemPath(5, 0))
    case "moveFrom":
      batch.moveItems.append(ItemMove(from: ItemPath(6, 2), to: ItemPath(0, 18)))
    case "resizeDeleted":
      batch.resizeItems.append(ItemResize(at: ItemPath(1, 4), size: Size(1, 1)))
    case "resizeMoved":
      batch.resizeItems.append(ItemResize(at: ItemPath(2, 15), size: Size(1, 1)))
    case "resizeTwice":
      batch.resizeItems.append(ItemResize(at: ItemPath(0, 11), size: Size(1, 1)))
    case "insertTwice":
      batch.insertItems.append(ItemInsertion(at: ItemPath(4, 1), size: Size(1, 1)))
    default:  // moveToInserted
      batch.moveItems.append(ItemMove(from: ItemPath(0, 19), to: ItemPath(9, 3)))
    }
    guard case .inconsistentBatch(let named, let why) = Self.error(batch) else {
      Issue.record("\(kind): no inconsistentBatch error")
      return
    }
    #expect(named == field, "\(kind)")
    #expect(why.contains(reason), "\(kind): \(why)")
  }

  /// A range error before the first repeat is named first, as a reader in order meets it.
  @Test func anEarlierRangeErrorIsNamedBeforeALaterRepeat() {
    var batch = Self.largeBatch()
    batch.deleteItems[3] = ItemPath(3, 99)
    batch.deleteItems.append(ItemPath(5, 0))  // a repeat, later
    #expect(Self.error(batch)?.field == "e.deleteItems[3]")
    var late = Self.largeBatch()
    late.deleteItems.append(ItemPath(5, 0))  // deleteItems[40] repeats deleteItems[5]
    late.insertItems[0] = ItemInsertion(at: ItemPath(0, -1), size: Size(1, 1))
    #expect(Self.error(late)?.field == "e.deleteItems[40]")
  }

  /// One scratch validates batch after batch with the same result as a fresh one; a plan kept
  /// across the next validation keeps its own counts.
  @Test func aReusedScratchGivesTheSameResults() throws {
    var scratch = BatchValidationScratch()
    let batch = Self.largeBatch()
    let first = try batch.validate(
      itemCounts: SectionCounts(Self.counts), configuration: Self.configuration,
      bounds: Self.bounds, scratch: &scratch)
    var other = BatchUpdate()
    other.deleteItems = (0..<20).map { ItemPath(0, $0) }
    let second = try other.validate(
      itemCounts: SectionCounts(Self.counts), configuration: Self.configuration,
      bounds: Self.bounds, scratch: &scratch)
    #expect(first.newItemCounts == Self.counts)
    #expect(second.newItemCounts == [0] + Self.counts.dropFirst())
    var repeated = other
    repeated.deleteItems.append(ItemPath(0, 7))
    #expect(throws: LayoutError.self) {
      _ = try repeated.validate(
        itemCounts: SectionCounts(Self.counts), configuration: Self.configuration,
        bounds: Self.bounds, scratch: &scratch)
    }
    #expect(scratch.capacity >= 21)
  }

  /// Counts read through a gap (as the fast engine keeps them: slots of a gap buffer whose gap
  /// holds other values) validate every batch as the plain array does: the same plan, the same
  /// first error, and section edits located by the counts after the gap.
  @Test func countsReadThroughAGapValidateAsTheArray() throws {
    let counts = (0..<12).map { 20 + $0 }
    var batches = [Self.largeBatch()]
    var named = BatchUpdate(deleteSections: [7, 2])
    named.insertSections = [
      SectionInsertion(at: 11, section: SectionData(items: [Size(1, 1)])),
      SectionInsertion(at: 0, section: SectionData(items: [])),
    ]
    named.deleteItems = [ItemPath(9, 25)]  // old section 9: new section 8
    named.insertItems = [ItemInsertion(at: ItemPath(10, 31), size: Size(2, 2))]  // old 11
    batches.append(named)
    var outOfRange = BatchUpdate()
    outOfRange.deleteItems = [ItemPath(11, 31)]  // section 11 has 31 items: 0 ... 30
    batches.append(outOfRange)
    var inRange = BatchUpdate()
    inRange.deleteItems = [ItemPath(11, 30)]
    batches.append(inRange)
    for gapStart in [0, 5, 12] {
      let slots = Array(counts[..<gapStart]) + [999, 0, 999] + Array(counts[gapStart...])
      let gapped = SectionCounts(slots: slots, gapStart: gapStart, gapLength: 3)
      #expect(Array(gapped) == counts && gapped == SectionCounts(counts))
      for (k, batch) in batches.enumerated() {
        func plan(_ c: SectionCounts) -> Result<BatchPlan, LayoutError> {
          var scratch = BatchValidationScratch()
          do {
            return .success(
              try batch.validate(
                itemCounts: c, configuration: Self.configuration, bounds: Self.bounds,
                scratch: &scratch))
          } catch { return .failure(error) }
        }
        let plain = plan(SectionCounts(counts))
        #expect(plain == plan(gapped), "batch \(k), gap at \(gapStart)")
        if case .success(let p) = plain {
          #expect(p.newItemCounts.count == p.newSectionCount, "batch \(k)")
        }
      }
    }
    let plan = try named.validate(
      itemCounts: counts, configuration: Self.configuration, bounds: Self.bounds)
    #expect(plan.newItemCounts == [0, 20, 21, 23, 24, 25, 26, 28, 28, 30, 32, 1])
    #expect(plan.oldSectionOfNewSection == [nil, 0, 1, 3, 4, 5, 6, 8, 9, 10, 11, nil])
  }

  @Test func sortInPlaceSortsLikeTheStandardLibrary() {
    var rng = SplitMix64(seed: 11)
    // Every size up to 90, then sizes past each of the sort's thresholds (16, 256).
    for count in Array(0...90) + [131, 133, 255, 256, 257, 300, 700] {
      for _ in 0..<4 {
        let values = (0..<count).map { _ in Int(rng.next() % 40) - 10 }
        var sorted = values
        sorted.sortInPlace()
        #expect(sorted == values.sorted(), "\(values)")
        var descending = values
        descending.sortInPlace(by: >)
        #expect(descending == values.sorted(by: >), "\(values)")
        // Already in order, and in reverse order.
        var again = sorted
        again.sortInPlace()
        #expect(again == sorted)
        var reversed = descending
        reversed.sortInPlace()
        #expect(reversed == sorted, "\(values)")
      }
    }
  }

  /// A batch whose deletions or insertions are one section's ascending list (a search filter's,
  /// a restore's) is checked by its first and last path and one screening pass
  /// (`ascendingExist`, `ascendingPlausible`); every error it can hold is still the one the
  /// per-path checks name, and the path map built from the plan's order answers as one built
  /// without it.
  @Test func ascendingListsOfOneSectionAreCheckedAtTheirEnds() throws {
    let counts = [20, 30, 10]
    func validate(_ batch: BatchUpdate) throws(LayoutError) -> BatchPlan {
      try batch.validate(itemCounts: counts, configuration: Self.configuration, bounds: Self.bounds)
    }
    func field(_ batch: BatchUpdate) -> String? {
      do {
        _ = try validate(batch)
        return nil
      } catch {
        return error.field
      }
    }
    func deletions(_ section: Int, _ items: [Int]) -> BatchUpdate {
      BatchUpdate(deleteItems: items.map { ItemPath(section, $0) })
    }
    func insertions(_ section: Int, _ items: [Int], size: Size = Size(10, 10)) -> BatchUpdate {
      BatchUpdate(insertItems: items.map { ItemInsertion(at: ItemPath(section, $0), size: size) })
    }
    let evens = Array(stride(from: 0, to: 30, by: 2))
    let plan = try validate(deletions(1, evens))
    #expect(plan.deleteItemsAscending)
    #expect(plan.newItemCount(ofSection: 1) == 15)
    #expect(try !validate(deletions(1, evens.reversed())).deleteItemsAscending)
    // Past the end, before the start, a missing section, a section deleted by the batch.
    #expect(field(deletions(1, evens + [30])) == "deleteItems[15]")
    #expect(field(deletions(1, [-1] + evens)) == "deleteItems[0]")
    #expect(field(deletions(3, [0, 1])) == "deleteItems[0]")
    var inDeleted = deletions(2, [0, 1])
    inDeleted.deleteSections = [2]
    #expect(field(inDeleted) == "deleteItems[0]")
    // Insertions: ascending, then past the new end, a negative index, bad sizes at k.
    let restore = try validate(insertions(0, evens))
    #expect(restore.insertItemsAscending && restore.newItemCount(ofSection: 0) == 35)
    #expect(field(insertions(0, evens + [36])) == "insertItems[15].at")
    #expect(field(insertions(0, [-2] + evens)) == "insertItems[0].at")
    #expect(field(insertions(3, [0])) == "insertItems[0].at")
    for bad in [Double.nan, -1, .infinity, LayoutLimits.maximumLength * 2] {
      var batch = insertions(0, evens)
      batch.insertItems[7].size.height = bad
      #expect(field(batch) == "insertItems[7].size.height", "\(bad)")
    }
    // The path maps agree on every path before the batch, both ways round.
    for batch in [deletions(1, evens), insertions(0, evens), insertions(1, [0, 3, 32])] {
      guard let plan = try? validate(batch) else { continue }
      let fromPlan = BatchPathMap(batch, plan: plan)
      let plain = BatchPathMap(batch)
      for (s, count) in counts.enumerated() {
        for i in 0..<count {
          #expect(fromPlan.path(after: ItemPath(s, i)) == plain.path(after: ItemPath(s, i)))
        }
      }
      #expect(fromPlan.oldSectionsLosingItems == plain.oldSectionsLosingItems)
      #expect(fromPlan.newSectionsGainingItems == plain.newSectionsGainingItems)
    }
  }
}
