#!/usr/bin/env bash
# Sets everything up, then starts Tarot: for now the terminal game against computer players.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
exec .venv/bin/python -m tarot_core play "$@"
