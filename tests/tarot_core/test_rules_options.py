"""The rule set of a table (docs/rules.md §2, §3, §6; docs/records.md ``rules``): options and
sizes."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tarot_core.rules import Contract, Rules, RulesError

DEFAULTS = {
    "garde_contre_multiplier": 6,
    "prise_allowed": True,
    "poignee_bonus": [20, 30, 40],
    "misere": False,
    "shuffle": "full",
    "contracts": "fft",
    "auction": "single_round",
    "parole": False,
    "round_to_ten": False,
    "petit_chelem": False,
    "petit_imprenable": False,
    "six_players": "twelve_cards",
}


def test_defaults_are_the_fft_rules() -> None:
    rules = Rules()
    assert rules.players == 4
    assert rules.garde_contre_multiplier == 6
    assert rules.prise_allowed is True
    assert rules.poignee_bonus == (20, 30, 40)
    assert rules.misere is False
    assert rules.shuffle == "full"
    assert rules.options() == DEFAULTS


@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_to_five_players(players: int) -> None:
    assert Rules(players=players).players == players


@pytest.mark.parametrize(
    "players",
    [
        2,
        7,
        0,
        -4,
        None,
        "4",
        True,
        pytest.param(4.0),
        pytest.param([4]),
    ],
)
def test_other_player_counts_are_refused(players: Any) -> None:
    with pytest.raises(RulesError, match="players"):
        Rules(players=players)


SIZES = [
    # players, hand, chien, packet, poignée thresholds
    (3, 24, 6, 4, (13, 15, 18)),
    (4, 18, 6, 3, (10, 13, 15)),
    (5, 15, 3, 3, (8, 10, 13)),
]


@pytest.mark.parametrize(("players", "hand", "chien", "packet", "thresholds"), SIZES)
def test_derived_sizes(
    players: int, hand: int, chien: int, packet: int, thresholds: tuple[int, int, int]
) -> None:
    rules = Rules(players=players)
    assert rules.hand_size == hand
    assert rules.chien_size == chien
    assert rules.packet == packet
    assert rules.poignee_thresholds == thresholds
    assert rules.tricks == hand
    assert players * hand + chien == 78
    assert (players * hand) % packet == 0


def test_derived_sizes_are_not_options() -> None:
    with pytest.raises(TypeError):
        Rules(players=4, hand_size=20)  # type: ignore[call-arg]


def test_rules_are_immutable_and_comparable() -> None:
    rules = Rules(players=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 4  # type: ignore[misc]
    assert Rules(players=5) == rules
    assert Rules(players=5, misere=True) != rules


def test_multipliers() -> None:
    rules = Rules()
    assert rules.multiplier(Contract.PRISE) == 1
    assert rules.multiplier(Contract.GARDE) == 2
    assert rules.multiplier(Contract.GARDE_SANS) == 4
    assert rules.multiplier(Contract.GARDE_CONTRE) == 6


def test_garde_contre_multiplier_8() -> None:
    rules = Rules(garde_contre_multiplier=8)
    assert rules.multiplier(Contract.GARDE_CONTRE) == 8
    assert rules.multiplier(Contract.PRISE) == 1
    assert rules.multiplier(Contract.GARDE) == 2
    assert rules.multiplier(Contract.GARDE_SANS) == 4


def test_allowed_option_values() -> None:
    assert Rules(poignee_bonus=(20, 40, 60)).poignee_bonus == (20, 40, 60)
    assert Rules(poignee_bonus=[20, 40, 60]).poignee_bonus == (20, 40, 60)  # type: ignore[arg-type]
    assert Rules(prise_allowed=False).prise_allowed is False
    assert Rules(misere=True).misere is True
    assert Rules(shuffle="cut").shuffle == "cut"


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("garde_contre_multiplier", 7),
        ("garde_contre_multiplier", 4),
        ("garde_contre_multiplier", 0),
        ("garde_contre_multiplier", "6"),
        ("garde_contre_multiplier", True),
        ("garde_contre_multiplier", 6.5),
        ("prise_allowed", 1),
        ("prise_allowed", "true"),
        ("prise_allowed", None),
        ("poignee_bonus", (20, 30, 50)),
        ("poignee_bonus", (20, 30)),
        ("poignee_bonus", (20, 30, 40, 50)),
        ("poignee_bonus", (40, 30, 20)),
        ("misere", 0),
        ("misere", "yes"),
        ("shuffle", "random"),
        ("shuffle", "CUT"),
        ("shuffle", ""),
        pytest.param("poignee_bonus", None),
        pytest.param("poignee_bonus", 20),
    ],
)
def test_bad_option_values_raise_rules_error(option: str, value: Any) -> None:
    with pytest.raises(RulesError, match=option):
        Rules(**{option: value})


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


# ----- Rules.from_options: a record's "rules" object ---------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("options", [None, {}])
def test_from_options_missing_means_defaults(players: int, options: Any) -> None:
    assert Rules.from_options(players, options) == Rules(players=players)


def test_from_options_missing_keys_take_defaults() -> None:
    rules = Rules.from_options(5, {"garde_contre_multiplier": 8})
    assert rules == Rules(players=5, garde_contre_multiplier=8)
    assert rules.options() == {**DEFAULTS, "garde_contre_multiplier": 8}


def test_from_options_every_option() -> None:
    options = {
        "garde_contre_multiplier": 8,
        "prise_allowed": False,
        "poignee_bonus": [20, 40, 60],
        "misere": True,
        "shuffle": "cut",
        "contracts": "pousse",
        "auction": "open",
        "parole": False,
        "round_to_ten": True,
        "petit_chelem": True,
        "petit_imprenable": True,
        "six_players": "dealer_sits_out",
    }
    rules = Rules.from_options(3, options)
    assert rules.players == 3
    assert rules.garde_contre_multiplier == 8
    assert rules.prise_allowed is False
    assert rules.poignee_bonus == (20, 40, 60)
    assert rules.misere is True
    assert rules.shuffle == "cut"
    assert rules.options() == options


@pytest.mark.parametrize("players", [3, 4, 5])
def test_options_round_trip(players: int) -> None:
    rules = Rules(players=players, garde_contre_multiplier=8, poignee_bonus=(20, 40, 60))
    assert Rules.from_options(players, rules.options()) == rules


@pytest.mark.parametrize(
    "key", ["players", "misère", "garde_contre", "PRISE_ALLOWED", "hand_size", "chien_size"]
)
def test_from_options_unknown_key_is_an_error(key: str) -> None:
    with pytest.raises(RulesError, match="unknown"):
        Rules.from_options(4, {key: 4})


@pytest.mark.parametrize("options", ["misere", ["misere"], 6, True])
def test_from_options_must_be_an_object(options: Any) -> None:
    with pytest.raises(RulesError):
        Rules.from_options(4, options)


@pytest.mark.parametrize(
    "options",
    [
        {"garde_contre_multiplier": 7},
        {"garde_contre_multiplier": "8"},
        {"garde_contre_multiplier": None},
        {"prise_allowed": "false"},
        {"prise_allowed": 0},
        {"poignee_bonus": [20, 30]},
        {"poignee_bonus": [20, 30, 41]},
        {"poignee_bonus": "20,30,40"},
        {"poignee_bonus": [20.0, 30, 40]},
        {"poignee_bonus": ["20", "30", "40"]},
        {"poignee_bonus": {"simple": 20}},
        {"poignee_bonus": None},
        {"misere": "true"},
        {"misere": None},
        {"shuffle": "riffle"},
        {"shuffle": None},
        pytest.param({"garde_contre_multiplier": 8.0}),
    ],
)
def test_from_options_bad_values_are_errors(options: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        Rules.from_options(4, options)


@pytest.mark.parametrize("players", [2, 7])
def test_from_options_checks_players(players: int) -> None:
    with pytest.raises(RulesError):
        Rules.from_options(players, {})


# ----- bids -------------------------------------------------------------------------


def test_bids_are_ordered_and_parse_from_record_text() -> None:
    order = ["pass", "prise", "garde", "garde_sans", "garde_contre"]
    contracts = [Contract.parse(t) for t in order]
    assert contracts == sorted(contracts)
    assert len(set(contracts)) == 5
    assert [c.text for c in contracts] == order
    for bad in ("Garde", "petite", "garde sans", ""):
        with pytest.raises(ValueError):
            Contract.parse(bad)
