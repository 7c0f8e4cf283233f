"""Spanish and Polish beside English and French: every text rendered in them is free of
English and of unfilled placeholders, counts take the plural form their language needs
(Polish: 1 kartę, 2 karty, 5 kart, 22 karty), numbers are written the reader's way through
Babel (45.5 / 45,5, grouped thousands), cards and command names read right.

New modules are imported inside the tests that need them, so the tests of behaviour that
existed before (an écart of one card) also run against older code."""

from __future__ import annotations

import random
import re

import pytest
from render_support import garde_made

from bot.i18n import t
from bot.render import event_line, lobby_text, private_text, score_sheet, table_text
from bot.render.cards import card_long, card_short, hand_text
from bot.tables import Refused
from bot.tables.events import (
    ChienShown,
    ContractMade,
    DealFinished,
    GameFinished,
    GameStarted,
    KingCalled,
    PoigneeShown,
    Reminder,
    StandIn,
)
from bot.tables.snapshot import SeatInfo, TableSnapshot
from tarot_core import Bid, Contract, DealResult, Game, Outcome, Phase, Rules, ranks, view
from tarot_core.actions import Discard
from tarot_core.cards import DECK_SIZE, parse_card

NEW = ("es", "pl")
ENGLISH = re.compile(
    r"\b(Deal|deal|Trick|trick|Waiting|Auction|takes|Trump|Spades|Hearts|Diamonds|Clubs"
    r"|dealer|Seat|seat|cannot|must|Totals|Everybody|Excuse|Your|your|turn|score sheet"
    r"|Made|Lost|needed|with|calls|shows|away|plays)\b"
)
"""Distinctive words of the English texts that no Spanish or Polish text contains."""


def seats(players: int) -> tuple[SeatInfo, ...]:
    """Humans first (the second one away), a heuristic bot in the last seat."""
    names = ("Alice", "Bob", "Zoé", "Dmitri")
    humans = [SeatInfo(i, 10 + i, names[i], 1000 + i, None, away=i == 1) for i in range(3)]
    bot = SeatInfo(players - 1, 99, "Heuristic bot", None, "heuristic")
    return (*humans[: players - 1], bot)


def snapshot(game: Game, totals: tuple[int, ...] | None = None) -> TableSnapshot:
    return TableSnapshot(
        channel_id=500,
        guild_id=77,
        game_id=1,
        status="playing",  # type: ignore[arg-type]  # a TableStatus compares equal
        host_id=1000,
        rules=game.rules,
        deals_target=game.target,
        seats=seats(game.rules.players),
        turn=0,
        deal_number=len(game.deals),
        deals_played=game.played,
        totals=totals if totals is not None else tuple(game.totals),
        view=view(game.current),
        turn_since=1_700_000_000.0,
        deadline=1_700_000_120.0,
    )


def at_the_ecart(seed: int = 0) -> Game:
    """A 4-player deal where the first bidder takes a garde and everybody else passes."""
    game = Game(Rules(players=4), deals=2, seed=seed)
    while game.current.phase == Phase.BIDDING:
        deal = game.current
        legal = [a for a in view(deal, deal.to_act).legal if isinstance(a, Bid)]
        garde = [a for a in legal if a.contract == Contract.GARDE]
        game.apply(garde[0] if garde else next(a for a in legal if a.contract == Contract.PASS))
    assert game.current.phase == Phase.ECART
    return game


def in_play(seed: int = 3) -> Game:
    """A deal after its auction, a few tricks in (random legal moves)."""
    rng = random.Random(seed)
    game = Game(Rules(players=4), deals=2, seed=seed)
    while game.current.phase < Phase.PLAYING or len(game.current.tricks) < 2:
        deal = game.current
        game.apply(rng.choice(view(deal, deal.to_act).legal))
    return game


