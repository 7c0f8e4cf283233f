"""The compiled core (scripts/build_compiled.py, tarot_core/_engine.py) does exactly what the
pure Python modules do, and the choice between them is made as documented.

The comparisons run the engine here (compiled) and ``engine_probe.py`` in a second process
with ``TAROT_PURE=1`` (pure), from the same seeds. Without a compiled core they are skipped,
saying why; in CI, which has a C compiler and builds it in setup, they fail instead.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import subprocess
import sys
import sysconfig
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import engine_probe
import pytest
from ci import missing
from tarot_command import ROOT

import tarot_core
from tarot_core import Deal, Rules, _engine, view
from tarot_core.lab.bench import random_deal

PROBE = Path(engine_probe.__file__)
EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def pure_env() -> dict[str, str]:
    return {**os.environ, "TAROT_PURE": "1"}


@pytest.fixture
def compiled() -> None:
    """Skips (fails in CI) the test unless this process runs the compiled core."""
    if _engine.pure_requested():
        pytest.skip("TAROT_PURE is set: this run tests the pure Python engine")
    if tarot_core.ENGINE != "compiled":
        missing(
            "the compiled engine core",
            _engine.WHY,
            "scripts/setup.sh or scripts/build_compiled.py builds it where a C compiler is found",
            os.environ,
        )


def module_file(name: str) -> str:
    __import__(name)
    return str(sys.modules[name].__file__)


@pytest.mark.usefixtures("compiled")
def test_the_compiled_modules_are_those_imported_and_the_rest_is_pure() -> None:
    for name in _engine.COMPILED:
        assert module_file("tarot_core." + name.replace("/", ".")).endswith(EXT_SUFFIX), name
    for name in ("tarot_core.view", "tarot_core.actions", "tarot_core.bots.expert"):
        assert module_file(name).endswith(".py"), name


def pure_probe(kind: str, seed: int, count: int) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(PROBE), kind, str(seed), str(count)],
        cwd=ROOT,
        env=pure_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["engine"] == "pure"
    digests: list[str] = answer["digests"]
    return digests


@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize(
    ("kind", "seed", "count", "positions"),
    [
        # 6 deals at each of 4 player counts under 5 option sets: about 9,000 positions,
        # each with its legal actions, a refused action and (every 7th) the seat's view.
        ("deals", 1, 6, 7000),
        ("rollouts", 2, 400, 400),
        ("endgames", 3, 200, 200),
        ("decisions", 4, 24, 24),
    ],
)
def test_the_compiled_core_does_what_the_pure_one_does(
    kind: str, seed: int, count: int, positions: int
) -> None:
    ours = engine_probe.KINDS[kind](seed, count)
    theirs = pure_probe(kind, seed, count)
    assert len(ours) == len(theirs) and len(ours) * (80 if kind == "deals" else 1) >= positions
    parted = next((i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b), None)
    assert parted is None, f"{kind}: the engines part at #{parted} (seed {seed})"


def worker_plays_on(deal: Deal, seen: tarot_core.DealView) -> tuple[str, Deal, object]:
    """Runs in a spawned worker: the deal one card on (if not over), and the view's parts."""
    if not deal.done:
        deal.play(deal.to_act, min(tarot_core.cards_of(deal.legal_cards(deal.to_act))))
    return tarot_core.ENGINE, deal, (seen.rules, seen.hand, seen.legal)


def test_deals_and_views_cross_to_a_spawned_worker_and_back() -> None:
    # The bot's worker pool starts its processes with spawn and sends them views; the
    # compiled core's classes pickle by other means than Python's (frozen dataclasses
    # rebuilt from their fields, a Deal made bare by Deal.__new__).
    rules = Rules.from_options(5, {"misere": "split", "petit_imprenable": True})
    played = random_deal(random.Random(11), rules, 2)
    assert played.result is not None
    mid = Deal(rules, played.dealer, played.dealt, played.chien)
    actions = played.actions()
    for action in actions[: len(actions) // 2]:
        mid.apply(action)
    seen = view(mid, mid.to_act)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        engine, after, back = pool.submit(worker_plays_on, mid.copy(), seen).result(timeout=120)
        _, over, _ = pool.submit(worker_plays_on, played, seen).result(timeout=120)
    assert over.result == played.result and over.actions() == played.actions()
    assert engine == tarot_core.ENGINE
    mid.play(mid.to_act, min(tarot_core.cards_of(mid.legal_cards(mid.to_act))))
    assert after.actions() == mid.actions() and after.hands == mid.hands
    assert back == (seen.rules, seen.hand, seen.legal) and back[0] == rules
    twin = after.copy()
    assert twin.actions() == after.actions()


def test_tarot_pure_imports_the_pure_modules_and_the_bench_says_which_runs() -> None:
    code = "import tarot_core, tarot_core.deal as d; print(tarot_core.ENGINE, d.__file__)"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=pure_env(), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    engine, file = done.stdout.split()
    assert engine == "pure" and file.endswith("deal.py")
    bench = subprocess.run(
        [sys.executable, "-m", "tarot_core", "bench", "--deals", "5"],
        cwd=ROOT,
        env=pure_env(),
        capture_output=True,
        text=True,
    )
    assert bench.returncode == 0 and "engine: pure)" in bench.stdout


def test_a_build_that_does_not_fit_is_not_used() -> None:
    sources = _engine.digests(_engine.engine_sources())
    fits = {"ext_suffix": EXT_SUFFIX, "sources": sources, "modules": {}}
    assert _engine.stale_reason(fits) is None
    assert _engine.stale_reason(None) == "its manifest is unreadable"
    other = {**fits, "ext_suffix": ".cpython-39-x86_64-linux-gnu.so"}
    assert _engine.stale_reason(other) == "it was built for another Python"
    edited = {**fits, "sources": {**sources, "deal.py": "0" * 64}}
    assert _engine.stale_reason(edited) == "the engine's sources changed since it was built"
    added = {**fits, "sources": {k: v for k, v in sources.items() if k != "cards.py"}}
    assert _engine.stale_reason(added) == "the engine's sources changed since it was built"
    gone = {**fits, "modules": {"tarot_core.deal": "tarot_core/no-such-file.so"}}
    assert _engine.stale_reason(gone) == "files of it are missing"


def test_the_build_without_a_compiler_says_so_in_one_line_and_fails_nothing() -> None:
    manifest = _engine.MANIFEST.read_bytes() if _engine.MANIFEST.exists() else None
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_compiled.py"), "--force"],
        cwd=ROOT,
        env={**os.environ, "CC": "/no/such/cc"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout == ""
    assert done.stderr == (
        "Compiled engine core not built (no C compiler (/no/such/cc)):"
        " the pure Python engine runs.\n"
    )
    assert (_engine.MANIFEST.read_bytes() if _engine.MANIFEST.exists() else None) == manifest
    strict = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_compiled.py"), "--force", "--strict"],
        cwd=ROOT,
        env={**os.environ, "CC": "/no/such/cc"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert strict.returncode == 1
