import FlowLayoutModel
import Testing

/// `LayoutInput.validate()`: each kind of bad value is refused with an error naming its field.
@Suite struct LayoutInputValidationTests {
  static func input(
    _ variant: LayoutVariant = .horizontalFlow, bounds: Size = Size(375, 812),
    sections: [SectionData] = [SectionData(items: [Size(10, 10), Size(20, 20)])],
    _ change: (inout LayoutConfiguration) -> Void = { _ in }
  ) -> LayoutInput {
    var configuration = LayoutConfiguration(variant: variant)
    change(&configuration)
    return LayoutInput(configuration: configuration, bounds: bounds, sections: sections)
  }

  static func error(_ input: LayoutInput) -> LayoutError? {
    do {
      try input.validate()
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: LayoutVariant.allCases)
  func everyVariantsDefaultsAreValid(variant: LayoutVariant) {
    #expect(Self.error(Self.input(variant)) == nil)
    #expect(Self.error(Self.input(variant, sections: [])) == nil)
  }

  @Test(arguments: [
    Double.nan, .infinity, -.infinity, -1, -0.001, 1e7 + 1, .greatestFiniteMagnitude,
  ])
  func everyLengthRefusesNonFiniteNegativeAndHuge(bad: Double) {
    let cases: [(String, LayoutInput)] = [
      ("width", Self.input(bounds: Size(bad, 812))),
      ("height", Self.input(bounds: Size(375, bad))),
      ("itemSize.width", Self.input { $0.itemSize.width = bad }),
      ("itemSize.height", Self.input { $0.itemSize.height = bad }),
      ("estimatedItemSize.width", Self.input { $0.estimatedItemSize.width = bad }),
      ("estimatedItemSize.height", Self.input { $0.estimatedItemSize.height = bad }),
      ("minimumScaledItemSize.width", Self.input { $0.minimumScaledItemSize.width = bad }),
      ("minimumScaledItemSize.height", Self.input { $0.minimumScaledItemSize.height = bad }),
      ("minimumInteritemSpacing", Self.input { $0.minimumInteritemSpacing = bad }),
      ("minimumLineSpacing", Self.input { $0.minimumLineSpacing = bad }),
      ("sectionInset.top", Self.input { $0.sectionInset.top = bad }),
      ("sectionInset.left", Self.input { $0.sectionInset.left = bad }),
      ("sectionInset.bottom", Self.input { $0.sectionInset.bottom = bad }),
      ("sectionInset.right", Self.input { $0.sectionInset.right = bad }),
      ("sections[0].header", Self.input(sections: [SectionData(header: bad, items: [])])),
      (
        "sections[1].footer",
        Self.input(sections: [SectionData(items: []), SectionData(footer: bad, items: [])])
      ),
      (
        "sections[0].items[1].width",
        Self.input(sections: [SectionData(items: [Size(1, 1), Size(bad, 1)])])
      ),
      ("sections[0].items[0].height", Self.input(sections: [SectionData(items: [Size(1, bad)])])),
    ]
    for (field, input) in cases {
      let error = Self.error(input)
      #expect(error?.field == field, "\(field) = \(bad)")
      if case .invalidNumber(_, let value, _) = error {
        #expect(value.isNaN ? bad.isNaN : value == bad)
      } else {
        Issue.record("\(field) = \(bad): expected invalidNumber, got \(String(describing: error))")
      }
    }
  }

  @Test func widthMustBePositiveAndHeightWhenScrollingHorizontally() {
    #expect(Self.error(Self.input(bounds: Size(0, 812)))?.field == "width")
    // Vertical scrolling: the height is not a line length, 0 is fine.
    #expect(Self.error(Self.input(bounds: Size(375, 0))) == nil)
    let horizontal = Self.input(bounds: Size(375, 0)) { $0.scrollDirection = .horizontal }
    #expect(Self.error(horizontal)?.field == "height")
    // A variant that ignores the scroll direction does not need a height.
    let ignores = Self.input(.horizontalScroll, bounds: Size(375, 0)) {
      $0.scrollDirection = .horizontal
    }
    #expect(Self.error(ignores) == nil)
  }

  @Test func boundaryLengthsAreAccepted() {
    #expect(Self.error(Self.input(bounds: Size(1e7, 1e7))) == nil)
    #expect(
      Self.error(
        Self.input(sections: [SectionData(header: 0, items: [Size(0, 0), Size(1e7, 1e7)])])) == nil)
    #expect(Self.error(Self.input(bounds: Size(Double.leastNonzeroMagnitude, 1))) == nil)
  }

