"""Every table size and every rule option on every surface a player sees.

The matrix is derived from the engine's registry (``PLAYER_COUNTS`` and each value of each
``OPTIONS`` entry), so a new option or player count enters it without an edit here. Each
case plays a whole game of one counted deal through the table service (one human, driven
by a seeded bot, and computer players), then puts it through every surface in every
language: the engine's record and its replay, the deal's picture, the lobby, table and DM
texts with their controls, each channel line, the score sheet and the standings, the
rules text, and a whole game of the terminal game at the same table. A surface that
raises, leaves a catalog key or a ``{placeholder}`` in a text, shows a registry word
(``garde_contre``, ``dealer_sits_out``) instead of words, or leaves out an option that
applies (or shows one that does not) fails it.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest
from tables_support import OpenTables, drive, seat_table
from terminal_support import Person, play

from bot.discord.ui.controls import controls_for
from bot.i18n import LANGUAGES
from bot.i18n.catalog import CATALOGS
from bot.pictures.jobs import deal_picture
from bot.render.table import (
    event_line,
    lobby_text,
    picture_names,
    private_text,
    rule_line,
    rules_text,
    score_sheet,
    standings_text,
    table_text,
)
from bot.tables.events import DealFinished, GameFinished
from tarot_core import Contract, Rules, RulesError
from tarot_core.record import replay_text
from tarot_core.rules import OPTIONS, PLAYER_COUNTS, value_word


def _cases() -> list[Any]:
    """Each player count with the defaults, then with each other value of each option."""
    cases = []
    for players in PLAYER_COUNTS:
        cases.append(pytest.param(players, {}, id=f"{players}p-defaults"))
        for option in OPTIONS:
            for value in option.allowed:
                if value == option.default:
                    continue
                chosen = {option.name: option.to_json(value)}
                try:
                    Rules.from_options(players, chosen)
                except RulesError:
                    continue
                word = value_word(value, sep="-")
                cases.append(pytest.param(players, chosen, id=f"{players}p-{option.name}={word}"))
    return cases


KEYS = frozenset(key for catalog in CATALOGS.values() for key in catalog)
_KEYLIKE = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b")
_PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*[^}]*\}")
REGISTRY_WORDS = frozenset(
    word
    for word in (
        {option.name for option in OPTIONS}
        | {v for option in OPTIONS for v in option.allowed if isinstance(v, str)}
        | {c.text for c in Contract}
    )
    if "_" in word
)
"""Words of the code that a player must never read (the words for them are in catalogs)."""


def assert_readable(text: str, where: str) -> None:
    assert text.strip(), f"{where}: empty"
    keys = [k for k in _KEYLIKE.findall(text) if k in KEYS]
    assert not keys, f"{where}: catalog keys left in the text: {keys}\n{text}"
    assert not _PLACEHOLDER.search(text), f"{where}: a placeholder left in the text\n{text}"
    words = [w for w in REGISTRY_WORDS if re.search(rf"(?<![\w/]){re.escape(w)}(?!\w)", text)]
    assert not words, f"{where}: registry words shown to a player: {words}\n{text}"


@pytest.mark.parametrize(("players", "chosen"), _cases())
async def test_every_surface_at_every_size_with_every_option(
    open_tables: OpenTables,
    caplog: pytest.LogCaptureFixture,
    players: int,
    chosen: dict[str, Any],
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.i18n")
    seed = 7 + players + 31 * len(json.dumps(chosen))
    h = await open_tables()
    bots = ["heuristic"] * (players - 1)
    lobby = await seat_table(
        h, players=players, humans=1, bots=bots, seed=seed, options=chosen, start=False
    )
    for lang in LANGUAGES:
        lobby_words = lobby_text(lang, lobby)
        rules_words = rules_text(lang, lobby.rules)
        assert_readable(lobby_words, f"lobby [{lang}]")
        assert_readable(rules_words, f"rules [{lang}]")
        for option in OPTIONS:
            line = rule_line(lang, option.name, getattr(lobby.rules, option.name))
            applies = option.applies_to(players)
            assert (line in rules_words) == applies, f"rules [{lang}]: {option.name}"
            if option.name in chosen and applies:
                assert line in lobby_words, f"lobby [{lang}]: {option.name} not shown"
    await h.manager.start(lobby.channel_id, lobby.host_id)
    await drive(h, "heuristic", base=seed)

    calls = h.recorder.calls
    finished = [c.event for c in calls if isinstance(c.event, DealFinished)]
    standings = [c.event for c in calls if isinstance(c.event, GameFinished)]
    assert len(standings) == 1, "the game did not finish"
    played = [e for e in finished if e.result.outcome == "played"]
    assert played, "no deal was played to its end"
    for lang in LANGUAGES:
        for call in calls:
            snap = call.snapshot
            where = f"{call.method} turn {snap.turn} [{lang}]"
            if call.method == "table_changed":
                assert_readable(table_text(lang, snap), where)
            elif call.method == "tell_seat":
                assert call.view is not None
                assert_readable(private_text(lang, snap, call.view), where)
                for item in controls_for(call.view, snap.channel_id, snap.game_id, snap.turn, lang):
                    for label in _labels(item):
                        assert_readable(label, f"{where}: a control")
            elif isinstance(call.event, DealFinished):
                assert_readable(score_sheet(lang, snap, call.event), where)
            elif isinstance(call.event, GameFinished):
                assert_readable(standings_text(lang, snap, call.event), where)
            else:
                assert call.event is not None
                assert_readable(event_line(lang, snap, call.event), where)
    for event in finished:
        assert event.record is not None
        replayed = replay_text(json.dumps(dict(event.record))).to_json()
        assert tuple(replayed["scores"]) == event.result.scores
    record = dict(played[-1].record or {})
    names = picture_names("en", calls[-1].snapshot)
    for lang in LANGUAGES:
        picture = deal_picture(record, lang, names)
        assert picture.startswith(b"\x89PNG"), f"deal picture [{lang}]"
    for lang in LANGUAGES:  # the terminal game: one whole game at the same table
        person = Person(lang, take=True)
        play(person, lobby.rules, seed=seed, level="random", deals=1)
        assert person.code == 0, f"terminal [{lang}]: {person.transcript[-2000:]}"
        assert_readable(person.transcript, f"terminal [{lang}]")
        assert "**" not in person.transcript, f"terminal [{lang}]: markdown left"
        for option in OPTIONS:
            line = rule_line(lang, option.name, getattr(lobby.rules, option.name))
            shown = line in person.transcript
            assert shown == option.applies_to(players), f"terminal [{lang}]: {option.name}"
    missing = [r.getMessage() for r in caplog.records if "no text for" in r.getMessage()]
    assert missing == []


def _labels(item: Any) -> list[str]:
    """What a control shows: a button's label, a menu's placeholder and options."""
    shown = [getattr(item, "label", None), getattr(item, "placeholder", None)]
    for option in getattr(item, "options", ()):
        shown += [option.label, option.description]
    return [s for s in shown if s]
