import FlowLayoutModel

/// The lines of an equal-width section: line `g / k` holds items `g` with k = `perLine`, its
/// height the largest among them. The heights live in fixed-capacity leaves under a segment tree
/// that keeps, per node and per incoming phase φ ∈ 0..<k, a `PhaseSummary` of the node's items,
/// so an edit that shifts every later item costs O(c + log p · k), not O(n).
///
/// Guarantees: line tops, heights, the total height and the y → line search equal a scan of the
/// lines, but for line heights summed in the tree's association (within `r·2⁻⁵³` relative, the
/// equality contract's tolerance). Widths can be kept beside the heights (`keepsWidths`).
///
/// - Memory: 8 bytes per item (16 with widths), plus 2·P·(8 + 40·k) bytes for P ≤ 2p leaves;
///   about ten words inline, so `PageLines`' cases hold it out of line (`CopyOnWrite`).
struct PhasedLines: Sendable, Equatable {
  /// What a run of items contributes to the lines under one incoming phase φ: the boundaries in
  /// it are the local positions i ∈ [0, m] with (φ + i) mod k = 0.
  struct PhaseSummary: Sendable, Equatable {
    /// The largest height before the first boundary (the items joining the open line); −∞ when
    /// there is none.
    var head: Double
    /// Whether the run holds a boundary (else every item joins the open line, `head`).
    var closes: Bool
    /// The lines that start and end at boundaries inside the run, and the sum of their heights.
    var lines: Int
    var sum: Double
    /// The largest height after the last boundary (the line left open); −∞ when there is none.
    var tail: Double

    /// A run of no items under phase 0: one boundary, nothing else.
    static let start = PhaseSummary(
      head: -.infinity, closes: true, lines: 0, sum: 0, tail: -.infinity)
    /// A run of no items under a phase other than 0.
    static let open = PhaseSummary(
      head: -.infinity, closes: false, lines: 0, sum: 0, tail: -.infinity)

