#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages sudoku-cube needs (tesseract-ocr, fonts, libraries for
# opencv and kociemba) when they are missing and root or sudo is available; otherwise says
# what to install by hand. Never fails the build: the program itself reports what is missing.
set -u
missing=()
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "sudoku-cube: not a Debian/Ubuntu system; please install: ${missing[*]}" >&2
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"
else
  echo "sudoku-cube: missing system packages: ${missing[*]}" >&2
  echo "  run: sudo apt-get install ${missing[*]}   (OCR is skipped with a warning until tesseract-ocr is installed)" >&2
  exit 0
fi
echo "sudoku-cube: installing ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null 2>&1 || true
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
  || echo "sudoku-cube: apt-get could not install ${missing[*]}; install them by hand" >&2
exit 0
