import FlowLayoutModel
import FlowLayoutWorkloads

/// Seeded layout inputs over every variant, option and scroll direction, with small integer or
/// half-point sizes, zero sizes and items wider than the line mixed in.
enum SeededInputs {
  /// A length: often a multiple of 5, sometimes 0, sometimes with a half point.
  static func length(_ upper: Int, _ rng: inout SplitMix64) -> Double {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return 0
    case 1: return Double(Int.random(in: 0...(upper * 2), using: &rng)) / 2
    default: return Double(5 * Int.random(in: 0...(upper / 5), using: &rng))
    }
  }

  static func size(_ upper: Int, _ rng: inout SplitMix64) -> Size {
    Size(width: length(upper, &rng), height: length(upper, &rng))
  }

  static func section(_ rng: inout SplitMix64) -> SectionData {
    let count = Int.random(in: 0...12, using: &rng)
    return SectionData(
      header: Bool.random(using: &rng) ? 0 : length(40, &rng),
      footer: Bool.random(using: &rng) ? 0 : length(30, &rng),
      items: (0..<count).map { _ in size(160, &rng) })
  }

  /// A random input; may be invalid (callers skip those `validate()` rejects).
  static func input(_ rng: inout SplitMix64) -> LayoutInput {
    let variant = LayoutVariant.allCases.randomElement(using: &rng)!
    var c = LayoutConfiguration(variant: variant)
    if Bool.random(using: &rng) { c.minimumInteritemSpacing = length(20, &rng) }
    if Bool.random(using: &rng) { c.minimumLineSpacing = length(20, &rng) }
    if Bool.random(using: &rng) {
      c.sectionInset = EdgeInsets(
        top: length(20, &rng), left: length(20, &rng), bottom: length(20, &rng),
        right: length(20, &rng))
    }
    if Int.random(in: 0..<3, using: &rng) == 0 { c.estimatedItemSize = Size(1, 1) }
    if Int.random(in: 0..<4, using: &rng) == 0 { c.itemSize = size(120, &rng) }
    if Int.random(in: 0..<4, using: &rng) == 0 { c.minimumScaledItemSize = size(120, &rng) }
    if Int.random(in: 0..<3, using: &rng) == 0 {
      c.numberOfColumns = Int.random(in: 0...4, using: &rng)
    }
    if Int.random(in: 0..<3, using: &rng) == 0 {
      c.numberOfRows = Int.random(in: 0...3, using: &rng)
    }
    c.isLayoutJustified = Bool.random(using: &rng)
    c.isTopAligned = Bool.random(using: &rng)
    c.scrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
    c.widthClass = Bool.random(using: &rng) ? .regular : .compact
    let bounds = Size(
      width: Double(Int.random(in: 40...400, using: &rng)),
      height: Double(Int.random(in: 40...400, using: &rng)))
    let sections = (0..<Int.random(in: 0...3, using: &rng)).map { _ in section(&rng) }
    return LayoutInput(configuration: c, bounds: bounds, sections: sections)
  }

  /// `count` valid inputs from `seed`.
  static func validInputs(count: Int, seed: UInt64) -> [LayoutInput] {
    var rng = SplitMix64(seed: seed)
    var result: [LayoutInput] = []
    while result.count < count {
      let candidate = input(&rng)
      if (try? candidate.validate()) != nil { result.append(candidate) }
    }
    return result
  }

  /// A random batch against `input`'s content; may be invalid.
  static func batch(for input: LayoutInput, _ rng: inout SplitMix64) -> BatchUpdate {
    var update = BatchUpdate()
    let counts = input.sections.map(\.count)
    var used = Set<ItemPath>()
    func existing(_ rng: inout SplitMix64) -> ItemPath? {
      let nonEmpty = counts.indices.filter { counts[$0] > 0 }
      guard let s = nonEmpty.randomElement(using: &rng) else { return nil }
      let path = ItemPath(s, Int.random(in: 0..<counts[s], using: &rng))
      return used.insert(path).inserted ? path : nil
    }
    for _ in 0..<Int.random(in: 0...2, using: &rng) {
      if let p = existing(&rng) { update.deleteItems.append(p) }
    }
    for _ in 0..<Int.random(in: 0...2, using: &rng) {
      if let p = existing(&rng) {
        update.resizeItems.append(ItemResize(at: p, size: size(160, &rng)))
      }
    }
    if !counts.isEmpty, Bool.random(using: &rng) {
      let s = Int.random(in: 0..<counts.count, using: &rng)
      update.insertItems.append(ItemInsertion(at: ItemPath(s, 0), size: size(160, &rng)))
    }
    if Int.random(in: 0..<4, using: &rng) == 0 {
      update.insertSections.append(SectionInsertion(at: 0, section: section(&rng)))
    }
    if Int.random(in: 0..<4, using: &rng) == 0 {
      update.setWidth = Double(Int.random(in: 40...400, using: &rng))
    }
    return update
  }
}
