#!/usr/bin/env bash
# Sets everything up, then starts the Discord bot (./run.sh --help: its options); without a
# Discord token (see .env.example) it says so and starts the terminal game instead, with
# the arguments given (./run.sh --players 5; ./run.sh --help: the game's options).
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
status=0
.venv/bin/python -m bot --check || status=$?
if [ "$status" -eq 3 ]; then
  echo "Starting the terminal game instead (./run.sh takes its options, e.g. --players 5)." >&2
  exec .venv/bin/python -m bot play "$@"
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi
# With a token, the arguments are the bot's: an option of the terminal game is refused in
# one line that says how to start the game.
exec .venv/bin/python -m bot "$@"