def ecart_dm(locale: str, discards: int) -> str:
    """The taker's DM after ``discards`` cards of a 6-card écart."""
    game = at_the_ecart()
    taker = game.current.to_act
    assert taker is not None
    for _ in range(discards):
        legal = view(game.current, taker).legal
        game.apply(next(a for a in legal if isinstance(a, Discard)))
    return private_text(locale, snapshot(game), view(game.current, taker))


def test_one_card_left_to_discard_is_said_in_the_singular() -> None:
    """Fixed in en.py and fr.py: "Discard 1 cards" / "Écartez 1 cartes" after five of six
    discards."""
    assert "Discard 6 cards for your écart" in ecart_dm("en", 0)
    assert "Discard 1 card for your écart" in ecart_dm("en", 5)
    assert "Écartez 1 carte (ni roi" in ecart_dm("fr", 5)
    assert "Écartez 6 cartes (ni roi" in ecart_dm("fr", 0)


@pytest.mark.parametrize(
    ("count", "cards", "players"),
    [(1, "1 kartę", "1 gracz"), (2, "2 karty", "2 gracze"), (5, "5 kart", "5 graczy")]
    + [(22, "22 karty", "22 gracze"), (12, "12 kart", "12 graczy"), (0, "0 kart", "0 graczy")],
)
def test_polish_plural_forms(count: int, cards: str, players: str) -> None:
    assert t("pl", "dm.do.ecart", count=count, choices="x").startswith(f"Odłóż {cards} (")
    assert t("pl", "rule.players", players=count) == players


def test_polish_plurals_in_rendered_texts() -> None:
    assert "Odłóż 6 kart (" in ecart_dm("pl", 0)
    assert "Odłóż 1 kartę (" in ecart_dm("pl", 5)
    assert "Odłóż 2 karty (" in ecart_dm("pl", 4)
    assert "Descarta 1 carta (" in ecart_dm("es", 5)
    from bot.render.table import rules_text

    assert rules_text("pl", Rules(players=5)).startswith("- 5 graczy\n")
    assert rules_text("pl", Rules(players=4)).startswith("- 4 gracze\n")


def test_plural_syntax_and_its_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.i18n import PluralError, catalog
    from bot.i18n.numbers import decimal

    monkeypatch.setitem(
        catalog.CATALOGS, "pl", {**catalog.CATALOGS["pl"], "x": "{n:plural:one=# kot|other=# ?}"}
    )
    monkeypatch.setitem(catalog.CATALOGS, "en", {**catalog.CATALOGS["en"], "x": "{n} x"})
    assert t("pl", "x", n=1) == "1 kot"
    assert t("pl", "x", n=5) == "5 ?"  # no "many" written: "other"
    assert t("pl", "x", n="1") == "1 kot"  # digits, as the refusals pass their counts
    assert t("pl", "x", n=1234) == f"{decimal(1234, 'pl')} ?" == "1\xa0234 ?"
    with pytest.raises(PluralError, match=r"'x': the plural \{n\} needs a number, got 'many'"):
        t("pl", "x", n="many")
    monkeypatch.setattr(catalog, "STRICT", False)
    assert t("pl", "x", n="many") == "many ?"  # lenient: the "other" form, logged


def test_every_plural_form_is_complete() -> None:
    """Each plural placeholder in every catalog names only CLDR categories, has "other",
    and a form for every category its language gives a whole number (Polish: one, few,
    many); and renders for every count without a brace left."""
    from bot.i18n.catalog import CATALOGS, PLURAL_CATEGORIES, plural_fields
    from bot.i18n.numbers import plural_category

    found = 0
    for lang, messages in CATALOGS.items():
        needed = {plural_category(n, lang) for n in range(200)}
        for key, text in messages.items():
            for name, uses in plural_fields(text).items():
                for forms in uses:
                    found += 1
                    assert set(forms) <= PLURAL_CATEGORIES and "other" in forms, (lang, key)
                    assert needed <= set(forms) | {"other"}, (lang, key, needed - set(forms))
                    assert all("#" in form for form in forms.values()), (lang, key)
                for n in (0, 1, 2, 5, 22, 1_000_000):
                    filled = t(lang, key, **{p: n for p in _names(text)} | {name: n})
                    assert "{" not in filled and "}" not in filled, (lang, key, filled)
    assert found >= 15


