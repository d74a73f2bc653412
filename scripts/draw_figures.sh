#!/usr/bin/env bash
# The README's pictures of HW11's handout figures, drawn by `sml150 trace ... --svg` and shot
# with headless Chromium (Debian package `chromium`): docs/hw11-fig*.png, and the HTML page
# stepped half-way through Figure 5's Jamboree search (docs/hw11-fig5-jamboree-page.png).
# Run from anywhere after the Quick start; it rewrites those files.
set -euo pipefail
cd "$(dirname "$0")/.."
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "Chromium is needed to take the screenshots (apt install chromium)" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

shoot() {  # shoot URL WIDTH HEIGHT PNG
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$work/profile" --force-device-scale-factor=1 \
        --window-size="$2,$3" --screenshot="$4" "$1" >/dev/null 2>&1
    echo "wrote $4"
}

figure() {  # figure SEARCH TREE NAME
    .venv/bin/sml150 trace "$1" "$2" --svg "$work/$3.svg" --html "$work/$3.html" >/dev/null 2>&1
    size=$(head -c 400 "$work/$3.svg" | sed -E 's/.*width="([0-9]+)" height="([0-9]+)".*/\1 \2/')
    read -r w h <<<"$size"
    shoot "file://$work/$3.svg" "$w" "$h" "docs/$3.png"
}

figure hw11-alphabeta handout-big hw11-fig4-alphabeta
figure hw11-alphabeta handout-small hw11-fig5-alphabeta
figure hw11-jamboree handout-small hw11-fig5-jamboree
shoot "file://$work/hw11-fig5-jamboree.html#step=16" 820 470 docs/hw11-fig5-jamboree-page.png
