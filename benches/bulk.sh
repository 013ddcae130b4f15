#!/usr/bin/env bash
# Bulk-validation benchmark: scoresheet check on one thread and on all cores against
# pgn-extract -r (Debian's package), on the same decompressed files, in one run; and the same
# work with the games written out: scoresheet clean on one thread against pgn-extract -o.
#
#   bash benches/bulk.sh            # 3 rounds, best time of each
#   ROUNDS=5 bash benches/bulk.sh
#   INSTR=1 bash benches/bulk.sh    # also count instructions (valgrind), see below
#
# Prints games/s, peak memory, and the ratios the bulk issue asks for, by wall-clock time and by
# CPU time (user + system; steadier than wall-clock on a shared machine, and the same thing for
# the single-threaded runs). Installs pgn-extract and
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

# best_of CMD...: runs the command ROUNDS times; prints "seconds peak_kib cpu_seconds": the
# fastest wall-clock time, the largest peak memory and the smallest CPU time of the runs.
# Times come from bash's own `time`, to the millisecond (time(1) gives hundredths only, 8 % of
# otb-classics with all cores, and its own start-up would be counted); time(1) runs the command
# once more per round for the peak memory.
best_of() {
  local best="" mem=0 cpu="" t m u s c
  for _ in $(seq "$ROUNDS"); do
    # check exits 1 for the variant games of lichess-players: the status is not looked at.
    read -r t u s < <({ TIMEFORMAT='%3R %3U %3S'; time "$@" >/dev/null 2>&1; } 2>&1)
    /usr/bin/time -f "%M" -o "$WORK/time" "$@" >/dev/null 2>&1 || true
    # time(1) puts "Command exited with non-zero status N" first then: read the last line.
    m=$(tail -n 1 "$WORK/time")
    c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    if [ -z "$cpu" ] || awk -v a="$c" -v b="$cpu" 'BEGIN { exit !(a < b) }'; then cpu=$c; fi
    [ "$m" -gt "$mem" ] && mem=$m
  done
  echo "$best $mem $cpu"
}

printf '%-18s %-22s %9s %9s %12s %10s\n' file tool seconds "cpu s" games/s "peak MiB"
for f in otb-classics lichess-players; do
  file="$WORK/$f.pgn"
  games=$(grep -c '^\[Event ' "$file")
  read -r t1 m1 c1 < <(best_of "$BIN" check --quiet -j 1 "$file")
  read -r tn mn cn < <(best_of "$BIN" check --quiet -j "$CORES" "$file")
  read -r tp mp cpx < <(best_of "$PGN_EXTRACT" -r -s "$file")
  for row in "scoresheet -j 1:$t1:$m1:$c1" "scoresheet -j $CORES:$tn:$mn:$cn" "pgn-extract -r:$tp:$mp:$cpx"; do
    IFS=: read -r tool t m c <<<"$row"
    printf '%-18s %-22s %9.3f %9.2f %12.0f %10.1f\n' "$f" "$tool" "$t" "$c" \
      "$(awk -v g="$games" -v t="$t" 'BEGIN { print (t > 0 ? g / t : 0) }')" \
      "$(awk -v m="$m" 'BEGIN { print m / 1024 }')"
  done
  awk -v f="$f" -v p="$tp" -v one="$t1" -v n="$tn" -v c="$CORES" -v pc="$cpx" -v onec="$c1" 'BEGIN {
    printf "%-18s ratio: one thread vs pgn-extract %.1fx (cpu time %.1fx), %d threads vs one thread %.2fx\n",
      f, p / one, (onec > 0 ? pc / onec : 0), c, one / n }'
  # Writing the games out too: clean (clean PGN, rejects and report) against pgn-extract -o
  # (its own clean export). Not a target of the bulk issue; shown so that clean's cost is known.
  read -r tc mc cc < <(best_of "$BIN" clean --quiet -j 1 "$file" -o "$WORK/clean.pgn" \
    --rejects "$WORK/rejects.pgn" --report "$WORK/report.json")
  read -r te me ce < <(best_of "$PGN_EXTRACT" -s -o "$WORK/extract.pgn" "$file")
  for row in "scoresheet clean -j 1:$tc:$mc:$cc" "pgn-extract -o:$te:$me:$ce"; do
    IFS=: read -r tool t m c <<<"$row"
    printf '%-18s %-22s %9.3f %9.2f %12.0f %10.1f\n' "$f" "$tool" "$t" "$c" \
      "$(awk -v g="$games" -v t="$t" 'BEGIN { print (t > 0 ? g / t : 0) }')" \
      "$(awk -v m="$m" 'BEGIN { print m / 1024 }')"
  done
  awk -v f="$f" -v e="$te" -v c="$tc" -v ec="$ce" -v cc="$cc" 'BEGIN {
    printf "%-18s ratio: clean one thread vs pgn-extract -o %.1fx (cpu time %.1fx)\n",
      f, e / c, (cc > 0 ? ec / cc : 0) }'
done

# Instructions executed (valgrind's cachegrind, no cache simulation) by check -j 1 and by
# pgn-extract -r on the first 3,000 games of each file: slow, but the same on a busy machine,
# where times are not.
if [ "${INSTR:-0}" = 1 ]; then
  if ! command -v valgrind >/dev/null; then
    echo "INSTR=1: valgrind is not installed (apt-get install valgrind)" >&2
    exit 0
  fi
  instructions() {
    # check exits 1 when it reports invalid games (the variant games of lichess-players).
    { valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } |
      awk '/I *refs/ { gsub(",", "", $4); print $4 }'
  }
  for f in otb-classics lichess-players; do
    awk '/^\[Event /{n++} n<=3000' "$WORK/$f.pgn" >"$WORK/$f-3k.pgn"
    ours=$(instructions "$BIN" check --quiet -j 1 "$WORK/$f-3k.pgn")
    theirs=$(instructions "$PGN_EXTRACT" -r -s "$WORK/$f-3k.pgn")
    awk -v f="$f" -v o="$ours" -v t="$theirs" 'BEGIN {
      printf "%-18s instructions, first 3,000 games: check -j 1 %.0f M, pgn-extract -r %.0f M: %.2fx\n",
        f, o / 1e6, t / 1e6, t / o }'
    ours=$(instructions "$BIN" clean --quiet -j 1 "$WORK/$f-3k.pgn" -o "$WORK/clean.pgn" \
      --rejects "$WORK/rejects.pgn" --report "$WORK/report.json")
    theirs=$(instructions "$PGN_EXTRACT" -s -o "$WORK/extract.pgn" "$WORK/$f-3k.pgn")
    awk -v f="$f" -v o="$ours" -v t="$theirs" 'BEGIN {
      printf "%-18s instructions, first 3,000 games: clean -j 1 %.0f M, pgn-extract -o %.0f M: %.2fx\n",
        f, o / 1e6, t / 1e6, t / o }'
  done
fi
