#!/usr/bin/env bash
# Makes .venv with the project and its dev tools installed; quick when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
py="${PYTHON:-}"
if [ -z "$py" ]; then
  for candidate in python3.13 python3.12 python3.11 python3 python; do
    if command -v "$candidate" >/dev/null 2>&1 &&
      "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      py="$candidate"
      break
    fi
  done
fi
if [ -z "$py" ]; then
  echo "Tarot needs Python 3.11 or newer (set PYTHON=/path/to/python3.11)." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  echo "Creating .venv with $("$py" --version)..." >&2
  "$py" -m venv .venv
fi
stamp=".venv/.installed-$(cat pyproject.toml | cksum | cut -d' ' -f1)"
if [ ! -f "$stamp" ]; then
  echo "Installing Tarot and its tools into .venv..." >&2
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# The optional compiled engine core (docs/architecture.md): built with mypyc where a C compiler
# and Python's headers are found, rebuilt when the engine's sources change; otherwise one line
# says that the pure Python engine runs. It never fails the setup.
.venv/bin/python scripts/build_compiled.py ||
  echo "Compiled engine core not built: the pure Python engine runs." >&2
