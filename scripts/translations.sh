#!/usr/bin/env bash
# Message catalogues. Usage: scripts/translations.sh extract|update|compile|check
#   extract  write scorekeeper/translations/messages.pot from the code and templates
#   update   extract, then merge new strings into every language's .po
#   compile  build the .mo files the app reads (part of every install)
#   check    fail if any string of the code or templates lacks a translation in any language
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
DIR=scorekeeper/translations
# The engine marks its message templates in the calls that make problems (Problem.of, fail, ...).
KEYWORDS=(-k _l -k lazy_gettext -k N_ -k Nn_:1,2 -k C_:1c,2 -k of:2 -k one:2 -k fail:2 -k refuse:1)

extract() {
  # The f-strings it skips are field names such as players[2], never words a player reads.
  "$BIN/pybabel" -q extract -F babel.cfg "${KEYWORDS[@]}" --no-location --sort-output \
    --project "Barbu Scorekeeper" --msgid-bugs-address "" -o "${1:-$DIR/messages.pot}" . \
    2> >(grep -v "Skipping f-string" >&2)
}

case ${1:-} in
  extract) extract ;;
  update) extract && "$BIN/pybabel" -q update -i "$DIR/messages.pot" -d "$DIR" --no-fuzzy-matching ;;
  compile) "$BIN/pybabel" -q compile -d "$DIR" ;;
  check)
    pot=$(mktemp)
    trap 'rm -f "$pot"' EXIT
    extract "$pot"
    "$BIN/python" scripts/check_translations.py "$pot" "$DIR"
    ;;
  *) echo "usage: $0 extract|update|compile|check" >&2; exit 2 ;;
esac
