#!/bin/sh
# Chromium for the tests that run in the background (tests/run-all.sh): Playwright starts the
# browser in a session of its own, and with the kernel's autogroup scheduling a session is weighed
# against the others whatever its processes' nice value, so the session itself is given the lowest
# priority (a nice value for the group, allowed to any user) and the browser the lowest nice value.
echo 19 > /proc/self/autogroup 2>/dev/null
exec nice -n 19 "${CHROMIUM_BINARY:-/usr/bin/chromium}" "$@"
