import FioriCells
import FlowLayoutModel

/// A named, seeded collection: the same items for a given `n` on every machine.
///
/// The runner (`flowlayout bench`), the `Benchmarks/` package and the tests all take their
/// collections from here, so a number in `results/` and a malloc count in `Benchmarks/` describe
/// the same input.
public struct Workload: Hashable, Sendable {
  /// The name the CLI spells (`uniform`, `mixed`, `columns`, `scroll`, `sections`, …).
  public var name: String
  /// One line saying what the collection is.
  public var summary: String
  /// The variant laid out.
  public var variant: LayoutVariant
  /// Items per section; `nil` puts all items in one section.
  public var itemsPerSection: Int?
  /// The header height of every section (0: none; single-section workloads have none).
  public var sectionHeaderHeight: Double = 0
  /// The seed of the item sizes.
  public var seed: UInt64
  /// Fiori cells whose fitting sizes are the items' sizes (FioriCells), or `nil` for drawn sizes.
  public var cells: FioriWorkload? = nil

  /// The bounds of every workload: an iPhone in portrait (375 × 812 pt).
  public static let bounds = Size(width: 375, height: 812)
  /// The widths `layout` lays a workload out at, one after the other and then again: 16 widths
  /// from 319 to 439 pt in steps of 8, 375 the second (every iPhone's portrait width lies
  /// among them), each 56 or 72 pt from the one before. A layout repeated at the same one or two widths has its line ends learned
  /// by this machine's branch predictor below ~28 000 lines, and a loop that branches on them
  /// runs ~4× faster than on line ends it has not seen (docs/profiling-archive.md, "Branch-free
  /// lines"); no user's layout is repeated so, and 16 widths of ~4 000 lines each (10 000
  /// `mixed` items) are more than the predictor holds (docs/benchmarks.md, "Layout widths").
  public static let layoutWidths: [Double] = (0..<16).map { 319 + Double((7 * $0) % 16) * 8 }

  /// The width of `layout`'s (and `init`'s) run `k`: `layoutWidths[k mod 16]`.
  public static func layoutWidth(ofRun k: Int) -> Double { layoutWidths[k % layoutWidths.count] }

  /// The layout options of this workload: insets 16 and spacings 8 everywhere, plus the variant's
  /// own mode (`itemSize` 110 × 150 for `uniform`, own sizes for `mixed`, `sections` and the
  /// Fiori cells, two columns for `columns`).
  public var configuration: LayoutConfiguration {
    var c = LayoutConfiguration(variant: variant)
    // The key/value column flow keeps its own Fiori defaults (I 80, L 24, insets 0/8/0/8).
    if variant == .keyValueColumnFlow { return c }
    c.sectionInset = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
    c.minimumInteritemSpacing = 8
    c.minimumLineSpacing = 8
    c.itemSize = Size(width: 110, height: 150)
    if name == "mixed" || name == "sections" || cells != nil {
      c.estimatedItemSize = Size(width: 130, height: 130)
    }
    return c
  }

  /// The input with `n` items.
  ///
  /// - Complexity: O(n).
  public func input(itemCount n: Int) -> LayoutInput {
    let sizes = itemSizes(count: n)
    var sections: [SectionData] = []
    let perSection = itemsPerSection ?? max(n, 1)
    var start = 0
    repeat {
      let end = min(start + perSection, n)
      sections.append(
        SectionData(
          header: sectionHeaderHeight, footer: 0,
          itemWidths: Array(sizes.widths[start..<end]),
          itemHeights: Array(sizes.heights[start..<end])))
      start = end
    } while start < n
    return LayoutInput(configuration: configuration, bounds: Self.bounds, sections: sections)
  }

  /// The items' own sizes, drawn from `seed`.
  ///
  /// - Complexity: O(n).
  public func itemSizes(count n: Int) -> (widths: [Double], heights: [Double]) {
    if let cells { return fioriSizes(cells, count: n) }
    var rng = SplitMix64(seed: seed)
    var widths = [Double](repeating: 0, count: n)
    var heights = [Double](repeating: 0, count: n)
    for i in 0..<n {
      switch name {
      case "uniform":
        widths[i] = 110
        heights[i] = 150
      case "columns":
        widths[i] = 163.5  // the column width at 375 pt; the column flow ignores it
        heights[i] = rng.nextPoints(in: 40...240)
      case "scroll":
        widths[i] = rng.nextPoints(in: 80...200)
        heights[i] = rng.nextPoints(in: 120...180)
      default:  // mixed, sections
        widths[i] = rng.nextPoints(in: 60...200)
        heights[i] = rng.nextPoints(in: 60...200)
      }
    }
    return (widths, heights)
  }

  /// The fitting sizes of `count` seeded Fiori cells: for the column flows at the column width,
  /// for collection item cells (which have their own width) at the line length.
  ///
  /// - Complexity: O(n · c) for c characters per cell.
  func fioriSizes(_ cells: FioriWorkload, count n: Int) -> (widths: [Double], heights: [Double]) {
    let c = configuration
    let line = Self.bounds.width - c.sectionInset.left - c.sectionInset.right
    let columns = Double(max(c.numberOfColumns, 1))
    let proposed =
      cells.isWidthDependent ? (line - (columns - 1) * c.minimumInteritemSpacing) / columns : line
    // Sample content is valid by construction (FioriCells tests it); a failure is a bug there.
    let sizes = (try? cells.sizes(count: n, seed: seed, proposedWidth: proposed)) ?? []
    precondition(
      sizes.count == n, "FioriCells could not size \(cells.rawValue) at width \(proposed)")
    return (sizes.map(\.width), sizes.map(\.height))
  }

