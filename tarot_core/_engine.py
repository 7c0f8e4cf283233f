"""Which engine runs: the compiled core or the pure Python modules.

``scripts/build_compiled.py`` compiles the hot modules (``COMPILED``) with mypyc into
``build/compiled/`` beside the package, with a manifest of the sources it compiled. When
``tarot_core`` is imported, this module puts a finder in front of the import system that
loads those extension modules instead of the ``.py`` files, unless ``TAROT_PURE`` is set
(to anything but empty or ``0``), nothing was built, the build was for another Python, or
any engine source has changed since (so that a stale build never runs). Everything else,
and everything on a machine without a compiler, is the pure Python path. Both behave the
same: tests/tarot_core/test_compiled.py compares them.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
BUILD_DIR = PACKAGE.parent / "build" / "compiled"
"""Where the build puts the extension modules (``tarot_core/deal.<ext>``...) and the
manifest; ignored by git."""
MANIFEST = BUILD_DIR / "manifest.json"

COMPILED = (
    "cards",
    "auction",
    "dealing",
    "scoring",
    "deal",
    "bots/evaluation",
    "bots/knowledge",
    "bots/worlds",
    "bots/rollout",
    "bots/endgame",
)
"""The modules compiled, as paths under the package without ``.py``: the engine's play,
dealing and scoring, and the expert's inner loop. What tests monkeypatch stays pure."""


def engine_sources() -> list[Path]:
    """The sources a build depends on: every module of the engine and its bots (the lab,
    which the engine never imports, excluded)."""
    return sorted(p for p in PACKAGE.rglob("*.py") if "lab" not in p.relative_to(PACKAGE).parts)


def digests(paths: Sequence[Path]) -> dict[str, str]:
    """The SHA-256 of each file, by its path relative to the package."""
    return {
        p.relative_to(PACKAGE).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths
    }


def pure_requested() -> bool:
    return os.environ.get("TAROT_PURE", "") not in ("", "0")


def stale_reason(manifest: object) -> str | None:
    """Why a build's manifest does not fit this interpreter and these sources, or None."""
    if not isinstance(manifest, dict):
        return "its manifest is unreadable"
    if manifest.get("ext_suffix") != sysconfig.get_config_var("EXT_SUFFIX"):
        return "it was built for another Python"
    if manifest.get("sources") != digests(engine_sources()):
        return "the engine's sources changed since it was built"
    modules = manifest.get("modules")
    if not isinstance(modules, dict) or not all(
        (BUILD_DIR / str(f)).is_file() for f in modules.values()
    ):
        return "files of it are missing"
    return None


def read_manifest() -> object:
    try:
        return json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules of the build (and their shared library) by full name."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def _choose() -> tuple[str, str]:
    """``(engine, why)``: ``compiled`` with the finder installed, or ``pure`` and the reason."""
    if pure_requested():
        return "pure", "TAROT_PURE is set"
    manifest = read_manifest()
    if manifest is None:
        return "pure", "no compiled core is built"
    why = stale_reason(manifest)
    if why is not None:
        return "pure", f"the compiled core is not used: {why}"
    assert isinstance(manifest, dict)
    files = {name: BUILD_DIR / str(f) for name, f in manifest["modules"].items()}
    if not any(isinstance(f, _CompiledFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _CompiledFinder(files))
    return "compiled", "built by scripts/build_compiled.py"


ENGINE, WHY = _choose()
"""``compiled`` or ``pure``, and why: decided once, when ``tarot_core`` is first imported."""
