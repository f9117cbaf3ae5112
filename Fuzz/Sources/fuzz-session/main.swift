import FuzzSupport

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's per-input entry: bytes are session request lines (`docs/session.md`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  SessionCheck.run(UnsafeBufferPointer(start: data, count: size))
  return 0
}

exit(runLibFuzzer(fuzzSessionOneInput))
