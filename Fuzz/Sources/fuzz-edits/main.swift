import FuzzSupport

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's per-input entry: bytes are an `EditRecipe` (input, then batch updates).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditsOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  EditsCheck.run(UnsafeBufferPointer(start: data, count: size))
  return 0
}

exit(runLibFuzzer(fuzzEditsOneInput))