  /// A size for an edited item, drawn from `rng` in this workload's range.
  public func editSize(using rng: inout SplitMix64) -> Size {
    if cells != nil {
      let pool = Self.editPool(self)
      return pool[rng.nextInt(below: pool.count)]
    }
    switch name {
    case "uniform": return Size(width: 110, height: rng.nextPoints(in: 140...160))
    case "columns": return Size(width: 163.5, height: rng.nextPoints(in: 40...240))
    case "scroll":
      return Size(width: rng.nextPoints(in: 80...200), height: rng.nextPoints(in: 120...180))
    default: return Size(width: rng.nextPoints(in: 60...200), height: rng.nextPoints(in: 60...200))
    }
  }
}

extension Workload {
  /// The Fiori 110 × 150 collection item grid: `.horizontalFlow` with `itemSize` 110 × 150.
  public static let uniform = Workload(
    name: "uniform", summary: "horizontalFlow, itemSize 110x150, one section",
    variant: .horizontalFlow, itemsPerSection: nil, seed: 0x5EED_0001)
  /// Own sizes uniform in 60…200 pt: `.horizontalFlow` with `estimatedItemSize` ≠ 0.
  public static let mixed = Workload(
    name: "mixed",
    summary: "horizontalFlow, own sizes 60-200 (estimatedItemSize != 0), one section",
    variant: .horizontalFlow, itemsPerSection: nil, seed: 0x5EED_0002)
  /// Two autosizing columns, heights uniform in 40…240 pt.
  public static let columns = Workload(
    name: "columns", summary: "autosizingColumnFlow, 2 columns, heights 40-240, one section",
    variant: .autosizingColumnFlow, itemsPerSection: nil, seed: 0x5EED_0003)
  /// Horizontal scroll rows of 50 items (widths 80…200, heights 120…180), 32 pt headers.
  public static let scroll = Workload(
    name: "scroll", summary: "horizontalScroll, rows of 50 items (80-200 x 120-180), headers 32",
    variant: .horizontalScroll, itemsPerSection: 50, sectionHeaderHeight: 32, seed: 0x5EED_0004)

  /// Fiori product grid cells (seed 000: 110 pt collection item cells with image, title,
  /// category, price) in a `.horizontalFlow` with their own fitting sizes.
  public static let fioriGrid = Workload(
    name: "fiori-grid", summary: "horizontalFlow of Fiori product grid cells (own fitting sizes)",
    variant: .horizontalFlow, itemsPerSection: nil, seed: 0x5EED_0005, cells: .productGrid)
  /// Fiori key/value cells in the `.keyValueColumnFlow` with its defaults (2 columns).
  public static let fioriKeyValue = Workload(
    name: "fiori-kv", summary: "keyValueColumnFlow (Fiori defaults) of key/value cells",
    variant: .keyValueColumnFlow, itemsPerSection: nil, seed: 0x5EED_0006, cells: .keyValueForm)
  /// A grouped feed: `.horizontalFlow` sections of 20 items with 44 pt headers, own sizes uniform
  /// in 60…200 pt as in `mixed` (other seed), so 1 000 000 items are 50 000 sections.
  public static let sections = Workload(
    name: "sections",
    summary: "horizontalFlow, sections of 20 items (own sizes 60-200), headers 44",
    variant: .horizontalFlow, itemsPerSection: 20, sectionHeaderHeight: 44, seed: 0x5EED_0007)

  /// Self-sizing (`flowlayout bench --workloads selfsizing`, not in `all`): Fiori key/value
  /// cells in the `.keyValueColumnFlow`, all estimated (139.5 × 66) and measured only near a
  /// 375 × 812 viewport. Its operations are its own (`open`, `openAll`, `scrollStep`, `rotate`).
  public static let selfSizing = Workload(
    name: "selfsizing",
    summary: "keyValueColumnFlow of key/value cells, estimated, measured near the viewport",
    variant: .keyValueColumnFlow, itemsPerSection: nil, seed: 0x5EED_0007, cells: .keyValueForm)

  /// Every workload, in the order the runner reports them.
  public static let all: [Workload] = [
    .uniform, .mixed, .columns, .scroll, .fioriGrid, .fioriKeyValue, .sections,
  ]

  /// 64 sizes of the workload's own kind, for edits of Fiori workloads (other seed).
  static func editPool(_ workload: Workload) -> [Size] {
    var other = workload
    other.seed ^= 0xED17
    let sizes = other.itemSizes(count: 64)
    return zip(sizes.widths, sizes.heights).map { Size(width: $0, height: $1) }
  }

  /// The workload named `name`, or `nil`.
  public static func named(_ name: String) -> Workload? {
    (all + [.selfSizing]).first { $0.name == name }
  }
}
