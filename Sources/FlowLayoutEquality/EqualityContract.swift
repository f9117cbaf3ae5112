import FlowLayoutModel

/// What the fast engine must match in the reference engine, exactly or within a tolerance.
/// Stated once, for the differential tests (`Tests/DifferentialTests/`) and the fuzz targets
/// (`Fuzz/`).
///
/// **Exactly** (any difference is a bug):
/// - the input after every batch (`input`: options, bounds, every item size, header, footer);
/// - which items are hidden (`hiddenItems`) and which overflow (`overflowingItems`), in order;
/// - the set and order of elements (`allElements`: kind and path, document order), hence line
///   membership: the greedy rule decides with the tolerance `ε = 1e-9·max(1, A)` over a
///   left-to-right accumulation both engines perform in the same order, so membership does not
///   depend on the engine;
/// - every error: `init`, `apply`, `frame(ofItemAt:)` and `supplementaryFrame` throw the same
///   `LayoutError` (same case, field and message), and a throwing `apply` leaves both engines as
///   they were;
/// - for a rect query, every element whose frame intersects the rect by more than the tolerance
///   (see below) is returned by both, in the same order.
///
/// **Within `tolerance(a, b) = 1e-9 · max(1, |a|, |b|)`** (relative, absolute near 0):
/// - every coordinate of every frame and of the content size. Why: the fast engine sums line
///   tops through a tree of `lineHeight + L` (so that an edit moves later lines in O(log r)) and
///   the closed form computes `k·(h + L)`, where the reference accumulates `top + h + L` line by
///   line; floating-point addition is not associative, so the same exact value can round
///   differently in the last bits (≈ r·2⁻⁵³ relative for r lines, far below 1e-9 at the sizes
///   the properties use, and still ≈ 1e-10 at 10⁶ lines);
/// - consequently an element whose frame only touches a query rect within the tolerance may be
///   returned by one engine and not the other; such boundary elements are exempt (both engines
///   apply the same closed `intersects` to their own frames). An element is a boundary element
///   when either engine's frame of it touches the rect within the tolerance.
public enum EqualityContract {
  /// The largest difference accepted between two coordinates of the same element.
  public static func tolerance(_ a: Double, _ b: Double) -> Double {
    LayoutTolerance.between(a, b)
  }

  public static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance(a, b) }

  public static func close(_ a: Rect, _ b: Rect) -> Bool {
    close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width)
      && close(a.height, b.height)
  }

  public static func close(_ a: Size, _ b: Size) -> Bool {
    close(a.width, b.width) && close(a.height, b.height)
  }

  /// `true` when `frame` intersects `rect` by more than the tolerance on both axes: a
  /// non-boundary element that both engines must return.
  /// (`Rect.certainlyIntersects`, the same band the scroll anchor uses.)
  public static func certainlyIntersects(_ frame: Rect, _ rect: Rect) -> Bool {
    frame.certainlyIntersects(rect)
  }

  /// `true` when `frame` intersects `rect` grown by the tolerance: every returned element must.
  public static func possiblyIntersects(_ frame: Rect, _ rect: Rect) -> Bool {
    let tx = tolerance(max(abs(rect.minX), abs(rect.maxX)), max(abs(frame.minX), abs(frame.maxX)))
    let ty = tolerance(max(abs(rect.minY), abs(rect.maxY)), max(abs(frame.minY), abs(frame.maxY)))
    return frame.minX <= rect.maxX + tx && rect.minX - tx <= frame.maxX
      && frame.minY <= rect.maxY + ty && rect.minY - ty <= frame.maxY
  }
}
