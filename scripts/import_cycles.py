"""Import circles among the project's own modules: ``python scripts/import_cycles.py``.

Reads every module of ``tarot_core`` and ``bot`` with ``ast`` (nothing is imported), counts
every import that runs, those inside functions included, and prints each strongly connected
component of more than one module: a set of modules that import each other, directly or in a
ring. Imports under ``if TYPE_CHECKING:`` never run and are left out, unless ``--typing``
is given. Exits 1 when there is a circle, so a check can run it.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tarot_core", "bot")


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module's dotted name and file under ``root``; a package is its ``__init__.py``."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def walk(node: ast.AST, typing: bool) -> Iterator[ast.AST]:
    """Every node under ``node``, those of ``if TYPE_CHECKING:`` bodies only if ``typing``."""
    yield node
    if isinstance(node, ast.If) and not typing and is_type_checking(node.test):
        children: list[ast.AST] = [node.test, *node.orelse]
    else:
        children = list(ast.iter_child_nodes(node))
    for child in children:
        yield from walk(child, typing)


def imported(name: str, path: Path, known: dict[str, Path], typing: bool) -> set[str]:
    """The project modules ``name`` imports: for ``from X import y``, ``X.y`` when it is a
    module, else ``X``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in walk(ast.parse(path.read_text(encoding="utf-8"), str(path)), typing):
        if isinstance(node, ast.Import):
            bases = [alias.name for alias in node.names]
            names: list[str] = []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            bases = [base]
            names = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in names:
            if target in known:
                targets.add(target)
        for base in bases:
            while base and base not in known:  # ``import bot.tables.x`` when x is no module
                base = base.rpartition(".")[0]
            if base and (not names or not all(n in known for n in names)):
                targets.add(base)
    targets.discard(name)
    return targets


def components(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """Tarjan's strongly connected components, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.append(member)
                        if member == node:
                            break
                    yield sorted(members)


def circles(root: Path = ROOT, *, typing: bool = False) -> tuple[list[list[str]], int]:
    """The import circles among the modules under ``root``, largest first, and how many
    modules were read."""
    known = modules(root)
    graph = {name: imported(name, path, known, typing) for name, path in known.items()}
    found = sorted((c for c in components(graph) if len(c) > 1), key=lambda c: (-len(c), c))
    return found, len(known)


def main(argv: list[str]) -> int:
    circles_found, read = circles(typing="--typing" in argv)
    for circle in circles_found:
        print(f"{len(circle)} modules: {', '.join(circle)}")
    print(f"{len(circles_found)} import circles among {read} modules")
    return 1 if circles_found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
