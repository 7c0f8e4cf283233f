"""``TAROT_SHARD_COUNT`` and ``TAROT_SHARDS``: which gateway shards a process runs, and a
part of them only on a database several processes can share."""

from __future__ import annotations

import pytest

from bot.settings import Settings, SettingsError, load_settings

PG = "postgresql://tarot@db/tarot"


def settings(**env: str) -> Settings:
    return load_settings(env, None)


def test_without_them_one_process_runs_what_discord_recommends() -> None:
    s = settings()
    assert (s.shard_count, s.shards) == (None, None)


@pytest.mark.parametrize(
    ("value", "shards"),
    [("0-3", (0, 1, 2, 3)), ("0,2", (0, 2)), ("4, 0-1", (0, 1, 4)), ("5", (5,))],
)
def test_a_process_runs_the_shards_it_is_given(value: str, shards: tuple[int, ...]) -> None:
    s = settings(TAROT_DB=PG, TAROT_SHARD_COUNT="8", TAROT_SHARDS=value)
    assert (s.shard_count, s.shards) == (8, shards)


def test_all_the_shards_is_one_process_as_without_the_setting(tmp_path: object) -> None:
    s = settings(TAROT_SHARD_COUNT="2", TAROT_SHARDS="0-1")  # SQLite: one process, fine
    assert (s.shard_count, s.shards) == (2, None)


def test_a_part_of_the_shards_on_sqlite_is_refused() -> None:
    with pytest.raises(SettingsError) as refused:
        settings(TAROT_SHARD_COUNT="2", TAROT_SHARDS="1")
    assert str(refused.value) == (
        "TAROT_SHARDS: a SQLite file serves one process; to share the shards among"
        " processes, set TAROT_DB to a PostgreSQL database (postgresql://...)"
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"TAROT_SHARDS": "0"}, "TAROT_SHARDS: needs TAROT_SHARD_COUNT, the shards in all"),
        (
            {"TAROT_SHARD_COUNT": "2", "TAROT_SHARDS": "0-2"},
            "TAROT_SHARDS: shard 2 does not exist: TAROT_SHARD_COUNT is 2 (shards 0 to 1)",
        ),
        (
            {"TAROT_SHARD_COUNT": "2", "TAROT_SHARDS": "3-1"},
            "TAROT_SHARDS: expected shard numbers such as 0-3 or 0,2, not '3-1'",
        ),
        (  # refused at once, not after building a range of 10^11 numbers
            {"TAROT_SHARD_COUNT": "2", "TAROT_SHARDS": "0-99999999999"},
            "TAROT_SHARDS: expected shard numbers such as 0-3 or 0,2, not '0-99999999999'",
        ),
        (
            {"TAROT_SHARD_COUNT": "0"},
            "TAROT_SHARD_COUNT: expected a number of shards (1 or more), not '0'",
        ),
    ],
)
def test_shards_that_cannot_be_are_refused_in_one_line(env: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError) as refused:
        settings(TAROT_DB=PG, **env)
    assert str(refused.value) == message
