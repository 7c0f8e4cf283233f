"""The ``python -m tarot_core`` command line, run as a real subprocess from the repository
root, for the tests of its subcommands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def tarot(
    *args: str, stdin: str | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m tarot_core ARGS``, given ``stdin`` as its input (None: none given); its
    exit status and output, as text."""
    return subprocess.run(
        [sys.executable, "-m", "tarot_core", *args],
        input=stdin,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def replay_command(record: dict[str, Any] | str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m tarot_core replay`` on a record: a file's path is named on the command
    line; a dict (sent as JSON) or a text (sent as it is) goes to ``replay -`` on stdin."""
    if isinstance(record, Path):
        return tarot("replay", str(record), timeout=60)
    text = record if isinstance(record, str) else json.dumps(record)
    return tarot("replay", "-", stdin=text, timeout=60)
