// Replaced by LayoutDocumentTests and LayoutCommandTests.
