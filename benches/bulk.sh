#!/usr/bin/env bash
# Bulk-validation benchmark: scoresheet check on one thread and on all cores against
# pgn-extract -r (Debian's package), on the same decompressed files, in one run.
#
#   bash benches/bulk.sh            # 3 rounds, best time of each
#   ROUNDS=5 bash benches/bulk.sh
#
# Prints games/s, peak memory, and the ratios the bulk issue asks for. Installs pgn-extract and
# zstd with apt-get when they are missing (needs root, as on the project's machines).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
DATA=../shared/data/games
WORK=$(mktemp -d "${TMPDIR:-/tmp}/scoresheet-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)
if [ ! -x "$PGN_EXTRACT" ] || ! command -v zstd >/dev/null; then
  echo "installing pgn-extract and zstd with apt-get..." >&2
  apt-get update -qq >/dev/null && apt-get install -y -qq pgn-extract zstd >/dev/null
  PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)
fi

cargo build --release --quiet
BIN=target/release/scoresheet
CORES=$(nproc)

# Decompress once, so that every tool reads the same plain file from the page cache.
for f in otb-classics lichess-players; do
  zstd -dqf "$DATA/$f.pgn.zst" -o "$WORK/$f.pgn"
done

# best_of CMD...: runs the command ROUNDS times; prints "seconds peak_kib" of the fastest run.
best_of() {
  local best="" mem=0 t m
  for _ in $(seq "$ROUNDS"); do
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >/dev/null 2>&1 || true
    # time(1) puts "Command exited with non-zero status N" first when the tool reports
    # invalid games (check exits 1 for the variant games of lichess-players): read the last line.
    read -r t m < <(tail -n 1 "$WORK/time")
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    [ "$m" -gt "$mem" ] && mem=$m
  done
  echo "$best $mem"
}

printf '%-18s %-22s %9s %12s %10s\n' file tool seconds games/s "peak MiB"
for f in otb-classics lichess-players; do
  file="$WORK/$f.pgn"
  games=$(grep -c '^\[Event ' "$file")
  read -r t1 m1 < <(best_of "$BIN" check --quiet -j 1 "$file")
  read -r tn mn < <(best_of "$BIN" check --quiet -j "$CORES" "$file")
  read -r tp mp < <(best_of "$PGN_EXTRACT" -r -s "$file")
  for row in "scoresheet -j 1:$t1:$m1" "scoresheet -j $CORES:$tn:$mn" "pgn-extract -r:$tp:$mp"; do
    IFS=: read -r tool t m <<<"$row"
    printf '%-18s %-22s %9.2f %12.0f %10.1f\n' "$f" "$tool" "$t" \
      "$(awk -v g="$games" -v t="$t" 'BEGIN { print (t > 0 ? g / t : 0) }')" \
      "$(awk -v m="$m" 'BEGIN { print m / 1024 }')"
  done
  awk -v f="$f" -v p="$tp" -v one="$t1" -v n="$tn" -v c="$CORES" 'BEGIN {
    printf "%-18s ratio: one thread vs pgn-extract %.1fx, %d threads vs one thread %.2fx\n", f, p / one, c, one / n }'
done
