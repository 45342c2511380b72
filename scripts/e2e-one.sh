#!/bin/sh
# Builds the back office into a folder of its own and runs some end-to-end files against it,
# so several people (or helpers) can run e2e at once without clobbering apps/backoffice/dist.
# Usage: scripts/e2e-one.sh <name> [vitest filters, e.g. e2e/students.e2e.ts]
set -e
name="$1"
shift
out="/tmp/fw-e2e-dist-$name"
cd "$(dirname "$0")/../apps/backoffice"
npx vite build --outDir "$out" --emptyOutDir --logLevel warn
E2E_STATIC_DIR="$out" npx vitest run --config vitest.e2e.config.ts "$@"
