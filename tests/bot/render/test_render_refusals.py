"""Refusals said precisely in the reader's language: every rule the engine enforces has a
text in every catalog, each engine refusal (reached by playing, as the table service
wraps it) is said with its cards in the reader's notation, its seats by name and its
contract translated, never with the engine's English sentence; the table service's own
refusals say exactly what happened."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the engine's cases
from refusal_cases import CASES, Case  # noqa: E402

from bot.i18n import t  # noqa: E402
from bot.i18n.catalog import CATALOGS, placeholders  # noqa: E402
from bot.render.cards import card_short  # noqa: E402
from bot.render.refusals import refusal_text  # noqa: E402
from bot.tables import Refused  # noqa: E402
from bot.tables.snapshot import SeatInfo, TableSnapshot  # noqa: E402
from bot.tables.status import TableStatus  # noqa: E402
from tarot_core.actions import IllegalAction  # noqa: E402
from tarot_core.deal import Phase  # noqa: E402
from tarot_core.refusals import (  # noqa: E402
    CARD_PARAMS,
    CARDS_PARAMS,
    ActionKind,
    IllegalActionCode,
)
from tarot_core.rules import Rules  # noqa: E402

LOCALES = tuple(CATALOGS)
ENGLISH_WORDS = re.compile(r"\b(you|the|is|not|must|allowed|seat|hold|holds|turn)\b")
"""Words of the engine's sentences that no other language's text uses."""


def as_the_table_service_raises(error: IllegalAction) -> Refused:
    """The wrapping asked of the table service (its ``apply``), exactly."""
    return Refused(
        "illegal", str(error), reason=str(error), rule=error.code.value, rule_params=error.params
    )


def table() -> TableSnapshot:
    seats = (
        SeatInfo(0, 10, "Alice", 1000, None),
        SeatInfo(1, 11, "Bob_", 1001, None),
        SeatInfo(2, 12, "Heuristic bot", None, "heuristic"),
        SeatInfo(3, 13, "Chloé", 1003, None),
    )
    return TableSnapshot(
        channel_id=500,
        guild_id=77,
        game_id=1,
        status=TableStatus.PLAYING,
        host_id=1000,
        rules=Rules(),
        deals_target=4,
        seats=seats,
        turn=3,
        deal_number=1,
        deals_played=0,
        totals=(0, 0, 0, 0),
        view=None,
    )


def said(case: Case, locale: str, snapshot: TableSnapshot | None = None) -> str:
    return refusal_text(locale, as_the_table_service_raises(case.make()), snapshot)


AUXILIARY = (
    [f"refused.action.{kind}" for kind in ActionKind]
    + [f"refused.phase.{phase.name.lower()}" for phase in Phase]
    + [f"refused.ranks.{rank}" for rank in (12, 13, 14)]
    + ["refused.list_or", "refused.other_channel", "refused.other_channel_anon"]
)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_rule_has_a_text_in_every_catalog(locale: str) -> None:
    catalog, english = CATALOGS[locale], CATALOGS["en"]
    keys = [f"refused.illegal.{code}" for code in IllegalActionCode] + AUXILIARY
    missing = [key for key in keys if key not in catalog]
    assert not missing, f"add to bot/i18n/{locale}.py: {missing}"
    for key in keys:
        assert placeholders(catalog[key]) == placeholders(english[key]), (locale, key)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_engine_refusal_is_said_in_the_readers_terms(case: Case, locale: str) -> None:
    error = case.make()
    text = refusal_text(locale, as_the_table_service_raises(error))
    assert text != t(locale, "refused.illegal", reason=str(error)), "fell back to English"
    assert "{" not in text and "}" not in text, text
    for name, value in error.params.items():  # the cards in the reader's notation
        if name in CARD_PARAMS and isinstance(value, int):
            assert card_short(value, locale) in text, (name, text)
        if name in CARDS_PARAMS and isinstance(value, tuple):
            assert ", ".join(card_short(c, locale) for c in value) in text, (name, text)
    if locale != "en":
        assert str(error) not in text and error.about_seat not in text
        assert not ENGLISH_WORDS.search(text), text


def test_examples_in_english_and_french() -> None:
    by_name = {case.name: case for case in CASES}
    trump = by_name["not trumping"]
    assert said(trump, "fr") == (
        "Impossible de jouer 4♥ : vous devez jouer un atout (vous avez 4★, 9★)."
    )
    assert said(trump, "en") == "You cannot play 4♥: you must play a trump (you hold 4★, 9★)."
    follow = by_name["not following suit"]
    assert said(follow, "fr") == (
        "Impossible de jouer 3★ : vous devez fournir à pique (vous avez 2♠, 9♠)."
    )
    queen = by_name["call a Queen"]
    assert said(queen, "fr") == (
        "Impossible d'appeler D♦ : il faut pour cela avoir reçu les quatre rois."
    )
    assert said(queen, "en") == (
        "You cannot call Q♦: you may call it only if you were dealt all four Kings."
    )
    low = by_name["bid too low"]
    assert said(low, "fr") == (
        "Impossible d'annoncer Prise : une enchère doit être plus haute que Garde."
    )
    size = by_name["poignée of the wrong size"]
    assert said(size, "fr") == (
        "Une poignée montre exactement 10, 13 ou 15 cartes à 4 joueurs, pas 5."
    )
    phase = by_name["play in the bidding"]
    assert said(phase, "fr") == (
        "Jouer R♠ n'est pas possible maintenant : les enchères sont en cours."
    )
    assert said(phase, "en") == "Playing K♠ is not possible now: the bidding is under way."


def test_seats_are_named_from_the_snapshot() -> None:
    by_name = {case.name: case for case in CASES}
    turn = by_name["bid out of turn"]  # seat 1 bid while seat 0 was to act
    assert said(turn, "en", table()) == "Bidding Garde is not possible: it is Alice's turn."
    assert said(turn, "fr", table()) == (
        "Annoncer Garde n'est pas possible : c'est à Alice de jouer."
    )
    assert said(turn, "en") == "Bidding Garde is not possible: it is Seat 1's turn."
    error = IllegalAction(
        "x", code=IllegalActionCode.NOT_YOUR_TURN, params={"action": "pass", "to_act": 2}
    )
    refused = as_the_table_service_raises(error)
    assert refusal_text("fr", refused, table()) == (
        "Passer n'est pas possible : c'est à Bot heuristique de jouer."
    )
    error.params["to_act"] = 1
    assert "Bob\\_" in refusal_text("en", as_the_table_service_raises(error), table())


def test_params_that_went_through_json_are_said_the_same() -> None:
    case = next(c for c in CASES if c.code == IllegalActionCode.MUST_TRUMP)
    error = case.make()
    listed = {k: list(v) if isinstance(v, tuple) else v for k, v in error.params.items()}
    again = Refused("illegal", str(error), reason=str(error), rule=error.code, rule_params=listed)
    assert refusal_text("fr", again) == said(case, "fr")


@pytest.mark.parametrize(
    ("rule", "rule_params"),
    [
        (None, None),  # a refusal without a rule: today's text
        ("brand_new_rule", {}),  # a rule this version cannot say
        ("must_trump", {"card": 999, "cards": (1, 2)}),  # not a card
        ("must_trump", {"card": 1}),  # a parameter missing
        ("must_follow", {"card": 1, "suit": 7, "cards": (2,)}),  # not a suit
        ("not_your_turn", {"action": "fly", "to_act": 0}),  # not an action
        ("not_your_turn", {"action": "play", "to_act": 0}),  # the action's card missing
        ("wrong_phase", {"action": "pass", "phase": "lunch"}),  # not a phase
        ("bid_too_low", {"contract": "slam", "highest": "garde"}),  # not a contract
        ("misere_off", "not a mapping"),
        (["must_trump"], {}),  # not even text
        ("wrong_phase", {"action": "pass", "phase": ["bidding"]}),  # a list for a name
    ],
)
def test_an_illegal_move_without_a_sayable_rule_falls_back(
    rule: object, rule_params: object
) -> None:
    reason = "T5 is not allowed: you must play a trump"
    params: dict[str, object] = {"reason": reason}
    if rule is not None:
        params.update(rule=rule, rule_params=rule_params)
    refused = Refused("illegal", reason, **params)
    assert refusal_text("fr", refused) == f"Coup refusé : {reason}"
    assert refusal_text("en", refused) == f"Move refused: {reason}"


def test_the_table_services_refusals_say_what_happened() -> None:
    codes = ("not_seated", "not_your_turn", "not_your_seat", "stale")
    texts = {
        (code, locale): refusal_text(locale, Refused(code, "x", name="Zoé"))
        for code in codes
        for locale in LOCALES
    }
    for locale in LOCALES:  # four different answers in every language, none generic
        answers = {texts[code, locale] for code in codes}
        assert len(answers) == 4 and t(locale, "refused.generic", reason="x") not in answers
    assert texts["not_seated", "en"] == "You are not seated at this table."
    assert texts["not_seated", "fr"] == "Vous n'êtes pas assis à cette table."
    assert texts["not_your_turn", "en"] == "It is not your turn: Zoé is to act."
    assert texts["not_your_turn", "fr"] == "Ce n'est pas votre tour : c'est à Zoé."
    assert texts["not_your_seat", "en"] == "That control is not yours: it belongs to another seat."
    assert texts["not_your_seat", "fr"] == (
        "Cette commande n'est pas la vôtre : elle appartient à une autre place."
    )
    assert texts["stale", "en"] == "This is no longer current: the table has moved on."
    assert texts["stale", "fr"] == "Ce n'est plus d'actualité : la table a avancé."


def test_a_control_of_another_channel() -> None:
    elsewhere = Refused("other_channel", "this control belongs to another table", channel_id=42)
    assert refusal_text("en", elsewhere) == "This control belongs to the table in <#42>."
    assert refusal_text("fr", elsewhere) == "Cette commande appartient à la table de <#42>."
    unknown = Refused("other_channel", "this control belongs to another table")
    assert refusal_text("fr", unknown) == (
        "Cette commande appartient à une table d'un autre salon."
    )
    for locale in LOCALES:
        assert "<#42>" in refusal_text(locale, elsewhere)
