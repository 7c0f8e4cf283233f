"""The challenge ladder in words: sums with one decimal in the reader's notation, names
escaped, the reader's own line added only when it is not listed, the instance's place."""

from __future__ import annotations

from bot.i18n import t
from bot.render.challenge_ladder import ladder_text, month_name
from bot.storage import LadderLine


def line(player_id: int, name: str, total: float, days: int, rank: int) -> LadderLine:
    return LadderLine(player_id, name, str(player_id), total, days, rank, players=30)


def test_a_ladder_in_the_readers_notation() -> None:
    lines = [line(1, "a_b", 1234.5, 21, 1), line(2, "c", 1234.5, 21, 1)]
    text = ladder_text("fr", "2026-11", 20, lines).splitlines()
    assert text[0] == t("fr", "challenge.ladder.title", month="novembre 2026", best=20)
    assert text[1] == t(
        "fr", "challenge.ladder.row", rank=1, name="a\\_b", total="1\u202f234,5", days=21
    )
    assert len(text) == 3


def test_the_readers_own_line_and_place_everywhere() -> None:
    lines = [line(1, "a", 100.0, 2, 1)]
    listed = ladder_text("en", "2026-11", 20, lines, mine=lines[0])
    assert "You:" not in listed
    mine = line(9, "me", 33.25, 1, 12)
    everywhere = line(9, "me", 50.0, 1, 3)
    text = ladder_text(
        "en", "2026-11", 5, lines, mine=mine, everywhere=everywhere, everywhere_best=20
    ).splitlines()
    assert text[2] == t("en", "challenge.ladder.you", rank=12, count=30, total="33.2", days=1)
    assert text[-1] == t(
        "en", "challenge.ladder.everywhere", best=20, rank=3, count=30, total="50.0", days=1
    )
    empty = ladder_text("pl", "2027-01", 20, [])
    assert t("pl", "challenge.ladder.empty", month=month_name("pl", "2027-01")) in empty
