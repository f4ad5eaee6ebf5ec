#!/bin/sh
# The production build, in two steps so that Docker can cache the first (the Dockerfile's build stage
# runs them; tests/build.test.ts runs them outside Docker, in a copy of the build context):
#   deps  install exactly the lockfile, dev tools included (this builds better-sqlite3's native module)
#   app   compile dist/main.js and the web table (dist/web), then keep only what the compiled server needs in node_modules
# With no argument, both.
set -eu
cd "$(dirname "$0")/.."
step="${1:-all}"
case "$step" in deps | app | all) ;; *) echo "usage: $0 [deps|app]" >&2; exit 2 ;; esac

if [ "$step" != app ]; then
  npm ci --no-audit --no-fund
fi
if [ "$step" != deps ]; then
  npm run build
  # --omit=optional as well: TypeScript's native binaries and pg-cloudflare, which a Node server never loads.
  npm prune --omit=dev --omit=optional --no-audit --no-fund
fi
