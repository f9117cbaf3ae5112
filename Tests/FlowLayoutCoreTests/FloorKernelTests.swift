import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `FloorKernel` against libm's `floor`, bit for bit (sign of zero and NaN payloads included).
@Suite("FloorKernel is libm's floor, bit for bit")
struct FloorKernelTests {
  /// Edge values: zeros, subnormals, halves and their neighbours, integers, the fast form's
  /// range limits and their neighbours, huge values, infinities, NaNs (quiet and signalling).
  static var edges: [Double] {
    let range = FloorKernel.fastRange
    var values: [Double] = [
      0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
      -.leastNormalMagnitude, Double.leastNormalMagnitude.nextDown, 0.5, -0.5, 1, -1, 1.5, -1.5,
      2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 0.5.nextUp, (-0.5).nextDown,
      1.0.nextDown, -(1.0.nextDown), 1.0.nextUp, -(1.0.nextUp), 1e-300, -1e-300, 123.456,
      -123.456, 4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 4_503_599_627_370_496,
      range, -range, range.nextDown, -range.nextDown, range.nextUp, -range.nextUp,
      range - 0.5, -range + 0.5, range - 0.25, -range + 0.25, 2 * range, -2 * range,
      FloorKernel.magic, -FloorKernel.magic, 1e300, -1e300, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan, .signalingNaN,
      Double(bitPattern: 0x7FF0_0000_0000_0001), Double(bitPattern: 0xFFF8_0000_0000_1234),
    ]
    // Every x.5 and its neighbours in [-8, 8], and the powers of two with their neighbours.
    for k in -16...16 {
      let v = Double(k) / 2
      values += [v, v.nextUp, v.nextDown]
    }
    for e in -60...60 {
      let p = Double(sign: .plus, exponent: e, significand: 1)
      values += [p, p.nextUp, p.nextDown, -p, -p.nextUp, -p.nextDown]
    }
    return values
  }

  /// `true` when `a` and `b` have the same bits.
  static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

  /// Checks every lane of `FloorKernel.floor` (both forms) and of `floorInRange` (lanes in its
  /// range) against libm's `floor`, for the values in every lane position.
  static func check(_ values: [Double]) {
    var padded = values
    while padded.count % 4 != 0 { padded.append(0.25) }
    for shift in 0..<4 {
      for i in stride(from: 0, to: padded.count, by: 4) {
        let lanes = (0..<4).map { padded[(i + ($0 + shift) % 4) % padded.count] }
        let x = SIMD4(lanes[0], lanes[1], lanes[2], lanes[3])
        let simd = FloorKernel.floor(x, using: .simd)
        let scalar = FloorKernel.floor(x, using: .scalar)
        let allInRange = lanes.allSatisfy { abs($0) < FloorKernel.fastRange }
        let inRange = allInRange ? FloorKernel.floorInRange(x) : nil
        for l in 0..<4 {
          let expected = Glibc.floor(lanes[l])
          #expect(same(simd[l], expected), "simd floor(\(lanes[l])) = \(simd[l]) ≠ \(expected)")
          #expect(same(scalar[l], expected), "scalar floor(\(lanes[l]))")
          if let inRange {
            #expect(same(inRange[l], expected), "floorInRange(\(lanes[l])) = \(inRange[l])")
          }
        }
      }
    }
  }

  @Test func edgeValues() {
    Self.check(Self.edges)
  }

  @Test func randomDoubles() {
    var random = SplitMix64(seed: 0xF100_4CA1)
    // Random bit patterns (every exponent, NaNs included), and random values at the scales
    // snapping sees (points times a display scale, positive and negative, with halves).
    var values: [Double] = []
    for _ in 0..<20_000 { values.append(Double(bitPattern: random.next())) }
    for _ in 0..<20_000 {
      let magnitude = Double(bitPattern: 0x3FF0_0000_0000_0000 | (random.next() >> 12)) - 1
      let scale = Double(sign: .plus, exponent: Int(random.next() % 60) - 8, significand: 1)
      let v = magnitude * scale
      values.append(random.next() & 1 == 0 ? v : -v)
      values.append((v * 2).rounded() / 2)
    }
    Self.check(values)
  }

  /// Snapping with the range-free rounding gives the frames libm gives, for the edges of
  /// random frames at every display scale the presentation accepts.
  @Test func snappedFramesEqualLibm() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<20_000 {
      let scale = [1, 2, 3, 1.5, 2.75, 1000][Int(random.next() % 6)]
      func length() -> Double {
        Double(random.next() % 2_000_000) / Double(1 + random.next() % 64) - 1_000
      }
      let (x, y, w, h) = (length(), length(), abs(length()), abs(length()))
      let fast = PresentationTransform.snapped(
        minX: x, minY: y, width: w, height: h, scale: scale, pixel: 1 / scale,
        rounding: InRangeFloor.self)
      let libm = PresentationTransform.snapped(
        minX: x, minY: y, width: w, height: h, scale: scale, pixel: 1 / scale,
        rounding: LibmFloor.self)
      #expect(fast == libm)
      #expect(Self.same(fast.minX, libm.minX) && Self.same(fast.minY, libm.minY))
    }
  }
}
