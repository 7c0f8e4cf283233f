"""The engine's speed work changed nothing it does, and ``bench`` (with ``--versus``) reports
what it says.

magmacrunch-tarot is no dependency of ours: the tests that run it are skipped unless
``MAGMACRUNCH_PYTHON`` names an interpreter where it is installed (docs/benchmarks.md).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import random
import subprocess
import sys

import pytest
from tarot_command import ROOT, tarot

from tarot_core.cards import cards_of
from tarot_core.deal import SLOTS as DEAL_SLOTS
from tarot_core.deal import Deal, Phase
from tarot_core.lab.bench import random_deal, run
from tarot_core.rules import Rules
from tarot_core.serial import action_to_json

MAGMACRUNCH_PYTHON = os.environ.get("MAGMACRUNCH_PYTHON", "")


def has_magmacrunch() -> bool:
    if not MAGMACRUNCH_PYTHON:
        return False
    probe = subprocess.run(
        [MAGMACRUNCH_PYTHON, "-I", "-c", "import tarot.rules"], capture_output=True, timeout=60
    )
    return probe.returncode == 0


needs_magmacrunch = pytest.mark.skipif(
    not has_magmacrunch(), reason="MAGMACRUNCH_PYTHON with magmacrunch-tarot installed not set"
)


@pytest.mark.parametrize(
    ("players", "options", "digest"),
    [
        (3, {"petit_imprenable": True}, "cdba5976e9e911a5"),
        (4, {}, "f16ab5fec0bab152"),
        (5, {}, "0a5f2df9733a8e15"),
    ],
)
def test_random_deals_under_a_seed_are_those_of_the_engine_before_its_speed_work(
    players: int, options: dict[str, object], digest: str
) -> None:
    # Digests taken with the code before the speed work: every action and every score of
    # 40 deals, so a change to dealing, legality, play or scoring shows up here.
    rules = Rules.from_options(players, options)
    rng = random.Random(2024)
    h = hashlib.sha256()
    for i in range(40):
        deal = random_deal(rng, rules, i % players)
        assert deal.result is not None
        h.update(repr([action_to_json(a) for a in deal.actions()]).encode())
        h.update(repr(deal.result.scores).encode())
    assert h.hexdigest()[:16] == digest


def test_a_copy_has_every_slot_and_shares_nothing_mutable() -> None:
    rules = Rules.from_options(5, {})
    deal = random_deal(random.Random(3), rules, 0)
    assert deal.result is not None
    # Replay it to the middle of a trick, with a poignée or two shown on the way.
    mid = Deal(rules, deal.dealer, deal.dealt, deal.chien)
    actions = deal.actions()
    for action in actions[: len(actions) // 2]:
        mid.apply(action)
    assert mid.phase == Phase.PLAYING and mid.trick and mid.tricks
    twin = mid.copy()
    for name in DEAL_SLOTS:
        mine, theirs = getattr(mid, name), getattr(twin, name)
        assert theirs == mine, name
        if isinstance(mine, list | dict):
            assert theirs is not mine, name
    seat = twin.to_act
    before = {name: repr(getattr(mid, name)) for name in DEAL_SLOTS}
    twin.play(seat, cards_of(twin.legal_cards(seat))[0])
    assert {name: repr(getattr(mid, name)) for name in DEAL_SLOTS} == before


def _cards_by_loop(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def test_cards_of_lists_every_card_in_order_whatever_the_size() -> None:
    rng = random.Random(5)
    for size in range(79):
        for _ in range(20):
            mask = sum(1 << c for c in rng.sample(range(78), size))
            assert cards_of(mask) == _cards_by_loop(mask)
    for mask in (1 << 77 | 1 << 76, (1 << 80) - 1, 1 << 80 | 5, 1 << 200 | 1 << 100 | 1 << 3):
        assert cards_of(mask) == _cards_by_loop(mask)
    with pytest.raises(ValueError, match="never negative"):
        cards_of(-(1 << 40) - 3)


def test_bench_reports_its_figures() -> None:
    figures = run(4, 30, 7)
    assert figures["players"] == 4 and figures["deals"] == 30 and figures["seed"] == 7
    assert sum(figures["outcomes"].values()) == 30
    assert figures["deals_per_second"] > 0 and figures["seconds"] > 0


def test_versus_refuses_what_magmacrunch_cannot_play_and_names_a_missing_package() -> None:
    other = tarot("bench", "--players", "5", "--deals", "5", "--versus", sys.executable)
    assert other.returncode == 2 and other.stdout == ""
    assert other.stderr == "bench: --versus plays 4 players under the default rules\n"
    # This interpreter is a real one, without magmacrunch-tarot (not a dependency of ours).
    if importlib.util.find_spec("tarot") is not None:
        pytest.skip("magmacrunch-tarot is installed in the project's own environment")
    missing = tarot("bench", "--deals", "5", "--versus", sys.executable)
    assert missing.returncode == 2 and missing.stdout == ""
    assert "magmacrunch-tarot is not installed for" in missing.stderr
    assert missing.stderr.count("\n") == 1


@needs_magmacrunch
def test_versus_times_both_engines_in_one_run() -> None:
    done = tarot("bench", "--deals", "40", "--seed", "3", "--json", "--versus", MAGMACRUNCH_PYTHON)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    theirs = figures["versus"]
    assert figures["deals"] == theirs["deals"] == 40 and theirs["seed"] == 3
    assert theirs["engine"] == "magmacrunch-tarot" and sum(theirs["outcomes"].values()) == 40
    assert figures["ratio"] == round(figures["deals_per_second"] / theirs["deals_per_second"], 2)
    if figures["engine"] == "compiled":  # and our pure Python engine's, between the two
        pure = figures["pure"]
        assert pure["engine"] == "pure" and pure["deals"] == 40 and pure["seed"] == 3
        assert figures["pure_ratio"] == round(
            pure["deals_per_second"] / theirs["deals_per_second"], 2
        )
    else:
        assert "pure" not in figures
    text = tarot("bench", "--deals", "20", "--versus", MAGMACRUNCH_PYTHON)
    assert text.returncode == 0, text.stderr
    assert f"tarot_core ({figures['engine']})" in text.stdout
    assert "magmacrunch-tarot" in text.stdout and "ratio" in text.stdout
    assert ("pure Python" in text.stdout) == (figures["engine"] == "compiled")


@needs_magmacrunch
def test_the_magmacrunch_adapter_plays_whole_deals_legally_and_its_own_way() -> None:
    from tarot_core.bots.external import ExternalBot
    from tarot_core.dealing import deal as deal_cards
    from tarot_core.view import view

    script = ROOT / "scripts" / "magmacrunch_bot.py"
    rules = Rules.from_options(4, {})
    rng = random.Random(9)
    played = 0
    with ExternalBot(f"{MAGMACRUNCH_PYTHON} {script} --seed 1") as bot:
        for dealer in range(4):
            hands, chien = deal_cards(rng, rules, dealer)
            deal = Deal(rules, dealer, hands, chien)
            while not deal.done:
                seat = deal.to_act
                seen = view(deal, seat)
                action = bot.act(seen)  # ExternalBot refuses any illegal action
                assert bot.act(seen) == action  # the same view, the same answer
                deal.apply(action)
            played += deal.result is not None and deal.result.outcome == "played"
    assert played  # a taker, an écart or not, and eighteen tricks
