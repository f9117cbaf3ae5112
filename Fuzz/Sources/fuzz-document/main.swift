import FuzzSupport

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's per-input entry: bytes are a candidate JSON layout document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocumentOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  DocumentCheck.run(UnsafeBufferPointer(start: data, count: size))
  return 0
}

exit(runLibFuzzer(fuzzDocumentOneInput))
