"""The bidding options (docs/rules.md §11.5): the open auction and parole.

Auctions are driven call by call, each by the seat whose turn it is; records follow docs/records.md
"House rules in records" (``bids`` lists every call in the order spoken)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from builders import first_discards, make_deal, play_out, refused
from hypothesis import given, settings
from hypothesis import strategies as st
from tarot_command import replay_command
from test_properties import COMMON, Setup, play_checked, setups

from tarot_core import (
    Bid,
    Contract,
    Deal,
    DeclareSlam,
    RecordError,
    Rules,
    RulesError,
    replay,
    to_record,
    view,
)
from tarot_core.auction import speakers
from tarot_core.bots import Bot, make_bot
from tarot_core.bots.evaluation import THRESHOLD, preferred_contract, strength
from tarot_core.bots.expert import ExpertBot
from tarot_core.bots.heuristic import HeuristicBot
from tarot_core.bots.rollout import finish
from tarot_core.deal import Phase
from tarot_core.dealing import deal as deal_cards
from tarot_core.refusals import IllegalActionCode as Code
from tarot_core.serial import SerialError, view_from_json, view_to_json
from tarot_core.view_check import check_view

PASS, PAROLE = Contract.PASS, Contract.PAROLE
P, G, GS, GC = Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE
OPEN = Rules(auction="open")
PAROLE_RULES = Rules(parole=True)


def speak(deal: Deal, calls: str) -> Deal:
    """Each call (``"prise pass"``) by the seat whose turn it is; seat 0 speaks first."""
    for text in calls.split():
        deal.apply(Bid(deal.to_act, Contract.parse(text)))
    return deal


def to_act_and_legal(deal: Deal) -> tuple[int, list[Contract]]:
    return deal.to_act, deal.legal_bids(deal.to_act)


# ----- the open auction ---------------------------------------------------------------------


def test_open_a_seat_outbid_outbids_in_turn() -> None:
    deal = speak(make_deal(rules=OPEN), "prise garde pass pass")
    assert to_act_and_legal(deal) == (0, [PASS, GS, GC])  # seat 0 was outbid: it speaks again
    speak(deal, "garde_sans")
    assert to_act_and_legal(deal) == (1, [PASS, GC])
    speak(deal, "pass")
    assert (deal.phase, deal.taker, deal.contract) == (Phase.SLAM, 0, GS)
    assert deal.speakers == [0, 1, 2, 3, 0, 1]


def test_open_a_seat_that_passed_never_speaks_again() -> None:
    deal = speak(make_deal(rules=OPEN), "pass prise garde pass")
    assert deal.to_act == 1  # seat 0 passed: skipped
    e = refused(deal, Bid(0, GS))
    assert e.code == Code.PASSED_ALREADY
    assert (
        e.about_seat == "garde_sans is not allowed: seat 0 passed already and does not speak again"
    )
    speak(deal, "garde_sans")
    assert deal.to_act == 2
    speak(deal, "pass")
    assert (deal.taker, deal.contract, deal.phase) == (1, GS, Phase.SLAM)


def test_open_after_a_garde_contre_the_others_only_pass() -> None:
    deal = speak(make_deal(rules=OPEN), "prise garde_contre")
    for seat in (2, 3, 0):
        assert to_act_and_legal(deal) == (seat, [PASS])
        assert refused(deal, Bid(seat, GC)).code == Code.BID_TOO_LOW
        speak(deal, "pass")
    assert (deal.taker, deal.contract, deal.phase) == (1, GC, Phase.SLAM)


def test_open_all_pass_voids_the_deal() -> None:
    deal = speak(make_deal(rules=OPEN), "pass pass pass pass")
    assert deal.done and deal.result is not None and deal.result.outcome == "passed"


@pytest.mark.parametrize(("last", "taker"), [("prise", 3), ("pass", None)])
def test_open_the_last_seat_still_speaks(last: str, taker: int | None) -> None:
    deal = speak(make_deal(rules=OPEN), "pass pass pass")
    assert deal.phase == Phase.BIDDING and deal.to_act == 3  # has not spoken yet
    speak(deal, last)
    assert deal.taker == taker  # a bid wins at once, a pass voids the deal
    assert deal.done == (taker is None)


# ----- parole -------------------------------------------------------------------------------


def test_parole_seats_speak_once_more_in_the_same_order() -> None:
    deal = speak(make_deal(rules=PAROLE_RULES), "parole")
    assert to_act_and_legal(deal) == (1, [PASS, PAROLE, P, G, GS, GC])
    speak(deal, "pass prise parole")
    assert to_act_and_legal(deal) == (0, [PASS, G, GS, GC])  # second round: no parole
    assert refused(deal, Bid(0, PAROLE)).code == Code.PAROLE_FIRST_ROUND
    assert refused(deal, Bid(2, G)).code == Code.NO_PAROLE_SAID
    speak(deal, "garde")
    assert to_act_and_legal(deal) == (3, [PASS, GS, GC])
    speak(deal, "pass")  # then the auction ends
    assert (deal.taker, deal.contract, deal.phase) == (0, G, Phase.ECART)
    assert deal.bids == [PAROLE, PASS, P, PAROLE, G, PASS] and deal.speakers == [0, 1, 2, 3, 0, 3]


def test_parole_after_a_garde_contre_is_refused_and_no_second_round() -> None:
    deal = speak(make_deal(rules=PAROLE_RULES), "parole garde_contre")
    assert to_act_and_legal(deal) == (2, [PASS])
    e = refused(deal, Bid(2, PAROLE))
    assert (e.code, str(e)) == (
        Code.BID_TOO_LOW,
        "parole is not allowed: after garde_contre the others can only pass",
    )
    speak(deal, "pass pass")
    assert (deal.taker, deal.phase, len(deal.bids)) == (1, Phase.SLAM, 4)


def test_parole_all_pass_in_the_second_round_voids_the_deal() -> None:
    deal = speak(make_deal(rules=PAROLE_RULES), "parole parole pass parole pass pass")
    assert deal.phase == Phase.BIDDING and deal.to_act == 3
    speak(deal, "pass")
    assert deal.done and deal.result is not None and deal.result.outcome == "passed"


def test_parole_a_garde_contre_in_the_second_round_leaves_only_passes() -> None:
    deal = speak(make_deal(rules=PAROLE_RULES), "parole pass parole pass garde_contre")
    assert to_act_and_legal(deal) == (2, [PASS])
    speak(deal, "pass")
    assert (deal.taker, deal.contract) == (0, GC)


def test_without_parole_it_is_refused_and_the_round_is_single() -> None:
    assert refused(make_deal(), Bid(0, PAROLE)).code == Code.PAROLE_OFF
    assert refused(make_deal(rules=OPEN), Bid(0, PAROLE)).code == Code.PAROLE_OFF
    deal = speak(make_deal(rules=PAROLE_RULES), "pass prise pass pass")  # nobody said parole
    assert (deal.taker, deal.phase) == (1, Phase.ECART)


def test_parole_never_outranks_a_bid() -> None:
    assert PASS < P and PAROLE < PASS and not PAROLE > P
    assert PAROLE not in PAROLE_RULES.bids and Contract.parse("parole") is PAROLE


# ----- the combination refused --------------------------------------------------------------


def test_open_with_parole_is_refused_with_one_message() -> None:
    message = 'parole cannot be played with auction "open": parole is a single-round rule'
    with pytest.raises(RulesError) as info:
        Rules(auction="open", parole=True)
    assert str(info.value) == message
    with pytest.raises(RulesError) as info:
        Rules.from_options(4, {"auction": "open", "parole": True})
    assert str(info.value) == message
    with pytest.raises(RulesError, match=r"^auction must be 'single_round' or 'open', not"):
        Rules(auction="closed")


# ----- records ------------------------------------------------------------------------------


def played(rules: Rules, calls: str) -> dict[str, Any]:
    deal = speak(make_deal(rules=rules), calls)
    if not deal.done:
        first_discards(deal)
        assert deal.taker is not None
        deal.apply(DeclareSlam(deal.taker, False))
        play_out(deal)
    record = to_record(deal)
    assert replay(json.loads(json.dumps(record))) == deal.result
    return record


OPEN_CALLS = "prise garde pass pass garde_sans pass"
PAROLE_CALLS = "parole pass prise parole garde pass"


def test_records_hold_every_call_and_replay_identically() -> None:
    record = played(OPEN, OPEN_CALLS)
    assert record["bids"] == OPEN_CALLS.split()
    assert record["rules"]["auction"] == "open"
    assert played(PAROLE_RULES, PAROLE_CALLS)["bids"] == PAROLE_CALLS.split()
    short = played(OPEN, "pass pass pass prise")  # the last unspoken seat takes
    assert replay(short).taker == 3
    voided = played(OPEN, "pass pass pass pass")
    assert replay(voided).outcome == "passed"


def test_an_old_record_keeps_its_meaning() -> None:
    record = played(Rules(), "pass garde pass pass")
    result = replay(record)
    for key in ("auction", "parole"):
        del record["rules"][key]
    assert replay(record) == result
    record["bids"].append("pass")
    with pytest.raises(RecordError, match=r"^bids: expected 4 bids, one per seat, not 5$"):
        replay(record)


def defect(record: dict[str, Any], change: str) -> dict[str, Any]:
    record = json.loads(json.dumps(record))
    bids = record["bids"]
    if change == "ends early":
        del bids[-1]
    elif change == "a call after the end":
        bids.append("pass")
    elif change == "too low":
        bids[4] = "garde"
    elif change == "parole in an open auction":
        bids[0] = "parole"
    elif change == "no option":
        del record["rules"]["auction"]
    elif change == "both options":
        record["rules"]["parole"] = True
    elif change == "parole twice":
        bids[4] = "parole"
    elif change == "unknown call":
        bids[1] = "paroles"
    elif change == "no second round":
        bids[0] = "pass"
    elif change == "not a list":
        record["bids"] = "pass"
    return record


@pytest.mark.parametrize(
    ("calls", "change", "message"),
    [
        ("open", "ends early", "bids: the auction is not over after 5 calls: seat 1 speaks next"),
        (
            "open",
            "a call after the end",
            "bid 7: the auction is over after 6 calls (seat 0 took garde_sans)",
        ),
        (
            "open",
            "too low",
            "bid 5 (seat 0): garde is not allowed: a bid must be higher than garde",
        ),
        (
            "open",
            "parole in an open auction",
            "bid 1 (seat 0): parole is not allowed: this table plays without parole",
        ),
        ("open", "no option", "bids: expected 4 bids, one per seat, not 6"),
        (
            "open",
            "both options",
            'rules: parole cannot be played with auction "open": parole is a single-round rule',
        ),
        ("open", "not a list", "bids: must be a list of the calls in order, not 'pass'"),
        (
            "parole",
            "parole twice",
            "bid 5 (seat 0): parole is not allowed: it is said only in the first round",
        ),
        ("parole", "unknown call", "bid 2 (seat 1): unknown bid 'paroles'"),
        (
            "parole",
            "no second round",  # seat 0 passes instead: seat 3 alone speaks again
            "bid 6: the auction is over after 5 calls (seat 3 took garde)",
        ),
    ],
)
def test_a_record_with_one_defect_is_refused(calls: str, change: str, message: str) -> None:
    record = played(OPEN, OPEN_CALLS) if calls == "open" else played(PAROLE_RULES, PAROLE_CALLS)
    with pytest.raises(RecordError) as info:
        replay(defect(record, change))
    assert str(info.value) == message


def test_the_replay_command_names_the_step() -> None:
    done = replay_command(defect(played(OPEN, OPEN_CALLS), "a call after the end"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "bid 7: the auction is over after 6 calls" in done.stderr


# ----- views --------------------------------------------------------------------------------


def test_views_say_who_made_each_call() -> None:
    deal = speak(make_deal(rules=OPEN), "prise garde pass pass garde_sans")
    v = view(deal, 1)
    assert v.bids == (P, G, PASS, PASS, GS) and v.speakers == (0, 1, 2, 3, 0)
    form = view_to_json(v)
    assert form["speakers"] == [0, 1, 2, 3, 0]
    assert list(form).index("speakers") == list(form).index("bids") + 1
    assert view_from_json(form) == v
    old = {k: val for k, val in form.items() if k != "speakers"}  # optional on reading
    assert view_from_json(old) == v
    with pytest.raises(SerialError, match=r"^view\.speakers: must be \[0, 1, 2, 3, 0\]"):
        view_from_json(form | {"speakers": [0, 1, 2, 3, 1]})
    check_view(v)


def test_a_single_round_view_form_is_unchanged() -> None:
    v = view(speak(make_deal(), "pass prise"), 2)
    assert v.speakers == (0, 1) and "speakers" not in view_to_json(v)


def test_speakers_stop_where_the_auction_ends() -> None:
    calls = [PASS, P, PASS, PASS, PASS]
    assert speakers(OPEN, 3, calls) == (0, 1, 2, 3)


# ----- bots ---------------------------------------------------------------------------------


def _seat0_with(wanted: Any) -> Deal:
    """A deal (4 players, seat 0 first) where seat 0's hand satisfies ``wanted``."""
    rng = random.Random(3)
    while True:
        hands, chien = deal_cards(rng, Rules(), 3)
        for s, hand in enumerate(hands):
            if wanted(hand):
                hands[0], hands[s] = hands[s], hands[0]
                return Deal(Rules(), 3, hands, chien)


