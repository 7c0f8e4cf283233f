"""Every rule option of the registry together, in any combination docs/rules.md allows, at
3 to 6 players: a deal played by random legal moves keeps the 78 cards, sums to zero,
replays identically from its record, and shows no seat a card it may not see."""

from __future__ import annotations

import json
import random
from typing import Any

from builders import visible_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarot_core import Deal, Rules, RulesError, read_deal, to_record, view
from tarot_core.cards import DECK_SIZE
from tarot_core.dealing import deal as deal_cards
from tarot_core.rules import OPTIONS, PLAYER_COUNTS


@st.composite
def option_sets(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    """A player count and a value for every option; combinations docs/rules.md forbids are
    refused by ``Rules`` itself, and drawn again."""
    players = draw(st.sampled_from(PLAYER_COUNTS))
    chosen = {o.name: o.to_json(draw(st.sampled_from(o.allowed))) for o in OPTIONS}
    try:
        Rules.from_options(players, chosen)
    except RulesError:
        from hypothesis import assume

        assume(False)
    return players, chosen


def hidden_from(deal: Deal, seat: int | None) -> set[int]:
    """The cards ``seat`` (None: anyone) may not see now: every hand but its own, the
    écart (but the taker's own), and the chien while unseen."""
    hidden: set[int] = set()
    for other, hand in enumerate(deal.hands):
        if other != seat:
            hidden |= {c for c in range(DECK_SIZE) if hand >> c & 1}
    return hidden


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(option_sets(), st.integers(0, 2**32 - 1))
def test_any_combination_of_options_plays_safely_and_replays(
    setup: tuple[int, dict[str, Any]], seed: int
) -> None:
    players, chosen = setup
    rules = Rules.from_options(players, chosen)
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    hands, chien = deal_cards(rng, rules, dealer)
    deal = Deal(rules, dealer, hands, chien)
    steps = 0
    while deal.result is None:
        seat = deal.to_act
        assert seat is not None
        for watcher in (None, *range(players)):
            seen = view(deal, watcher)
            shown = visible_cards(seen) - set(seen.hand)
            assert not (shown & hidden_from(deal, watcher) - _public(deal)), (watcher, chosen)
        legal = view(deal, seat).legal
        assert legal, f"seat {seat} has no legal action ({chosen})"
        deal.apply(rng.choice(legal))
        steps += 1
        assert steps < 400
    result = deal.result
    assert sum(result.scores) == 0
    if deal.rules.sits_out:
        assert result.scores[dealer] == 0
    record = json.loads(json.dumps(to_record(deal)))
    again = read_deal(record)
    assert again.result == result
    cards: set[int] = set()
    for hand in record["hands"]:
        cards |= set(map(str, hand))  # as written: 78 different cards in all
    assert len(cards) + len(record["chien"]) == DECK_SIZE


def _public(deal: Deal) -> set[int]:
    """Cards every seat has been shown: what the public view shows."""
    return visible_cards(view(deal))
