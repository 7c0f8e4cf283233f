"""The endgame solver's shortcuts (transpositions, equivalent cards, shared last-trick
scorings, undoing cards in place) must give exactly plain minimax's value."""

from __future__ import annotations

import random

import pytest
from reference_minimax import minimax

from tarot_core.actions import Bid, Call, DeclareSlam, Ecart, Poignee
from tarot_core.bots.endgame import solve
from tarot_core.cards import cards_of
from tarot_core.deal import Deal, Phase
from tarot_core.dealing import deal as deal_cards
from tarot_core.lab.bench import random_ecart
from tarot_core.rules import Rules


def late_position(rng: random.Random, rules: Rules, tricks_left: int) -> Deal | None:
    """A deal played with random legal choices (random contracts, poignées and slam
    announcements included) up to ``tricks_left`` tricks from the end, stopped at a random
    point of that trick; None if everybody passed."""
    hands, chien = deal_cards(rng, rules, 0)
    deal = Deal(rules, 0, hands, chien)
    stop = rng.randrange(rules.playing)
    while not deal.done:
        seat = deal.to_act
        phase = deal.phase
        if phase == Phase.PLAYING:
            if len(deal.tricks) == rules.tricks - tricks_left and len(deal.trick) == stop:
                return deal
            if not deal.started >> seat & 1 and rng.random() < 0.3:
                options = deal.poignee_options(seat)
                if options:
                    deal.apply(Poignee(seat, options[-1][1]))
            deal.play(seat, rng.choice(cards_of(deal.legal_cards(seat))))
        elif phase == Phase.BIDDING:
            deal.apply(Bid(seat, rng.choice(deal.legal_bids(seat))))
        elif phase == Phase.CALLING:
            deal.apply(Call(seat, rng.choice(cards_of(deal.callable_cards()))))
        elif phase == Phase.ECART:
            deal.apply(Ecart(seat, random_ecart(rng, deal)))
        else:
            deal.apply(DeclareSlam(seat, rng.random() < 0.2))
    return None


@pytest.mark.parametrize(
    ("players", "options", "tricks_left", "wanted"),
    [
        (3, {}, 3, 60),
        (4, {}, 3, 30),
        (4, {}, 2, 120),
        (4, {"petit_imprenable": True}, 2, 40),
        (5, {}, 2, 80),
    ],
)
def test_solver_agrees_with_plain_minimax_on_random_positions(
    players: int, options: dict[str, object], tricks_left: int, wanted: int
) -> None:
    rules = Rules.from_options(players, options)
    rng = random.Random(players * 1000 + tricks_left)
    checked = 0
    while checked < wanted:
        deal = late_position(rng, rules, tricks_left)
        if deal is None:
            continue
        before = (list(deal.hands), list(deal.trick), len(deal.tricks), deal.to_act)
        for me in {deal.to_act, deal.taker if deal.taker is not None else 0}:
            assert solve(deal, me) == minimax(deal.copy(), me)
        assert (list(deal.hands), list(deal.trick), len(deal.tricks), deal.to_act) == before
        checked += 1
