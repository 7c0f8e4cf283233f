"""No two modules of the project import each other, directly or in a ring (imports inside
functions count; those only for type checking do not): the engine's layers stay a tree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_import_circle_among_the_projects_modules() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "import_cycles.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().startswith("0 import circles among ")
