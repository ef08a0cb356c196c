#!/bin/sh
# Debian's chromium for the browser tests (Playwright drives it; it never downloads a browser).
set -e
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
    echo "The browser tests need Debian's chromium: run 'sudo apt-get install chromium' first." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
