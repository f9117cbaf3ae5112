/// Which implementation the data-parallel kernels use. Both give identical results (the tests
/// compare them); `.scalar` exists to prove that and to measure what SIMD buys.
public enum KernelSelection: Sendable, Hashable {
  /// `SIMD4<Double>` lanes where a kernel has them (the default).
  case simd
  /// The scalar twin of every kernel.
  case scalar
}
