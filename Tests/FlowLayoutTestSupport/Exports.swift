// The one comparison of two engines (`EngineComparison`) and the equality contract live in the
// library FlowLayoutEquality, so that the benchmark runner's soak (`flowlayout soak`) compares
// with the same code as the tests; every test target and fuzz target that imports this support
// module sees them as before.
@_exported import FlowLayoutEquality
