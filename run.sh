#!/usr/bin/env bash
# Sets everything up, then starts the Discord bot; without a Discord token (see .env.example)
# it says so and starts the terminal game against computer players instead.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
status=0
.venv/bin/python -m bot --check || status=$?
if [ "$status" -eq 3 ]; then
  echo "Starting the terminal game instead (./run.sh takes its options, e.g. --players 5)." >&2
  exec .venv/bin/python -m tarot_core play "$@"
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi
exec .venv/bin/python -m bot