def _borderline(hand: int) -> bool:
    return THRESHOLD[P] - 4 <= strength(hand, 4) < THRESHOLD[P]


def _with(deal: Deal, rules: Rules) -> Deal:
    return Deal(rules, deal.dealer, deal.dealt, deal.chien)


def test_the_heuristic_says_parole_with_a_borderline_hand() -> None:
    base = _seat0_with(_borderline)
    bot = HeuristicBot(1)
    assert bot.act(view(base, 0)) == Bid(0, PASS)  # without parole it passes
    deal = _with(base, PAROLE_RULES)
    assert bot.act(view(deal, 0)) == Bid(0, PAROLE)
    speak(deal, "parole pass pass pass")
    assert bot.act(view(deal, 0)) == Bid(0, P)  # nobody bid: it takes the lowest bid
    deal = speak(_with(base, PAROLE_RULES), "parole garde pass pass")
    assert bot.act(view(deal, 0)) == Bid(0, PASS)


def test_the_heuristic_overcalls_in_an_open_auction_only_as_its_hand_allows() -> None:
    base = _seat0_with(lambda h: preferred_contract(h, 4) == G)
    hands = list(base.dealt)
    hands[0], hands[1] = hands[1], hands[0]  # the garde hand speaks second
    deal = Deal(OPEN, 3, hands, base.chien)
    bot = HeuristicBot(1)
    speak(deal, "prise")
    assert bot.act(view(deal, 1)) == Bid(1, G)  # outbids a prise
    speak(deal, "garde pass pass garde_sans")
    assert bot.act(view(deal, 1)) == Bid(1, PASS)  # not a garde sans


