"""Challenges in words: the post that opens one, a member's results, the field per deal,
and one deal reviewed.

Built from the challenge's results only (``bot/challenges``), which never hold a card: a
result names contracts and scores, never a hand (a reviewed deal's cards are in its
picture, drawn from the record the service gave the member).
"""

from __future__ import annotations

from datetime import UTC, datetime

from babel.dates import format_date

from bot.challenges import ChallengeResults, DealLine, DealReview, FieldDeal, Standing
from bot.i18n import decimal, percent, signed, t
from bot.i18n.numbers import babel_locale
from bot.storage import ParDeal, StoredChallenge
from tarot_core import Rules

from .table import escape, relative_time, rules_lines

RESULT_ROWS = 10
"""Members listed by name in a challenge's results (the reader is always there too)."""


def day_of(challenge: StoredChallenge, locale: str | None) -> str:
    """The challenge's day (its opening day, for one on demand) in the reader's notation,
    plain text (an autocomplete label cannot hold Discord's markup)."""
    opened = datetime.fromtimestamp(challenge.opened_at, UTC).date()
    return format_date(opened, format="medium", locale=babel_locale(locale))


def label(locale: str | None, challenge: StoredChallenge) -> str:
    """One challenge in a list (``/challenge play``'s and ``results``' choices)."""
    key = "challenge.label.instance" if challenge.scope == "instance" else "challenge.label"
    return t(
        locale,
        key,
        id=challenge.id,
        day=day_of(challenge, locale),
        deals=challenge.deals,
        players=challenge.players,
    )


def post_text(locale: str | None, challenge: StoredChallenge) -> str:
    """The public message that opens a challenge: what it is, until when, its rules."""
    lines = [
        t(
            locale,
            "challenge.post",
            id=challenge.id,
            deals=challenge.deals,
            players=challenge.players,
            closes=relative_time(challenge.closes_at),
        )
    ]
    changed = rules_lines(
        locale, Rules.from_options(challenge.players, challenge.rules), only_changes=True
    )
    if changed:
        lines.append(t(locale, "challenge.rules", rules=", ".join(changed)))
    return "\n".join(lines)


def _mp(locale: str | None, value: float | None) -> str:
    if value is None:
        return t(locale, "challenge.mp.alone")
    return t(locale, "challenge.mp", mp=percent(value / 100, locale))


def _contract(locale: str | None, text: str | None) -> str:
    return t(locale, f"contract.{text}") if text else "?"


def _yours(locale: str | None, line: DealLine) -> str:
    score = signed(line.score, locale)
    if not line.played:
        return t(locale, "challenge.deal.unplayed", score=score)
    if line.contract is None:
        return t(locale, "challenge.deal.passed", score=score)
    if line.took:
        key = "challenge.deal.made" if line.made else "challenge.deal.down"
        return t(locale, key, contract=_contract(locale, line.contract), score=score)
    return t(locale, "challenge.deal.defended", score=score)


def _par(locale: str | None, par: ParDeal, seat: int) -> str:
    score = signed(par.score, locale)
    if par.contract is None:
        return t(locale, "challenge.par.passed", score=score)
    if par.taker_seat == seat:
        return t(
            locale, "challenge.par.took", contract=_contract(locale, par.contract), score=score
        )
    return t(locale, "challenge.par.defended", score=score)


def deal_lines(locale: str | None, mine: Standing, field: list[FieldDeal], seat: int) -> list[str]:
    """Per deal: what the member did, against the par, how the field did."""
    here = {(f.variant, f.number): f for f in field}
    out = []
    for line in mine.deals:
        f = here.get((mine.variant, line.number))
        if f is None:
            continue
        out.append(
            t(
                locale,
                "challenge.deal",
                n=line.number + 1,
                you=_yours(locale, line),
                versus=signed(line.versus_par, locale),
                par=_par(locale, f.par, seat),
                took=f.took,
                played=f.played,
                mp=_mp(locale, line.matchpoints),
            )
        )
    return out


def _row(locale: str | None, s: Standing) -> str:
    row = t(
        locale,
        "challenge.row",
        rank=s.rank,
        name=escape(s.name),
        mp=_mp(locale, s.matchpoints),
        versus=signed(s.versus_par, locale),
    )
    return row if s.finished else f"{row} {t(locale, 'challenge.unfinished')}"


FINAL_ROWS = 5
"""Members named in a closed challenge's final table, posted with the next challenge."""


