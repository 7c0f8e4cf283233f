"""The coach's review in words: the private review of a seat's decisions in one deal, what
its Share button posts, and the progress line shown while it is computed.

The review itself is plain data from the engine (``tarot_core.coach``); its options are
written the engine's way (``KS``, ``garde``, ``none``...) and become the reader's words
here: cards through ``cards.py``, contracts and poignées through the catalogs, numbers by
locale. The shared text is built without any option at all: a player's hand and écart stay
theirs, only the grades, costs and reasons are made public.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import decimal, has, t
from tarot_core import CardError, parse_card
from tarot_core.cards import parse_cards
from tarot_core.coach import NO, DealReview, DecisionReview, Grade, Kind

from .cards import card_short, cards_short, sort_for_display
from .fit import cut_at_line
from .table import escape

LIMIT = 2000
"""Discord's message length: the review is one message."""
KEY_MOMENTS = 2
"""Flagged decisions the summary names: the two that cost most."""


def review_text(
    locale: str | None,
    review: DealReview,
    *,
    game_id: int | None,
    number: int,
    seat_name: str | None = None,
) -> str:
    """``review`` for its own player: the summary, then every decision on one line.
    ``number`` is the deal's number as players read it (from 1); ``game_id`` None (the
    terminal game) leaves the game out of the title."""
    seat = escape(seat_name) if seat_name else t(locale, "seat.n", seat=review.seat + 1)
    head = [_title(locale, "review.title", game_id, number, seat=seat)]
    if not review.decisions:
        return "\n".join([*head, t(locale, "review.no_decision")])
    head += _summary(locale, review)
    note = t(locale, "review.note")
    text = _joined([*head, note], [_decision_line(locale, d, True) for d in review.decisions])
    if len(text) <= LIMIT:
        return text
    # Too long (many cards, long words), in order: the note and the fine decisions' margins
    # of error go, then the decisions that need no attention are counted rather than
    # listed, and only as a last resort are the last lines left out.
    text = _joined(head, [_decision_line(locale, d, False) for d in review.decisions])
    if len(text) <= LIMIT:
        return text
    quiet = sum(1 for d in review.decisions if not d.grade.flagged)
    listed = [_decision_line(locale, d, False) for d in review.decisions if d.grade.flagged]
    text = _joined(head, [*listed, t(locale, "review.quiet", count=quiet)])
    return text if len(text) <= LIMIT else cut_at_line(text, LIMIT)


def share_text(
    locale: str | None, review: DealReview, *, player: str, game_id: int | None, number: int
) -> str:
    """What the Share button posts for everyone: the counts, the cost and the key moments
    (when, how bad, why), never an option (a card, an écart, a bid)."""
    lines = [_title(locale, "review.share.title", game_id, number, name=escape(player))]
    if not review.decisions:
        lines.append(t(locale, "review.no_decision"))
    else:
        lines += _summary(locale, review)
    text = "\n".join(lines)
    return text if len(text) <= LIMIT else cut_at_line(text, LIMIT)


def progress_text(locale: str | None, done: int, total: int) -> str:
    """The message edited in place while the decisions are weighed."""
    return t(locale, "review.progress", done=decimal(done, locale), total=decimal(total, locale))


def _title(locale: str | None, key: str, game_id: int | None, number: int, **names: str) -> str:
    if game_id is None:
        return t(locale, f"{key}.deal", n=number, **names)
    return t(locale, key, id=game_id, n=number, **names)


def _joined(head: list[str], body: list[str]) -> str:
    return "\n".join([*head, "", *body])


def _summary(locale: str | None, review: DealReview) -> list[str]:
    """The counts per grade, the deal's cost of errors and its key moments."""
    counts = [
        t(locale, f"review.count.{grade}", count=n)
        for grade in Grade
        if (n := sum(1 for d in review.decisions if d.grade == grade))
    ]
    lines = [t(locale, "review.counts", counts=", ".join(counts))]
    if not review.flagged:
        lines.append(t(locale, "review.clean"))
        return lines
    lines.append(t(locale, "review.cost", points=_points(locale, review.cost)))
    lines.append(t(locale, "review.key.title"))
    lines += [_moment_line(locale, d) for d in review.key_moments(KEY_MOMENTS)]
    return lines


def _moment_line(locale: str | None, decision: DecisionReview) -> str:
    """A key moment: when, how bad, and why where a known reason applies; no option."""
    params = {
        "kind": _kind(locale, decision),
        "grade": t(locale, f"review.grade.{decision.grade}"),
        "points": _points(locale, decision.cost),
    }
    if decision.reason is None:
        return t(locale, "review.key", **params)
    return t(
        locale, "review.key.reason", reason=t(locale, f"review.reason.{decision.reason}"), **params
    )


def _decision_line(locale: str | None, decision: DecisionReview, margins: bool) -> str:
    """A decision: when, what was chosen, the best, the cost and the grade; a fine
    decision's cost with its standard error (``margins``): a large cost graded fine is one
    the estimate is not sure of, and the reader sees why."""
    kind = _kind(locale, decision)
    chosen = option(locale, decision.kind, decision.chosen)
    grade = t(locale, f"review.grade.{decision.grade}")
    if decision.grade.flagged:
        grade = f"**{grade}**"
    if decision.grade == Grade.BEST:
        return t(locale, "review.line.best", kind=kind, chosen=chosen, grade=grade)
    return t(
        locale,
        "review.line",
        kind=kind,
        chosen=chosen,
        best=option(locale, decision.kind, decision.best),
        points=_cost(locale, decision) if margins else _points(locale, decision.cost),
        grade=grade,
    )


def _kind(locale: str | None, decision: DecisionReview) -> str:
    if decision.kind == Kind.PLAY:
        return t(locale, "review.kind.play", trick=decision.trick)
    return t(locale, f"review.kind.{decision.kind}")


def _cost(locale: str | None, decision: DecisionReview) -> str:
    points = _points(locale, decision.cost)
    if decision.grade != Grade.FINE or decision.error <= 0:
        return points
    return t(locale, "review.margin", points=points, error=decimal(decision.error, locale))


def _points(locale: str | None, value: float) -> str:
    return t(locale, "review.points", points=round(value, 1))


def option(locale: str | None, kind: Kind, text: str) -> str:
    """An option of the engine's review in the reader's words; an option this version
    does not know (a review kept by another) is shown as it was written."""
    try:
        return _OPTIONS[kind](locale, text)
    except (CardError, KeyError):
        return text


def _card(locale: str | None, text: str) -> str:
    return card_short(parse_card(text), locale)


def _ecart(locale: str | None, text: str) -> str:
    return cards_short(sort_for_display(parse_cards(text.split())), locale)


def _contract(locale: str | None, text: str) -> str:
    return _known(locale, f"contract.{text}")


def _slam(locale: str | None, text: str) -> str:
    return _known(locale, f"review.option.slam.{text}")


def _poignee(locale: str | None, text: str) -> str:
    if text == NO:
        return t(locale, "review.option.no_poignee")
    return t(locale, "review.option.poignee", level=_known(locale, f"poignee.{text}"))


def _known(locale: str | None, key: str) -> str:
    if not has(key):
        raise KeyError(key)
    return t(locale, key)


_OPTIONS: dict[Kind, Callable[[str | None, str], str]] = {
    Kind.BID: _contract,
    Kind.CALL: _card,
    Kind.ECART: _ecart,
    Kind.SLAM: _slam,
    Kind.POIGNEE: _poignee,
    Kind.PLAY: _card,
}
