import FlowLayoutModel

/// Where the items of one single-column section are (one item per line: a feed, a chat), as the
/// trace generator expects the layout to place them, so that a trace scrolls, measures and
/// anchors exactly as an app on that layout would: item `i`'s top is
/// `top + Σ_{j<i} (h_j + L)`, the content height `top + Σ (h_j + L) − L + bottom`.
///
/// Items live in slots of a Fenwick tree of `h + L`; free slots before the first item and after
/// the last take prepends and appends without moving the others, so a slot is an item's identity
/// and carries a flag (measured or not). All values are whole points, so the sums are exact.
struct ColumnPlacement {
  private var tree: [Double]
  private var heights: [Double]
  /// Per slot: the item was measured (feed) — the generator's own mark.
  private var flags: [Bool]
  private var firstSlot: Int
  private(set) var count: Int
  let spacing: Double
  /// The first item's top (header + top inset).
  let top: Double
  /// Below the last item (bottom inset + footer).
  let bottom: Double

  /// - Complexity: O(n + front + back).
  init(heights items: [Double], front: Int, back: Int, spacing: Double, top: Double, bottom: Double)
  {
    let slots = front + items.count + back
    heights = [Double](repeating: 0, count: slots)
    flags = [Bool](repeating: false, count: slots)
    for (k, h) in items.enumerated() { heights[front + k] = h }
    firstSlot = front
    count = items.count
    self.spacing = spacing
    self.top = top
    self.bottom = bottom
    // Linear-time Fenwick build.
    tree = [Double](repeating: 0, count: slots + 1)
    for s in 0..<slots {
      let k = s + 1
      tree[k] += s >= front && s < front + items.count ? heights[s] + spacing : 0
      let parent = k + (k & -k)
      if parent <= slots { tree[parent] += tree[k] }
    }
  }

  private mutating func add(_ delta: Double, atSlot s: Int) {
    var k = s + 1
    while k < tree.count {
      tree[k] += delta
      k += k & -k
    }
  }

  /// Σ (h + L) over the slots before `s`.
  private func prefix(_ s: Int) -> Double {
    var k = s
    var sum = 0.0
    while k > 0 {
      sum += tree[k]
      k -= k & -k
    }
    return sum
  }

  func height(_ i: Int) -> Double { heights[firstSlot + i] }
  func flag(_ i: Int) -> Bool { flags[firstSlot + i] }
  mutating func setFlag(_ i: Int) { flags[firstSlot + i] = true }

  /// - Complexity: O(log n).
  mutating func setHeight(_ i: Int, _ h: Double) {
    let s = firstSlot + i
    add(h - heights[s], atSlot: s)
    heights[s] = h
  }

  /// - Complexity: O(log n).
  func top(of i: Int) -> Double { top + prefix(firstSlot + i) - prefix(firstSlot) }

  /// The content's height.
  var contentHeight: Double {
    top + prefix(firstSlot + count) - prefix(firstSlot) - (count > 0 ? spacing : 0) + bottom
  }

  /// The first item whose frame reaches `y` or below (bottom ≥ y, closed), or the last item.
  ///
  /// - Complexity: O(log n).
  func index(at y: Double) -> Int {
    guard count > 0 else { return 0 }
    // Smallest slot s with prefix(s + 1) − prefix(first) ≥ y − top + L.
    let target = y - top + spacing + prefix(firstSlot)
    var position = 0
    var sum = 0.0
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next < tree.count && sum + tree[next] < target {
        position = next
        sum += tree[next]
      }
      step /= 2
    }
    return min(max(position - firstSlot, 0), count - 1)
  }

  /// Items `first…` whose frames intersect `[y, y + h]` (closed).
  func visible(y: Double, height h: Double) -> Range<Int> {
    guard count > 0 else { return 0..<0 }
    let first = index(at: y)
    var end = first
    var t = top(of: first)
    while end < count && t <= y + h {
      t += heights[firstSlot + end] + spacing
      end += 1
    }
    return first..<end
  }

  /// Inserts items before the first (slots must be free).
  mutating func prepend(_ hs: [Double]) {
    precondition(firstSlot >= hs.count, "no free slot before the first item")
    for h in hs.reversed() {
      firstSlot -= 1
      count += 1
      heights[firstSlot] = h
      add(h + spacing, atSlot: firstSlot)
    }
  }

  /// Appends an item after the last (a slot must be free).
  mutating func append(_ h: Double) {
    let s = firstSlot + count
    precondition(s < heights.count, "no free slot after the last item")
    heights[s] = h
    add(h + spacing, atSlot: s)
    count += 1
  }
}

/// A rough place of items in a greedy-flow grid (one section, or sections of a fixed count), for
/// steering a trace's viewport: how many items a line holds and how tall a line is on average,
/// from a greedy fill of a sample of the items at a line length. Only steers where the trace
/// looks; the layout itself is the session's.
struct GridPlacement {
  /// Items per line, on average.
  var itemsPerLine: Double
  /// A line's height plus the line spacing, on average.
  var linePitch: Double
  let lineSpacing: Double

  /// - Complexity: O(min(n, 4096)).
  init(
    widths: [Double], heights: [Double], lineLength: Double, spacing: Double, lineSpacing: Double
  ) {
    let m = min(widths.count, 4096)
    var lines = 0
    var sumHeights = 0.0
    var used = 0.0
    var tallest = 0.0
    for k in 0..<m {
      if k == 0 || used + spacing + widths[k] > lineLength {
        if k > 0 { sumHeights += tallest }
        lines += 1
        used = widths[k]
        tallest = heights[k]
      } else {
        used += spacing + widths[k]
        tallest = max(tallest, heights[k])
      }
    }
    sumHeights += tallest
    itemsPerLine = Double(m) / Double(max(lines, 1))
    linePitch = sumHeights / Double(max(lines, 1)) + lineSpacing
    self.lineSpacing = lineSpacing
  }

  /// The height of `items` items' lines (no insets).
  func linesHeight(items: Int) -> Double {
    guard items > 0 else { return 0 }
    return (Double(items) / itemsPerLine).rounded(.up) * linePitch - lineSpacing
  }

  /// The item whose line is at `y` (from the lines' top), roughly.
  func item(atY y: Double) -> Int { Int(max(0, y) / linePitch * itemsPerLine) }

  /// This placement at another line length: items per line scale with it.
  func scaled(lineLength new: Double, from old: Double) -> GridPlacement {
    var p = self
    p.itemsPerLine = max(1, itemsPerLine * new / old)
    return p
  }
}

/// A finger's flings: each starts at a speed drawn from `speeds` (points per frame) and slows by
/// 5 % a frame; below 1 pt a frame the next fling starts.
struct Fling {
  var velocity = 0.0

  mutating func step(using rng: inout SplitMix64, speeds: ClosedRange<Int>) -> Double {
    if velocity < 1 { velocity = rng.nextPoints(in: speeds) }
    let v = velocity
    velocity *= 0.95
    return v.rounded()
  }
}