def _names(template: str) -> set[str]:
    from bot.i18n.catalog import placeholders

    return placeholders(template)


@pytest.mark.parametrize(
    ("locale", "points", "total", "percent"),
    [
        ("en", "45.5", "+1,234", "68%"),
        ("en-GB", "45.5", "+1,234", "68%"),
        ("fr", "45,5", "+1\u202f234", "68\xa0%"),
        ("es-ES", "45,5", "+1.234", "68\xa0%"),
        ("es-419", "45.5", "+1,234", "68%"),  # Latin America writes the decimal point
        ("pl", "45,5", "+1\xa0234", "68%"),
        ("de", "45.5", "+1,234", "68%"),  # texts in English: numbers too
        (None, "45.5", "+1,234", "68%"),
    ],
)
def test_numbers_by_locale(locale: str | None, points: str, total: str, percent: str) -> None:
    from bot.i18n import numbers

    assert numbers.decimal(45.5, locale) == points
    assert numbers.decimal(45.0, locale) == "45"
    assert numbers.signed(1234, locale) == total
    assert numbers.signed(-20, locale) == "-20" and numbers.signed(0, locale) == "0"
    assert numbers.percent(0.675, locale) == percent
    assert numbers.decimal(-0.04, locale, places=1, sign=True) == "0" + points[2] + "0"
    assert numbers.decimal(2.34, locale, places=1, sign=True) == "+2" + points[2] + "3"


def test_rendered_numbers_follow_the_reader() -> None:
    """Points with the reader's decimal sign, totals grouped, on the score sheet and the
    table."""
    game = Game(Rules(players=4), seed=2)
    result = DealResult(
        outcome=Outcome.PLAYED,
        scores=(1356, -452, -452, -452),
        taker=0,
        contract=Contract.GARDE_CONTRE,
        oudlers=1,
        points_half=101,
        target=51,
        made=False,
        diff=1,
        multiplier=6,
        hand_score=-156,
    )
    event = DealFinished(2, result, result.scores)
    snap = snapshot(game, totals=(1356, -452, -452, -452))
    expected = {
        "en": ("50.5", "+1,356"),
        "fr": ("50,5", "+1\u202f356"),
        "es-ES": ("50,5", "+1.356"),
        "es-419": ("50.5", "+1,356"),
        "pl": ("50,5", "+1\xa0356"),
    }
    for locale, (points, total) in expected.items():
        sheet = score_sheet(locale, snap, event)
        assert points in sheet and total in sheet, (locale, sheet)
        assert total in table_text(locale, snap), locale
    assert "Punkty: 50,5 (1 oudler); wymagane: 51." in score_sheet("pl", snap, event)
    assert "Puntos: 50,5 con 1 oudler; se necesitaban 51." in score_sheet("es", snap, event)


def samples(locale: str) -> list[str]:
    """A sample of everything a Spanish or Polish player reads: the lobby, the table in
    play, a DM at the écart and in play, a score sheet, event lines, refusals."""
    game = in_play()
    snap = snapshot(game)
    seat = game.current.to_act
    assert seat is not None
    result = game.deals[0].result
    played = garde_made()
    refusals = [
        Refused("not_your_turn", "it is Bob's turn", name="Bob"),
        Refused("not_host", "only the host can start the game", action="start"),
        Refused("seats_empty", "2 seats still empty: wait", count=2),
        Refused("bad_level", "unknown bot level 'x'", level="x"),
        Refused("not_your_seat", "not your seat"),
    ]
    from bot.render.refusals import refusal_text

    lobby = TableSnapshot(**{**snap.__dict__, "view": None, "status": "lobby"})
    texts = [
        lobby_text(locale, lobby),
        table_text(locale, snap),
        table_text(locale, snapshot(at_the_ecart())),
        private_text(locale, snap, view(game.current, seat)),
        ecart_dm(locale, 2),
        score_sheet(locale, snap, DealFinished(1, played, played.scores)),
        *[refusal_text(locale, r, snap) for r in refusals],
        hand_text(range(0, DECK_SIZE, 7), locale),
    ]
    totals = (60, -20, -20, -20)
    events = [
        GameStarted(0),
        ContractMade(1, Contract.GARDE_SANS),
        KingCalled(0, parse_card("KH")),
        ChienShown((parse_card("T5"), parse_card("KS"), parse_card("2D"))),
        PoigneeShown(2, tuple(range(56, 66))),
        DealFinished(1, played, totals),
        GameFinished(totals, ranks(totals)),
        Reminder(0, 1000, 1_700_000_000.0),
        StandIn(1, 1001, "expert"),
    ]
    texts += [event_line(locale, snap, e) for e in events]
    if result is not None:
        texts.append(score_sheet(locale, snap, DealFinished(1, result, result.scores)))
    return texts


