"""What the engine does from random positions under a seed, as digests to compare between the
compiled core and the pure Python modules (test_compiled.py runs this file in a second
process with ``TAROT_PURE=1``: one process holds only one of them).

``python tests/tarot_core/engine_probe.py KIND SEED COUNT`` prints ``{"engine": ...,
"digests": [...]}``, one digest per deal or position, so that a difference names the first
position where the two engines part.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import tarot_core
from tarot_core import Action, Deal, IllegalAction, Play, Rules, view
from tarot_core.bots.endgame import solve
from tarot_core.bots.expert import ExpertBot
from tarot_core.bots.rollout import finish
from tarot_core.dealing import deal as deal_cards
from tarot_core.serial import action_to_json, view_to_json

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"misere": "split", "petit_chelem": True, "poignee_bonus": [20, 40, 60]},
    {"petit_imprenable": True, "contracts": "pousse", "auction": "open", "round_to_ten": True},
    {"misere": True, "parole": True, "contracts": "fixed", "prise_allowed": False},
    {"six_players": "dealer_sits_out", "garde_contre_multiplier": 8, "shuffle": "cut"},
)
"""Rule options the deals are played under, at every player count (the last one changes
only six players)."""


def _text(obj: object) -> bytes:
    return json.dumps(obj, sort_keys=True, default=repr).encode()


def _fresh(rng: random.Random, rules: Rules) -> Deal:
    dealer = rng.randrange(rules.players)
    hands, chien = deal_cards(rng, rules, dealer)
    return Deal(rules, dealer, hands, chien)


def _refusal(deal: Deal, action: Action) -> bytes:
    """What ``deal`` says to ``action`` if it refuses it (and it must then be unchanged)."""
    before = deal.actions()
    try:
        deal.copy().apply(action)
    except IllegalAction as e:
        assert deal.actions() == before
        return _text([str(e), e.code, e.params])
    return b"accepted"


def played_deals(seed: int, count: int) -> list[str]:
    """``count`` deals at each player count under each option set, every choice uniformly
    random among the legal actions: a digest of each step's legal actions, the action
    taken, a refused action (a card or a seat drawn at random), the acting seat's view every
    few steps, and the result."""
    rng = random.Random(seed)
    out = []
    for players in (3, 4, 5, 6):
        for options in OPTION_SETS:
            rules = Rules.from_options(players, options)
            for _ in range(count):
                deal = _fresh(rng, rules)
                h = hashlib.sha256()
                step = 0
                while not deal.done:
                    seat = deal.to_act
                    legal = deal.legal_actions(seat)
                    h.update(_text([action_to_json(a) for a in legal]))
                    other = Play(rng.randrange(players), rng.randrange(78))
                    h.update(_refusal(deal, other))
                    if step % 7 == 0:
                        h.update(_text(view_to_json(view(deal, seat))))
                    action = rng.choice(legal)
                    deal.apply(action)
                    h.update(_text(action_to_json(action)))
                    step += 1
                h.update(_text(repr(deal.result)))
                h.update(_text([action_to_json(a) for a in deal.actions()]))
                out.append(h.hexdigest()[:16])
    return out


def _position(rng: random.Random, players: int, cards_left: int) -> Deal:
    """A deal played at random until each hand holds at most ``cards_left`` cards (or over)."""
    rules = Rules.from_options(players, rng.choice(OPTION_SETS))
    deal = _fresh(rng, rules)
    while not deal.done and (
        deal.phase < tarot_core.Phase.PLAYING
        or max(hand.bit_count() for hand in deal.hands) > cards_left
    ):
        deal.apply(rng.choice(deal.legal_actions(deal.to_act)))
    return deal


def rollouts(seed: int, count: int) -> list[str]:
    """The expert's fast policy finishing ``count`` random positions (from the bidding to the
    last trick), each under its own seed: every action and the result."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        deal = _position(rng, 3 + i % 4, rng.randrange(0, 19))
        finish(deal, random.Random(i))
        out.append(_text([[action_to_json(a) for a in deal.actions()], repr(deal.result)]))
    return [hashlib.sha256(t).hexdigest()[:16] for t in out]


def endgames(seed: int, count: int) -> list[str]:
    """Exact solutions of ``count`` random positions with at most three cards a hand: every
    seat's score with best play."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        deal = _position(rng, 3 + i % 4, rng.randrange(1, 4))
        # As floats: where Python returns a final score's int, the compiled core returns the
        # float that solve's annotation says, of the same value.
        scores = [float(solve(deal, seat)) for seat in range(deal.rules.players)]
        out.append(hashlib.sha256(_text(scores)).hexdigest()[:16])
    return out


def decisions(seed: int, count: int) -> list[str]:
    """The expert's decisions (4 samples, no time limit) at ``count`` random positions: its
    sampled worlds, inferences, rollouts and endgames all in one."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        deal = _position(rng, 3 + i % 4, rng.randrange(0, 19))
        if deal.done:
            out.append("done")
            continue
        seen = view(deal, deal.to_act)
        action = ExpertBot(seed + i, think_ms=10**9, max_samples=4).act(seen)
        out.append(hashlib.sha256(_text(action_to_json(action))).hexdigest()[:16])
    return out


KINDS: dict[str, Callable[[int, int], list[str]]] = {
    "deals": played_deals,
    "rollouts": rollouts,
    "endgames": endgames,
    "decisions": decisions,
}


def main(argv: list[str]) -> int:
    kind, seed, count = argv[0], int(argv[1]), int(argv[2])
    digests = KINDS[kind](seed, count)
    print(json.dumps({"engine": tarot_core.ENGINE, "digests": digests}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
