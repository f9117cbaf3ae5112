import CFlowBaseline
import FlowLayoutModel
import FlowLayoutWorkloads

/// `layout` by the plain C loop (`flow_baseline_layout`, compiled `-O2`): the greedy-flow
/// workloads' items laid out from two `Double` columns into two, the line length that of the
/// next of `Workload.layoutWidths` each run, like `EngineOperation`'s `layout`.
public struct CLoopOperation: TimedOperation {
  private let widths: [Double]
  private let heights: [Double]
  private var xs: [Double]
  private var ys: [Double]
  private let insets: EdgeInsets
  private let interitem: Double
  private let lineSpacing: Double
  private var phase = 0
  /// `true` for `init`: each run allocates its position columns (`malloc`) and frees them.
  private let coldStart: Bool
  public private(set) var checksum: Double = 0

  /// `true` for the workloads the C loop's rules describe: greedy `.horizontalFlow` in one
  /// section without a header (not `sections`). The loop has no edits: the runner asks it for
  /// `layout` only.
  public static func supports(_ workload: Workload) -> Bool {
    workload.variant == .horizontalFlow && workload.itemsPerSection == nil
  }

  /// - Complexity: O(n).
  public init(workload: Workload, itemCount n: Int, coldStart: Bool = false) {
    self.coldStart = coldStart
    let sizes = workload.itemSizes(count: n)
    widths = sizes.widths
    heights = sizes.heights
    xs = [Double](repeating: 0, count: n)
    ys = [Double](repeating: 0, count: n)
    let c = workload.configuration
    insets = c.sectionInset
    interitem = c.minimumInteritemSpacing
    lineSpacing = c.minimumLineSpacing
  }

  public var needsUndo: Bool { false }

  public mutating func perform() {
    if coldStart { return performCold() }
    phase &+= 1
    let width = Workload.layoutWidth(ofRun: phase)
    let lineLength = width - insets.left - insets.right
    let n = widths.count
    let bottom = widths.withUnsafeBufferPointer { w in
      heights.withUnsafeBufferPointer { h in
        xs.withUnsafeMutableBufferPointer { x in
          ys.withUnsafeMutableBufferPointer { y in
            flow_baseline_layout(
              w.baseAddress, h.baseAddress, n, lineLength, insets.left, insets.top, interitem,
              lineSpacing, x.baseAddress, y.baseAddress)
          }
        }
      }
    }
    checksum += bottom
  }

  /// `init`: the loop at the next of `Workload.layoutWidths` (as the engine's `init` visits
  /// them) into two freshly allocated columns, freed afterwards.
  mutating func performCold() {
    phase &+= 1
    let width = Workload.layoutWidth(ofRun: phase)
    let lineLength = width - insets.left - insets.right
    let n = widths.count
    let x = UnsafeMutablePointer<Double>.allocate(capacity: max(n, 1))
    let y = UnsafeMutablePointer<Double>.allocate(capacity: max(n, 1))
    defer {
      x.deallocate()
      y.deallocate()
    }
    let bottom = widths.withUnsafeBufferPointer { w in
      heights.withUnsafeBufferPointer { h in
        flow_baseline_layout(
          w.baseAddress, h.baseAddress, n, lineLength, insets.left, insets.top, interitem,
          lineSpacing, x, y)
      }
    }
    checksum += bottom + x[n / 2]
  }

  public mutating func undo() {}

  /// The frames of the last run, for checking the loop against an engine.
  public var frames: [Rect] {
    (0..<widths.count).map { Rect(x: xs[$0], y: ys[$0], width: widths[$0], height: heights[$0]) }
  }
}
