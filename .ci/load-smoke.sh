#!/usr/bin/env bash
# CI: the load suite at its reduced size (about 10 s of load per database). Fails on any
# error answer; the full-size targets are checked by `npx tsx bench/load/run.ts`.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .ci/out
npx tsx bench/load/run.ts --quick 2>&1 | tee .ci/out/load-smoke.log
