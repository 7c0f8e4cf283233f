"""Deal.play_mark / take_back: cards tried and taken back leave the deal as it was, so a
search may undo in place instead of copying."""

from __future__ import annotations

import random

import pytest

from tarot_core.actions import Play
from tarot_core.cards import cards_of
from tarot_core.deal import SLOTS as DEAL_SLOTS
from tarot_core.deal import Deal, Phase
from tarot_core.lab.bench import random_deal
from tarot_core.rules import Rules


def _state(deal: Deal) -> dict[str, object]:
    return {name: getattr(deal, name) for name in DEAL_SLOTS}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_card_taken_back_restores_every_slot(players: int) -> None:
    rules = Rules(players=players)
    rng = random.Random(players)
    checked = 0
    while checked < 100:
        full = random_deal(rng, rules, 0)
        actions = full.actions()
        plays = sum(isinstance(a, Play) for a in actions)
        if plays < 2:  # passed out or annulled
            continue
        stop = rng.randrange(plays - 1)  # cards played before the tries: never the last
        deal = Deal(rules, 0, list(full.dealt), full.chien)
        for action in actions:
            if isinstance(action, Play) and deal.played.bit_count() == stop:
                break
            deal.apply(action)
        assert deal.phase == Phase.PLAYING
        before = _state(deal.copy())
        mark = deal.play_mark()
        for card in cards_of(deal.legal_cards(deal.to_act)):
            deal.play(deal.to_act, card)
            deal.take_back(mark)
            assert _state(deal) == before
        checked += 1
