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
        "fuzzer: scrollTo's \"estimated\" named an item touching the viewport's edge in one engine only (now the band rule)",
      lines: [
        #"{"open":{"layout":"autosizingColumnFlow","width":1000,"estimatedItemSize":[0,20.1],"numberOfColumns":1,"sections":[{"items":[{"estimate":[0,0.3]},[0,0],[0,0],null,{"estimate":[0,0]},[0,0],[0,0]]},{"items":[{"estimate":[0,0]}]},{"footer":30,"items":[[0,40],[0,0],{"type":"keyValue","key":"N"},[0,40],[0,60],[0,60],[0,50],[0,40],{"type":"collectionItem","image":{"shape":"circular","width":80,"height":80}},{"type":"collectionItem","cellWidth":120,"title":"Invoice_42.pdf","subtitle":"220 KB"},null,[1,1],{"type":"object","title":"Pump"},[100,20.5],[200.9,60],[33.3,0],{"type":"collectionItem","cellWidth":120,"title":"Invoice_42.pdf","subtitle":"220 KB"},[120,40],null,[99.5,20.5],[33.3,10],[50,20.5],[120,60],[60,50],[50,10],null,null,[0.1,1],[50,1],[60,10],[60,200.9],[20.5,20.5],[0,50],{"type":"keyValue","key":"Plant"},[60,50],[0,1],null,{"type":"collectionItem","image":{"shape":"circular","width":80,"height":80}},[50,0.3],{"type":"keyValue","key":"Name","value":"Pump 4711 is broken and leaks oil"},[200.9,50],[10,0.1],[100,20.5],{"type":"object","title":"Work order 4711","subtitle":"Acme Corp","description":"Replace the bearing of the main pump","detailImage":{"size":44},"accessory":"chevron"},{"type":"object","title":"Pump"},[120,10],[50,120],[40,33.3],[0,40],[10,20.5],[50,1],[1,99.5],{"estimate":[0.1,100]},{"estimate":[120,50]},[50,50],[40,0.1],null,[33.3,0],[0.1,50],{"estimate":[33.3,20.5]},{"type":"keyValue","key":"Plant"},{"estimate":[0.3,0.1]},[1,0.1],{"type":"collectionItem","image":{"shape":"circular","width":80,"height":80}},[200.9,120],{"type":"object","title":"Pump"},[100,120],[120,0.3],[1,10],[0.1,20.5],[0,10],{"estimate":[60,99.5]},[10,40],[40,0],[0.1,99.5],[60,0],[0.1,120],[120,10],{"estimate":[99.5,0.1]}]}]}}"#,
        #"{"apply":{"resizeItems":[{"at":[1,0],"size":[1,99.5]}],"moveSections":[{"from":2,"to":1}]}}"#,
        #"{"apply":{"insertSections":[{"at":3,"header":0,"items":[[50,100],{"type":"object","title":"Work order 4711","subtitle":"Acme Corp","description":"Replace the bearing of the main pump","detailImage":{"size":44},"accessory":"chevron"},null,null,null]}],"moveSections":[{"from":1,"to":0}]}}"#,
        #"{"apply":{"deleteItems":[[2,0],[0,45]],"expectedItemCounts":[79,7,0,5]}}"#,
        #"{"viewport":[0,4117.7,1000,300]}"#,
        #"{"scrollTo":{"item":[1,6],"position":"nearest"}}"#,
      ]),
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
    Seed(
      name:
        "fuzzer (base 1129, session 3094): home and pageUp missed an empty first item lying on the window's edge",
      lines: [
        #"{"open":{"layout":"uikitFlow","width":1,"sections":[]}}"#,
        #"{"apply":{"insertSections":[{"at":0,"items":[[0,0]]}],"setWidth":1000}}"#,
        #"{"apply":{"insertItems":[{"at":[0,1],"size":[0,0.3]}]}}"#,
        #"{"navigate":{"from":[0,0],"direction":"pageUp"}}"#,
        #"{"navigate":{"from":[0,1],"direction":"pageUp"}}"#,
        #"{"navigate":{"from":[0,0],"direction":"home"}}"#,
        #"{"navigate":{"from":[0,1],"direction":"home"}}"#,
        #"{"navigate":{"from":[0,0],"direction":"end"}}"#,
      ]),
    Seed(
      name:
        "fuzzer (base 2911, session 2431): a width change judged an item inserted into an empty section of its own inset by the layout's line",
      lines: [
        #"{"open":{"layout":"horizontalFlow","width":1000,"sections":[{"items":[]},{"sectionInset":[0,0,0,1]}]}}"#,
        #"{"apply":{"insertItems":[{"at":[1,0],"size":[0,0]}]}}"#,
        #"{"apply":{"setWidth":50}}"#,
      ]),
    Seed(
      name:
        "fuzzer (base 210001, session 881): a drag's pointer on the edge between two items 3.5e7 pt down was inside one item in one engine and an ulp outside it in the other (the tie now scales with the pointer)",
      lines: [
        #"{"open":{"layout":"vertical","width":200,"minimumLineSpacing":0.1,"numberOfColumns":2,"sections":[]}}"#,
        #"{"apply":{"insertSections":[{"at":0}]}}"#,
        #"{"apply":{"insertSections":[{"at":1,"items":[[0,0],{"type":"collectionItem"},{"estimate":[0,0]},{"type":"object","title":"P"},[0,0],{"estimate":[0,0]},[0,0],[0,0],[0,0],{"type":"collectionItem"},[0,0],{"estimate":[0,0]}]}]}}"#,
        #"{"apply": {"setWidth": 1e7}}"#,
        #"{"apply":{"moveSections":[{"from":0,"to":1}]}}"#,
        #"{"transitions":{"insertItems":[{"at":[1,0],"size":[0,0]},{"at":[0,0],"size":[0,0]}]}}"#,
        #"{"drag":{"begin":[0,0]}}"#,
        #"{"drag":{"to":[0,34999965.6]}}"#,
      ]),
  ]
}
