import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

@Suite("SIMD kernels equal their scalar twins")
struct KernelTests {
  static let lengths = [
    0, 1, LineMaxKernel.lanes - 1, LineMaxKernel.lanes, LineMaxKernel.lanes + 1, 7, 8, 9, 33,
  ]

  @Test(arguments: lengths)
  func lineMaximum(length: Int) {
    var sizes = SplitMix64(seed: UInt64(length) + 1)
    // Offsets 0 and 3 so that vector loads start unaligned to the lanes.
    for offset in [0, 3] {
      var values = (0..<(length + offset)).map { _ in sizes.nextUnit() * 200 }
      if length > 2 { values[offset + length - 1] = 1_000 }  // the maximum in the tail
      values.withUnsafeBufferPointer { v in
        let range = offset..<(offset + length)
        let scalar = LineMaxKernel.maximum(v, range, using: .scalar)
        let simd = LineMaxKernel.maximum(v, range, using: .simd)
        #expect(scalar == simd)
        #expect(scalar == (values[range].max() ?? 0))
      }
    }
  }

  @Test(arguments: lengths)
  func gridPositions(length: Int) {
    var scalar = [Double](repeating: -1, count: length)
    var simd = [Double](repeating: -1, count: length)
    scalar.withUnsafeMutableBufferPointer {
      GridPositionKernel.fill($0, left: 8.5, pitch: 117.25, using: .scalar)
    }
    simd.withUnsafeMutableBufferPointer {
      GridPositionKernel.fill($0, left: 8.5, pitch: 117.25, using: .simd)
    }
    #expect(scalar == simd)
    #expect(scalar == (0..<length).map { 8.5 + Double($0) * 117.25 })
  }

  @Test(arguments: lengths)
  func centeringOffsets(length: Int) {
    var sizes = SplitMix64(seed: UInt64(length) + 99)
    let heights = (0..<length).map { _ in sizes.nextUnit() * 100 }
    var scalar = [Double](repeating: -1, count: length)
    var simd = [Double](repeating: -1, count: length)
    heights.withUnsafeBufferPointer { h in
      scalar.withUnsafeMutableBufferPointer {
        CrossOffsetKernel.centered(h, lineTop: 1234.5, lineHeight: 100, into: $0, using: .scalar)
      }
      simd.withUnsafeMutableBufferPointer {
        CrossOffsetKernel.centered(h, lineTop: 1234.5, lineHeight: 100, into: $0, using: .simd)
      }
    }
    #expect(scalar == simd)
    #expect(scalar == heights.map { 1234.5 + (100 - $0) / 2 })
  }
}
