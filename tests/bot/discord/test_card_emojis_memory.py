"""The card faces kept in the database for the next start (``emojis.REMEMBERED``): read
back as they were written, and anything else read as no faces at all."""

from __future__ import annotations

import discord
import pytest

from bot.discord.emojis import CardEmojis

KEPT = {"c05": discord.PartialEmoji(name="c05_0123abcd", id=7)}


def test_remembered_faces_read_back() -> None:
    back = CardEmojis.from_json(CardEmojis(KEPT).to_json())
    assert back.markup("c05") == "<:c05_0123abcd:7>" and len(back) == 1


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "{",
        "[]",
        '{"c05": ["c05_0123abcd"]}',
        '{"c05": ["c05_0123abcd", "7"]}',
        '{"c05": ["logo", 7]}',
        '{"c05": ["c05_0123abcd", 7], "c06": null}',
    ],
)
def test_anything_else_is_no_faces(text: str | None) -> None:
    """Never half of them: a hand never mixes pictures and text."""
    assert not CardEmojis.from_json(text).ready
