"""``python -m bot`` as a real subprocess, for the tests of its exit status and messages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def clean_env() -> dict[str, str]:
    """This process's environment without any bot setting, so only a test's own count."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("TAROT_", "DISCORD_"))}


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot args`` in ``cwd`` (where it reads ``.env``) with only ``env`` set."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=clean_env() | env,
        cwd=cwd,
    )
