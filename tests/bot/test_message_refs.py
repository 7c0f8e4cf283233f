"""Message ids, closed DMs, languages and deployment facts survive a restart, on each
backend."""

from storage_backends import Storages

from tarot_core import Rules


async def test_message_refs_survive_a_restart(storages: Storages) -> None:
    db = await storages.open()
    alice = await db.player("user", "111", "Alice")
    await db.player("user", "222", "Bob")
    game = await db.create_game(
        guild_id=1,
        channel_id=5,
        players=3,
        rules=Rules(players=3).options(),
        deals_target=3,
        seed=1,
    )
    await db.seat(game, 0, alice)
    assert await db.table_message(game) is None and await db.dm_message(game, 0) is None
    await db.set_table_message(game, 9001)
    await db.set_dm_message(game, 0, 700, 9002)
    await db.set_dm_closed(222, True)
    await db.set_meta("commands", "abc")
    await db.set_meta("commands", "def")

    db = await storages.reopen(db)
    assert await db.table_message(game) == 9001
    assert await db.dm_message(game, 0) == (700, 9002)
    assert await db.dm_message(game, 1) is None
    assert await db.dm_closed(222) and not await db.dm_closed(111)
    assert not await db.dm_closed(333)  # never seen
    assert await db.meta("commands") == "def" and await db.meta("other") is None
    await db.set_dm_closed(222, False)
    assert not await db.dm_closed(222)


async def test_a_users_language_is_kept(storages: Storages) -> None:
    db = await storages.open()
    await db.player("user", "111", "Alice")
    assert await db.locale(111) is None
    await db.set_locale(111, "fr")
    await db.set_locale(999, "fr")  # never seen: nothing to remember
    db = await storages.reopen(db)
    assert await db.locale(111) == "fr" and await db.locale(999) is None
