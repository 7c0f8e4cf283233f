"""The ``contracts`` option (docs/rules.md §11.4): the Pousse, and the older fixed contract values.

Scores are worked by hand from §11.4's formulas; records follow docs/records.md "House rules in
records" (a Pousse is written ``pousse``, the Petite ``prise``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from builders import bid_round, make_deal, play_out, refused, start_play
from hypothesis import given, settings
from hypothesis import strategies as st
from tarot_command import replay_command
from test_properties import COMMON, Setup, play_checked, setups

from tarot_core import Bid, Contract, Deal, RecordError, Rules, RulesError, replay, to_record, view
from tarot_core.bots import Bot, make_bot
from tarot_core.bots.evaluation import preferred_contract, strength
from tarot_core.bots.expert import ExpertBot
from tarot_core.cards import mask_of, parse_cards
from tarot_core.deal import Phase
from tarot_core.dealing import deal as deal_cards
from tarot_core.refusals import IllegalActionCode as Code
from tarot_core.scoring import DealResult, score_played

P, PO, G, GS, GC = (
    Contract.PRISE,
    Contract.POUSSE,
    Contract.GARDE,
    Contract.GARDE_SANS,
    Contract.GARDE_CONTRE,
)

# ----- scores worked by hand ----------------------------------------------------------------

ECART = mask_of(parse_cards("2H 3H 4H 5H 6H 7H".split()))  # 6 × 0.5 = 3 points
WON = ["T21 KS KH KD", "KC QS QH QD", "QC CS CH CD"]  # 18 + 15 + 11 = 44 points
LOST = "5S 6S 7S 8S"
LAST = "T1 2S 3S 4S"  # the Petit au bout: 4.5 + 1.5 = 6 points


def scored(rules: Rules, contract: Contract, *, made: bool, poignee: int = 20) -> DealResult:
    """Seat 0 takes at 4 players. Made: it wins WON and the last trick (Petit au bout for
    it): 44 + 6 + the écart 3 = 53 points with 2 oudlers, made by 12 (50 and by 9 at Garde
    contre, where the chien is the defence's). Failed: it wins only the first trick and the
    defence the Petit au bout: 18 + 3 = 21 points with 1 oudler, lost by 30."""
    tricks = [*WON, LOST, LAST]
    winners = [0, 0, 0, 1, 0] if made else [0, 1, 1, 1, 2]
    return score_played(
        rules,
        taker=0,
        partner=None,
        contract=contract,
        tricks=[parse_cards(t.split()) for t in tricks],
        winners=winners,
        excuse_seat=None,
        excuse_trick=None,
        set_aside=ECART,
        slam_announced=False,
        poignees=[poignee] if poignee else [],
        miseres=[],
    )


@pytest.mark.parametrize(
    ("contracts", "contract", "made", "s"),
    [
        # docs/rules.md §8 with the Pousse's multiplier 1: (25 + 12) × 1 + 10 × 1 + 20
        ("pousse", PO, True, 67),
        # −(25 + 30) × 1 − 10 × 1 − 20
        ("pousse", PO, False, -85),
        # docs/rules.md §11.4 fixed: ±(value + diff) + PAB × value / 10 ± poignée
        ("fixed", P, True, 10 + 12 + 10 + 20),  # Petite 42
        ("fixed", PO, True, 20 + 12 + 20 + 20),  # Pousse 72
        ("fixed", G, True, 40 + 12 + 40 + 20),  # Garde 112
        ("fixed", GS, True, 80 + 12 + 80 + 20),  # Garde sans 192
        ("fixed", P, False, -(10 + 30) - 10 - 20),  # -80
        ("fixed", PO, False, -(20 + 30) - 20 - 20),  # -90
        ("fixed", G, False, -(40 + 30) - 40 - 20),  # -130
    ],
)
def test_hand_worked_scores(contracts: str, contract: Contract, made: bool, s: int) -> None:
    result = scored(Rules(contracts=contracts), contract, made=made)
    assert result.made is made
    assert result.petit_au_bout == ("taker" if made else "defence")
    assert result.hand_score == s
    assert result.scores == (3 * s, -s, -s, -s)


def test_fixed_garde_contre_ignores_the_multiplier_option() -> None:
    # The chien goes to the defence: 50 points, made by 9; 160 + 9 + 160 + 20 = 349, where
    # docs/rules.md §8 with garde_contre_multiplier 8 would give (25 + 9) × 8 + 80 + 20 = 372.
    for multiplier in (6, 8):
        rules = Rules(contracts="fixed", garde_contre_multiplier=multiplier)
        result = scored(rules, GC, made=True)
        assert (result.points, result.diff, result.hand_score) == (50, 9, 349)
    assert scored(Rules(garde_contre_multiplier=8), GC, made=True).hand_score == 372


def test_without_the_option_scores_are_unchanged() -> None:
    assert scored(Rules(), P, made=True).hand_score == 67
    assert scored(Rules(contracts="pousse"), P, made=True).hand_score == 67
    assert scored(Rules(contracts="pousse"), G, made=True).hand_score == (25 + 12) * 2 + 20 + 20


def test_no_poignee_and_a_deal_played_through_the_engine() -> None:
    assert scored(Rules(contracts="fixed"), PO, made=True, poignee=0).hand_score == 52
    deal = start_play(make_deal(rules=Rules(contracts="fixed")), contract=PO)
    play_out(deal)
    r = deal.result
    assert r is not None and r.contract == PO and r.poignee_bonus == 0
    sign = 1 if r.made else -1
    pab = {"taker": 2, "defence": -2, None: 0}[r.petit_au_bout]
    assert r.hand_score == sign * (20 + r.diff) + 10 * pab + r.chelem_bonus


# ----- bidding ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "offered"),
    [
        ({}, [P, G, GS, GC]),
        ({"prise_allowed": False}, [G, GS, GC]),
        ({"contracts": "pousse"}, [P, PO, G, GS, GC]),
        ({"contracts": "fixed"}, [P, PO, G, GS, GC]),
        ({"contracts": "pousse", "prise_allowed": False}, [PO, G, GS, GC]),
        ({"contracts": "fixed", "prise_allowed": False}, [PO, G, GS, GC]),
    ],
)
def test_the_bids_offered(options: dict[str, Any], offered: list[Contract]) -> None:
    rules = Rules(**options)
    assert list(rules.bids) == offered
    deal = make_deal(rules=rules)
    assert deal.legal_bids(0) == [Contract.PASS, *offered]


@pytest.mark.parametrize("contracts", ["pousse", "fixed"])
def test_pousse_outranks_prise_and_yields_to_garde(contracts: str) -> None:
    deal = make_deal(rules=Rules(contracts=contracts))
    deal.apply(Bid(0, P))
    assert deal.legal_bids(1) == [Contract.PASS, PO, G, GS, GC]
    deal.apply(Bid(1, PO))
    assert deal.legal_bids(2) == [Contract.PASS, G, GS, GC]
    e = refused(deal, Bid(2, P))
    assert e.code == Code.BID_TOO_LOW and e.params == {"contract": "prise", "highest": "pousse"}
    refused(deal, Bid(2, PO), "pousse is not allowed: a bid must be higher than pousse")
    deal.apply(Bid(2, G))
    assert (deal.taker, deal.contract) == (2, G)


def test_pousse_refused_without_the_option() -> None:
    deal = make_deal()
    e = refused(deal, Bid(0, PO), "^pousse is not allowed: this table plays without the Pousse$")
    assert e.code == Code.POUSSE_NOT_ALLOWED and e.params == {"contract": "pousse"}


@pytest.mark.parametrize("contracts", ["pousse", "fixed"])
def test_prise_allowed_false_removes_only_the_prise(contracts: str) -> None:
    deal = make_deal(rules=Rules(contracts=contracts, prise_allowed=False))
    e = refused(deal, Bid(0, P), "^prise is not allowed: at this table the lowest bid is pousse$")
    assert e.code == Code.PRISE_NOT_ALLOWED and e.params == {
        "contract": "prise",
        "lowest": "pousse",
    }
    deal.apply(Bid(0, PO))
    assert deal.contract == PO


@pytest.mark.parametrize("contracts", ["pousse", "fixed"])
def test_a_pousse_is_played_like_a_prise(contracts: str) -> None:
    deal = make_deal(rules=Rules(contracts=contracts))
    bid_round(deal, {1: PO})
    assert deal.phase == Phase.ECART and deal.taker == 1
    assert view(deal, 2).chien is not None  # shown to all
    assert deal.hands[1].bit_count() == deal.rules.hand_size + deal.rules.chien_size
    start = make_deal(rules=Rules(contracts=contracts))
    deal = start_play(start, contract=PO)
    assert deal.ecart.bit_count() == deal.rules.chien_size


# ----- records and replay -------------------------------------------------------------------


def pousse_record(contracts: str = "pousse") -> dict[str, Any]:
    deal = start_play(make_deal(rules=Rules(contracts=contracts)), taker=1, contract=PO)
    play_out(deal)
    record = to_record(deal)
    assert record["bids"] == ["pass", "pousse", "pass", "pass"]
    assert record["rules"]["contracts"] == contracts
    return record


@pytest.mark.parametrize("contracts", ["pousse", "fixed"])
def test_a_record_replays_to_the_same_result(contracts: str) -> None:
    record = pousse_record(contracts)
    result = replay(json.loads(json.dumps(record)))
    assert result.contract == PO and result.to_json()["contract"] == "pousse"
    deal = start_play(make_deal(rules=Rules(contracts=contracts)), taker=1, contract=PO)
    play_out(deal)
    assert result == deal.result


def test_an_old_record_keeps_its_meaning() -> None:
    deal = start_play(make_deal(), taker=1, contract=G)
    play_out(deal)
    record = to_record(deal)
    del record["rules"]["contracts"]
    assert replay(record) == deal.result
    assert Rules.from_options(4, {}).contracts == "fft"


def defect(record: dict[str, Any], change: str) -> dict[str, Any]:
    record = json.loads(json.dumps(record))
    if change == "no option":
        del record["rules"]["contracts"]
    elif change == "fft":
        record["rules"]["contracts"] = "fft"
    elif change == "bad value":
        record["rules"]["contracts"] = "pousée"
    elif change == "no prise":
        record["rules"]["prise_allowed"] = False
        record["bids"][0] = "prise"
    elif change == "pousse after garde":
        record["bids"][0] = "garde"
    elif change == "no ecart":
        record["ecart"] = []
    return record


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("no option", "bid 2 (seat 1): pousse is not allowed: this table plays without the Pousse"),
        ("fft", "bid 2 (seat 1): pousse is not allowed: this table plays without the Pousse"),
        ("bad value", "rules: contracts must be 'fft', 'pousse' or 'fixed', not 'pousée'"),
        (
            "no prise",
            "bid 1 (seat 0): prise is not allowed: at this table the lowest bid is pousse",
        ),
        (
            "pousse after garde",
            "bid 2 (seat 1): pousse is not allowed: a bid must be higher than garde",
        ),
        ("no ecart", "ecart: has 0 cards, expected 6"),
    ],
)
def test_a_record_with_one_defect_is_refused(change: str, message: str) -> None:
    with pytest.raises((RecordError, RulesError)) as info:
        replay(defect(pousse_record(), change))
    assert str(info.value) == message


def test_the_replay_command_names_the_pousse_bid() -> None:
    done = replay_command(defect(pousse_record(), "no option"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "bid 2 (seat 1): pousse is not allowed" in done.stderr


# ----- random deals -------------------------------------------------------------------------


CONTRACT_OPTIONS = st.fixed_dictionaries(
    {
        "contracts": st.sampled_from(("fft", "pousse", "fixed")),
        "prise_allowed": st.booleans(),
        "garde_contre_multiplier": st.sampled_from((6, 8)),
    }
)


@settings(max_examples=150, **COMMON)
@given(setups(options=CONTRACT_OPTIONS))
def test_random_deals_with_each_value(setup: Setup) -> None:
    """78 cards conserved, views hiding what they must, a zero sum, record → replay identical
    (test_properties' independent tracker, which knows docs/rules.md §11.4's bids)."""
    play_checked(setup)


# ----- bots -------------------------------------------------------------------------------


def _hand_in_pousse_band() -> int:
    rng = random.Random(11)
    while True:
        hands, _ = deal_cards(rng, Rules(), 3)
        for hand in hands:
            if 48 <= strength(hand, 4) < 56:
                return hand


def test_the_heuristic_bids_the_pousse_in_the_upper_prise_band() -> None:
    hand = _hand_in_pousse_band()
    assert preferred_contract(hand, 4) == P
    assert preferred_contract(hand, 4, Rules(contracts="pousse").bids) == PO
    assert preferred_contract(hand, 4, Rules(contracts="fixed").bids) == PO


@pytest.mark.parametrize("contracts", ["pousse", "fixed"])
@pytest.mark.parametrize("level", ["random", "heuristic", "expert"])
def test_bots_play_legal_deals(contracts: str, level: str) -> None:
    rules = Rules(contracts=contracts, prise_allowed=level != "heuristic")
    rng = random.Random(5)
    bots: list[Bot] = [
        ExpertBot(i, max_samples=4) if level == "expert" else make_bot(level, seed=i)
        for i in range(4)
    ]
    bids: set[Contract] = set()
    for dealer in range(2 if level == "expert" else 12):
        deal = Deal(rules, dealer % 4, *deal_cards(rng, rules, dealer % 4))
        while not deal.done:
            deal.apply(bots[deal.to_act].act(view(deal, deal.to_act)))
        assert deal.result is not None and sum(deal.result.scores) == 0
        assert replay(to_record(deal)) == deal.result
        bids |= set(deal.bids)
    if level == "heuristic":
        assert PO in bids


def test_the_heuristic_does_not_take_with_two_trumps_however_many_kings() -> None:
    """Seen: a Prise with two trumps (issue 11). Four Kings, their Queens and long suits
    score past 40 on the points table of §10, but a taker with two trumps is drawn at once."""
    from tarot_core.bots.evaluation import min_trumps, strength, trump_count
    from tarot_core.cards import parse_card

    cards = "T21 T2 KS QS CS JS 10S KH QH CH 9H KD QD CD KC QC CC 8C".split()
    hand = sum(1 << parse_card(c) for c in cards)
    assert trump_count(hand) == 2 < min_trumps(hand) == 4
    assert strength(hand, 4) >= 40  # what docs/rules.md §10 alone would take with
    assert preferred_contract(hand, 4) == Contract.PASS
