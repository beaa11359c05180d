#!/bin/sh
# Compares the Double FreeCell solver with fc-solve over deals 1–1000, 10 s
# of CPU time each, and prints one table. Installs Debian's
# freecell-solver-bin when fc-solve is missing. Extra arguments go to
# fcsbench (-from, -to, -time, -solvers ours|fc-solve, -moves DIR, -v).
# Ours takes about 3 minutes of CPU time in all, fc-solve about 25; runs niced.
set -e
if ! command -v fc-solve >/dev/null 2>&1; then
	apt-get update
	apt-get install -y freecell-solver-bin
fi
cd "$(dirname "$0")/../../.."
exec nice go run ./games/doublefreecell/fcsbench "$@"
