import FlowLayoutModel

extension FastFlowLayout {
  /// Section `s` of `input`, as laid out now (in the input's orientation).
  ///
  /// - Complexity: `inputSection(_:)`'s.
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  public func section(_ s: Int) throws(LayoutError) -> SectionData {
    guard s >= 0, s < sectionCount else {
      throw .sectionOutOfRange(field: "section", section: s, sectionCount: sectionCount)
    }
    return inputSection(s)
  }

  /// Section `s` of `input` (`0 ≤ s < sectionCount`).
  ///
  /// - Complexity: O(1) for a section of one page (its columns shared, copy-on-write), O(m) for
  ///   one of m items on several pages (joined).
  func inputSection(_ s: Int) -> SectionData {
    let range = pages(ofSection: s)
    guard range.count > 1 else { return pages[range.lowerBound].data(transposed: rules.transposed) }
    return Page.joined(pages[range], rules: rules(ofSection: s)).data(
      transposed: rules.transposed)
  }
}
