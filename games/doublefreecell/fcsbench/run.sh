#!/bin/sh
# Compares the Double FreeCell solver with fc-solve over deals 1–200, 2 s
# each, and prints one table. Installs Debian's freecell-solver-bin when
# fc-solve is missing. Extra arguments go to fcsbench (-from, -to, -time,
# -moves DIR, -v). Takes several minutes; runs niced.
set -e
if ! command -v fc-solve >/dev/null 2>&1; then
	apt-get update
	apt-get install -y freecell-solver-bin
fi
cd "$(dirname "$0")/../../.."
exec nice go run ./games/doublefreecell/fcsbench "$@"
