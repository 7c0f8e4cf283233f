"""The coach's review in words: every kind of decision, grade and reason at 3 to 6 players
in each language, the options in the reader's words, numbers by locale, one Discord message
at most, and a shared summary that names no option at all."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, decimal, t
from bot.render.cards import card_short, cards_short, sort_for_display
from bot.render.review import LIMIT, option, progress_text, review_text, share_text
from tarot_core.cards import parse_card, parse_cards
from tarot_core.coach import DealReview, DecisionReview, Grade, Kind, Reason

CARDS_PER_SEAT = {3: 24, 4: 18, 5: 15, 6: 12}
ECART = {3: "JS QH 9H 8H 4C 2C", 4: "QH JH 9H 8H 4C 2C", 5: "CH 4C 2C", 6: "CH 4C 2C"}
PLAYED = ("KS", "T21", "EX", "10H", "T1", "QD", "7C", "T14", "1S", "CD", "T3", "JC")
BETTER = ("QS", "T20", "T5", "1H", "T2", "2D", "KC", "T9", "2S", "4D", "T6", "VC")
"""The options of the play decisions, cycled: every one names a different card."""
SUITS_AND_TRUMPS = re.compile("[♠♥♦♣★🃏]")
ENGLISH = re.compile(
    r"\b(Deal|deal|Trick|trick|Bid|Call|best|fine|inaccuracy|mistake|blunder|cost|points"
    r"|Key|moments|Your|your|weighed|Excuse|Trump|trump|wasted|side|given|hand)\b"
)
"""English words of the review's texts that no Spanish or Polish text should hold."""


def decision(
    number: int,
    kind: Kind,
    chosen: str,
    best: str,
    grade: Grade,
    *,
    trick: int = 0,
    cost: float = 0.0,
    reason: Reason | None = None,
) -> DecisionReview:
    return DecisionReview(
        number=number,
        kind=kind,
        trick=trick,
        chosen=chosen,
        best=chosen if grade == Grade.BEST else best,
        cost=cost,
        error=1.0,
        grade=grade,
        reason=reason,
        options=4,
        samples=40,
        stake=1,
    )


GRADES = list(Grade)
REASONS = list(Reason)


def whole_deal(players: int) -> DealReview:
    """A seat's every decision of a deal at ``players``: bid, call (at 5), écart, slam,
    poignée, then a card per trick but the last, grades and reasons cycled."""
    made: list[tuple[Kind, str, str, int]] = [(Kind.BID, "garde", "prise", 0)]
    if players == 5:
        made.append((Kind.CALL, "KH", "KD", 0))
    made += [
        (Kind.ECART, ECART[players], "QS JS 9S 8S 4D 2D" if players < 5 else "QS 4D 2D", 0),
        (Kind.SLAM, "none", "slam", 0),
        (Kind.POIGNEE, "simple", "none", 1),
    ]
    for trick in range(1, CARDS_PER_SEAT[players]):
        i = trick % len(PLAYED)
        made.append((Kind.PLAY, PLAYED[i], BETTER[i], trick))
    decisions = []
    for number, (kind, chosen, best, trick) in enumerate(made):
        grade = GRADES[number % len(GRADES)]
        reason = REASONS[number % len(REASONS)] if grade.flagged else None
        cost = 0.0 if grade == Grade.BEST else 1.5 + 7.5 * (number % 5)
        decisions.append(
            decision(number, kind, chosen, best, grade, trick=trick, cost=cost, reason=reason)
        )
    return DealReview(seat=players - 1, players=players, decisions=tuple(decisions))


