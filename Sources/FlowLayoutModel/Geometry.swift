/// A width and a height in points. CGSize-compatible, in `Double`.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public init(_ width: Double, _ height: Double) { self.init(width: width, height: height) }

  public static let zero = Size(width: 0, height: 0)

  /// `true` when both components are zero (UIKit's `CGSize.zero` test).
  public var isZero: Bool { width == 0 && height == 0 }

  /// The same size with the axes swapped (used to lay out horizontal scrolling by transposition).
  public var transposed: Size { Size(width: height, height: width) }

  public var description: String { "(\(width) × \(height))" }
}

/// A point in the content's coordinate space (origin top-left, y down).
public struct Point: Hashable, Sendable, Codable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)
}

/// An axis-aligned rectangle. CGRect-compatible for non-negative sizes.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var width: Double { size.width }
  public var height: Double { size.height }

  /// Closed intersection, as `CGRect.intersects` on non-null rects: touching edges count, and a
  /// zero-sized rect on or inside `other` counts.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func intersects(_ other: Rect) -> Bool {
    origin.x <= other.origin.x + other.size.width && other.origin.x <= origin.x + size.width
      && origin.y <= other.origin.y + other.size.height
      && other.origin.y <= origin.y + size.height
  }

  /// The same rect with the axes swapped.
  public var transposed: Rect {
    Rect(x: origin.y, y: origin.x, width: size.height, height: size.width)
  }

  public var description: String { "[\(minX), \(minY), \(width), \(height)]" }
}

/// Section insets `(top, left, bottom, right)`, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable, Codable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

  /// The insets seen with the axes swapped: `(left, top, right, bottom)`.
  public var transposed: EdgeInsets {
    EdgeInsets(top: left, left: top, bottom: right, right: bottom)
  }
}
