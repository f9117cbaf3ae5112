import FlowLayoutModel
import FuzzSupport

/// How `fuzz-edits` turns bytes into a layout input and a sequence of batch updates.
///
/// Lengths come from small tables that mix ordinary values with the edge cases the validation
/// must reject (negative, NaN, infinities, beyond `LayoutLimits.maximumLength`); indices are
/// mostly in range with a margin of one on each side, sometimes absurd.
enum EditRecipe {
  static let itemLengths: [Double] = [
    0, 1, 10, 10, 20, 35, 40, 50, 50, 60, 99.5, 100, 110, 120, 150, 0.1, 1 / 3, 375, 400, 1000,
    1e-300, 5e6, 1e7, -1, .nan, .infinity, 2e7, 44,
  ]
  static let widths: [Double] = [
    100, 375, 320, 402, 768, 1024, 1, 50, 99.75, 0.5, 0, -10, .nan, .infinity, 1e7, 2e7, 60,
  ]
  static let spacings: [Double] = [0, 0, 8, 10, 10, 24, 80, 0.5, 1 / 3, 400, -1, .nan]
  static let insets: [Double] = [0, 0, 0, 8, 16, 16, 100, 0.25, -2, .infinity, 200]
  static let optionSizes: [Size] = [
    .zero, .zero, Size(50, 50), Size(110, 150), Size(1, 1), Size(100, 10), Size(0, 40),
    Size(60, 0), Size(400, 20), Size(-1, 5), Size(.nan, 5), Size(3e7, 3),
  ]
  static let supplementaries: [Double] = [0, 0, 0, 44, 20, 0.5, 1000, -1, .infinity]

  static func configuration(_ r: inout FuzzBytes) -> LayoutConfiguration {
    var c = LayoutConfiguration(variant: r.pick(LayoutVariant.allCases))
    let options = r.byte()
    if options & 1 != 0 { c.itemSize = r.pick(optionSizes) }
    if options & 2 != 0 { c.estimatedItemSize = r.pick(optionSizes) }
    if options & 4 != 0 { c.minimumScaledItemSize = r.pick(optionSizes) }
    if options & 8 != 0 {
      c.numberOfColumns = r.pick([0, 1, 2, 3, 4, 7, -1, 1_000_001])
      c.numberOfRows = r.pick([0, 0, 1, 2, 3, 5, -1])
    }
    if options & 16 != 0 {
      c.isLayoutJustified = r.flag()
      c.isTopAligned = r.flag()
    }
    if options & 32 != 0 {
      c.minimumInteritemSpacing = r.pick(spacings)
      c.minimumLineSpacing = r.pick(spacings)
    }
    if options & 64 != 0 {
      c.sectionInset = EdgeInsets(
        top: r.pick(insets), left: r.pick(insets), bottom: r.pick(insets), right: r.pick(insets))
    }
    c.scrollDirection = r.flag() ? .horizontal : .vertical
    c.widthClass = r.flag() ? .compact : .regular
    return c
  }

  static func size(_ r: inout FuzzBytes) -> Size {
    Size(width: r.pick(itemLengths), height: r.pick(itemLengths))
  }

  /// Bulk section lengths: enough lines to span several 32-line blocks of the fast core's line
  /// table, a SIMD lane of 4 blocks, and its 512-line staging buffer.
  static let bulkCounts = [33, 65, 129, 257, 513, 1_100, 2_100]

  /// A section of up to `maximumItems` items sized one by one from the bytes, or (1 time in 8)
  /// a bulk section whose sizes repeat a pattern of 2 to 5 sizes read from the bytes.
  static func section(_ r: inout FuzzBytes, maximumItems: Int) -> SectionData {
    let shape = r.byte()
    let items: [Size]
    if shape >= 224 {
      let count = bulkCounts[Int(shape - 224) % bulkCounts.count]
      let pattern = (0..<(2 + r.below(4))).map { _ in size(&r) }
      let stride = 1 + r.below(7)
      items = (0..<count).map { i in pattern[(i &* stride &+ i / 5) % pattern.count] }
    } else {
      items = (0..<(Int(shape) % (maximumItems + 1))).map { _ in size(&r) }
    }
    return SectionData(
      header: r.pick(supplementaries), footer: r.pick(supplementaries), items: items,
      showsSeeAll: r.flag())
  }

  static func input(_ r: inout FuzzBytes) -> LayoutInput {
    let configuration = configuration(&r)
    let bounds = Size(width: r.pick(widths), height: r.pick([812, 400, 100, 1, 0, .nan]))
    let sections = (0..<r.below(5)).map { _ in section(&r, maximumItems: 12) }
    return LayoutInput(configuration: configuration, bounds: bounds, sections: sections)
  }

  /// A section index: in range most of the time, one beyond either end, or absurd.
  static func sectionIndex(_ r: inout FuzzBytes, count: Int) -> Int {
    let b = r.byte()
    switch b {
    case 0..<200 where count > 150:
      // Two bytes, to reach every index of a bulk section.
      return (Int(b) << 8 | Int(r.byte())) % (count + 2) - 1
    case 0..<200: return Int(b) % (count + 2) - 1 + (count == 0 ? 1 : 0)
    case 200..<250: return count
    case 250..<253: return -1
    case 253: return Int.max
    case 254: return Int.min
    default: return 1_000_000
    }
  }

  static func path(_ r: inout FuzzBytes, counts: [Int]) -> ItemPath {
    let s = sectionIndex(&r, count: counts.count)
    let n = counts.indices.contains(s) ? counts[s] : 3
    return ItemPath(section: s, item: sectionIndex(&r, count: n))
  }

  /// A batch of up to 6 operations against `input` (indices relative to its item counts).
  static func batch(_ r: inout FuzzBytes, input: LayoutInput) -> BatchUpdate {
    let counts = input.sections.map(\.count)
    var u = BatchUpdate()
    var expectsCounts = false
    for _ in 0..<(1 + r.below(6)) {
      switch r.below(11) {
      case 0, 1: u.deleteItems.append(path(&r, counts: counts))
      case 2, 3: u.insertItems.append(ItemInsertion(at: path(&r, counts: counts), size: size(&r)))
      case 4:
        u.moveItems.append(ItemMove(from: path(&r, counts: counts), to: path(&r, counts: counts)))
      case 5: u.resizeItems.append(ItemResize(at: path(&r, counts: counts), size: size(&r)))
      case 6: u.deleteSections.append(sectionIndex(&r, count: counts.count))
      case 7:
        u.insertSections.append(
          SectionInsertion(
            at: sectionIndex(&r, count: counts.count), section: section(&r, maximumItems: 6)))
      case 8: u.setWidth = r.pick(widths)
      case 9: u.setHeight = r.pick([812, 300, 1, 0, -5, .nan, .infinity])
      default: expectsCounts = true
      }
    }
    if expectsCounts {
      // The counts the batch gives when it is valid, sometimes off by one; else the old counts.
      var expected = (try? input.applying(u))?.sections.map(\.count) ?? counts
      if r.flag(), !expected.isEmpty { expected[r.below(expected.count)] += r.pick([-1, 1]) }
      u.expectedItemCounts = expected
    }
    return u
  }
}
