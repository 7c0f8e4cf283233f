"""The coach's reviews kept with their deals, on each backend: one per deal, seat and coach
version, a second save keeping the first; who held a deal's seats; a player's latest deal
of a table game that is over."""

from __future__ import annotations

from coach_support import challenge_game, four_players, played_game
from storage_backends import Storages

from bot.storage import Storage

REVIEW = {"version": 1, "seat": 2, "players": 4, "decisions": [{"number": 0, "cost": 1.5}]}


async def test_a_review_is_kept_once_per_deal_seat_and_version(storages: Storages) -> None:
    db = await storages.open()
    game = await played_game(db, await four_players(db), 2)
    assert await db.deal_review(game, 1, 2, 1) is None
    await db.save_deal_review(game, 1, 2, 1, REVIEW)
    await db.save_deal_review(game, 1, 2, 1, REVIEW | {"players": 5})  # the first stays
    db = await storages.reopen(db)
    assert await db.deal_review(game, 1, 2, 1) == REVIEW
    assert await db.deal_review(game, 1, 2, 2) is None  # another coach's version
    assert await db.deal_review(game, 1, 1, 1) is None  # another seat
    assert await db.deal_review(game, 2, 2, 1) is None  # another deal


async def test_a_deals_seats_and_a_players_latest_deal(db: Storage) -> None:
    players = await four_players(db)
    first = await played_game(db, players, 2)
    assert await db.deal_player_ids(first, 2) == players
    assert await db.deal_player_ids(first, 3) == []
    assert await db.latest_deal(players[0]) == (first, 2)
    assert await db.latest_deal(players[3]) == (first, 2)
    stranger = await db.player("user", "999", "Nobody")
    assert await db.latest_deal(stranger) is None
    await played_game(db, players, 1, end=False)  # still in play: not a reviewable deal
    assert await db.latest_deal(players[0]) == (first, 2)
    await challenge_game(db, players)  # a challenge's deals are not reviewed here
    assert await db.latest_deal(players[0]) == (first, 2)
    later = await played_game(db, players[::-1], 1)
    assert await db.latest_deal(players[0]) == (later, 1)
    assert await db.deal_player_ids(later, 1) == players[::-1]