  @Test(arguments: [-1, LayoutLimits.maximumCount + 1, Int.min, Int.max])
  func countsOutOfRangeAreNamed(bad: Int) {
    #expect(
      Self.error(Self.input { $0.numberOfRows = bad }) == Self.countError("numberOfRows", bad))
    #expect(Self.error(Self.input { $0.numberOfColumns = bad })?.field == "numberOfColumns")
  }

  static func countError(_ field: String, _ value: Int) -> LayoutError? {
    .invalidCount(
      field: field, value: value,
      reason: value < 0 ? "negative" : "larger than \(LayoutLimits.maximumCount)")
  }

  @Test func insetsThatLeaveNoRoomAreRefused() {
    #expect(
      Self.error(
        Self.input {
          $0.sectionInset.left = 200
          $0.sectionInset.right = 175
        })?.field == "sectionInset")
    #expect(
      Self.error(
        Self.input {
          $0.sectionInset.left = 200
          $0.sectionInset.right = 174.5
        }) == nil)
    // Transposed: top + bottom against the height.
    let tall = Self.input {
      $0.scrollDirection = .horizontal
      $0.sectionInset.top = 800
      $0.sectionInset.bottom = 12
    }
    #expect(Self.error(tall)?.field == "sectionInset")
    // Not transposed: top + bottom may exceed the height (the content scrolls).
    #expect(
      Self.error(
        Self.input {
          $0.sectionInset.top = 800
          $0.sectionInset.bottom = 12
        }) == nil)
  }

  @Test(arguments: [LayoutVariant.autosizingColumnFlow, .keyValueColumnFlow, .multiColumn])
  func columnFlowsNeedAColumnThatFits(variant: LayoutVariant) {
    let none = Self.input(variant) { $0.numberOfColumns = 0 }
    guard case .invalidCount(let field, 0, _)? = Self.error(none) else {
      Issue.record("expected invalidCount for numberOfColumns = 0")
      return
    }
    #expect(field == "numberOfColumns")
    // 4 columns, spacing 125: 3 gaps = 375 ≥ A = 375 − insets.
    let crowded = Self.input(variant) {
      $0.numberOfColumns = 4
      $0.minimumInteritemSpacing = 125
    }
    #expect(Self.error(crowded)?.field == "numberOfColumns")
    let fits = Self.input(variant) {
      $0.numberOfColumns = 4
      $0.minimumInteritemSpacing = 10
    }
    #expect(Self.error(fits) == nil)
  }

  @Test func multiColumnInCompactWidthUsesOneColumn() {
    let crowded = Self.input(.multiColumn) {
      $0.widthClass = .compact
      $0.numberOfColumns = 50
      $0.minimumInteritemSpacing = 100
    }
    #expect(Self.error(crowded) == nil)
  }

  @Test func horizontalFlowScalingNeedsAWidth() {
    let columns = Self.input {
      $0.numberOfColumns = 3
      $0.itemSize = Size(0, 100)
    }
    #expect(Self.error(columns)?.field == "itemSize.width")
    let scaled = Self.input { $0.minimumScaledItemSize = Size(0, 50) }
    #expect(Self.error(scaled)?.field == "minimumScaledItemSize.width")
    // Own sizes (estimatedItemSize ≠ 0) take priority: no scaling, nothing to check.
    let own = Self.input {
      $0.estimatedItemSize = Size(1, 1)
      $0.minimumScaledItemSize = Size(0, 50)
    }
    #expect(Self.error(own) == nil)
    let tooMany = Self.input {
      $0.numberOfColumns = 4
      $0.minimumInteritemSpacing = 125
    }
    #expect(Self.error(tooMany)?.field == "numberOfColumns")
    // Variants without scaling ignore numberOfColumns.
    #expect(
      Self.error(
        Self.input(.horizontalScroll) {
          $0.numberOfColumns = 4
          $0.minimumInteritemSpacing = 125
        }) == nil)
  }

  @Test func theFirstBadFieldInDocumentOrderIsReported() {
    let input = Self.input(bounds: Size(-1, 812), sections: [SectionData(header: -1, items: [])]) {
      $0.minimumLineSpacing = .nan
    }
    #expect(Self.error(input)?.field == "width")
  }

  @Test func errorDescriptionsAreOneLineStartingWithTheField() {
    let errors: [LayoutError] = [
      .invalidNumber(field: "a", value: -1, reason: "negative"),
      .invalidCount(field: "b", value: -1, reason: "negative"),
      .invalidConfiguration(field: "c", reason: "r"),
      .unknownLayout(field: "d", name: "grid"),
      .sectionOutOfRange(field: "e", section: 3, sectionCount: 1),
      .itemOutOfRange(field: "f", path: ItemPath(0, 9)),
      .inconsistentBatch(field: "g", reason: "r"),
      .invalidDocument(field: "h", reason: "r"),
    ]
    for error in errors {
      #expect(error.description.hasPrefix(error.field + ": "))
      #expect(!error.description.contains("\n"))
    }
    #expect(LayoutError.itemHidden(path: ItemPath(1, 2)).field == "items[1, 2]")
  }

  /// The one-pass screen `LayoutInput.validate()` runs before the per-item checks passes
  /// exactly the sections those checks pass: every kind of bad length (NaN, ±∞, negative,
  /// past the limit) planted at every position of columns of 0–13 items (the screen's four
  /// lanes and its tail), the edge values that are valid (0, −0, the limit), and bad headers,
  /// footers and metrics.
  @Test func theLengthScreenPassesWhatTheChecksPass() {
    let limit = LayoutLimits.maximumLength
    let bad: [Double] = [.nan, -.nan, .infinity, -.infinity, -1, -.leastNonzeroMagnitude, limit.nextUp]
    let edge: [Double] = [0, -0.0, limit, .leastNonzeroMagnitude]
    func agrees(_ section: SectionData) -> Bool {
      let checked = (try? section.validate(field: "s")) != nil
      return section.passesLengthScreen == checked
    }
    for n in 0...13 {
      let plain = SectionData(
        itemWidths: (0..<n).map { Double($0) }, itemHeights: (0..<n).map { Double(2 * $0) })
      #expect(plain.passesLengthScreen)
      for k in 0..<n {
        for value in bad + edge {
          var widths = plain
          widths.itemWidths[k] = value
          var heights = plain
          heights.itemHeights[k] = value
          #expect(agrees(widths) && agrees(heights), "n \(n), k \(k), \(value)")
        }
      }
    }
    for value in bad + edge {
      #expect(agrees(SectionData(header: value, itemWidths: [1], itemHeights: [1])))
      #expect(agrees(SectionData(footer: value, itemWidths: [1], itemHeights: [1])))
      var metrics = SectionMetrics()
      metrics.minimumLineSpacing = value
      #expect(agrees(SectionData(itemWidths: [1], itemHeights: [1], metrics: metrics)))
      metrics = SectionMetrics()
      metrics.sectionInset = EdgeInsets(top: 0, left: value, bottom: 0, right: 0)
      #expect(agrees(SectionData(itemWidths: [1], itemHeights: [1], metrics: metrics)))
    }
    var uneven = SectionData(itemWidths: [1], itemHeights: [1])
    uneven.itemWidths.append(2)
    #expect(!uneven.passesLengthScreen)
  }
}
