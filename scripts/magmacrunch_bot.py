"""magmacrunch-tarot's computer player at one of our seats, speaking docs/bot-protocol.md.

Run it with the interpreter of an environment where magmacrunch-tarot (PyPI; its module is
``tarot``) is installed, never the project's: it is no dependency of ours, and this script
imports nothing of tarot_core. For example::

    python -m tarot_core arena --players 4 --candidate heuristic \\
        --baseline "cmd:/tmp/mm-venv/bin/python scripts/magmacrunch_bot.py"

Each request's view is mapped to that package's own state (its cards, its ``Trick``) and its
own AI decides (``tarot.rules``: ``ai_bid``, ``ai_discards``, ``ai_card``, ``poignee``); the
answer is mapped back to one of the view's legal actions. Where it has no decision of its own
it acts as its game does: no slam announced, no misère, every poignée it can show shown (the
highest level listed). When its answer is not among our legal actions (a call at 5 players,
which it never plays; a contract this table does not offer), the bot falls back to a
documented choice: pass for a bid, the first legal action otherwise; each fallback is
counted on standard error. Its bids draw on a random number generator seeded from
``--seed`` and the view, so the same view gets the same answer.

magmacrunch-tarot plays at 4 players; at 3 or 5 its AI still answers, from rules of thumb
made for 4.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

try:
    from tarot import rules as mm  # magmacrunch-tarot
except ImportError as e:  # pragma: no cover - depends on the interpreter
    print(f"magmacrunch-tarot is not installed for {sys.executable}: {e}", file=sys.stderr)
    sys.exit(2)

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"J": "V", "C": "C", "Q": "D", "K": "R"}
"""Our face letters (Jack, Knight, Queen, King) to theirs (Valet, Cavalier, Dame, Roi)."""
CONTRACTS = {
    "PASSE": "pass",
    "PRISE": "prise",
    "GARDE": "garde",
    "GARDE_SANS": "garde_sans",
    "GARDE_CONTRE": "garde_contre",
}
THEIR_BID = {ours: theirs for theirs, ours in CONTRACTS.items()}


def to_card(text: str) -> Any:
    """Our notation (``T21``, ``EX``, ``KS``, ``10H``) to their ``Card``."""
    if text == "EX":
        return mm.Card(mm.EXCUSE, number=mm.EXCUSE_NUMBER)
    if text[0] == "T":
        return mm.Card(mm.TRUMP, number=int(text[1:]))
    rank = text[:-1]
    return mm.Card(mm.SUITED, SUITS[text[-1]], RANKS.get(rank, rank))


def from_card(card: Any) -> str:
    if card.type == mm.EXCUSE:
        return "EX"
    if card.type == mm.TRUMP:
        return f"T{card.number}"
    rank = {v: k for k, v in RANKS.items()}.get(card.rank, card.rank)
    letter = next(k for k, v in SUITS.items() if v == card.suit)
    return f"{rank}{letter}"


def to_trick(view: dict[str, Any]) -> Any:
    """The trick in progress as their ``Trick``, built card by card as their ``play`` does."""
    trick = mm.Trick()
    current = view["current"]
    if not current:
        return trick
    players = view["rules"]["players"]
    for i, text in enumerate(current["cards"]):
        card = to_card(text)
        trick.cards.append((card, (current["leader"] + i) % players))
        if card.type == mm.SUITED and not trick.led_trump and not trick.led_suit:
            trick.led_suit = card.suit
        if card.type == mm.TRUMP:
            trick.led_trump = True
            trick.highest_trump = max(trick.highest_trump, card.number)
    return trick


class Adapter:
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.fallbacks = 0

    def fallback(self, view: dict[str, Any], why: str, action: dict[str, Any]) -> dict[str, Any]:
        self.fallbacks += 1
        print(f"fallback {self.fallbacks} ({view['phase']}): {why}", file=sys.stderr, flush=True)
        return action

    def act(self, view: dict[str, Any]) -> dict[str, Any]:
        legal: list[dict[str, Any]] = view["legal"]
        hand = [to_card(t) for t in view["hand"]]
        kinds = {a["type"] for a in legal}
        if "poignee" in kinds:  # their game shows every poignée it can
            return [a for a in legal if a["type"] == "poignee"][-1]
        if view["phase"] == "bidding":
            return self.bid(view, hand, legal)
        if view["phase"] == "ecart":
            return self.ecart(view, hand, legal)
        if view["phase"] == "slam":
            return next(a for a in legal if a["type"] == "slam" and not a["announce"])
        if view["phase"] == "playing":
            card = mm.ai_card(hand, to_trick(view))
            text = from_card(next(c for c in hand if c.id == card)) if card else None
            for a in legal:
                if a["type"] == "play" and a["card"] == text:
                    return a
            first = next(a for a in legal if a["type"] == "play")
            return self.fallback(view, f"its card {text} is not legal here", first)
        return self.fallback(view, f"no decision of its own for {sorted(kinds)}", legal[0])

    def bid(
        self, view: dict[str, Any], hand: list[Any], legal: list[dict[str, Any]]
    ) -> dict[str, Any]:
        digest = hashlib.sha256(f"{self.seed}:{json.dumps(view, sort_keys=True)}".encode())
        rng = random.Random(digest.digest())
        current = THEIR_BID.get(view["contract"] or "pass", "PASSE")
        choice = mm.ai_bid(hand, current, view["taker"] == view["seat"], rng.random)
        contract = CONTRACTS[choice]
        for a in legal:
            if a["type"] == "bid" and a["contract"] == contract:
                return a
        passing = next(a for a in legal if a["contract"] == "pass")
        return self.fallback(view, f"its bid {contract} is not offered", passing)

    def ecart(
        self, view: dict[str, Any], hand: list[Any], legal: list[dict[str, Any]]
    ) -> dict[str, Any]:
        allowed = {a["card"] for a in legal if a["type"] == "discard"}
        others = [n for s, n in enumerate(view["hand_sizes"]) if s != view["seat"] and n]
        need = len(view["hand"]) - min(others)  # the taker holds the chien's cards more
        chosen = [from_card(c) for c in mm.ai_discards(hand)][:need]
        if len(chosen) == need and set(chosen) <= allowed and len(set(chosen)) == need:
            return {"type": "ecart", "seat": view["seat"], "cards": chosen}
        first = next(a for a in legal if a["type"] == "discard")
        return self.fallback(view, f"its écart {chosen} is not legal here", first)


def serve(adapter: Adapter) -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        rid = None
        try:
            request = json.loads(line)
            rid = request.get("id")
            kind = request.get("type")
            if kind == "quit":
                break
            if kind == "hello":
                answer = {"type": "hello", "id": rid, "name": "magmacrunch-tarot", "protocol": 1}
            elif kind == "act":
                answer = {"type": "action", "id": rid, "action": adapter.act(request["view"])}
            else:
                answer = {"type": "error", "id": rid, "message": f"unknown type {kind!r}"}
        except Exception as e:  # one answer per request, whatever happens
            answer = {"type": "error", "id": rid, "message": f"{type(e).__name__}: {e}"}
        print(json.dumps(answer), flush=True)
    print(f"magmacrunch_bot: {adapter.fallbacks} fallbacks", file=sys.stderr, flush=True)
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=0, help="seeds its bids (with each view)")
    args = p.parse_args()
    return serve(Adapter(args.seed))


if __name__ == "__main__":
    sys.exit(main())
