"""magmacrunch-tarot's engine playing random legal deals: the other half of ``bench --versus``.

Run by ``bench --versus PYTHON`` as ``PYTHON -I this_file.py DEALS SEED``, with the
interpreter of an environment where magmacrunch-tarot (the PyPI package, whose module is
``tarot``) is installed. It imports nothing of tarot_core, so that it runs there as it is, and
prints one JSON object. It drives that package's own ``Game`` (``tarot.rules``) as our bench
drives ``Deal``: a shuffle and deal, uniformly random bids among those offered, a random legal
écart, every poignée declared, uniformly random legal cards, and the package's own scoring.
Like ours, a deal that ends early (everyone passes, a petit sec) counts as a deal.
magmacrunch-tarot plays at 4 only.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import time
from typing import Any


def random_discard(rng: random.Random, engine: Any, hand: list[Any]) -> list[str]:
    """A uniformly random legal écart, as ``bench.random_ecart`` makes ours."""
    plain = [c for c in hand if c.type == engine.SUITED and c.rank != "R"]
    need = engine.DOG_SIZE
    if len(plain) >= need:
        return [c.id for c in rng.sample(plain, need)]
    trumps = [c for c in hand if c.type == engine.TRUMP and not c.is_oudler]
    return [c.id for c in plain + rng.sample(trumps, need - len(plain))]


def random_deal(rng: random.Random, engine: Any) -> str:
    """One deal to its end; returns how it ended (``played``, ``passed`` or ``petit_sec``)."""
    game = engine.Game(rng.random)
    game.deal()
    if game.phase != engine.BIDDING:
        return "petit_sec"
    while game.phase == engine.BIDDING:
        game.bid(game.current_bidder, rng.choice(game.bids_open()))
    if game.taker < 0:
        return "passed"
    if game.phase == engine.DOG_EXCHANGE:
        ok = game.discard(random_discard(rng, engine, game.hands[game.taker]))
        assert ok, "magmacrunch refused a legal écart"
    game.declare_poignee(True)  # seat 0's; the package declares the others' itself
    while game.phase == engine.TRICK_PLAY:
        seat = game.current
        hand = game.hands[seat]
        legal = engine.legal_plays(hand, game.trick)
        done = game.play(seat, rng.choice(legal))
        assert done is not None, "magmacrunch refused a legal card"
    assert game.phase == engine.ROUND_SCORING
    return "played"


def run(deals: int, seed: int) -> dict[str, Any]:
    engine = importlib.import_module("tarot.rules")
    rng = random.Random(seed)
    outcomes = {"played": 0, "passed": 0, "petit_sec": 0}
    start = time.perf_counter()
    for _ in range(deals):
        outcomes[random_deal(rng, engine)] += 1
    elapsed = time.perf_counter() - start
    return {
        "engine": "magmacrunch-tarot",
        "version": _version(),
        "players": 4,
        "deals": deals,
        "seed": seed,
        "seconds": round(elapsed, 3),
        "deals_per_second": round(deals / elapsed, 1) if elapsed > 0 else None,
        "outcomes": outcomes,
    }


def _version() -> str | None:
    from importlib import metadata

    try:
        return metadata.version("magmacrunch-tarot")
    except metadata.PackageNotFoundError:
        return None


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: PYTHON -I bench_magmacrunch.py DEALS SEED", file=sys.stderr)
        return 2
    try:
        figures = run(int(argv[0]), int(argv[1]))
    except ModuleNotFoundError as e:
        print(f"magmacrunch-tarot is not installed for {sys.executable}: {e}", file=sys.stderr)
        return 2
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
