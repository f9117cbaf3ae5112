import FioriCells
import FlowLayoutModel
import FlowLayoutTestSupport
import Foundation
import Testing

@testable import FlowLayoutDocument

/// Every cell variation of seeds 000–002, laid out by hand (shelf packing, no engine) and rendered.
/// With `FLOWLAYOUT_GALLERY=<dir>` set, the SVGs are written there (scripts/render-examples.sh).
enum CellGallery {
  static let share = IconAction(icon: "share")
  static let delete = IconAction(icon: "delete", destructive: true)
  static let longText =
    "Technician reported minor wear on the bearing housing; replace the broken plates on the pole "
    + "before the next shift and order spare parts for the inspection due next week."

  /// (title, proposed width for table cells, cells)
  static let groups: [(String, Double, [CellDescription])] = [
    (
      "Standard image with labels (110 / 120 pt)", 0,
      [
        CellDescription(
          type: .collectionItem, cellWidth: 110, title: "Drill", subtitle: "Tools",
          attribute: "₹500"),
        CellDescription(
          type: .collectionItem, cellWidth: 120, title: "Heavy-Duty Office Chair",
          subtitle: "Furniture",
          attribute: "In stock", attributeStatus: .positive),
        CellDescription(
          type: .collectionItem, title: "Water Filter With Extra Long Name That Truncates",
          subtitle: "Spare Parts", attribute: "Low stock", attributeStatus: .critical),
        CellDescription(
          type: .collectionItem, cellWidth: 120, title: "Pump Valve", attribute: "Sold out",
          attributeStatus: .negative),
      ]
    ),
    (
      "Image without labels (60–110 pt)", 0,
      [
        CellDescription(type: .collectionItem, image: CellImage(width: 60, height: 60)),
        CellDescription(type: .collectionItem, image: CellImage(width: 110, height: 70)),
        CellDescription(type: .collectionItem, image: CellImage(width: 110, height: 110)),
        CellDescription(
          type: .collectionItem, image: CellImage(shape: .circular, width: 80, height: 80)),
        CellDescription(
          type: .collectionItem, image: CellImage(shape: .circular, width: 110, height: 110)),
      ]
    ),
    (
      "Profile images and initials", 0,
      [
        CellDescription(
          type: .collectionItem, image: CellImage(shape: .circular, initials: "FS"),
          title: "Franck Syren", subtitle: "Java Developer", attribute: "Available",
          attributeStatus: .positive),
        CellDescription(
          type: .collectionItem, cellWidth: 120, image: CellImage(shape: .circular, initials: "AR"),
          title: "Asha Rao", subtitle: "SAP SE"),
        CellDescription(
          type: .collectionItem,
          image: CellImage(shape: .circular, width: 80, height: 80, initials: "KS")),
      ]
    ),
    (
      "Doctype icons", 0,
      [
        CellDescription(
          type: .collectionItem, image: CellImage(doctype: "pdf"), title: "Invoice.pdf",
          subtitle: "2 Mar 2026"),
        CellDescription(
          type: .collectionItem, image: CellImage(doctype: "excel"), title: "Q3 Report.xlsx",
          subtitle: "1.2 MB"),
        CellDescription(
          type: .collectionItem, image: CellImage(doctype: "word"), title: "Contract.docx",
          subtitle: "88 KB"),
        CellDescription(
          type: .collectionItem, image: CellImage(width: 90, height: 70, doctype: "image")),
      ]
    ),
    (
      "Icon actions (one or two)", 0,
      [
        CellDescription(
          type: .collectionItem, cellWidth: 120, title: "Photo_1.jpg", subtitle: "120 KB",
          iconActions: [share, delete]),
        CellDescription(
          type: .collectionItem, cellWidth: 120, title: "Photo_2.jpg", subtitle: "98 KB",
          iconActions: [share, delete]),
        CellDescription(
          type: .collectionItem, image: CellImage(width: 80, height: 80), iconActions: [delete]),
        CellDescription(
          type: .collectionItem, image: CellImage(width: 100, height: 80), iconActions: [delete]),
      ]
    ),
    (
      "Button action", 0,
      [
        CellDescription(
          type: .collectionItem, cellWidth: 120, image: CellImage(doctype: "pdf"), title: "Report",
          subtitle: "3 Mar 2026", attribute: "1.2 MB", buttonAction: ButtonAction(label: "Download")
        ),
        CellDescription(
          type: .collectionItem, image: CellImage(shape: .circular, initials: "LB"),
          title: "Lena Berg",
          buttonAction: ButtonAction(label: "Follow")),
      ]
    ),
    (
      "Object cells, compact, 375 pt", 375,
      [
        CellDescription(type: .object, title: "Pump 1000"),
        CellDescription(
          type: .object, title: "Pump 1001", subtitle: "Acme Corp",
          detailImage: DetailImage(), footnote: "Spare Parts",
          attributes: [CellAttribute(text: "Full", status: .positive)],
          accessory: .chevron),
        CellDescription(
          type: .object, title: "Franck Syren", subtitle: "Java Developer",
          iconStack: ["unread", "attachment", "flag"],
          detailImage: DetailImage(size: 60, shape: .circular, initials: "FS"), accessory: .info),
        CellDescription(
          type: .object, title: "Work order 4711", detailImage: DetailImage(size: 16),
          descriptionText: longText,
          attributes: [
            CellAttribute(text: "High", status: .negative),
            CellAttribute(text: "Open", status: .critical),
          ], accessory: .download),
        CellDescription(
          type: .object, title: "Work order 4712 (full description)", descriptionText: longText,
          descriptionLines: 0, accessory: .overflow),
        CellDescription(
          type: .object, title: "Centered", subtitle: "alignment = center",
          detailImage: DetailImage(), alignment: .center),
      ]
    ),
    (
      "Object cells, regular landscape, 700 pt (description column)", 700,
      [
        CellDescription(
          type: .object, title: "Work order 4711", subtitle: "Acme Corp",
          detailImage: DetailImage(),
          descriptionText: longText,
          attributes: [CellAttribute(text: "Partial", status: .critical)],
          accessory: .chevron, widthClass: .regular, orientation: .landscape),
        CellDescription(
          type: .object, title: "Work order 4711 (portrait)", subtitle: "Acme Corp",
          detailImage: DetailImage(),
          descriptionText: longText,
          attributes: [CellAttribute(text: "Partial", status: .critical)],
          accessory: .chevron, widthClass: .regular, orientation: .portrait),
      ]
    ),
    (
      "Key/value cells, 220 pt", 220,
      [
        CellDescription(type: .keyValue, key: "Name", value: "Broken Plates on Pole"),
        CellDescription(type: .keyValue, key: "Sort No.", value: "0001"),
        CellDescription(type: .keyValue, key: "Description", value: longText),
        CellDescription(type: .keyValue, key: "Plant"),
      ]
    ),
  ]

