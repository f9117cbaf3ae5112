/// libFuzzer's driver entry point (`-sanitize=fuzzer` links libFuzzer; the executable's own
/// `main.swift` hands control to it so that no libFuzzer `main` is needed).
@_silgen_name("LLVMFuzzerRunDriver")
func libFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments and `callback` as the test-one-input function.
public func runLibFuzzer(
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  return withUnsafeMutablePointer(to: &argc) { argcPointer in
    withUnsafeMutablePointer(to: &argv) { argvPointer in
      libFuzzerRunDriver(argcPointer, argvPointer, callback)
    }
  }
}

/// Stops the process with `message` on stderr: libFuzzer records the input as a crash.
public func fuzzFailure(_ message: String) -> Never {
  fatalError("FUZZ MISMATCH: \(message)")
}
