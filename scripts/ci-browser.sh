#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (pytest -m browser). Playwright drives it
# through its executable path (/usr/bin/chromium); `playwright install` is never run.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
    echo "installing chromium ..." >&2
    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >&2
fi
chromium --version 2>/dev/null >&2 || true
