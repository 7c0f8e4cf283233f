"""House rule ``round_to_ten`` (docs/rules.md §11.6): every seat but the taker rounded to ten."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import COMMON, Setup, play_checked, setups
from test_scoring_oracle import skeleton

from tarot_core import Rules, read_deal, replay, to_record
from tarot_core.record import RecordError
from tarot_core.rules import RulesError
from tarot_core.scoring import round_ten, rounded_to_ten


@pytest.mark.parametrize(
    ("score", "rounded"),
    [(165, 170), (-165, -170), (-164, -160), (164, 160), (5, 10), (-5, -10), (4, 0), (0, 0)],
)
def test_a_five_rounds_away_from_zero(score: int, rounded: int) -> None:
    assert round_ten(score) == rounded


def test_the_taker_keeps_the_deal_at_zero() -> None:
    assert rounded_to_ten([-165, 495, -165, -165], 1) == [-170, 510, -170, -170]
    assert rounded_to_ten([165, -495, 165, 165], 1) == [170, -510, 170, 170]
    # 5 players, a partner: the partner is rounded like a defender.
    assert rounded_to_ten([-163, 326, 163, -163, -163], 1) == [-160, 320, 160, -160, -160]
    # The taker's own score is never rounded by itself: it balances.
    assert rounded_to_ten([-164, 494, -166, -164], 1) == [-160, 490, -170, -160]


def _deal_scores(record: dict[str, Any]) -> tuple[int, ...]:
    deal = read_deal(json.loads(json.dumps(record)))
    assert deal.result is not None
    return deal.result.scores


def test_worked_example_of_section_8_rounded() -> None:
    # docs/rules.md §8, second example: s = 168, defenders -168, taker +504; rounded: -170, +510.
    rounded = skeleton("garde_sans", rules={"round_to_ten": True})
    result = replay(rounded)
    assert result.scores == (-170, 510, -170, -170)
    assert result.hand_score == 168
    assert replay(skeleton("garde_sans")).scores == (-168, 504, -168, -168)


@pytest.mark.parametrize("contract", ["garde_sans", "garde_contre"])
def test_an_old_record_without_the_key_is_not_rounded(contract: str) -> None:
    record = skeleton(contract)
    assert "round_to_ten" not in record["rules"]
    scores = _deal_scores(record)
    assert any(s % 10 for s in scores)
    assert to_record(read_deal(record))["rules"]["round_to_ten"] is False


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_bad_value_is_refused_naming_the_option(value: object) -> None:
    record = skeleton("garde_sans", rules={"round_to_ten": value})
    with pytest.raises(RecordError, match=r"^rules: round_to_ten must be false or true, not "):
        replay(record)
    with pytest.raises(RulesError, match="round_to_ten"):
        Rules(round_to_ten=value)  # type: ignore[arg-type]


@settings(max_examples=100, **COMMON)
@given(setups(), st.booleans())
def test_random_deals_rounded(setup: Setup, misere: bool) -> None:
    """Cards conserved, zero sum, record -> replay identical, views checked (play_checked);
    and the scores are those of the same deal unrounded, each non-taker rounded to ten."""
    setup = setup.with_options({"round_to_ten": True, "misere": misere})
    deal = play_checked(setup)
    result = deal.result
    assert result is not None
    record = to_record(deal)
    assert record["rules"]["round_to_ten"] is True
    plain = replay(record | {"rules": record["rules"] | {"round_to_ten": False}})
    if result.taker is None:
        assert result.scores == plain.scores
        return
    expected = list(plain.scores)
    for seat, score in enumerate(plain.scores):
        if seat != result.taker:
            expected[seat] = (1 if score >= 0 else -1) * ((abs(score) + 5) // 10 * 10)
    expected[result.taker] = -sum(s for i, s in enumerate(expected) if i != result.taker)
    assert list(result.scores) == expected
    assert all(s % 10 == 0 for i, s in enumerate(result.scores) if i != result.taker)
