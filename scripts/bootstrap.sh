#!/usr/bin/env bash
# Create .venv and install the project with its pinned dependencies.
# Usage: scripts/bootstrap.sh [EXTRAS]   (EXTRAS such as "test")
set -euo pipefail
cd "$(dirname "$0")/.."
extras=${1:-}
python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null || ! "$python" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
  scripts/apt-install.sh python3 python3-venv python3-dev
  python=python3
fi
# WeasyPrint needs Pango; DejaVu covers Latin, Cyrillic and Persian, Noto CJK the Chinese, Japanese
# and Korean names, and Symbola the emoji in black and white (without an emoji font, names with
# emoji printed as boxes).
scripts/apt-install.sh libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core fonts-noto-cjk fonts-symbola
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv 2>/dev/null || { scripts/apt-install.sh python3-venv && "$python" -m venv .venv; }
fi
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
spec="."
[ -n "$extras" ] && spec=".[$extras]"
.venv/bin/python -m pip install -q --disable-pip-version-check -e "$spec"