@pytest.mark.parametrize("rules", [OPEN, PAROLE_RULES], ids=["open", "parole"])
@pytest.mark.parametrize("level", ["random", "heuristic", "expert"])
def test_bots_play_legal_deals(rules: Rules, level: str) -> None:
    rng = random.Random(7)
    bots: list[Bot] = [
        ExpertBot(i, max_samples=3, think_ms=200) if level == "expert" else make_bot(level, seed=i)
        for i in range(4)
    ]
    longest = 0
    for dealer in range(2 if level == "expert" else 16):
        deal = Deal(rules, dealer % 4, *deal_cards(rng, rules, dealer % 4))
        while not deal.done:
            v = view(deal, deal.to_act)
            check_view(v)
            deal.apply(bots[deal.to_act].act(v))
        assert deal.result is not None and sum(deal.result.scores) == 0
        assert replay(to_record(deal)) == deal.result
        longest = max(longest, len(deal.bids))
    if level == "random":
        assert longest > 4  # some auctions went past one call per seat


@pytest.mark.parametrize(
    ("rules", "calls"),
    [(OPEN, "prise garde"), (PAROLE_RULES, "parole parole"), (PAROLE_RULES, "parole pass pass")],
)
def test_rollouts_finish_the_auction_by_its_rules(rules: Rules, calls: str) -> None:
    for seed in range(6):
        deal = speak(Deal(rules, 3, *deal_cards(random.Random(seed), rules, 3)), calls)
        finish(deal, random.Random(seed))
        assert deal.done
        assert replay(to_record(deal)) == deal.result


# ----- random deals -------------------------------------------------------------------------


AUCTION_OPTIONS = st.builds(
    lambda auction, contracts: auction | {"contracts": contracts},
    st.sampled_from(({"auction": "open"}, {"parole": True})),
    st.sampled_from(("fft", "pousse")),
)


@settings(max_examples=150, **COMMON)
@given(setups(options=AUCTION_OPTIONS))
def test_random_deals_with_each_option(setup: Setup) -> None:
    """78 cards conserved, views hiding what they must, a zero sum, record → replay identical
    (test_properties' independent tracker, which knows docs/rules.md §11.5's order of speech)."""
    deal = play_checked(setup)
    for seat in (*range(deal.n), None):
        check_view(view(deal, seat))