def final_text(locale: str | None, results: ChallengeResults) -> str:
    """A closed challenge's final table, for everyone (it is closed: nothing is hidden any
    more, and still no card is named)."""
    c = results.challenge
    lines = [
        t(
            locale,
            "challenge.final.title",
            id=c.id,
            day=day_of(c, locale),
            count=len(results.here),
        )
    ]
    lines.extend(_row(locale, s) for s in results.here[:FINAL_ROWS])
    if not results.here:
        lines.append(t(locale, "challenge.results.nobody"))
    return "\n".join(lines)


def results_text(locale: str | None, results: ChallengeResults, streak: int | None = None) -> str:
    """A challenge's results as the reader may see them: their own line and deals first,
    then the members of this server (and, for the instance's challenge, the reader's place
    among everyone). ``streak``: the reader's days in a row at this scope's daily
    challenges, shown for a daily challenge only."""
    c = results.challenge
    lines = [
        t(
            locale,
            "challenge.results.title",
            id=c.id,
            day=day_of(c, locale),
            count=len(results.here),
        )
    ]
    if not results.closed:
        lines.append(t(locale, "challenge.results.open", closes=relative_time(c.closes_at)))
    mine = results.mine
    if mine is not None:
        mine_here = next((s for s in results.here if s.player_id == mine.player_id), mine)
        lines.append(
            t(
                locale,
                "challenge.results.you",
                rank=mine_here.rank,
                count=len(results.here),
                mp=_mp(locale, mine.matchpoints),
                versus=signed(mine.versus_par, locale),
                total=signed(mine.total, locale),
            )
        )
        if c.scope == "instance":
            lines.append(
                t(
                    locale,
                    "challenge.results.everywhere",
                    rank=mine.rank,
                    count=len(results.everyone),
                )
            )
        if streak is not None and c.day is not None:
            lines.append(t(locale, "challenge.streak", count=streak))
        lines.extend(deal_lines(locale, mine, results.field, c.seat))
    if results.here:
        lines.append("")
        lines.extend(_row(locale, s) for s in results.here[:RESULT_ROWS])
    else:
        lines.append(t(locale, "challenge.results.nobody"))
    return "\n".join(lines)


def _par_review(locale: str | None, review: DealReview) -> str:
    """The par's line on the deal: its contract, who took it, its score."""
    par, seat = review.par, review.challenge.seat
    score = signed(par.score, locale)
    if par.contract is None or par.taker_seat is None:
        return t(locale, "challenge.review.par.passed", score=score)
    contract = _contract(locale, par.contract)
    if par.taker_seat == seat:
        key = "challenge.review.par.made" if par.made else "challenge.review.par.down"
        return t(locale, key, contract=contract, score=score)
    taker = escape(review.names[par.taker_seat]) if par.taker_seat < len(review.names) else "?"
    return t(locale, "challenge.review.par.defended", contract=contract, taker=taker, score=score)


def _field_review(locale: str | None, review: DealReview) -> str:
    f = review.field
    if f.played == 0 or f.best is None or f.median is None or f.worst is None:
        return t(locale, "challenge.review.field.nobody")
    return t(
        locale,
        "challenge.review.field",
        played=f.played,
        took=f.took,
        made=f.made,
        best=signed(f.best, locale),
        median=decimal(f.median, locale, sign=True),
        worst=signed(f.worst, locale),
    )


def review_text(locale: str | None, review: DealReview) -> str:
    """One deal reviewed: what the member did against the par, what the par did, how the
    field bid and scored (the pictures come with it)."""
    lines = [t(locale, "challenge.review.title", id=review.challenge.id, n=review.number + 1)]
    line = review.line
    if line is None:
        lines.append(t(locale, "challenge.review.absent"))
    else:
        you = _yours(locale, line)
        said = t(
            locale,
            "challenge.review.you",
            you=you[:1].upper() + you[1:],  # the line's start
            versus=signed(line.versus_par, locale),
            mp=_mp(locale, line.matchpoints),
        )
        lines.append(said)
    lines.append(_par_review(locale, review))
    lines.append(_field_review(locale, review))
    return "\n".join(lines)


def par_names(locale: str | None, review: DealReview) -> list[str]:
    """The seats' names on the par's picture: the member's seat is the par's."""
    return [
        t(locale, "challenge.review.par_name") if seat == review.challenge.seat else name
        for seat, name in enumerate(review.names)
    ]
