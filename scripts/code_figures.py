"""Figures on the shape of the code, to compare before and after a refactor (issue 24).

Prints, for the repository it sits in (or ``--root``):

- the share of ``bot/storage`` that is in its two backends (``sqlite/``, ``postgres/``);
- the largest modules of ``tarot_core`` and ``bot``;
- the share of test files (``tests/e2e`` aside) in a folder named after the code: a file
  ``tests/a/b/test_x.py`` counts when ``a/b`` is a package of the project (``tests/bot/storage``
  for ``bot/storage``, ``tests/tarot_core`` for ``tarot_core``); files directly in ``tests/``
  do not;
- the import circles among the modules of ``tarot_core`` and ``bot``, as
  ``scripts/import_cycles.py`` finds them (imports inside functions included, those under
  ``if TYPE_CHECKING:`` left out: they never run).

Lines are counted as ``wc -l`` does, in ``.py`` files only (SQL migrations aside).
Standard library only: ``python scripts/code_figures.py``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

from import_cycles import circles  # beside this script

PACKAGES = ("tarot_core", "bot")
STORAGE = "bot/storage"
BACKENDS = ("bot/storage/sqlite", "bot/storage/postgres")
LARGEST = 10


def lines(path: Path) -> int:
    with path.open("rb") as f:
        return sum(1 for _ in f)


def python_files(folder: Path) -> Iterator[Path]:
    return (p for p in sorted(folder.rglob("*.py")) if "__pycache__" not in p.parts)


# ----- storage ------------------------------------------------------------------------------


def storage_share(root: Path) -> list[str]:
    total = sum(lines(p) for p in python_files(root / STORAGE))
    out = []
    backends = 0
    for backend in BACKENDS:
        n = sum(lines(p) for p in python_files(root / backend))
        backends += n
        out.append(f"  {backend}/: {n} lines")
    share = backends / total if total else 0.0
    out.append(f"  backends {backends} of {total} lines in {STORAGE}/: {share:.0%}")
    return out


# ----- largest modules ----------------------------------------------------------------------


def largest(root: Path) -> list[str]:
    sizes = [
        (lines(p), str(p.relative_to(root)))
        for package in PACKAGES
        for p in python_files(root / package)
    ]
    sizes.sort(key=lambda s: (-s[0], s[1]))
    return [f"  {n:5d}  {path}" for n, path in sizes[:LARGEST]]


# ----- tests in mirrored folders ------------------------------------------------------------


def mirrored_tests(root: Path) -> list[str]:
    tests = root / "tests"
    files = [
        p
        for p in sorted(tests.rglob("test_*.py"))
        if p.relative_to(tests).parts[0] != "e2e" and "__pycache__" not in p.parts
    ]
    inside = []
    for p in files:
        folder = p.parent.relative_to(tests)
        if folder.parts and (root / folder / "__init__.py").is_file():
            inside.append(p)
    share = len(inside) / len(files) if files else 0.0
    out = [f"  {len(inside)} of {len(files)} test files: {share:.0%}"]
    by_folder: dict[str, int] = {}
    for p in files:
        key = str(p.parent.relative_to(root)) + "/"
        by_folder[key] = by_folder.get(key, 0) + 1
    out += [f"    {n:3d}  {folder}" for folder, n in sorted(by_folder.items())]
    return out


# ----- import circles -----------------------------------------------------------------------


def import_circles(root: Path) -> list[str]:
    found, _ = circles(root)
    out = [f"  {len(found)} circles, {sum(len(c) for c in found)} modules in them"]
    out += [f"    {len(c)}: {', '.join(c)}" for c in found]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    root = parser.parse_args().root
    sections = [
        ("Storage backends' share of bot/storage (lines of .py files)", storage_share),
        (f"Largest modules of tarot_core and bot (top {LARGEST}, lines)", largest),
        ("Test files (e2e aside) in a folder named after a package", mirrored_tests),
        (
            "Import circles among tarot_core and bot (function-local imports counted)",
            import_circles,
        ),
    ]
    for title, figures in sections:
        print(title)
        for line in figures(root):
            print(line)
        print()


if __name__ == "__main__":
    main()
