/// A duration in seconds as people read it: `812 ns`, `14.2 µs`, `3.05 ms`, `1.20 s`.
public func format(seconds: Double) -> String { format(nanoseconds: seconds * 1e9) }

/// A duration in nanoseconds with three significant digits and a unit.
public func format(nanoseconds ns: Double) -> String {
  func sig(_ v: Double) -> String {
    if v >= 100 { return String(Int(v.rounded())) }
    if v >= 10 { return fixed(v, 1) }
    return fixed(v, 2)
  }
  if ns < 1e3 { return "\(sig(ns)) ns" }
  if ns < 1e6 { return "\(sig(ns / 1e3)) µs" }
  if ns < 1e9 { return "\(sig(ns / 1e6)) ms" }
  return "\(sig(ns / 1e9)) s"
}

/// `value` with `digits` decimals, without Foundation's locale-dependent formatting.
public func fixed(_ value: Double, _ digits: Int) -> String {
  guard value.isFinite else { return "\(value)" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  let whole = Int(scaled / scale)
  var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
  if digits > 0 {
    let fraction = Int(scaled - Double(whole) * scale)
    let digitsText = String(fraction)
    text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
  }
  return text
}

extension String {
  /// This text followed by spaces up to `width` characters (as is when it is that long or
  /// longer): a table cell, left-aligned.
  func padded(to width: Int) -> String {
    let count = self.count
    return count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
