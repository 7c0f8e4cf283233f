"""The credit the expert's bids give a rollout's taker (bots.taker_credit), and how the
expert picks among contracts its estimate cannot tell apart (expert._modest_bid)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from tarot_core.actions import Action, Bid
from tarot_core.bots.expert import _modest_bid
from tarot_core.bots.rollout import finish
from tarot_core.bots.taker_credit import credited
from tarot_core.deal import Deal
from tarot_core.dealing import deal as deal_cards
from tarot_core.rules import Contract, Rules
from tarot_core.scoring import Outcome


def finished(players: int, seed: int) -> Deal:
    rules = Rules.from_options(players, {})
    dealer = seed % players
    hands, chien = deal_cards(random.Random(seed), rules, dealer)
    deal = Deal(rules, dealer, hands, chien)
    finish(deal, random.Random(seed))
    return deal


def plain(players: int, lost: bool) -> Iterator[Deal]:
    """Finished deals without partner, poignée, petit au bout or slam (their scores are
    (25 + diff) × multiplier for each defender), lost or made."""
    for seed in range(3000):
        deal = finished(players, seed)
        r = deal.result
        assert r is not None
        if (
            r.outcome == Outcome.PLAYED
            and r.partner is None
            and not r.poignee_bonus
            and not r.petit_au_bout
            and not r.slam
            and r.made is not lost
        ):
            yield deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_credit_is_the_score_itself(players: int) -> None:
    for seed in range(150):
        deal = finished(players, seed)
        assert deal.result is not None
        for seat in range(players):
            assert credited(deal, seat, 0.0) == deal.result.scores[seat]


@pytest.mark.parametrize("players", [3, 4])
def test_a_contract_lost_by_less_than_the_credit_is_made(players: int) -> None:
    checked = 0
    for deal in plain(players, lost=True):
        r = deal.result
        assert r is not None and r.taker is not None and r.target is not None
        assert r.points_half is not None
        if r.diff > 4:
            continue
        credit = r.diff + 2.0  # made by 2 points, or 1.5 when the taker had a half point
        half = r.points_half + 2 * int(credit)
        margin = (half - 2 * r.target + 1) // 2
        expected = (players - 1) * (25 + margin) * r.multiplier
        assert credited(deal, r.taker, credit) == expected
        assert r.scores[r.taker] == -(players - 1) * (25 + r.diff) * r.multiplier
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_a_made_contract_is_made_by_more() -> None:
    deal = next(plain(4, lost=False))
    r = deal.result
    assert r is not None and r.taker is not None
    assert credited(deal, r.taker, 5.0) == r.scores[r.taker] + 3 * 5 * r.multiplier


def test_defenders_and_unclaimed_deals_get_no_credit() -> None:
    deal = next(plain(4, lost=True))
    r = deal.result
    assert r is not None and r.taker is not None
    for seat in range(4):
        if seat != r.taker:
            assert credited(deal, seat, 10.0) == r.scores[seat]
    passed = next(
        d
        for d in (finished(4, s) for s in range(500))
        if d.result is not None and d.result.outcome == Outcome.PASSED
    )
    assert credited(passed, 0, 10.0) == 0


def test_a_poignee_follows_the_contract_it_now_makes() -> None:
    deal = next(d for d in plain(4, lost=True) if d.result is not None and d.result.diff <= 3)
    r = deal.result
    assert r is not None and r.taker is not None
    # A poignée of 20 the taker's side showed counted against it while the contract was lost.
    deal.result = dataclasses.replace(
        r,
        poignee_bonus=-20,
        scores=tuple(x - 20 * (3 if s == r.taker else -1) for s, x in enumerate(r.scores)),
    )
    got = credited(deal, r.taker, r.diff + 2.0)
    no_poignee = dataclasses.replace(r)
    deal.result = no_poignee
    assert got == credited(deal, r.taker, r.diff + 2.0) + 3 * 20


def bids(*contracts: Contract) -> list[Action]:
    return [Bid(0, c) for c in contracts]


def test_a_garde_within_the_noise_of_a_prise_is_not_bid() -> None:
    prise = [40.0, -30.0] * 16  # +5 on average, give or take 6 (one standard error)
    garde = [2 * x for x in prise]  # a Garde doubles the Prise in every world
    passing = [0.0] * 32
    chosen = _modest_bid(
        bids(Contract.PASS, Contract.PRISE, Contract.GARDE), [passing, prise, garde], best=2
    )
    assert chosen == 1


def test_a_garde_far_beyond_the_noise_is_bid() -> None:
    prise = [70.0, 50.0] * 16
    garde = [2 * x for x in prise]
    chosen = _modest_bid(
        bids(Contract.PASS, Contract.PRISE, Contract.GARDE), [[0.0] * 32, prise, garde], best=2
    )
    assert chosen == 2


def test_a_prise_worse_than_passing_is_not_the_modest_choice() -> None:
    prise = [5.0, -5.0] * 16
    garde = [30.0, -10.0] * 16  # better than both, within its noise of the Prise
    passing = [12.0] * 32
    chosen = _modest_bid(
        bids(Contract.PASS, Contract.PRISE, Contract.GARDE), [passing, prise, garde], best=2
    )
    assert chosen == 2


def test_a_pass_stays_a_pass() -> None:
    chosen = _modest_bid(bids(Contract.PASS, Contract.PRISE), [[1.0, 2.0], [0.0, 1.0]], best=0)
    assert chosen == 0


def test_a_garde_sans_is_left_to_the_means() -> None:
    garde = [40.0, -30.0] * 16
    sans = [2 * x for x in garde]  # within the noise of the Garde, and better on average
    chosen = _modest_bid(
        bids(Contract.PASS, Contract.GARDE, Contract.GARDE_SANS),
        [[0.0] * 32, garde, sans],
        best=2,
    )
    assert chosen == 2
