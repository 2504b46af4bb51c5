#!/usr/bin/env bash
# Usage: tools/reading_check.sh identity|wider OUTDIR [REAL_PHOTOS_DIR]
#
# A fixed set of photos from both renderers, every look, the everyday and patterned scenes
# and (given a folder of them) the real photos, read without OCR; each bench's JSON is
# written to OUTDIR with its times left out, so that the readings of two versions can be
# compared set by set, misread by misread:  diff -r BEFORE_DIR AFTER_DIR
#   identity: a small set (about 6 minutes), for a change meant to keep every reading;
#   wider:    twice as many cubes (about 15-25 minutes), for a change that moves readings.
# Run it from the repository root with the project's .venv installed (make demo).
set -euo pipefail
kind=${1:?identity or wider}; out=${2:?output folder}; real=${3:-}
case $kind in
  identity) n=(3 3 4 3) ;;
  wider) n=(6 6 10 7) ;;
  *) echo "reading_check: give identity or wider, not '$kind'" >&2; exit 2 ;;
esac
mkdir -p "$out"
B=".venv/bin/sudoku-cube bench vision --no-ocr --json"
strip() { .venv/bin/python -c 'import json, sys
def s(o):
    if isinstance(o, dict):
        return {k: s(v) for k, v in o.items() if not (k.endswith("_s") or any(
            t in k.lower() for t in ("ms", "time", "cpu", "wall", "load")))}
    return [s(v) for v in o] if isinstance(o, list) else o
print(json.dumps(s(json.load(sys.stdin)), indent=1, sort_keys=True))'; }
$B --photos faces corners --cubes "${n[0]}" | strip > "$out/ours.json"
$B --scenes patterned --photos faces --cubes "${n[1]}" | strip > "$out/patterned.json"
$B --renderer second --white-body --photos faces corners --cubes "${n[2]}" | strip > "$out/second.json"
$B --renderer second --white-body --scenes everyday --photos faces corners --cubes "${n[3]}" \
  | strip > "$out/everyday.json"
if [ -n "$real" ]; then $B --real "$real" | strip > "$out/real.json"; fi
echo "$kind check written to $out"
