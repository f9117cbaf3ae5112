/// Sessions the session fuzzer found (shrunk by `SessionShrinker`) and the reproducers of
/// issue 34, each failing before its fix; replayed by `SessionFuzzTests.foundSessionsAgree`.
enum SessionFuzzSeeds {
  struct Seed {
    var name: String
    var lines: [String]
  }

  static let all: [Seed] = [
    Seed(
      name:
        "fuzzer: scrollTo took one more round in one engine (its target an ulp off the offset), so the engines reported different anchors",
      lines: [
        #"{"open":{"layout":"keyValueColumnFlow","width":300,"estimatedItemSize":[0,33.3],"cellSizing":"visible","viewport":[0,0,50,300],"sections":[{"items":[[0,50],[0,0],{"type":"object","title":"V"},[0,200],null,null,[0,100],{"type":"collectionItem"},{"type":"object","title":"P"},[0,0],{"type":"keyValue","key":"N","value":"Pump 4711 is broken and leaks oil"},[0,0],[0,40],null,[0,100],[0,0],{"estimate":[99.5,50]},{"estimate":[10,20.5]},[50,100]]},{"sectionInset":[0,2,8,0.3],"items":[[60,0.1],{"estimate":[200.9,200.9]},[0.3,40],{"type":"collectionItem","image":{"shape":"circular","width":80,"height":80}},[99.5,60],[0.3,10],[200.9,20.5],[20.5,120],{"estimate":[200.9,100]}]},{"footer":10.1,"items":[[100,200.9],[0.3,20.5],{"type":"keyValue","key":"Plant"},[40,0.3],{"type":"object","title":"Pump"},[0.3,99.5],[20.5,40],[50,60],[40,99.5],[0.3,120],[99.5,1]]},{"items":[[40,50],[200.9,0.1],{"type":"object","title":"Valve","attributes":[{"text":"High","status":"negative"}],"widthClass":"regular","orientation":"landscape"}]}]}}"#,
        #"{"scrollTo":{"item":[3,1],"position":"bottom"}}"#,
      ]),
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