  /// The gallery as one layout: each group a section with a header, cells packed left to right.
  static func layout(width: Double) throws -> (
    elements: [LayoutElement], sections: [SectionData], cells: [[CellDescription?]], height: Double
  ) {
    var elements: [LayoutElement] = []
    var sections: [SectionData] = []
    var y = 0.0
    for (s, group) in groups.enumerated() {
      elements.append(.header(s, Rect(x: 0, y: y, width: width, height: 44)))
      y += 44 + 8
      var x = 16.0
      var rowHeight = 0.0
      var sizes: [Size] = []
      for (i, cell) in group.2.enumerated() {
        let size = try cell.fittingSize(proposedWidth: group.1, field: "groups[\(s)][\(i)]")
        if x > 16, x + size.width > width - 16 {
          x = 16
          y += rowHeight + 12
          rowHeight = 0
        }
        elements.append(
          .item(ItemPath(s, i), Rect(x: x, y: y, width: size.width, height: size.height)))
        sizes.append(size)
        x += size.width + 12
        rowHeight = max(rowHeight, size.height)
      }
      y += rowHeight + 16
      sections.append(SectionData(header: 44, items: sizes, showsSeeAll: s % 2 == 0))
    }
    return (elements, sections, groups.map { $0.2 }, y)
  }
}

@Suite struct CellGalleryTests {
  @Test func everyVariationRendersAsOneCell() throws {
    let gallery = try CellGallery.layout(width: 760)
    let svg = SVGRenderer().render(
      elements: gallery.elements, contentSize: Size(760, gallery.height),
      sections: gallery.sections,
      cells: gallery.cells, headerTitles: CellGallery.groups.map(\.0))
    let parsed = SVGInspector(svg)
    #expect(parsed.error == nil)
    let itemCount = gallery.elements.filter { $0.kind == .item }.count
    #expect(parsed.cellPaths.count == itemCount)
    #expect(!parsed.cellTypes.contains("invalid"))
    #expect(!parsed.cellTypes.contains("size"))
    #expect(parsed.texts.contains("Doctype icons"))
    if let dir = ProcessInfo.processInfo.environment["FLOWLAYOUT_GALLERY"] {
      try svg.write(toFile: dir + "/cells-gallery.svg", atomically: true, encoding: .utf8)
    }
  }
}
