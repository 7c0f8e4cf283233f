"""The taker-bias measure (python -m tarot_core taker-bias): the figure bots.taker_credit
stands on."""

from __future__ import annotations

import json

from tarot_command import tarot

from tarot_core.bots.evaluation import min_trumps, strength, trump_count
from tarot_core.lab import taker_bias
from tarot_core.rules import Contract, Rules


def test_the_measured_deals_are_taken_by_their_first_speaker_alone() -> None:
    rules = Rules.from_options(4, {})
    seen = 0
    for index in range(1, 40):
        taken = taker_bias.taken_deal(rules, 1, index, taker_bias.MIN_STRENGTH)
        if taken is None:
            continue
        deal, taker = taken
        hand = deal.dealt[taker]
        assert trump_count(hand) >= min_trumps(hand)
        assert strength(hand, 4) >= taker_bias.MIN_STRENGTH
        assert deal.speakers[0] == taker
        assert [b for b in deal.bids if b != Contract.PASS] in ([Contract.PRISE], [Contract.GARDE])
        seen += 1
    assert seen >= 3


def test_the_measure_is_reproducible_under_its_seed() -> None:
    a = taker_bias.run(4, 6, 3, "heuristic")
    b = taker_bias.run(4, 6, 3, "heuristic")
    assert a == b
    assert a["deals"] == 6 and a["points"]["half_width"] is not None
    assert 0 <= a["made_real"] <= 1 and 0 <= a["made_predicted"] <= 1
    assert a != taker_bias.run(4, 6, 4, "heuristic")


def test_the_command_prints_the_bias() -> None:
    done = tarot("taker-bias", "--players", "3", "--level", "heuristic", "--deals", "4")
    assert done.returncode == 0, done.stderr
    assert "Taker bias at 3 players: heuristic taking against heuristic, 4 deals" in done.stdout
    assert "Real minus rollout-predicted:" in done.stdout
    figures = json.loads(
        tarot("taker-bias", "--level", "heuristic", "--deals", "2", "--json").stdout
    )
    assert figures["players"] == 4 and figures["deals"] == 2


def test_a_bad_level_is_one_line() -> None:
    done = tarot("taker-bias", "--level", "grandmaster", "--deals", "2")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "grandmaster" in done.stderr