    /// The summary of this run followed by `next` (taken under this run's outgoing phase).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func then(_ next: PhaseSummary) -> PhaseSummary {
      if !closes {
        return PhaseSummary(
          head: max(head, next.head), closes: next.closes, lines: next.lines, sum: next.sum,
          tail: next.closes ? next.tail : -.infinity)
      }
      if !next.closes {
        return PhaseSummary(
          head: head, closes: true, lines: lines, sum: sum, tail: max(tail, next.head))
      }
      // The line between this run's last boundary and next's first one (none when both are
      // the same boundary: both sides empty).
      let middle = max(tail, next.head)
      let joins = middle > -.infinity
      return PhaseSummary(
        head: head, closes: true, lines: lines + next.lines + (joins ? 1 : 0),
        sum: joins ? sum + middle + next.sum : sum + next.sum, tail: next.tail)
    }
  }

  /// Items per line, ≥ 1 (`rephase(perLine:)` changes it).
  private(set) var perLine: Int
  /// Leaves hold about `leafTarget` items: at most twice as many, and (with more than one leaf)
  /// at least a quarter as many.
  let leafTarget: Int
  /// The item heights, leaf by leaf: slices of one shared array until a leaf is first written
  /// (copy-on-write, O(c)). Indexed by offset from the slice's start (`ArraySlice.at(_:)`).
  private(set) var leaves: [ArraySlice<Double>]
  /// The item widths, leaf by leaf beside `leaves`, when `keepsWidths`; else empty.
  private(set) var widthLeaves: [ArraySlice<Double>]
  /// Whether each item's own width is kept (`widthLeaves`).
  let keepsWidths: Bool
  /// The number of items.
  private(set) var count: Int
  /// Tree capacity: a power of two ≥ the leaf count; node `i`'s children are `2i`, `2i + 1`,
  /// leaf `l` is node `capacity + l`; padding leaves hold no items.
  private var capacity: Int
  /// Items under each node.
  private var counts: [Int]
  /// Node `i`'s summary under phase φ at `i·k + φ`.
  private var summaries: [PhaseSummary]
  /// The leaves a splice changed, then the nodes above them (empty between calls; its capacity
  /// is kept, so a splice allocates nothing).
  private var dirty: [Int] = []
  /// Room for `summarizeAllPhases` (kept, so summarizing a leaf allocates nothing once it has
  /// held the largest leaf's).
  private var scratch = SummaryScratch()

  /// Equal leaves (heights, kept widths) under the same k, and the same tree over them: the
  /// storage past the tree's `2·capacity` nodes (kept from a larger k) is not compared.
  static func == (a: Self, b: Self) -> Bool {
    let nodes = 2 * a.capacity
    return a.perLine == b.perLine && a.leafTarget == b.leafTarget
      && a.keepsWidths == b.keepsWidths && a.count == b.count && a.capacity == b.capacity
      && a.leaves == b.leaves && a.widthLeaves == b.widthLeaves
      && a.counts[..<nodes] == b.counts[..<nodes]
      && a.summaries[..<(nodes * a.perLine)] == b.summaries[..<(nodes * b.perLine)]
  }

  /// Scratch values, not part of the tree's value (`==` ignores them).
  struct SummaryScratch: Sendable, Equatable {
    var values: [Double] = []
    /// At least `count` values.
    mutating func reserve(_ count: Int) {
      if values.count < count { values += repeatElement(0, count: count - values.count) }
    }
    static func == (_: Self, _: Self) -> Bool { true }
  }

  /// The lines of `heights` in lines of `perLine` items, in leaves of about `leafTarget` items;
  /// with `widths`, each item's width kept beside its height; the summaries' storage with room for
  /// `reservingPerLine` items a line, so that a `rephase` up to it allocates nothing until a leaf
  /// is split or joined.
  ///
  /// - Complexity: O(n + p·max(k, reservingPerLine)).
  init(
    heights: [Double], widths: [Double]? = nil, perLine: Int, leafTarget: Int,
    reservingPerLine: Int = 0
  ) {
    let target = max(leafTarget, 1)
    self.perLine = max(perLine, 1)
    self.leafTarget = target
    count = heights.count
    keepsWidths = widths != nil
    leaves = Self.leaves(of: heights, target: target)
    widthLeaves = widths.map { Self.leaves(of: $0, target: target) } ?? []
    capacity = 1
    counts = []
    summaries = []
    if reservingPerLine > self.perLine {
      var cap = 1
      while cap < leaves.count { cap <<= 1 }
      summaries = [PhaseSummary](repeating: .open, count: 2 * cap * reservingPerLine)
    }
    rebuildTree()
  }

  /// `values` cut into leaves of `target` (the last shorter; one empty leaf for none), sharing
  /// its storage.
  ///
  /// - Complexity: O(n / target).
  private static func leaves(of values: [Double], target: Int) -> [ArraySlice<Double>] {
    var leaves: [ArraySlice<Double>] = []
    leaves.reserveCapacity(values.count / target + 1)
    var start = 0
    repeat {
      let end = min(start + target, values.count)
      leaves.append(values[start..<end])
      start = end
    } while start < values.count
    return leaves
  }

  /// The number of lines, `⌈n / k⌉`.
  var lineCount: Int { (count + perLine - 1) / perLine }

  // MARK: Tree

  /// Rebuilds every node from the leaves, the leaves' summaries on up to `threads` threads.
  ///
  /// - Complexity: O(n + p·k): O(c + k) for each leaf's summaries, O(k) for each node above.
  private mutating func rebuildTree(threads: Int = 1) {
    var cap = 1
    while cap < leaves.count { cap <<= 1 }
    capacity = cap
    let k = perLine
    // Every entry of the `2·cap` nodes is written below, so the storage is never filled first.
    Self.ensureCount(&counts, 2 * cap)
    Self.ensureCount(&summaries, 2 * cap * k)
    counts[0] = 0
    for phase in 0..<k { summaries[phase] = .open }  // node 0: not a node, never read
    for node in (cap + leaves.count)..<(2 * cap) {
      counts[node] = 0
      summaries[node * k] = .start
      for phase in 1..<k { summaries[node * k + phase] = .open }
    }
    let combined = summarizeLeaves(threads: threads)
    counts.withUnsafeMutableBufferPointer { c in
      summaries.withUnsafeMutableBufferPointer { s in
        // Level by level from the leaves; the blocks' nodes the tasks combined are skipped.
        var height = 1
        while cap >> height >= 1 {
          let skipEnd = height <= combined.height ? (cap + combined.leafEnd) >> height : 0
          for node in max(cap >> height, skipEnd)..<((2 * cap) >> height) {
            Self.combine(node, perLine: k, counts: c, summaries: s)
          }
          height += 1
        }
      }
    }
  }

  /// `array` with at least `count` elements, new ones uninitialized.
  ///
  /// - Complexity: O(1); allocates only when `array` is shorter.
  private static func ensureCount<T: BitwiseCopyable>(_ array: inout [T], _ count: Int) {
    guard array.count < count else { return }
    array = [T](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
  }

  /// Rewrites leaf `l`'s count and k summaries; returns the work (c + k).
  ///
  /// - Complexity: O(c + k).
  @discardableResult
  private mutating func summarize(leaf l: Int) -> Int {
    let node = capacity + l
    let k = perLine
    counts[node] = leaves[l].count
    let c = leaves[l].count
    scratch.reserve(3 * k + 1)
    leaves[l].withUnsafeBufferPointer { h in
      summaries.withUnsafeMutableBufferPointer { s in
        scratch.values.withUnsafeMutableBufferPointer { t in
          Self.summarizeAllPhases(
            of: h, perLine: k,
            into: UnsafeMutableBufferPointer(rebasing: s[(node * k)..<(node * k + k)]),
            scratch: t.baseAddress!)
        }
      }
    }
    return c + k
  }

  /// The same heights in lines of `k` items; returns the work. No item is copied.
  ///
  /// - Complexity: O(n + p·k); allocates only when k exceeds the summaries' room.
  @discardableResult
  mutating func rephase(perLine k: Int, threads: Int = 1) -> Int {
    perLine = max(k, 1)
    rebuildTree(threads: threads)
    return count + 2 * capacity * perLine
  }

  /// Leaves per task at least, when the leaves are summarized on several threads; a task's run
  /// starts at a multiple of it (a block), and the task combines the nodes inside its blocks.
  static let leavesPerTask = 64

  /// Every leaf's count and summaries on up to `threads` threads, each task also combining the
  /// nodes above its blocks; returns the height up to which the nodes above leaves `0 ..< leafEnd`
  /// are combined (0: none).
  ///
  /// - Precondition: the padding leaves' counts and summaries are written.
  /// - Complexity: O(n / t + p·k / t) on t threads.
  private mutating func summarizeLeaves(threads: Int) -> (height: Int, leafEnd: Int) {
    // Several tasks a thread when threaded, so that a thread the machine holds back leaves
    // a small part of the work to wait for.
    let tasks = threads > 1 ? max(min(4 * threads, leaves.count / Self.leavesPerTask), 1) : 1
    let k = perLine
    let cap = capacity
    let leaves = self.leaves
    let room = 6 * k + 3
    if tasks == 1 {
      // On this thread, in the kept scratch (no allocation once it has room).
      scratch.reserve(room)
      counts.withUnsafeMutableBufferPointer { c in
        summaries.withUnsafeMutableBufferPointer { s in
          scratch.values.withUnsafeMutableBufferPointer { t in
            Self.summarize(
              leaves, leaves.indices, perLine: k, capacity: cap, counts: c, summaries: s,
              scratch: t)
          }
        }
      }
      return (0, 0)
    }
    let block = Self.leavesPerTask
    let blockHeight = block.trailingZeroBitCount
    // The blocks holding leaves, padding included: within the tree (cap ≥ 2·block here).
    let blocks = (leaves.count + block - 1) / block
    var scratches = [[Double]](repeating: [], count: tasks)
    counts.withUnsafeMutableBufferPointer { c in
      summaries.withUnsafeMutableBufferPointer { s in
        // Disjoint: task t writes only the counts and summaries of its own blocks' nodes.
        LayoutThreading.forEachRun(
          of: blocks, states: &scratches,
          sharing: (counts: SharedBuffer(c), summaries: SharedBuffer(s), leaves: leaves)
        ) { _, run, scratch, shared in
          let start = run.lowerBound * block
          let blockEnd = run.upperBound * block
          scratch = [Double](repeating: 0, count: room)
          scratch.withUnsafeMutableBufferPointer { room in
            Self.summarize(
              shared.leaves, start..<min(blockEnd, shared.leaves.count), perLine: k,
              capacity: cap, counts: shared.counts.base, summaries: shared.summaries.base,
              scratch: room)
          }
          // The nodes inside this run's blocks (the last one's padding leaves are written).
          for height in 1...blockHeight {
            for node in ((cap + start) >> height)..<((cap + blockEnd) >> height) {
              Self.combine(
                node, perLine: k, counts: shared.counts.base, summaries: shared.summaries.base)
            }
          }
        }
      }
    }
    return (blockHeight, blocks * block)
  }

  /// The counts and summaries of `leaves[run]`, two leaves at a time.
  ///
  /// - Precondition: `scratch` holds 6k + 3 values.
  /// - Complexity: O(m + k) for the m heights of the run.
  private static func summarize(
    _ leaves: [ArraySlice<Double>], _ run: Range<Int>, perLine k: Int, capacity cap: Int,
    counts: UnsafeMutableBufferPointer<Int>, summaries: UnsafeMutableBufferPointer<PhaseSummary>,
    scratch: UnsafeMutableBufferPointer<Double>
  ) {
    func out(_ l: Int) -> UnsafeMutableBufferPointer<PhaseSummary> {
      UnsafeMutableBufferPointer(rebasing: summaries[((cap + l) * k)..<((cap + l) * k + k)])
    }
    var l = run.lowerBound
    while l < run.upperBound {
      counts[cap + l] = leaves[l].count
      if l + 1 < run.upperBound {
        counts[cap + l + 1] = leaves[l + 1].count
        leaves[l].withUnsafeBufferPointer { a in
          leaves[l + 1].withUnsafeBufferPointer { b in
            summarizeAllPhases(
              of: a, b, perLine: k, into: out(l), out(l + 1), scratch: scratch.baseAddress!)
          }
        }
        l += 2
      } else {
        leaves[l].withUnsafeBufferPointer { a in
          summarizeAllPhases(of: a, perLine: k, into: out(l), scratch: scratch.baseAddress!)
        }
        l += 1
      }
    }
  }

  /// Rewrites node `i`'s count and summaries from its children.
  ///
  /// - Complexity: O(k).
  @inline(__always)
  private mutating func combine(_ i: Int) {
    let k = perLine
    counts.withUnsafeMutableBufferPointer { c in
      summaries.withUnsafeMutableBufferPointer { s in
        Self.combine(i, perLine: k, counts: c, summaries: s)
      }
    }
  }

  /// Rewrites node `i`'s count and its k summaries in `summaries` from its children's.
  ///
  /// - Complexity: O(k).
  @inline(__always)
  private static func combine(
    _ i: Int, perLine k: Int, counts c: UnsafeMutableBufferPointer<Int>,
    summaries s: UnsafeMutableBufferPointer<PhaseSummary>
  ) {
    let left = 2 * i
    let right = left + 1
    let shift = c[left] % k
    c[i] = c[left] + c[right]
    for phase in 0..<k {
      var out = phase + shift
      if out >= k { out -= k }
      s[i * k + phase] = s[left * k + phase].then(s[right * k + out])
    }
  }

  /// The summaries of `h` under every incoming phase φ ∈ 0..<k in `out[φ]`, each bit for bit
  /// `summary(of:_:phase:perLine:)` (line heights added in the same order). Window maxima by
  /// `LineWindowSums`, added to their residue's sum.
  ///
  /// - Precondition: `out.count == k ≥ 1`; `scratch` holds 3k + 1 values.
  /// - Complexity: O(c + k), per height independent of k; allocates nothing.
  static func summarizeAllPhases(
    of h: UnsafeBufferPointer<Double>, perLine k: Int,
    into out: UnsafeMutableBufferPointer<PhaseSummary>, scratch: UnsafeMutablePointer<Double>
  ) {
    if k == 1 {
      addWindows(h, into: scratch)
    } else if k == 2 {
      addPairMaxima(h, into: scratch)
    } else {
      LineWindowSums.sums(of: h, perLine: k, into: scratch, prefix: scratch + 2 * k + 1)
    }
    finishSummaries(of: h, perLine: k, sums: scratch, into: out)
  }

  /// `summarizeAllPhases` of two leaves side by side, each the same as alone.
  ///
  /// - Precondition: `outA.count == outB.count == k ≥ 1`; `scratch` holds 6k + 2 values.
  /// - Complexity: O(a.count + b.count + k); allocates nothing.
  static func summarizeAllPhases(
    of a: UnsafeBufferPointer<Double>, _ b: UnsafeBufferPointer<Double>, perLine k: Int,
    into outA: UnsafeMutableBufferPointer<PhaseSummary>,
    _ outB: UnsafeMutableBufferPointer<PhaseSummary>, scratch: UnsafeMutablePointer<Double>
  ) {
    let scratchB = scratch + 3 * k + 1
    if k == 1 {
      addWindows(a, into: scratch)
      addWindows(b, into: scratchB)
    } else {
      LineWindowSums.sums(
        of: a, b, perLine: k, into: scratch, scratchB, prefix: scratch + 2 * k + 1)
    }
    finishSummaries(of: a, perLine: k, sums: scratch, into: outA)
    finishSummaries(of: b, perLine: k, sums: scratchB, into: outB)
  }

  /// `sums[0]` = Σ h, in order: the summaries' sum for one item a line (every height a line).
  ///
  /// - Complexity: O(c).
  @inline(__always)
  private static func addWindows(
    _ h: UnsafeBufferPointer<Double>, into sums: UnsafeMutablePointer<Double>
  ) {
    var sum = 0.0
    for x in h { sum += x }
    sums[0] = sum
  }

  /// `sums[s mod 2]` += max(h[s], h[s + 1]) for s ∈ 0 ..< c − 1, in order of s.
  ///
  /// - Complexity: O(c).
  @inline(__always)
  private static func addPairMaxima(
    _ h: UnsafeBufferPointer<Double>, into sums: UnsafeMutablePointer<Double>
  ) {
    var even = 0.0
    var odd = 0.0
    var s = 0
    let c = h.count
    while s &+ 2 < c {
      even += LineWindowSums.larger(h[s], h[s &+ 1])
      odd += LineWindowSums.larger(h[s &+ 1], h[s &+ 2])
      s &+= 2
    }
    if s &+ 1 < c { even += LineWindowSums.larger(h[s], h[s &+ 1]) }
    sums[0] = even
    sums[1] = odd
  }

  /// The k summaries of `h` into `out[φ]` from its sums by residue and its heads and tails.
  ///
  /// - Complexity: O(k).
  @inline(__always)
  private static func finishSummaries(
    of h: UnsafeBufferPointer<Double>, perLine k: Int, sums: UnsafeMutablePointer<Double>,
    into out: UnsafeMutableBufferPointer<PhaseSummary>
  ) {
    let c = h.count
    let suffix = sums + k  // suffix[j] = max h[c − j ..< c], j ∈ 0...k
    suffix[0] = -.infinity
    var j = 1
    while j <= k, j <= c {
      suffix[j] = max(suffix[j - 1], h[c - j])
      j += 1
    }
    var head = -Double.infinity  // max h[0 ..< r]
    for r in 0..<k {
      let phase = r == 0 ? 0 : k - r
      if r > c {
        out[phase] = PhaseSummary(head: head, closes: false, lines: 0, sum: 0, tail: -.infinity)
      } else {
        let lines = (c - r) / k
        let rest = c - r - lines * k  // items after the last boundary, < k
        out[phase] = PhaseSummary(
          head: head, closes: true, lines: lines, sum: sums[r], tail: suffix[rest])
      }
      if r < c { head = max(head, h[r]) }
    }
  }

  /// The summary of `h[range]` under `phase`.
  ///
  /// - Complexity: O(range.count).
  static func summary(
    of h: UnsafeBufferPointer<Double>, _ range: Range<Int>, phase: Int, perLine k: Int
  ) -> PhaseSummary {
    let m = range.count
    let first = (k - phase) % k  // the first boundary's local position
    var head = -Double.infinity
    for i in range.lowerBound..<(range.lowerBound + min(first, m)) { head = max(head, h[i]) }
    guard first <= m else {
      return PhaseSummary(head: head, closes: false, lines: 0, sum: 0, tail: -.infinity)
    }
    var i = range.lowerBound + first
    var lines = 0
    var sum = 0.0
    while i + k <= range.upperBound {
      var line = h[i]
      for j in (i + 1)..<(i + k) { line = max(line, h[j]) }
      sum += line
      lines += 1
      i += k
    }
    var tail = -Double.infinity
    while i < range.upperBound {
      tail = max(tail, h[i])
      i += 1
    }
    return PhaseSummary(head: head, closes: true, lines: lines, sum: sum, tail: tail)
  }

  /// Rewrites the nodes above leaf `l`; returns the child summaries read (2k per node).
  ///
  /// - Complexity: O(log p · k).
  private mutating func updatePath(ofLeaf l: Int) -> Int {
    var node = (capacity + l) >> 1
    var read = 0
    while node >= 1 {
      combine(node)
      read += 2 * perLine
      node >>= 1
    }
    return read
  }

  /// The leaf holding item `g` and `g`'s offset in it (for `g = count`, the last leaf's end).
  ///
  /// - Complexity: O(log p).
  func locate(_ g: Int) -> (leaf: Int, offset: Int) {
    if g >= count { return (leaves.count - 1, leaves[leaves.count - 1].count) }
    var node = 1
    var rest = g
    while node < capacity {
      let left = 2 * node
      if rest < counts[left] {
        node = left
      } else {
        rest -= counts[left]
        node = left + 1
      }
    }
    return (node - capacity, rest)
  }

  // MARK: Edits

  /// The height of item `g`.
  ///
  /// - Complexity: O(log p).
  func height(ofItem g: Int) -> Double {
    let (l, i) = locate(g)
    return leaves[l].at(i)
  }

  /// Item `g`'s own width (`keepsWidths`).
  ///
  /// - Complexity: O(log p).
  func width(ofItem g: Int) -> Double {
    let (l, i) = locate(g)
    return widthLeaves[l].at(i)
  }

  /// Sets item `g`'s height; returns the summary work (a test counter).
  ///
  /// - Complexity: O(c + log p · k).
  @discardableResult
  mutating func setHeight(_ height: Double, ofItem g: Int) -> Int {
    let (l, i) = locate(g)
    leaves[l][leaves[l].startIndex + i] = height
    return summarize(leaf: l) + updatePath(ofLeaf: l)
  }

  /// Sets item `g`'s width (`keepsWidths`); the lines do not depend on it.
  ///
  /// - Complexity: O(log p).
  mutating func setWidth(_ width: Double, ofItem g: Int) {
    let (l, i) = locate(g)
    widthLeaves[l][widthLeaves[l].startIndex + i] = width
  }

  /// Removes the items at `removals` (ascending, old indices), then inserts `insertions`
  /// (ascending, new indices), UIKit's order; each touched leaf and node summarized once. Returns
  /// the summary work.
  ///
  /// - Complexity: O(e log p + d·c + d·log p · k) for e edits touching d leaves; O(c + p·k) more
  ///   per leaf split or joined. Allocates nothing unless a leaf is split or joined.
  @discardableResult
  mutating func splice(
    removing removals: some BidirectionalCollection<Int>,
    inserting insertions: some Collection<(index: Int, size: Size)>
  ) -> Int {
    var work = 0
    dirty.removeAll(keepingCapacity: true)
    // Runs of edits at consecutive places in one leaf are one slice operation each (a slice's
    // per-call cost is ~300 instructions), with the leaves each single edit would leave.
    let smallest = max(leafTarget / 4, 1)
    var removing = removals.reversed()[...]
    while let g = removing.first {
      let (l, i) = locate(g)
      // Removals g, g − 1, … in this leaf, while it keeps more than `smallest` items.
      var run = 1
      var next = removing.index(after: removing.startIndex)
      while next != removing.endIndex, removing[next] == g - run, run <= i,
        leaves[l].count - run - 1 >= smallest
      {
        run += 1
        next = removing.index(after: next)
      }
      removing = removing[next...]
      if run > 1 {
        leaves[l].removeSubrange((leaves[l].startIndex + i + 1 - run)...(leaves[l].startIndex + i))
        if keepsWidths {
          let start = widthLeaves[l].startIndex
          widthLeaves[l].removeSubrange((start + i + 1 - run)...(start + i))
        }
        count -= run
        addToCounts(-run, aboveLeaf: l)
        dirty.append(l)
        continue
      }
      leaves[l].remove(at: leaves[l].startIndex + i)
      if keepsWidths { widthLeaves[l].remove(at: widthLeaves[l].startIndex + i) }
      count -= 1
      if leaves.count > 1, leaves[l].count < smallest {
        let before = leaves.count
        let first = joinLeaf(l)
        let delta = leaves.count - before
        work += relayTree(changed: first..<(first + 1 + (delta == 0 ? 1 : 0)), delta: delta)
      } else {
        addToCounts(-1, aboveLeaf: l)
        dirty.append(l)
      }
    }
    var inserting = insertions[...]
    while let (g, size) = inserting.first {
      let (l, i) = locate(g)
      // Insertions g, g + 1, … into this leaf, while it stays within `2·leafTarget`.
      var run = 1
      var next = inserting.index(after: inserting.startIndex)
      while next != inserting.endIndex, inserting[next].index == g + run,
        leaves[l].count + run + 1 <= 2 * leafTarget
      {
        run += 1
        next = inserting.index(after: next)
      }
      let edits = inserting[..<next]
      inserting = inserting[next...]
      if run > 1 {
        leaves[l].insert(
          contentsOf: edits.lazy.map { $0.size.height }, at: leaves[l].startIndex + i)
        if keepsWidths {
          widthLeaves[l].insert(
            contentsOf: edits.lazy.map { $0.size.width }, at: widthLeaves[l].startIndex + i)
        }
        count += run
        addToCounts(run, aboveLeaf: l)
        dirty.append(l)
        continue
      }
      leaves[l].insert(size.height, at: leaves[l].startIndex + i)
      if keepsWidths { widthLeaves[l].insert(size.width, at: widthLeaves[l].startIndex + i) }
      count += 1
      if leaves[l].count > 2 * leafTarget {
        splitLeaf(l, at: leafTarget)
        work += relayTree(changed: l..<(l + 2), delta: 1)
      } else {
        addToCounts(1, aboveLeaf: l)
        dirty.append(l)
      }
    }
    work += summarizeDirty()
    return work
  }

  /// Leaf `l` (too small) joined with a neighbour, split again in halves when that is too big;
  /// returns the first of the leaves it wrote (one, or two when split again). The tree is
  /// stale until `relayTree(changed:delta:)`.
  private mutating func joinLeaf(_ l: Int) -> Int {
    let first = l + 1 < leaves.count ? l : l - 1
    let moved = leaves[first + 1]
    leaves[first].append(contentsOf: moved)
    leaves.remove(at: first + 1)
    if keepsWidths {
      let movedWidths = widthLeaves[first + 1]
      widthLeaves[first].append(contentsOf: movedWidths)
      widthLeaves.remove(at: first + 1)
    }
    if leaves[first].count > 2 * leafTarget { splitLeaf(first, at: leaves[first].count / 2) }
    return first
  }

  /// Leaf `l` cut in two at `cut`. The tree is stale until `rebuildTree()`.
  private mutating func splitLeaf(_ l: Int, at cut: Int) {
    Self.split(&leaves, l, at: cut, room: 2 * leafTarget + 1)
    if keepsWidths { Self.split(&widthLeaves, l, at: cut, room: 2 * leafTarget + 1) }
  }

  /// `leaves[l]` cut at offset `cut`, the second part in its own storage with room for `room`.
  ///
  /// - Complexity: O(c + p).
  private static func split(
    _ leaves: inout [ArraySlice<Double>], _ l: Int, at cut: Int, room: Int
  ) {
    let at = leaves[l].startIndex + cut
    var right: [Double] = []
    right.reserveCapacity(room)
    right.append(contentsOf: leaves[l][at...])
    leaves[l].removeSubrange(at...)
    leaves.insert(right[...], at: l + 1)
  }

  /// The tree laid out again after leaves `changed` were written and the leaf count changed by
  /// `delta`; equals `rebuildTree()` exactly, the pending leaves (`dirty`) renumbered. Returns the
  /// summary work.
  ///
  /// - Complexity: O(m·c + p·k) for the m changed leaves among p.
  private mutating func relayTree(changed: Range<Int>, delta: Int) -> Int {
    let k = perLine
    let oldCapacity = capacity
    let oldSummaries = summaries
    let oldChangedEnd = changed.upperBound - delta
    var cap = 1
    while cap < leaves.count { cap <<= 1 }
    capacity = cap
    counts = [Int](repeating: 0, count: 2 * cap)
    summaries = [PhaseSummary](repeating: .open, count: 2 * cap * k)
    var work = 0
    oldSummaries.withUnsafeBufferPointer { old in
      summaries.withUnsafeMutableBufferPointer { new in
        for l in 0..<leaves.count where !changed.contains(l) {
          let from = (oldCapacity + (l < changed.lowerBound ? l : l - delta)) * k
          let to = (cap + l) * k
          for phase in 0..<k { new[to + phase] = old[from + phase] }
        }
        for node in (cap + leaves.count)..<(2 * cap) { new[node * k] = .start }
      }
    }
    for l in 0..<leaves.count {
      if changed.contains(l) {
        work += summarize(leaf: l)
      } else {
        counts[cap + l] = leaves[l].count
      }
    }
    var node = cap - 1
    while node >= 1 {
      combine(node)
      node -= 1
    }
    work += 2 * cap * k
    for j in dirty.indices {
      let d = dirty[j]
      dirty[j] = d < changed.lowerBound ? d : d >= oldChangedEnd ? d + delta : changed.lowerBound
    }
    return work
  }

  /// Adds `delta` to the item counts of leaf `l` and of every node above it.
  ///
  /// - Complexity: O(log p).
  private mutating func addToCounts(_ delta: Int, aboveLeaf l: Int) {
    var node = capacity + l
    while node >= 1 {
      counts[node] += delta
      node >>= 1
    }
  }

  /// Summarizes the leaves in `dirty`, then each node above them once; returns the work.
  ///
  /// - Complexity: O(d·c + d·log p · k) for d leaves.
  private mutating func summarizeDirty() -> Int {
    guard !dirty.isEmpty else { return 0 }
    var work = 0
    dirty.sortRemovingDuplicates()
    for l in dirty { work += summarize(leaf: l) }
    // Nodes, level by level: each node's parent, ascending and without repeats.
    for j in dirty.indices { dirty[j] += capacity }
    while dirty[0] > 1 {
      var kept = 0
      for j in dirty.indices {
        let parent = dirty[j] >> 1
        if kept == 0 || dirty[kept - 1] != parent {
          dirty[kept] = parent
          kept += 1
        }
      }
      dirty.removeLast(dirty.count - kept)
      for node in dirty {
        combine(node)
        work += 2 * perLine
      }
    }
    dirty.removeAll(keepingCapacity: true)
    return work
  }

  // MARK: Queries

  /// The summary of items `0 ..< g` under phase 0.
  ///
  /// - Complexity: O(log p + c).
  private func prefix(_ g: Int) -> PhaseSummary {
    let k = perLine
    var acc = PhaseSummary.start
    var phase = 0
    var node = 1
    var rest = g
    while node < capacity {
      let left = 2 * node
      if rest >= counts[left] {
        acc = acc.then(summaries[left * k + phase])
        phase = (phase + counts[left]) % k
        rest -= counts[left]
        node = left + 1
      } else {
        node = left
      }
    }
    guard rest > 0 else { return acc }
    let leaf = node - capacity
    return leaves[leaf].withUnsafeBufferPointer {
      acc.then(Self.summary(of: $0, 0..<rest, phase: phase, perLine: k))
    }
  }

  /// Line `line`'s top below the first line's top.
  ///
  /// - Precondition: `0 ≤ line ≤ lineCount`.
  /// - Complexity: O(log p + c).
  func top(ofLine line: Int, lineSpacing: Double) -> Double {
    guard line > 0 else { return 0 }
    let g = min(line * perLine, count)
    let p = prefix(g)
    let closed = p.tail > -.infinity ? p.sum + p.tail : p.sum
    return closed + Double(line) * lineSpacing
  }

  /// The height of line `line`: the largest height among its items.
  ///
  /// - Precondition: `0 ≤ line < lineCount`.
  /// - Complexity: O(log p + k).
  func lineHeight(_ line: Int) -> Double {
    var (l, i) = locate(line * perLine)
    var remaining = min(perLine, count - line * perLine)
    var height = -Double.infinity
    while remaining > 0 {
      let leaf = leaves[l]
      while i < leaf.count, remaining > 0 {
        height = max(height, leaf.at(i))
        i += 1
        remaining -= 1
      }
      l += 1
      i = 0
    }
    return height
  }

  /// `Σ line heights + (lines − 1)·L`, 0 without lines.
  ///
  /// - Complexity: O(1).
  func linesHeight(lineSpacing: Double) -> Double {
    guard count > 0 else { return 0 }
    let root = summaries[perLine]  // node 1 under phase 0
    let lines = root.lines + (root.tail > -.infinity ? 1 : 0)
    let sum = root.tail > -.infinity ? root.sum + root.tail : root.sum
    return sum + Double(lines - 1) * lineSpacing
  }

  /// The first line whose bottom is at least `target`, or `lineCount`.
  ///
  /// - Complexity: O(log p + c).
  func firstLine(bottomAtLeast target: Double, lineSpacing: Double) -> Int {
    let k = perLine
    var acc = PhaseSummary.start
    var phase = 0
    var node = 1
    while node < capacity {
      let left = 2 * node
      let t = acc.then(summaries[left * k + phase])
      if t.lines > 0, t.sum + Double(t.lines - 1) * lineSpacing >= target {
        node = left
      } else {
        acc = t
        phase = (phase + counts[left]) % k
        node = left + 1
      }
    }
    // The answer closes in this leaf, or it is the open last line. `acc` starts at phase 0,
    // so it holds a boundary: its lines, their sum and the open line's largest height (`tail`).
    var lines = acc.lines
    var sum = acc.sum
    var open = acc.tail
    let leaf = node - capacity
    if leaf < leaves.count {
      let found: Int? = leaves[leaf].withUnsafeBufferPointer { h in
        for i in 0..<h.count {
          open = max(open, h[i])
          phase += 1
          if phase == k {
            if sum + open + Double(lines) * lineSpacing >= target { return lines }
            sum = sum + open
            lines += 1
            open = -.infinity
            phase = 0
          }
        }
        return nil
      }
      if let found { return found }
    }
    if open > -.infinity, sum + open + Double(lines) * lineSpacing >= target { return lines }
    return lineCount
  }

  /// The runs of leaves stored back to back (1 when built from one array). For tests.
  ///
  /// - Complexity: O(p).
  var storageRuns: Int {
    var runs = 0
    var end: UnsafePointer<Double>? = nil
    for leaf in leaves {
      leaf.withUnsafeBufferPointer { h in
        if h.baseAddress == nil || h.baseAddress != end { runs += 1 }
        end = h.baseAddress.map { $0 + h.count }
      }
    }
    return runs
  }

  /// The items a line the summaries' storage has room for (≥ k). For tests.
  var summaryRoom: Int { summaries.count / (2 * capacity) }

  /// Every height, in order.
  ///
  /// - Complexity: O(n).
  var heights: [Double] { Self.joined(leaves, count: count) }

  /// Every kept width, in order (`keepsWidths`).
  ///
  /// - Complexity: O(n).
  var widths: [Double] { Self.joined(widthLeaves, count: count) }

  private static func joined(_ leaves: [ArraySlice<Double>], count: Int) -> [Double] {
    var result: [Double] = []
    result.reserveCapacity(count)
    for leaf in leaves { result.append(contentsOf: leaf) }
    return result
  }
}

extension ArraySlice<Double> {
  /// The value at offset `i` from the slice's start (a leaf's `i`-th value).
  @inline(__always)
  fileprivate func at(_ i: Int) -> Double { self[startIndex &+ i] }
}
