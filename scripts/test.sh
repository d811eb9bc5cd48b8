#!/usr/bin/env bash
# Sets up the machine, then runs the tests. Exit status is the tests'.
#   scripts/test.sh          every test (CI's command)
#   scripts/test.sh --fast   only the tests with none of the slow tags
#                            (Tests/TestSupport/Tags.swift): no programs
#                            outside the package, no runs of the binary, no
#                            goldens, no sweeps
# Setting up installs only what is missing, so on a set-up machine it
# makes no apt call.
set -euo pipefail
cd "$(dirname "$0")/.."
lane=all
if [ "${1:-}" = --fast ]; then lane=fast; shift; fi
scripts/setup.sh --no-build
# The modules that draw every frame are built optimised within the debug
# build (Package.swift says which, and why that checks the same things).
export TREEANIM_OPTIMIZED_CORE=1
swift build --build-tests
[ $lane = all ] && exec swift test --skip-build --parallel "$@"

# `swift test` here cannot select by tag, so the fast lane skips by ID the
# suites and tests that carry a slow tag, as listed beside the tags (the
# TestSupportTests check that the list and the tags agree).
skip=$(grep -v '^#' Tests/TestSupport/SlowTests.txt | grep . | sed 's/\./\\./g' | paste -sd'|')
exec swift test --skip-build --parallel --skip "^($skip)([./(]|\$)" "$@"
