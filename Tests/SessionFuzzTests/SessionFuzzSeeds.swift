/// Sessions the session fuzzer found (shrunk by `SessionShrinker`) and the reproducers of
/// issue 34, each failing before its fix; replayed by `SessionFuzzTests.foundSessionsAgree`.
enum SessionFuzzSeeds {
  struct Seed {
    var name: String
    var lines: [String]
  }

  static let all: [Seed] = [
    Seed(
      name: "issue 34: the anchor flipped on a one-ulp edge (200.89999999999998 vs 200.9)",
      lines: [
        #"{"open": {"layout": "horizontalFlow", "width": 50, "minimumLineSpacing": 0.3, "viewport": [0, 200.9, 50, 100], "sections": [{"items": [[50,50],[50,50],[50,50],[50,50],[50,50],[50,50],[50,50],[50,50]]}]}}"#,
        #"{"apply": {"insertItems": [{"at": [0, 4], "size": [50, 50]}]}}"#,
      ]),
    Seed(
      name:
        "fuzzer (band rule reverted for the experiment): the anchor flipped on a viewport at an item's edge rounded to 6 decimals",
      lines: [
        #"{"open":{"layout":"multiColumn","width":300,"estimatedItemSize":[0,20.1],"minimumLineSpacing":0.3,"numberOfColumns":1,"sections":[{"items":[null,[0,0],[0,120],null,{"type":"object","title":"V"},null,null,null]},{"items":[{"type":"keyValue","key":"P"},[0,0],null]}]}}"#,
        #"{"apply":{"measureItems":[{"at":[1,0],"size":[0,50]},{"at":[0,0],"size":[0,120]}]}}"#,
        #"{"viewport":[0,417.1,0,0]}"#,
        #"{"apply":{"setWidth":375}}"#,
      ]),
    Seed(
      name: "issue 34: transitions with measureItems answered an error and applied the batch",
      lines: [
        #"{"open": {"layout": "horizontalFlow", "width": 100, "estimatedItemSize": [100, 50], "sections": [{"items": [null, null]}]}}"#,
        #"{"transitions": {"measureItems": [{"at": [0, 0], "size": [100, 80]}]}}"#,
        #"{"transitions": {"measureItems": [{"at": [0, 1], "size": [100, 80]}], "deleteItems": [[0, 0]]}}"#,
      ]),
    Seed(
      name: "issue 34: a setWidth too narrow for a cell under visible sizing changed the width",
      lines: [
        #"{"open": {"layout": "horizontalFlow", "width": 300, "estimatedItemSize": [50, 50], "cellSizing": "visible", "sections": [{"items": [{"type": "object", "title": "Pump"}]}]}}"#,
        #"{"apply": {"setWidth": 20}}"#,
        #"{"elements": [0, 0, 300, 812]}"#,
      ]),
  ]
}
