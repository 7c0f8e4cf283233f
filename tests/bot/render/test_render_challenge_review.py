"""One challenge deal reviewed, in words: the member's line, the par's (who took what), the
field's figures, in each language; and the names on the par's picture."""

from __future__ import annotations

import dataclasses

import pytest

from bot.challenges import DealLine, DealReview, FieldScores
from bot.i18n import LANGUAGES, t
from bot.render.challenges import par_names, review_text
from bot.storage import ParDeal, StoredChallenge

CHALLENGE = StoredChallenge(
    id=7,
    scope="guild",
    guild_id=1,
    day=None,
    players=4,
    rules={},
    deals=2,
    seat=0,
    variants=1,
    level="heuristic",
    seed=1,
    created_by=None,
    opened_at=0.0,
    closes_at=1.0,
    channel_id=None,
    message_id=None,
    closed_posted=False,
)
PAR = ParDeal(
    variant=0,
    number=1,
    score=-60,
    outcome="played",
    taker_seat=2,
    contract="garde",
    made=True,
    record={},
)
REVIEW = DealReview(
    challenge=CHALLENGE,
    number=1,
    variant=0,
    line=DealLine(1, 164, -60, True, 75.0, "garde", True, True),
    record={},
    names=("ann", "West bot", "North bot", "East bot"),
    par=PAR,
    field=FieldScores(played=3, took=2, made=1, best=164, median=-9.5, worst=-120),
)


def test_a_deal_reviewed_in_english() -> None:
    assert review_text("en-US", REVIEW).split("\n") == [
        "**Challenge #7, deal 2**",
        "You took a Garde and made it: +164 (+224 against the par; 75% of the matchpoints).",
        "The par defended (North bot took a Garde): -60.",
        "In the results: 3 members played it; 2 took, 1 made it. Best +164, median -9.5,"
        " worst -120.",
    ]


def test_the_par_taking_a_member_who_did_not_play_and_an_empty_field() -> None:
    took = dataclasses.replace(REVIEW.par, taker_seat=0, made=False)
    nobody = FieldScores(played=0, took=0, made=0, best=None, median=None, worst=None)
    review = dataclasses.replace(REVIEW, line=None, record=None, par=took, field=nobody)
    assert review_text("en-US", review).split("\n")[1:] == [
        "You did not play this challenge.",
        "The par took a Garde and went down: -60.",
        "Nobody in the results has played it yet.",
    ]
    assert par_names("fr", review) == ["Par", "West bot", "North bot", "East bot"]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_language_names_the_taker_and_the_figures(lang: str) -> None:
    text = review_text(lang, REVIEW)
    assert text.startswith(t(lang, "challenge.review.title", id=7, n=2))
    assert "North bot" in text and "164" in text and "120" in text
    assert "9,5" in text or "9.5" in text
