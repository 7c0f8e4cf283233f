"""The host sets a lobby's rules one option at a time (the lobby's rules menu): only the
host, only in the lobby, only values the engine takes; stored before the table changes,
shown, kept through a restart and played by the game. Options come from the engine's
registry, never by name: new ones are covered as they are added."""

from __future__ import annotations

from typing import Any

import pytest
from tables_support import (
    CHANNEL,
    GUESTS,
    GUILD,
    HOST,
    Harness,
    OpenTables,
    break_writes,
    refused,
    seat_table,
)

from bot.tables import Refused, TableSettings
from tarot_core import Rules, RulesError
from tarot_core.rules import OPTIONS, RuleOption


def other_value(option: RuleOption) -> Any:
    """A value ``option`` allows that is not its default."""
    return next(v for v in option.allowed if v != option.default)


async def lobby(h: Harness, players: int = 4) -> None:
    await h.manager.create(CHANNEL, HOST, "Host", guild_id=GUILD, players=players, seed=9)


async def test_the_host_sets_each_option_stored_and_shown(tables: Harness) -> None:
    h, m = tables, tables.manager
    await lobby(h)
    for option in OPTIONS:
        value = other_value(option)
        snap = await m.set_rule(CHANNEL, HOST, option.name, value)
        assert getattr(snap.rules, option.name) == value
        assert snap.rules == Rules.from_options(4, {option.name: value})  # nothing else moved
        stored = await h.storage.game(snap.game_id)
        assert stored is not None and stored.rules == snap.rules.options()
        assert h.recorder.calls[-1].method == "table_changed"
        assert h.recorder.calls[-1].snapshot.rules == snap.rules
        # Back to the default, as the JSON of a record gives it (lists for tuples).
        snap = await m.set_rule(CHANNEL, HOST, option.name, option.to_json(option.default))
        assert snap.rules == Rules(players=4)
    # The value it already has: nothing stored, nothing shown again.
    calls = len(h.recorder.calls)
    await m.set_rule(CHANNEL, HOST, OPTIONS[0].name, OPTIONS[0].default)
    assert len(h.recorder.calls) == calls


async def test_rules_set_in_the_lobby_survive_a_restart_and_are_played(
    open_tables: OpenTables,
) -> None:
    settings = TableSettings(bot_pause=0, lobby_expiry=600)
    h = await open_tables(settings, name="rules.sqlite3")
    await lobby(h, players=3)
    option = OPTIONS[-1]
    value = other_value(option)
    await h.manager.set_rule(CHANNEL, HOST, option.name, value)
    await h.close()

    h2 = await open_tables(settings, name="rules.sqlite3")
    assert await h2.manager.restore() == 1
    assert getattr(h2.snapshot().rules, option.name) == value
    await h2.manager.add_bot(CHANNEL, HOST, "random")
    await h2.manager.add_bot(CHANNEL, HOST, "random")
    snap = await h2.manager.start(CHANNEL, HOST)
    assert getattr(snap.rules, option.name) == value
    game = h2.manager._tables[CHANNEL].game
    assert game is not None and getattr(game.rules, option.name) == value


async def test_only_the_host_of_a_lobby_sets_values_the_engine_takes(tables: Harness) -> None:
    h, m = tables, tables.manager
    option = OPTIONS[0]
    value = other_value(option)
    await seat_table(h, players=3, humans=2, bots=("random",), start=False)
    error = await refused(h, "not_host", lambda: m.set_rule(CHANNEL, GUESTS[0], option.name, value))
    assert error.params == {"action": "rules"}
    with pytest.raises(Refused, match="no table"):
        m.may_set_rules(CHANNEL + 1, HOST)
    await refused(
        h, "not_host", lambda: _may(h, GUESTS[0]), says="only the host can change the rules"
    )
    await _may(h, HOST)  # the host may
    error = await refused(
        h, "unknown_rule", lambda: m.set_rule(CHANNEL, HOST, "no_such_rule", 1), says="no_such"
    )
    assert error.params == {"option": "no_such_rule"}
    error = await refused(
        h,
        "bad_rule_value",
        lambda: m.set_rule(CHANNEL, HOST, option.name, "no such value"),
        says=[option.name, "no such value"],
    )
    assert error.params["option"] == option.name and error.params["value"] == "no such value"
    assert str(error.params["allowed"]).count(",") == len(option.allowed) - 1
    await m.start(CHANNEL, HOST)
    await m.settle()
    await refused(h, "not_lobby", lambda: m.set_rule(CHANNEL, HOST, option.name, value))
    await refused(h, "not_lobby", lambda: _may(h, HOST))


async def _may(h: Harness, user: int) -> None:
    h.manager.may_set_rules(CHANNEL, user)


async def test_a_combination_the_engine_refuses_is_refused_naming_it(
    tables: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A value its option allows that the engine refuses beside the other options (as a
    future option may): refused with the option and the value, nothing changed."""
    h, m = tables, tables.manager
    option = OPTIONS[0]
    value = other_value(option)
    await lobby(h)
    real = Rules.from_options.__func__  # type: ignore[attr-defined]

    def from_options(cls: type[Rules], players: int, options: Any) -> Rules:
        if options.get(option.name) == value:
            raise RulesError(f"{option.name} does not go with the other rules (a test)")
        rules: Rules = real(cls, players, options)
        return rules

    monkeypatch.setattr(Rules, "from_options", classmethod(from_options))
    error = await refused(
        h,
        "rule_conflict",
        lambda: m.set_rule(CHANNEL, HOST, option.name, value),
        says=[option.name, "other rules"],
    )
    assert error.params["option"] == option.name


async def test_a_failed_write_leaves_the_rules_as_they_were(tables: Harness) -> None:
    h, m = tables, tables.manager
    await lobby(h)
    option = OPTIONS[0]
    await break_writes(h, "games", op="UPDATE")
    await refused(h, "storage", lambda: m.set_rule(CHANNEL, HOST, option.name, other_value(option)))
    assert h.snapshot().rules == Rules(players=4)
