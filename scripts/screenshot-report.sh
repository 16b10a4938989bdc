#!/bin/sh
# Renders an HTML report with headless Chromium (Debian's `chromium` package) to a PNG, for a look.
#   scripts/screenshot-report.sh [REPORT.html] [OUT.png] [WIDTH] [HEIGHT]
# Defaults: reports/latest/report.html -> reports/latest/report.png, 1400 x 2000 px. Offline: no network is needed
# or allowed (the page is self-contained; background networking is switched off).
set -eu
html=${1:-reports/latest/report.html}
out=${2:-${html%.html}.png}
if [ ! -f "$html" ]; then
  echo "screenshot-report: $html not found (run 'calcert certify' or 'calcert report ... --html FILE' first)" >&2
  exit 2
fi
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "screenshot-report: no chromium found; install it with: apt-get install -y chromium" >&2
  exit 2
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
abs_html=$(cd "$(dirname "$html")" && pwd)/$(basename "$html")
abs_out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --screenshot="$abs_out" --window-size="${3:-1400}",${4:-2000} \
  "file://$abs_html" >/dev/null 2>&1
if [ ! -s "$abs_out" ]; then
  echo "screenshot-report: chromium wrote no screenshot" >&2
  exit 1
fi
echo "$abs_out"
