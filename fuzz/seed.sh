#!/usr/bin/env bash
# Seeds the fuzz corpora (fuzz/corpus/, not committed) with valid inputs from ../shared/data, so
# that the fuzzers start from real FENs, games and scoresheets instead of having to find them.
# Run from anywhere; existing corpus files are kept.
set -euo pipefail
cd "$(dirname "$0")"
data=../../shared/data
[ -d "$data" ] || { echo "error: $data is missing" >&2; exit 2; }
mkdir -p corpus/fen corpus/move_token corpus/pgn_reader corpus/check_bytes corpus/repair corpus/convert

# FEN: the perft suites and some labelled dead/alive positions.
n=0
{
  cut -d';' -f1 "$data/perft/standard.epd"
  cut -d';' -f1 "$data/perft/chess960.epd" | sed -n '1,60p'
  cut -d';' -f1 "$data/perft/random.epd" | sed -n '1,150p'
  grep -v '^#\|^label' "$data/draws/helpmate-labels.tsv" | cut -f2 | sed -n '1,60p' | sed 's/$/ 0 1/'
} | sed 's/ *$//' | grep -v '^#' | grep . | while IFS= read -r line; do
  n=$((n + 1))
  printf '%s' "$line" > "corpus/fen/seed-$n"
done

# Move tokens: the words of the scoresheets (every letter set the Laws print).
cat "$data"/scoresheets/*.txt | tr -s ' \t\r' '\n' | grep -v '^[0-9.]*$' | sort -u |
  while IFS= read -r word; do
    n=$((n + 1))
    printf '%s' "$word" > "corpus/move_token/seed-$n"
  done

# PGN: the first 40 games of each uncompressed sample and every small parser case and
# encoding sample (libFuzzer's default -max_len is 4096).
for f in "$data"/games/*.pgn; do
  awk -v dir=corpus/pgn_reader -v stem="$(basename "$f" .pgn)" '
    /^\[Event / { g++; if (g > 40) exit }
    g > 0 { print > (dir "/seed-" stem "-" g) }' "$f"
done
find "$data/parser-cases" "$data/encodings" -name '*.pgn' -size -4k -exec cp {} corpus/pgn_reader/ \;
find corpus/pgn_reader -name 'seed-*' -size +4k -delete
cp corpus/pgn_reader/* corpus/check_bytes/

# Scoresheets: each file once per letter set byte (the target reads the first byte as the
# letter set: byte >> 1 indexes LetterSet::all(); odd bytes read two sheets split at '|').
for f in "$data"/scoresheets/*.txt; do
  for b in 0 2 4 6 8 10 12 14 16 18 20 22; do
    { printf "\\$(printf '%03o' "$b")"; cat "$f"; } > "corpus/repair/seed-$(basename "$f" .txt)-$b"
  done
done
# PGN sheets with comments, glyphs and variations (the repair target also reads its text as PGN).
for f in ../fixtures/repair/*.pgn; do
  { printf '\000'; cat "$f"; } > "corpus/repair/seed-$(basename "$f" .pgn)"
done
# convert reads the same first byte (the letter set) and the same sheets.
cp corpus/repair/* corpus/convert/
echo "corpora: $(for d in corpus/*; do printf '%s %s  ' "${d#corpus/}" "$(ls "$d" | wc -l)"; done)"
