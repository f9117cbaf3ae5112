import FlowLayoutModel

/// The tests' seeded draws, all from the package's one generator (`SplitMix64`, module
/// FlowLayoutModel): a seed printed with a failure names the same sizes and rects on every
/// machine and in every process (never seed from `hashValue`, which is randomized per process).
extension SplitMix64 {
  /// `count` sizes with widths and heights whole points in 60…200 (the `mixed` workload's
  /// range).
  ///
  /// - Complexity: O(count).
  public mutating func mixedSizes(_ count: Int) -> [Size] {
    (0..<count).map { _ in Size(nextPoints(in: 60...200), nextPoints(in: 60...200)) }
  }

  /// A few query rects over (and around) `content`: all of it, a point outside, and 5 random
  /// viewports, points, thin lines across the whole content and fractional rects.
  ///
  /// - Complexity: O(1).
  public mutating func queryRects(over content: Size) -> [Rect] {
    let w = max(content.width, 1)
    let h = max(content.height, 1)
    var rects = [
      Rect(x: 0, y: 0, width: content.width, height: content.height),
      Rect(x: -10, y: -10, width: 1, height: 1),
    ]
    let sizes = [Size(375, 812), Size(0, 0), Size(w, 1), Size(1, h), Size(40.5, 17.25)]
    for _ in 0..<5 {
      let x = nextUnit() * (w + 100) - 50
      let y = nextUnit() * (h + 100) - 50
      rects.append(Rect(origin: Point(x: x, y: y), size: pick(sizes)))
    }
    return rects
  }

  /// A seed from a list of integers (a recipe, a test's arguments): the same list gives the same
  /// seed in every process, unlike `hashValue`.
  ///
  /// - Complexity: O(values.count).
  public static func seed(from values: [Int]) -> UInt64 {
    var state: UInt64 = 0x5EED_F10A
    for value in values {
      var mixer = SplitMix64(seed: state ^ UInt64(bitPattern: Int64(value)))
      state = mixer.next()
    }
    return state
  }
}
