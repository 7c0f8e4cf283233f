#!/usr/bin/env bash
# Sets everything up, then runs every check: lint, format, types (strict on tarot_core), tests.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
echo "== ruff check" && .venv/bin/python -m ruff check .
echo "== ruff format --check" && .venv/bin/python -m ruff format --check .
echo "== mypy (strict) tarot_core bot" && .venv/bin/python -m mypy
echo "== pytest" && .venv/bin/python -m pytest "$@"
