/// One repeatable operation on prepared state, as the sampler runs it.
///
/// (Edited with the module's move off Foundation: a debug build's object of this file kept
/// `-lFoundation` among its link entries until recompiled.)
///
/// `perform()` is the timed part; `undo()` (not timed) puts the state back where a later
/// `perform()` is valid again, for operations that change the item count.
public protocol TimedOperation {
  /// `true` when `undo()` must run after every `perform()` (then each sample times one run).
  var needsUndo: Bool { get }
  /// Runs the operation once.
  ///
  /// - Throws: the engine's error (a bug in a scenario or engine: the runner reports it).
  mutating func perform() throws
  /// Undoes the last `perform()`, untimed.
  mutating func undo() throws
  /// A value that depends on every run, so the optimizer cannot drop them.
  var checksum: Double { get }
}
