#!/usr/bin/env bash
# Refreshes README's console screenshots (docs/console/) from the ones the console test writes
# (test/artifacts/console/, light scheme), scaled down and reduced to 64 colours to stay small.
# Run the console test first: npx jest --config test/jest.config.js --selectProjects e2e --testPathPatterns console.e2e
# Needs ImageMagick (apt-get install imagemagick).
set -euo pipefail
convert=$(command -v convert-im6.q16 || command -v convert)
cd "$(dirname "$0")/.."
from=test/artifacts/console
to=docs/console
mkdir -p "$to"
for shot in overview-1280 calls-1280 call-detail-1280 assistants-1280 campaigns-1280 campaign-detail-1280 numbers-1280 trunks-1280 \
  webhooks-1280 api-keys-1280 members-1280 audit-1280 dnc-1280 account-1280 sign-in-1280 calls-390 call-detail-390; do
  width=640
  [[ $shot == *-390 ]] && width=260
  "$convert" "$from/$shot-light.png" -resize "${width}x" -strip +dither -colors 64 "PNG8:$to/$shot.png"
done
du -ch "$to"/*.png | tail -1
