#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium: CHROME_PATH, Debian's chromium, or (as root on
# Debian/Ubuntu) installs Debian's chromium package. Playwright's own download is not needed.
set -euo pipefail
if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ]; then exit 0; fi
if ls "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium-* >/dev/null 2>&1; then exit 0; fi
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  echo "Installing Debian's chromium for the browser tests…"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No Chromium found: set CHROME_PATH, install chromium, or run 'npx playwright install chromium'." >&2
exit 1
