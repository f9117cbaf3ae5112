#!/usr/bin/env bash
# Regenerates the pictures in docs/images/:
#   - one SVG + PNG per examples/cells-*.json, laid out by an engine (`flowlayout render`);
#   - layout-<variant>.{svg,png} for the plain-size example of every layout variant
#     (examples/<variant>.json);
#   - presentation-rtl-pinned-grid.{svg,png}: examples/presentation-rtl-pinned-grid.json
#     (right to left, snapped, pinned), cropped to its viewport;
#   - docs/images/cells-gallery.{svg,png}: every cell variation, packed by hand (no engine),
#     written by the CellGalleryTests test.
# Needs rsvg-convert (Debian librsvg2-bin). Usage: scripts/render-examples.sh [fast|reference]
set -euo pipefail
cd "$(dirname "$0")/.."
engine="${1:-reference}"
mkdir -p docs/images

swift build --product flowlayout
bin="$(swift build --show-bin-path)/flowlayout"

title() {
  case "$1" in
    cells-product-grid) echo "Products" ;;
    cells-attachments) echo "Attachments" ;;
    cells-people) echo "People" ;;
    cells-people-horizontal) echo "People" ;;
    cells-documents) echo "Documents" ;;
    cells-image-gallery) echo "Photos" ;;
    cells-object-list) echo "Work orders" ;;
    cells-object-compact) echo "Work orders" ;;
    cells-object-landscape) echo "Work orders" ;;
    cells-key-value) echo "Details" ;;
    cells-mixed-edits) echo "Mixed" ;;
    *) echo "Section 0" ;;
  esac
}

for document in examples/cells-*.json; do
  name="$(basename "$document" .json)"
  "$bin" render --input "$document" --engine "$engine" --titles "$(title "$name")" \
    --output "docs/images/$name.svg"
  rsvg-convert -o "docs/images/$name.png" "docs/images/$name.svg"
  echo "docs/images/$name.png"
done

for document in examples/*.json; do
  name="$(basename "$document" .json)"
  case "$name" in cells-* | malformed-* | presentation-*) continue ;; esac
  "$bin" render --input "$document" --engine "$engine" --output "docs/images/layout-$name.svg"
  rsvg-convert -o "docs/images/layout-$name.png" "docs/images/layout-$name.svg"
  echo "docs/images/layout-$name.png"
done

# Presentation: right to left, snapped, pinned to the document's viewport, cropped to it.
"$bin" render --input examples/presentation-rtl-pinned-grid.json --engine "$engine" \
  --viewport 0,300,402,500 --titles "Products|Recent|Featured" \
  --output docs/images/presentation-rtl-pinned-grid.svg
rsvg-convert -o docs/images/presentation-rtl-pinned-grid.png \
  docs/images/presentation-rtl-pinned-grid.svg
echo "docs/images/presentation-rtl-pinned-grid.png"

FLOWLAYOUT_GALLERY="$PWD/docs/images" swift test --filter CellGalleryTests
rsvg-convert -o docs/images/cells-gallery.png docs/images/cells-gallery.svg
echo "docs/images/cells-gallery.png"