@pytest.mark.parametrize("locale", ["es-ES", "es-419", "pl"])
def test_rendered_texts_have_no_english_and_no_placeholder(locale: str) -> None:
    texts = samples(locale)
    assert len(texts) >= 20 and all(texts)
    english = [(m.group(0), text) for text in texts for m in ENGLISH.finditer(text)]
    assert english == []
    assert [text for text in texts if "{" in text or "}" in text] == []
    # The same sample in English does use those words: the pattern still catches them.
    assert len({m.group(0) for text in samples("en") for m in ENGLISH.finditer(text)}) >= 10


def test_cards_in_spanish_and_polish() -> None:
    from bot.render.cards import MAX_SHORT

    for locale in NEW:
        shorts = [card_short(c, locale) for c in range(DECK_SIZE)]
        longs = [card_long(c, locale) for c in range(DECK_SIZE)]
        assert len(set(shorts)) == len(set(longs)) == DECK_SIZE, locale
        assert all(len(s) <= MAX_SHORT for s in shorts)
    king, trump = parse_card("KH"), parse_card("T12")
    assert (card_short(king, "es"), card_long(king, "es-419")) == ("R♥", "Rey de corazones")
    assert (card_short(king, "pl"), card_long(king, "pl")) == ("K♥", "Król kier")
    assert card_short(parse_card("CS"), "pl") == "R♠" and card_short(parse_card("JD"), "es") == "J♦"
    assert (card_long(trump, "es"), card_long(trump, "pl")) == ("Triunfo 12", "Atut 12")
    assert card_long(parse_card("EX"), "es") == "la Excusa"
    assert hand_text([parse_card("T21"), parse_card("T1")], "es").splitlines()[0] == (
        "**Triunfos**: 21★ 1★"
    )


NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


@pytest.mark.parametrize("lang", NEW)
def test_command_names(lang: str) -> None:
    """Lower case, no space, no accent (typed as easily as the French ones), and distinct
    where Discord needs them distinct: the subcommands of /tarot, the top-level commands,
    the options."""
    from bot.i18n.catalog import CATALOGS

    names = {k: v for k, v in CATALOGS[lang].items() if k.startswith("name.")}
    assert names and all(NAME.match(v) for v in names.values()), names
    for group in ("name.tarot.", "name.option."):
        values = [v for k, v in names.items() if k.startswith(group)]
        assert len(values) == len(set(values)), (lang, group)
    top = [v for k, v in names.items() if k.count(".") == 1]
    assert len(top) == len(set(top)) and "tarot" not in top


def test_every_discord_locale_of_a_language_is_listed() -> None:
    """``DISCORD_LOCALES`` (what the command translator localizes) holds exactly the
    Discord locales whose users read a catalog other than English."""
    import discord

    from bot.i18n import DISCORD_LOCALES, locale_of

    reading = {str(loc): locale_of(loc) for loc in discord.Locale if locale_of(loc) != "en"}
    assert reading == DISCORD_LOCALES == {"fr": "fr", "es-ES": "es", "es-419": "es", "pl": "pl"}
