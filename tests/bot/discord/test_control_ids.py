"""Control ids: what a button says survives a round trip and fits Discord's limit."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discord.ui.control_ids import (
    KINDS,
    MAX_LENGTH,
    PATTERN,
    ControlId,
    ControlIdError,
    ControlKind,
)

SNOWFLAKE = st.integers(0, 2**64 - 1)


@given(
    kind=st.sampled_from(KINDS),
    channel=SNOWFLAKE,
    game=st.integers(0, 10**12 - 1),
    turn=st.integers(0, 999_999),
    arg=st.from_regex(r"[a-z0-9_]{0,40}", fullmatch=True),
)
def test_every_control_id_round_trips_within_discords_limit(
    kind: str, channel: int, game: int, turn: int, arg: str
) -> None:
    control = ControlId(kind, channel, game, turn, arg)
    text = str(control)
    assert len(text) <= MAX_LENGTH
    assert ControlId.parse(text) == control
    assert re.fullmatch(PATTERN, text)  # what a DynamicItem template would match


@pytest.mark.parametrize(
    "text",
    [
        "tarot:card:1:2:3",  # no argument field
        "tarot:dance:1:2:3:x",  # unknown kind
        "tarot:card:1:2:-3:x",
        "tarot:card:1:2:3:KS",  # arguments are lowercase words
        "other:card:1:2:3:63",
        "tarot:card:1:2:3:63:extra",
        "tarot:card:1:2:1234567:63",  # turn out of range
    ],
)
def test_anything_else_is_not_a_control_id(text: str) -> None:
    with pytest.raises(ControlIdError):
        ControlId.parse(text)


def test_a_bad_control_cannot_be_made() -> None:
    with pytest.raises(ControlIdError, match="unknown control kind"):
        ControlId("dance", 1, 2, 3)
    with pytest.raises(ControlIdError, match="short lowercase word"):
        ControlId("card", 1, 2, 3, "King of Spades")
    with pytest.raises(ControlIdError, match="negative"):
        ControlId("card", 1, -2, 3)


def test_a_kind_is_its_enum_member_and_written_as_before() -> None:
    """Buttons sent before the kinds became an enum still parse: the word in the id is
    the member's value, and a kind given as text becomes its member."""
    old = "tarot:card:12:3:37:63"
    control = ControlId.parse(old)
    assert type(control.kind) is ControlKind and control.kind is ControlKind.CARD
    assert str(control) == old
    assert type(ControlId("lobby", 1, 2, 0, "watch").kind) is ControlKind  # type: ignore[arg-type]