def one_flagged(reason: Reason | None, kind: Kind = Kind.PLAY, cost: float = 12.5) -> DealReview:
    chosen, best = {
        Kind.BID: ("garde_sans", "garde"),
        Kind.CALL: ("KH", "KS"),
        Kind.ECART: ("QH JH 9H 8H 4C 2C", "QS JS 9S 8S 4D 2D"),
        Kind.SLAM: ("slam", "none"),
        Kind.POIGNEE: ("none", "double"),
        Kind.PLAY: ("T1", "KS"),
    }[kind]
    flagged = decision(1, kind, chosen, best, Grade.MISTAKE, trick=3, cost=cost, reason=reason)
    first = decision(0, Kind.BID, "pass", "pass", Grade.BEST)
    return DealReview(seat=0, players=4, decisions=(first, flagged))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_decision_has_its_line_with_its_options_and_grade(lang: str, players: int) -> None:
    review = whole_deal(players)
    text = review_text(lang, review, game_id=12, number=3, seat_name="Zoé")
    assert len(text) <= LIMIT
    lines = text.split("\n")
    assert lines[0] == t(lang, "review.title", id=12, n=3, seat="Zoé")
    body = lines[lines.index("") + 1 :]
    noted = t(lang, "review.note") in lines  # the note and the margins, where they fit
    assert noted or players == 3
    assert len(body) == len(review.decisions)  # every decision listed, in order
    for line, d in zip(body, review.decisions, strict=True):
        kind = t(lang, f"review.kind.{d.kind}", **({"trick": d.trick} if d.trick else {}))
        assert line.startswith(f"{kind}"), line
        assert option(lang, d.kind, d.chosen) in line
        assert t(lang, f"review.grade.{d.grade}") in line
        if d.grade == Grade.BEST:
            assert t(lang, "review.points", points=0) not in line
        else:
            assert option(lang, d.kind, d.best) in line
            cost = t(lang, "review.points", points=d.cost)
            assert cost in line
            margin = t(lang, "review.margin", points=cost, error=decimal(d.error, lang))
            assert (margin in line) == (d.grade == Grade.FINE and noted)  # why it is fine
        assert ("**" in line) == d.grade.flagged  # flagged grades stand out
        assert "{" not in line
    if lang in ("es", "pl"):
        assert not ENGLISH.search(text), ENGLISH.search(text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_summary_counts_grades_and_names_the_two_costliest_moments(lang: str) -> None:
    review = whole_deal(4)
    text = review_text(lang, review, game_id=12, number=3)
    for grade in Grade:
        count = sum(1 for d in review.decisions if d.grade == grade)
        assert t(lang, f"review.count.{grade}", count=count) in text
    assert t(lang, "review.cost", points=t(lang, "review.points", points=review.cost)) in text
    moments = review.key_moments(2)
    assert len(moments) == 2
    for d in moments:
        assert t(lang, f"review.reason.{d.reason}") in text
    assert t(lang, "seat.n", seat=4) in text.split("\n")[0]  # no name: the seat, from 1


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("reason", [*REASONS, None])
def test_every_reason_is_said_in_the_review_and_in_what_is_shared(
    lang: str, reason: Reason | None
) -> None:
    review = one_flagged(reason)
    private = review_text(lang, review, game_id=5, number=1)
    shared = share_text(lang, review, player="Zoé", game_id=5, number=1)
    params = {
        "kind": t(lang, "review.kind.play", trick=3),
        "grade": t(lang, "review.grade.mistake"),
        "points": t(lang, "review.points", points=12.5),
    }
    if reason is None:
        moment = t(lang, "review.key", **params)
    else:
        moment = t(lang, "review.key.reason", reason=t(lang, f"review.reason.{reason}"), **params)
    assert moment in private.split("\n")
    assert moment in shared.split("\n")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_options_in_the_readers_words(lang: str) -> None:
    assert option(lang, Kind.PLAY, "KS") == card_short(parse_card("KS"), lang)
    assert option(lang, Kind.CALL, "KH") == card_short(parse_card("KH"), lang)
    assert option(lang, Kind.PLAY, "EX") == "🃏"
    assert option(lang, Kind.PLAY, "T21") == "21★"
    ecart = "QH 2C JH 9H 8H 4C"
    assert option(lang, Kind.ECART, ecart) == cards_short(
        sort_for_display(parse_cards(ecart.split())), lang
    )
    for contract in ("pass", "prise", "garde", "garde_sans", "garde_contre"):
        assert option(lang, Kind.BID, contract) == t(lang, f"contract.{contract}")
    slams = {option(lang, Kind.SLAM, s) for s in ("none", "slam", "petit_chelem")}
    assert len(slams) == 3 and not any("_" in s for s in slams)
    poignees = {option(lang, Kind.POIGNEE, p) for p in ("none", "simple", "double", "triple")}
    assert len(poignees) == 4
    for level in ("simple", "double", "triple"):
        assert t(lang, f"poignee.{level}") in option(lang, Kind.POIGNEE, level)


def test_an_option_this_version_does_not_know_is_shown_as_written() -> None:
    """A review kept by another version of the coach still renders, never raises."""
    assert option("en", Kind.PLAY, "ZZ") == "ZZ"
    assert option("en", Kind.BID, "surcontre") == "surcontre"
    assert option("fr", Kind.SLAM, "grand") == "grand"
    assert option("pl", Kind.POIGNEE, "quadruple") == "quadruple"
    assert option("es", Kind.ECART, "KS ZZ") == "KS ZZ"


@pytest.mark.parametrize(
    ("lang", "cost", "total"),
    [
        ("en", "12.5 points", "1,234.5 points"),
        ("fr", "12,5 points", "1\u202f234,5 points"),
        ("es", "12,5 puntos", "1.234,5 puntos"),
        ("pl", "12,5 punktu", "1\xa0234,5 punktu"),
    ],
)
def test_numbers_are_written_the_readers_way(lang: str, cost: str, total: str) -> None:
    text = review_text(lang, one_flagged(None, cost=12.5), game_id=1, number=1)
    assert cost in text
    big = review_text(lang, one_flagged(Reason.POINTS_GIVEN, cost=1234.5), game_id=1, number=1)
    assert total in big
    shared = share_text(lang, one_flagged(None, cost=12.5), player="A", game_id=1, number=1)
    assert cost in shared


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_what_is_shared_names_no_option(lang: str, players: int) -> None:
    """The Share button posts for everyone: no card, no écart, no bid, no option of any
    decision, chosen or best."""
    review = whole_deal(players)
    shared = share_text(lang, review, player="Zoé", game_id=12, number=3)
    assert not SUITS_AND_TRUMPS.search(shared), shared
    for d in review.decisions:
        for text in (d.chosen, d.best):
            assert option(lang, d.kind, text) not in shared, (text, shared)
            for word in text.split():
                assert not re.search(rf"\b{re.escape(word)}\b", shared), (word, shared)
    assert t(lang, "review.share.title", name="Zoé", id=12, n=3) == shared.split("\n")[0]
    assert t(lang, "review.cost", points=t(lang, "review.points", points=review.cost)) in shared
    for kind in (Kind.BID, Kind.CALL, Kind.ECART, Kind.SLAM, Kind.POIGNEE):
        shared_one = share_text(lang, one_flagged(None, kind), player="Zoé", game_id=1, number=1)
        d = one_flagged(None, kind).decisions[1]
        assert option(lang, kind, d.chosen) not in shared_one
        assert option(lang, kind, d.best) not in shared_one
        assert t(lang, f"review.kind.{kind}") in shared_one


def test_names_are_escaped_and_the_terminal_has_no_game_number() -> None:
    review = one_flagged(None)
    text = review_text("en", review, game_id=None, number=2, seat_name="*Bob*_")
    assert text.split("\n")[0] == t("en", "review.title.deal", n=2, seat="\\*Bob\\*\\_")
    shared = share_text("fr", review, player="@everyone", game_id=None, number=2)
    assert "@everyone" not in shared
    assert shared.split("\n")[0].startswith("**Le jeu de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_deal_without_a_decision_says_so(lang: str) -> None:
    empty = DealReview(seat=1, players=4, decisions=())
    text = review_text(lang, empty, game_id=3, number=2)
    assert text.split("\n")[1:] == [t(lang, "review.no_decision")]
    assert t(lang, "review.no_decision") in share_text(lang, empty, player="A", game_id=3, number=2)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_clean_deal_says_no_error_was_found(lang: str) -> None:
    clean = DealReview(
        seat=0,
        players=3,
        decisions=(
            decision(0, Kind.BID, "garde", "garde", Grade.BEST),
            decision(1, Kind.PLAY, "KS", "QS", Grade.FINE, trick=1, cost=3.0),
        ),
    )
    for text in (
        review_text(lang, clean, game_id=3, number=2),
        share_text(lang, clean, player="A", game_id=3, number=2),
    ):
        assert t(lang, "review.clean") in text
        assert t(lang, "review.key.title") not in text
        assert t(lang, "review.cost", points=t(lang, "review.points", points=0)) not in text


def long_review(flagged_every: int) -> DealReview:
    """A review longer than one message: 60 decisions, each an écart of six cards (as many
    characters as a decision line can take)."""
    decisions = tuple(
        decision(
            n,
            Kind.ECART,
            "QH JH 9H 8H 4C 2C",
            "QS JS 9S 8S 4D 2D",
            Grade.BLUNDER if n % flagged_every == 0 else Grade.FINE,
            cost=99.5,
            reason=Reason.CONTRACT_TOO_HIGH if n % flagged_every == 0 else None,
        )
        for n in range(60)
    )
    return DealReview(seat=0, players=3, decisions=decisions)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_review_fits_one_message_keeping_its_flagged_decisions(lang: str) -> None:
    review = long_review(flagged_every=6)
    name = "Z" * 32
    text = review_text(lang, review, game_id=123456, number=99, seat_name=name)
    assert len(text) <= LIMIT
    head = review_text(lang, DealReview(0, 3, ()), game_id=123456, number=99, seat_name=name)
    assert text.startswith(head.split("\n")[0])
    ecart = t(lang, "review.kind.ecart")
    flagged = [line for line in text.split("\n") if line.startswith(ecart) and "**" in line]
    assert len(flagged) == len(review.flagged)  # each flagged decision is still listed
    assert t(lang, "review.quiet", count=50) in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_review_of_only_errors_too_long_is_cut_at_a_line(lang: str) -> None:
    review = long_review(flagged_every=1)
    text = review_text(lang, review, game_id=1, number=1)
    assert len(text) <= LIMIT
    assert text.endswith("\n…")
    assert t(lang, "review.key.title") in text  # the summary is whole
    shared = share_text(lang, review, player="A" * 32, game_id=1, number=1)
    assert len(shared) <= LIMIT


@pytest.mark.parametrize("lang", LANGUAGES)
def test_progress_counts_in_the_readers_notation(lang: str) -> None:
    text = progress_text(lang, 5, 18)
    assert text.endswith("5/18")
    grouped = {
        "en": "1,000/1,200",
        "fr": "1\u202f000/1\u202f200",
        "es": "1.000/1.200",
        "pl": "1\xa0000/1\xa0200",
    }
    assert progress_text(lang, 1000, 1200).endswith(grouped[lang])
