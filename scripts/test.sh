#!/usr/bin/env bash
# Sets up the machine, then runs every test. Exit status is the tests'.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-build
swift build --build-tests
exec swift test --skip-build --parallel "$@"
