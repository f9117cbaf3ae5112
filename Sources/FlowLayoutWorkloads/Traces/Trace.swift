import FlowLayoutDocument
import FlowLayoutModel

/// A recorded-style session of `flowlayout session` (`docs/session.md`): one `open` request and
/// the frames an app sends after it, as request lines (JSON, no newline).
///
/// A **frame** is the requests between two screen refreshes: the viewport move, the elements of
/// the visible rect, the measurements of newly visible estimated items and the user's edit, in
/// that order, each only when the frame has it. The lines are fixed when the trace is made (the
/// answers are not read back), so the same trace replays in process, through the `flowlayout
/// session` pipe, or from a file (`jsonLines()`), with every engine.
public struct Trace: Sendable {
  public var kind: TraceKind
  /// Items in the opened document.
  public var itemCount: Int
  public var seed: UInt64
  /// The `{"open": DOCUMENT}` line.
  public var open: [UInt8]
  public var frames: [TraceFrame]

  /// Every line, `open` first, each ended by a newline: what `flowlayout session` reads.
  ///
  /// - Complexity: O(b) for b bytes of requests.
  public func jsonLines() -> [UInt8] {
    var text = open
    text.append(UInt8(ascii: "\n"))
    for frame in frames {
      for line in frame.lines {
        text.append(contentsOf: line)
        text.append(UInt8(ascii: "\n"))
      }
    }
    return text
  }

  /// Request lines after `open`, over all frames.
  public var requestCount: Int { frames.reduce(0) { $0 + $1.lines.count } }
}

/// The request lines of one screen refresh.
public struct TraceFrame: Sendable, Hashable {
  /// What happened in the frame (the user's action, or what the app did for it).
  public var tag: TraceTag
  public var lines: [[UInt8]]

  public init(tag: TraceTag, lines: [[UInt8]]) {
    self.tag = tag
    self.lines = lines
  }
}

/// What a frame does, for the per-frame statistics (`rotate` frames are the ones with a width
/// change, which the targets count apart).
public enum TraceTag: String, Sendable, Hashable, Codable, CaseIterable {
  /// The viewport moved (or stayed) and its elements were asked for; nothing measured or edited.
  case scroll
  /// A scroll that measured newly visible estimated items (`measureItems`).
  case measure
  /// Items appended at the end (a page of a feed, a chat message).
  case append
  /// Items inserted before the first (a refresh, older messages).
  case prepend
  /// The viewport's height changed (the keyboard).
  case keyboard
  /// `setWidth` and `setHeight`: the device rotated.
  case rotate
  /// One item inserted or deleted.
  case edit
  /// A section's items deleted (collapsed) or inserted back (expanded).
  case collapse
  case expand
  /// A section moved.
  case moveSection
  /// One item moved (a drag).
  case move
  /// A batch deleting (filter) or restoring (clear) half the items of a section.
  case filter
  case restore
}

/// The traces the benchmark replays.
public enum TraceKind: String, Sendable, Hashable, Codable, CaseIterable {
  case feed
  case chat
  case galleryRotation = "gallery-rotation"
  case groupedPinned = "grouped-pinned"
  case reorder
  case searchFilter = "search-filter"

  /// One line saying what the session is.
  public var summary: String {
    switch self {
    case .feed:
      "self-sizing feed: estimated items, smooth scroll measuring what appears, pages appended "
        + "at the end, 20 items prepended on refresh"
    case .chat:
      "chat: bottom anchor, a message every 5 frames, keyboard up and down (viewport height), "
        + "50 older messages prepended"
    case .galleryRotation:
      "Fiori product grid scrolled and rotated four times (setWidth/setHeight), one insert and "
        + "one delete"
    case .groupedPinned:
      "grouped list, sections of 20 with pinned 44 pt headers: sections collapsed, expanded "
        + "and moved while scrolling"
    case .reorder:
      "drag to reorder: one moveItems per frame, auto-scroll"
    case .searchFilter:
      "search filter: one batch deleting half the items of the large section, one restoring "
        + "them"
    }
  }

  /// The seed of the trace when none is given.
  public var defaultSeed: UInt64 {
    switch self {
    case .feed: 0x7ACE_0001
    case .chat: 0x7ACE_0002
    case .galleryRotation: 0x7ACE_0003
    case .groupedPinned: 0x7ACE_0004
    case .reorder: 0x7ACE_0005
    case .searchFilter: 0x7ACE_0006
    }
  }

  /// The trace of this kind over `itemCount` items, with `frames` frames after `open` (a few
  /// more or fewer when a phase ends on its own), drawn from `seed`: the same arguments give the
  /// same bytes on every machine.
  ///
  /// - Complexity: O(n + f·k) for n items, f frames and k requests' items per frame (plus the
  ///   filter's O(n) batches for `searchFilter`).
  public func trace(itemCount n: Int, frames: Int, seed: UInt64? = nil) -> Trace {
    precondition(n >= 100, "a trace needs at least 100 items")
    precondition(frames >= 10, "a trace needs at least 10 frames")
    let seed = seed ?? defaultSeed
    var generator = TraceGenerator(itemCount: n, frames: frames, seed: seed)
    let open: [UInt8]
    switch self {
    case .feed: open = generator.feed()
    case .chat: open = generator.chat()
    case .galleryRotation: open = generator.galleryRotation()
    case .groupedPinned: open = generator.groupedPinned()
    case .reorder: open = generator.reorder()
    case .searchFilter: open = generator.searchFilter()
    }
    return Trace(
      kind: self, itemCount: n, seed: seed, open: open, frames: generator.recorder.frames)
  }

  /// The kind named `name` (`feed`, `gallery-rotation`, …), or `nil`.
  public static func named(_ name: String) -> TraceKind? { TraceKind(rawValue: name) }
}
