"""Duplicate play for people: everyone plays the same deals, and is compared deal by deal.

A challenge is a fixed list of deals under a seed. Each one stands alone (its cards never
depend on how an earlier one was played, and a deal everybody passed is not dealt again: it
scores 0 for all), so two members who play it are compared on the same cards. The computer
players who sit with them decide from a seed made of the challenge's seed, the deal and what
their seat sees, so the same decisions so far meet the same replies on any machine; the par
is the strongest player's score in the member's seat, its opponents deciding the same way.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from .bots import DEFAULT_THINK_MS, make_bot
from .deal import Deal
from .dealing import deal as deal_cards
from .game import Game
from .rules import Rules
from .serial import view_to_json
from .view import DealView, view


def _seed_of(digest: bytes) -> int:
    return int.from_bytes(digest[:8], "big")


def secret_seed(key: bytes, *parts: object) -> int:
    """A 64-bit seed that only the holder of ``key`` can work out from ``parts`` (a date, a
    server): HMAC-SHA256, so nothing shown of a challenge gives its cards away."""
    text = "/".join(str(p) for p in parts).encode()
    return _seed_of(hmac.new(key, text, hashlib.sha256).digest())


def _derived(*parts: object) -> int:
    """A 64-bit seed from the parts, stable across processes and Python versions."""
    return _seed_of(hashlib.sha256("/".join(str(p) for p in parts).encode()).digest())


def variant_seed(seed: int, variant: int) -> int:
    """The seed of one variant of a challenge: variant 0 is the challenge's own seed, so a
    challenge dealt once is dealt from its seed."""
    return seed if variant == 0 else _derived("variant", seed, variant)


def challenge_deal(rules: Rules, seed: int, index: int) -> Deal:
    """Deal ``index`` (from 0) of the challenge seeded ``seed``: the dealer turns with the
    index, the cards are shuffled afresh. A deal void as it is dealt (a petit sec) is drawn
    again, so that every deal of a challenge is played."""
    dealer = index % rules.players
    draw = 0
    while True:
        rng = random.Random(_derived("challenge-deal", seed, index, draw))
        hands, chien = deal_cards(rng, rules, dealer)
        dealt = Deal(rules, dealer, hands, chien)
        if not dealt.done:
            return dealt
        draw += 1


class DuplicateGame(Game):
    """One member's play of a challenge: deal ``k`` is ``challenge_deal(rules, seed, k)``,
    and every deal counts, a passed one with 0 for all, so that the game is over after
    exactly ``deals`` deals, whatever was bid."""

    def __init__(self, rules: Rules, *, deals: int, seed: int) -> None:
        super().__init__(rules, deals=deals, seed=seed)

    @property
    def played(self) -> int:
        return sum(1 for d in self.deals if d.result is not None)

    def _start(self, dealer: int) -> None:
        self.deals.append(challenge_deal(self.rules, self.seed, len(self.deals)))


def opponent_seed(seed: int, index: int, seen: DealView) -> int:
    """A computer player's seed for one decision in deal ``index`` of a challenge: what its
    seat sees holds every decision so far that it may know of, so the same moves meet the
    same replies, and nothing hidden from that seat changes them."""
    text = json.dumps(view_to_json(seen), sort_keys=True, separators=(",", ":"))
    return _derived("challenge-bot", seed, index, hashlib.sha256(text.encode()).hexdigest())


def par_deal(
    rules: Rules, seed: int, index: int, level: str, think_ms: int = DEFAULT_THINK_MS
) -> Deal:
    """Deal ``index`` played out by ``level`` in every seat, each decision seeded as an
    attempt's computer players seed theirs: a member who plays as the par does in their seat
    meets the very replies it met. The played deal is returned (its ``result``, its record)."""
    played = challenge_deal(rules, seed, index)
    while not played.done:
        seat = played.to_act
        assert seat is not None
        seen = view(played, seat)
        bot = make_bot(level, seed=opponent_seed(seed, index, seen), think_ms=think_ms)
        played.apply(bot.act(seen))
    return played


def matchpoints(score: int, others: Sequence[int]) -> float | None:
    """Duplicate's matchpoints as a percentage: 2 for each other score beaten, 1 for each
    tie, out of 2 per other score; None when nobody else played the deal."""
    if not others:
        return None
    points = sum(2 if score > other else 1 if score == other else 0 for other in others)
    return 100 * points / (2 * len(others))


def field_matchpoints(scores: Sequence[int]) -> list[float | None]:
    """Every score's ``matchpoints`` against all the others of the same deal, in order:
    sorted once and counted by bisection, not compared pair by pair (a field of thousands
    is ranked at every look at the results)."""
    ordered = sorted(scores)
    others = len(scores) - 1
    out: list[float | None] = []
    for score in scores:
        below = bisect_left(ordered, score)
        ties = bisect_right(ordered, score) - below - 1
        out.append(100 * (2 * below + ties) / (2 * others) if others else None)
    return out
