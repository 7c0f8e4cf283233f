"""The expert bids within the points table's window: what a strong player would bid, the
search deciding only between neighbours; left free it bid a Garde contre on a Garde."""

from __future__ import annotations

import json

from tarot_core import Bid, view
from tarot_core.bots.expert import ExpertBot, bid_window
from tarot_core.bots.heuristic import HeuristicBot
from tarot_core.cards import mask_of
from tarot_core.lab.positions import build, parse_position
from tarot_core.rules import Contract


def opening(hand: str, players: int = 4) -> dict[str, object]:
    return {
        "id": "t",
        "players": players,
        "category": "bidding",
        "accept": "pass",
        "why": "-",
        "hands": {"0": hand},
    }


GARDE = "T21 T20 T19 T15 T13 T10 T8 T6 T1 KS QS 7S 3S KD 5D 9C 4C 2H"
"""Nine trumps with the 21-20-19 and the Petit, King-Queen and a King: about 62 points."""
PRISE = "T21 T14 T10 T8 T7 T5 T3 KS QS 8S 5S 2S KH 9H 4H 6D 3D 7C"
"""The 21, seven trumps, King-Queen and a King with five spades: about 47 points."""
WEAK = "T4 T7 2S 3S 5S 6S 8S 2H 3H 4H 6H 7H 2D 3D 4D 5D 2C 3C"


def window(hand: str) -> list[str]:
    deal = build(parse_position(json.loads(json.dumps(opening(hand)))))
    seen = view(deal, deal.to_act)
    bids = [a for a in seen.legal if isinstance(a, Bid)]
    guide = HeuristicBot(1).bid(seen, mask_of(seen.hand))
    window, _ = bid_window(seen, bids, guide)
    return [b.contract.name.lower() for b in window if isinstance(b, Bid)]


def test_a_garde_hand_chooses_among_passing_the_prise_and_the_garde() -> None:
    assert window(GARDE) == ["pass", "prise", "garde"]


def test_a_prise_hand_chooses_among_passing_the_prise_and_the_garde() -> None:
    assert window(PRISE) == ["pass", "prise", "garde"]


def test_a_weak_hand_passes_without_searching() -> None:
    assert window(WEAK) == ["pass"]


def test_the_expert_bids_a_garde_hand_a_garde_not_a_garde_contre() -> None:
    deal = build(parse_position(json.loads(json.dumps(opening(GARDE)))))
    bid = ExpertBot(7, max_samples=24).act(view(deal, deal.to_act))
    assert isinstance(bid, Bid) and bid.contract == Contract.GARDE
