"""The click router's own rules, without Discord: Discord's shard of a server, which
servers a process owns, and a clear refusal to start several processes on a discord.py
that no longer lets the bot keep a DM click's raw interaction."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.discord.routing import ClickRouter, shard_of


def router(shards: tuple[int, ...] | None, count: int | None, parsers: Any) -> ClickRouter:
    settings = SimpleNamespace(shards=shards, shard_count=count)
    bot = SimpleNamespace(settings=settings, _connection=SimpleNamespace(parsers=parsers))
    return ClickRouter(bot)  # type: ignore[arg-type]


def test_a_server_is_on_the_shard_discord_computes() -> None:
    server = 81384788765712384  # Discord's example: shard (id >> 22) % count
    assert shard_of(server, 1) == 0
    assert shard_of(server, 2) == (server >> 22) % 2
    assert {shard_of((n << 22), 4) for n in range(8)} == {0, 1, 2, 3}


def test_a_process_owns_the_servers_of_its_shards_only() -> None:
    part = router((1,), 2, {})
    assert part.splits
    assert part.owns(1 << 22) and not part.owns(2 << 22)
    whole = router(None, None, {})
    assert not whole.splits and whole.owns(1 << 22) and whole.owns(2 << 22)


def test_install_keeps_dm_clicks_and_passes_every_interaction_on() -> None:
    seen: list[dict[str, Any]] = []
    parsers = {"INTERACTION_CREATE": seen.append}
    part = router((1,), 2, parsers)
    part.install()
    dm_click = {"id": "5", "type": 3}
    server_click = {"id": "6", "type": 3, "guild_id": "7"}
    parsers["INTERACTION_CREATE"](dm_click)
    parsers["INTERACTION_CREATE"](server_click)
    assert seen == [dm_click, server_click]
    assert part._raw == {5: dm_click}  # a server's click always reaches its owner


def test_a_discord_py_without_the_parser_is_refused_clearly() -> None:
    with pytest.raises(RuntimeError, match="run one process .without TAROT_SHARDS."):
        router((1,), 2, {}).install()
    with pytest.raises(RuntimeError, match="gives no way to keep a DM click"):
        router((1,), 2, None).install()
    router(None, None, {}).install()  # one process keeps nothing: nothing needed
