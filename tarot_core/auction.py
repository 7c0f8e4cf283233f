"""Who speaks next in the bidding, whichever auction the table plays (docs/rules.md §3, §11.5).

The calls alone (with the rules and the dealer) decide the order of speech, so a record or a
view lists only the calls and anyone can work out who made each: the single round (§3), the
open auction (``auction: open``) or the first round and the parole round (``parole``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Contract, Rules

_PASS = Contract.PASS
_PAROLE = Contract.PAROLE


def max_calls(rules: Rules) -> int:
    """The most calls an auction can have: one per seat, twice that with parole, and in an
    open auction one pass per seat plus one bid per contract offered (a dealer who sits out,
    docs/rules.md §11.1, is no seat here)."""
    n = rules.playing
    if rules.auction == "open":
        return n + len(rules.bids)
    return 2 * n if rules.parole else n


def next_speaker(rules: Rules, dealer: int, calls: Sequence[Contract]) -> int | None:
    """The seat that speaks after ``calls`` (made in turn from the seat after ``dealer``), or
    None once the auction is over. A dealer who sits out (docs/rules.md §11.1) is the last seat of
    the round, so it is skipped by counting only ``rules.playing`` seats from the next one."""
    n = rules.players
    count = len(calls)
    if rules.auction == "open":
        return _open_next(n, dealer, calls, rules.sits_out)
    m = rules.playing
    if count < m:
        return (dealer + 1 + count) % n
    if not rules.parole or Contract.GARDE_CONTRE in calls[:m]:
        return None
    paroles = [(dealer + 1 + i) % n for i in range(m) if calls[i] == _PAROLE]
    second = count - m
    return paroles[second] if second < len(paroles) else None


def _open_next(n: int, dealer: int, calls: Sequence[Contract], sits_out: bool) -> int | None:
    """docs/rules.md §11.5 ``open``: round the table, skipping the seats that passed, until
    every seat but one has passed (and that one has spoken) or all have passed. A dealer who
    sits out counts as a seat that passed before the auction."""
    everyone = (1 << n) - 1
    passed = 1 << dealer if sits_out else 0
    spoken = 0
    seat = dealer  # the seat that spoke last
    for call in calls:
        if _open_over(passed, spoken, everyone, n):
            return None
        seat = _after(seat, passed, n)
        spoken |= 1 << seat
        if call == _PASS:
            passed |= 1 << seat
    if _open_over(passed, spoken, everyone, n):
        return None
    return _after(seat, passed, n)


def _open_over(passed: int, spoken: int, everyone: int, n: int) -> bool:
    if passed == everyone:
        return True
    return passed.bit_count() == n - 1 and bool(spoken & everyone & ~passed)


def _after(seat: int, passed: int, n: int) -> int:
    """The first seat after ``seat`` that has not passed (there is one)."""
    seat = seat + 1 if seat + 1 < n else 0
    while passed >> seat & 1:
        seat = seat + 1 if seat + 1 < n else 0
    return seat


def speakers(rules: Rules, dealer: int, calls: Sequence[Contract]) -> tuple[int, ...]:
    """The seat that made each call, as far as the auction runs (a call after its end has no
    speaker, so the result is then shorter than ``calls``)."""
    out: list[int] = []
    for i in range(len(calls)):
        seat = next_speaker(rules, dealer, calls[:i])
        if seat is None:
            break
        out.append(seat)
    return tuple(out)


def first_round(rules: Rules, calls: Sequence[Contract]) -> bool:
    """Whether the next call is in the first round (where parole may be said)."""
    return rules.auction != "open" and len(calls) < rules.playing


def parole_open(rules: Rules, calls: Sequence[Contract], highest: Contract) -> bool:
    """Whether the seat to speak may say parole now: the table plays it, it is the first
    round, and no Garde contre has been bid (after one, a parole is refused like a bid)."""
    return rules.parole and first_round(rules, calls) and highest < Contract.GARDE_CONTRE
