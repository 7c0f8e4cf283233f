"""Deals for the coach's tests: played by computer players from a seed."""

from __future__ import annotations

from tarot_core import Deal, Game, Rules, make_bot, view


def played(players: int, seed: int, *, level: str = "heuristic", **options: object) -> Deal:
    """The first deal of a seeded game, every seat played by ``level``."""
    game = Game(Rules.from_options(players, options), seed=seed)
    deal = game.current
    bots = [make_bot(level, seed=seed * 10 + s) for s in range(players)]
    while not deal.done:
        seat = deal.to_act
        deal.apply(bots[seat].act(view(deal, seat)))
    return deal


def taken(players: int, first_seed: int, **options: object) -> tuple[Deal, int]:
    """The first seeded deal from ``first_seed`` on that somebody took, and its seed."""
    seed = first_seed
    while True:
        deal = played(players, seed, **options)
        if deal.taker is not None:
            return deal, seed
        seed += 1
