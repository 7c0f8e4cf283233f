"""Builds the optional compiled core: the engine's hot modules (tarot_core/_engine.py's
``COMPILED``) compiled with mypyc into build/compiled/, which ``tarot_core`` then prefers.

Run by scripts/setup.sh; quick when the build is up to date. It never fails: without a C
compiler, the Python headers or mypyc, or if the build breaks, it prints one line and the
pure Python engine runs (``--strict``: exit status 1 instead, for CI). The C compiler's
output is shown only when it fails.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
ENGINE_FILE = ROOT / "tarot_core" / "_engine.py"
GROUP = "tarot_core._compiled"
"""mypyc's shared library of the group: ``tarot_core/_compiled__mypyc.<ext>``."""


def load_engine() -> ModuleType:
    """tarot_core/_engine.py alone, without importing tarot_core (whose compiled modules
    this build may be replacing), and with its finder left out."""
    os.environ["TAROT_PURE"] = "1"
    spec = importlib.util.spec_from_file_location("tarot_engine_for_build", ENGINE_FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def missing_tool() -> str | None:
    """What the build needs and this machine lacks, or None."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    if importlib.util.find_spec("mypyc") is None:
        return "no mypyc (it comes with mypy: pip install mypy)"
    if importlib.util.find_spec("setuptools") is None:
        return "no setuptools (pip install setuptools)"
    return None


def compile_into(lib: Path, temp: Path, engine: ModuleType) -> None:
    """The build itself, in a child process (see ``main``): C sources in ``temp``,
    extension modules under ``lib``."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    os.chdir(ROOT)
    paths = [f"tarot_core/{name}.py" for name in engine.COMPILED]
    extensions = mypycify(
        paths,
        opt_level="3",
        debug_level="0",
        group_name=GROUP,
        target_dir=str(temp / "c"),
    )
    # A bare Distribution: setup() would read pyproject.toml, which describes the project.
    dist = Distribution({"name": "tarot-compiled-core", "ext_modules": extensions})
    build_ext = dist.get_command_obj("build_ext")
    build_ext.build_lib = str(lib)
    build_ext.build_temp = str(temp / "o")
    dist.run_command("build_ext")


def modules_in(lib: Path) -> dict[str, str]:
    """The extension modules built, by full module name, as paths under ``lib``."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    out = {}
    for file in sorted(lib.rglob(f"*{suffix}")):
        rel = file.relative_to(lib).as_posix()
        out[rel[: -len(suffix)].replace("/", ".")] = rel
    return out


def build(engine: ModuleType) -> str | None:
    """Builds beside the current build, then swaps it in (a running process keeps the files it
    loaded). Returns why it failed, or None."""
    final: Path = engine.BUILD_DIR
    work = final.with_name("compiled.new")
    shutil.rmtree(work, ignore_errors=True)
    lib = work / "lib"
    sources = engine.digests(engine.engine_sources())
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, __file__, "--child", str(lib), str(work / "temp")],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        lines = (proc.stdout + proc.stderr).strip().splitlines() or ["no message"]
        first = next((line for line in lines if "error" in line), lines[-1])
        return f"the build failed: {first.strip()[:200]}"
    modules = modules_in(lib)
    expected = {f"tarot_core.{name.replace('/', '.')}" for name in engine.COMPILED}
    if not expected <= modules.keys():
        return f"the build made no module for {sorted(expected - modules.keys())}"
    if engine.digests(engine.engine_sources()) != sources:
        return "the engine's sources changed during the build"
    manifest = {
        "ext_suffix": sysconfig.get_config_var("EXT_SUFFIX"),
        "python": sys.version.split()[0],
        "mypyc": _mypy_version(),
        "seconds": round(time.monotonic() - started, 1),
        "sources": sources,
        "modules": modules,
    }
    old = final.with_name("compiled.old")
    shutil.rmtree(old, ignore_errors=True)
    shutil.rmtree(work / "temp", ignore_errors=True)
    for file in list(lib.iterdir()):
        file.rename(work / file.name)
    lib.rmdir()
    (work / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    if final.exists():
        final.rename(old)
    work.rename(final)
    shutil.rmtree(old, ignore_errors=True)
    return None


def _mypy_version() -> str:
    from mypy.version import __version__

    return __version__


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        compile_into(Path(argv[1]), Path(argv[2]), load_engine())
        return 0
    strict = "--strict" in argv
    engine = load_engine()
    manifest = engine.read_manifest()
    if manifest is not None and engine.stale_reason(manifest) is None and "--force" not in argv:
        return 0  # up to date
    missing = missing_tool()
    if missing is not None:
        print(
            f"Compiled engine core not built ({missing}): the pure Python engine runs.",
            file=sys.stderr,
        )
        return 1 if strict else 0
    print("Building the compiled engine core (mypyc; about a minute)...", file=sys.stderr)
    started = time.monotonic()
    why = build(engine)
    if why is not None:
        print(
            f"Compiled engine core not built ({why}): the pure Python engine runs.", file=sys.stderr
        )
        return 1 if strict else 0
    print(f"Compiled engine core built in {time.monotonic() - started:.0f} s.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
