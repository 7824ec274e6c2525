#!/usr/bin/env bash
# The tests' Chromium: tests/helpers/browser.ts and scripts/lighthouse-audit.ts start the browser
# through this script; CHROMIUM_BINARY is the browser itself (CHROMIUM_PATH, or Debian's).
#
# It turns off the address bar's popup, a page of Chromium's own interface
# (chrome://omnibox-popup.top-chrome, features WebUIOmniboxPopup, WebUIOmniboxFullPopup and
# WebUIOmniboxAimPopup) that every headless window loads and keeps busy although nobody types in
# an address bar here: about 0.9 CPU seconds in every 10 s per open window (one per browser
# context), half of all of Chromium's CPU in a test run (docs/benchmarks.md, "Third round").
#
# Chromium reads only the last --disable-features switch and Playwright passes a list of its own,
# so every --disable-features given is merged into one, with these features added.
set -euo pipefail
disabled=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup
args=()
for arg in "$@"; do
  case $arg in
    --disable-features=*) disabled+=",${arg#--disable-features=}" ;;
    *) args+=("$arg") ;;
  esac
done
exec "${CHROMIUM_BINARY:-/usr/bin/chromium}" "${args[@]}" "--disable-features=${disabled}"
