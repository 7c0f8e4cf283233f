"""House rule ``petit_imprenable`` (docs/rules.md §11.2): the protected Petit's legality, its
scoring (kept like the Excuse, petit au bout for its own side only), records and replay,
views and what the bots may infer, and random deals built around a protected hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from builders import cards, make_deal, mask, refused, texts
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import COMMON, Setup, Tracker, check_end, check_state, rigged_hands

from tarot_core import Deal, Rules, read_deal, replay, to_record, view
from tarot_core.actions import Bid, DeclareSlam, Ecart, Play
from tarot_core.bots import make_bot
from tarot_core.bots.expert import ExpertBot
from tarot_core.bots.knowledge import infer
from tarot_core.bots.worlds import build_world
from tarot_core.cards import EXCUSE, HALF_POINTS, PETIT, TRUMPS, cards_of
from tarot_core.deal import Phase
from tarot_core.record import RecordError
from tarot_core.refusals import IllegalActionCode as Code
from tarot_core.rules import Contract
from tarot_core.serial import SerialError, view_from_json, view_to_json
from tarot_core.view_check import ImpossibleView, check_view

ON = Rules(players=4, petit_imprenable=True)


def spaced(first: int, last: int, suit: str) -> str:
    names = {11: "J", 12: "C", 13: "Q", 14: "K"}
    return " ".join(f"{names.get(r, r)}{suit}" for r in range(first, last + 1))


def trumps(first: int, last: int) -> str:
    return " ".join(f"T{n}" for n in range(first, last + 1))


# The two hand-worked deals (4 players, dealer 3: seat 0 speaks first and leads). Seat 1 is
# dealt the Petit alone; seat 0 takes a Garde sans with trumps only and leads them one by one.
HOLDER_HAND = "T1 " + spaced(1, 14, "S") + " 1H 2H 3H"
SEAT2 = spaced(4, 14, "H") + " " + spaced(1, 7, "D")
WORKED = {
    "taker_wins_last": {
        0: trumps(2, 19),
        1: HOLDER_HAND,
        2: SEAT2,
        3: spaced(8, 14, "D") + " " + spaced(1, 11, "C"),
        "chien": "T20 T21 EX CC QC KC",
    },
    "petit_wins_last": {
        0: trumps(2, 18) + " 1C",
        1: HOLDER_HAND,
        2: SEAT2,
        3: spaced(8, 14, "D") + " " + spaced(2, 12, "C"),
        "chien": "T19 T20 T21 EX QC KC",
    },
}


def worked_record(name: str, rules: Rules = ON) -> dict[str, Any]:
    """The deal played out: the taker's trumps from the highest; the others' cards in the
    order dealt, seat 1 keeping the Petit for the last trick."""
    spec = WORKED[name]
    hands = {s: str(spec[s]) for s in range(4)}
    deal = Deal(rules, 3, [mask(hands[s]) for s in range(4)], mask(str(spec["chien"])))
    assert not deal.done
    for seat in range(4):
        deal.apply(Bid(seat, Contract.GARDE_SANS if seat == 0 else Contract.PASS))
    deal.apply(DeclareSlam(0, False))
    order = {s: cards(hands[s]) for s in range(4)}
    order[0].sort(reverse=True)  # T19 (or 1C last) first: trumps high to low, 1C is lowest id
    order[0] = [c for c in order[0] if c >= PETIT] + [c for c in order[0] if c < PETIT]
    order[1] = order[1][1:] + order[1][:1]  # the Petit last
    for t in range(18):
        for seat in range(4):
            deal.apply(Play(seat, order[seat][t]))
    return to_record(deal)


def test_worked_a_protected_petit_taken_in_the_last_trick_stays_with_its_side() -> None:
    """The taker wins all 18 tricks; the defence's Petit, in the last trick, stays with the
    defence (4 points for it, 0.5 to the taker): 91 - 4 = 87 points, 2 oudlers (T21 and EX of
    the chien), target 41, diff 46; no petit au bout (the trick's winner is not the Petit's
    side); a slam made unannounced: s = (25 + 46) x 4 + 200 = 484."""
    record = worked_record("taker_wins_last")
    assert record["tricks"][-1] == ["T2", "T1", "7D", "JC"]
    result = replay(record)
    assert (result.points, result.oudlers, result.target, result.made) == (87, 2, 41, True)
    assert (result.petit_au_bout, result.slam, result.hand_score) == (None, "made", 484)
    assert result.scores == (1452, -484, -484, -484)


def test_worked_a_protected_petit_au_bout_counts_for_its_own_side() -> None:
    """The taker wins tricks 1-17; seat 1's Petit wins the last trick (1C, T1, 7D, CC: no
    other trump), so it counts normally for the defence and is au bout for it. The taker has
    91 - (0.5 + 4.5 + 0.5 + 2.5) = 83 points, 2 oudlers, diff 42:
    s = (25 + 42) x 4 - 10 x 4 = 228."""
    record = worked_record("petit_wins_last")
    assert record["tricks"][-1] == ["1C", "T1", "7D", "CC"]
    result = replay(record)
    assert (result.points, result.oudlers, result.target) == (83, 2, 41)
    assert (result.petit_au_bout, result.slam, result.hand_score) == ("defence", None, 228)
    assert result.scores == (684, -228, -228, -228)


def test_without_the_option_the_same_hand_is_a_petit_sec() -> None:
    plain = Rules(players=4)
    spec = WORKED["taker_wins_last"]
    deal = Deal(plain, 3, [mask(str(spec[s])) for s in range(4)], mask(str(spec["chien"])))
    assert deal.done and deal.petit_sec_seats == (1,) and deal.imprenable == -1
    annulled = to_record(deal)
    assert replay(annulled).outcome == "petit_sec"
    assert annulled["rules"]["petit_imprenable"] is False
    with pytest.raises(RecordError, match=r"^bids: bidding after a petit sec is invalid"):
        replay(worked_record("taker_wins_last") | {"rules": {}})
    # With the option, the same cards are played, not annulled.
    on = Deal(ON, 3, [mask(str(spec[s])) for s in range(4)], mask(str(spec["chien"])))
    assert not on.done and on.imprenable == 1 and on.petit_sec_seats == ()


# ----- legality ------------------------------------------------------------------------------


def protected_deal(holder_hand: str = "T1 2S 3S 4S KS 5H 6H", **kw: Any) -> Deal:
    """Seat 1 dealt the Petit alone, with spades and hearts only; seat 0 takes a Garde sans
    and leads."""
    hands = {0: "1S 1D T21 T2", 1: holder_hand}
    deal = make_deal(4, dealer=3, hands=hands, closed={1: "TXDC"}, rules=ON, **kw)
    assert deal.imprenable == 1
    for seat in range(4):
        deal.apply(Bid(seat, Contract.GARDE_SANS if seat == 0 else Contract.PASS))
    deal.apply(DeclareSlam(0, False))
    return deal


def test_played_while_its_holder_could_follow() -> None:
    deal = protected_deal()
    deal.apply(Play(0, cards("1S")[0]))  # a spade: seat 1 holds spades
    assert texts(deal.legal_cards(1)) == texts(deal.hands[1] & mask(spaced(1, 14, "S"))) | {"T1"}
    refused(deal, Play(1, cards("5H")[0]), "^5H is not allowed: you must follow spades$")
    deal.apply(Play(1, PETIT))
    assert deal.max_trump == PETIT and deal.best_seat == 1


def test_never_obliged_to_play_it() -> None:
    deal = protected_deal()
    deal.apply(Play(0, cards("T2")[0]))
    # A trump led: the holder counts as holding no trump, so any card.
    assert deal.legal_cards(1) == deal.hands[1]
    deal.apply(Play(1, cards("5H")[0]))


def test_void_in_the_suit_its_holder_may_discard_anything() -> None:
    deal = protected_deal()
    deal.apply(Play(0, cards("1D")[0]))
    assert deal.legal_cards(1) == deal.hands[1]


def test_it_wins_a_trick_as_the_only_trump() -> None:
    hands = {
        0: "1D 2D 3D 4D " + spaced(1, 14, "C"),
        1: HOLDER_HAND,
        2: "5D 6D 7D 8D 9D",
        3: "10D JD CD QD KD",
    }
    deal = make_deal(4, dealer=3, hands=hands, rules=ON)
    for seat in range(4):
        deal.apply(Bid(seat, Contract.GARDE_SANS if seat == 0 else Contract.PASS))
    deal.apply(DeclareSlam(0, False))
    for card in ("1D", "T1", "9D", "KD"):
        deal.apply(Play(deal.to_act, cards(card)[0]))
    assert deal.winners == [1] and deal.to_act == 1  # the Petit took the King


def test_when_it_leads_trumps_are_the_suit_led() -> None:
    hands = {1: "T1 2S 3S 4S KS 5H 6H", 2: "T5 T6 2H"}
    deal = make_deal(4, dealer=0, hands=hands, closed={1: "TXDC"}, rules=ON)
    assert deal.imprenable == 1
    for seat in (1, 2, 3, 0):
        deal.apply(Bid(seat, Contract.GARDE_SANS if seat == 0 else Contract.PASS))
    deal.apply(DeclareSlam(0, False))
    deal.apply(Play(1, PETIT))
    assert deal.legal_cards(2) == deal.hands[2] & (TRUMPS | 1 << EXCUSE)
    refused(deal, Play(2, cards("2H")[0]), "you must play a trump higher than T1")


def test_other_trumps_still_follow_suit_rules() -> None:
    hands = {0: "T1 " + spaced(1, 13, "H") + " 1S 2S 3S 8S", 1: "KH " + trumps(5, 21)}
    deal = make_deal(4, dealer=0, hands=hands, chien="T2 T3 EX 5S 6S 7S", rules=ON)
    assert deal.imprenable == 0
    for seat in (1, 2, 3, 0):
        deal.apply(Bid(seat, Contract.PRISE if seat == 0 else Contract.PASS))
    deal.apply(Ecart(0, tuple(cards("1S 2S 3S 5S 6S 7S"))))
    deal.apply(DeclareSlam(0, False))
    deal.apply(Play(1, cards("KH")[0]))
    for seat in (2, 3):
        deal.apply(Play(seat, cards_of(deal.legal_cards(seat))[0]))
    refused(deal, Play(0, cards("T2")[0]), "you must follow hearts")
    assert texts(deal.legal_cards(0)) == texts(mask(spaced(1, 13, "H") + " T1 EX"))


def test_another_seats_petit_is_not_protected() -> None:
    """Only the hand dealt the Petit alone: a Petit with other trumps is an ordinary one."""
    deal = make_deal(4, dealer=3, hands={1: "T1 T2 2S 3S"}, closed={1: "XDC"}, rules=ON)
    assert deal.imprenable == -1 and deal.petit_sec_seats == ()


# ----- records --------------------------------------------------------------------------------


def chien_deal() -> Deal:
    """Seat 0 dealt the Petit alone takes a Prise with T2, T3, T4 in the chien; seat 1 wins
    trick 1 and leads T6 in trick 2, seat 0 to play last."""
    hands = {
        0: "T1 " + spaced(1, 14, "H") + " 1S 2S 3S",
        1: trumps(5, 21) + " EX",
        2: spaced(7, 14, "S") + " " + spaced(1, 10, "D"),
    }
    deal = make_deal(4, dealer=3, hands=hands, chien="T2 T3 T4 4S 5S 6S", rules=ON)
    for seat in range(4):
        deal.apply(Bid(seat, Contract.PRISE if seat == 0 else Contract.PASS))
    deal.apply(Ecart(0, tuple(cards("1S 2S 3S 4S 5S 6S"))))
    deal.apply(DeclareSlam(0, False))
    for card in ("T4", "T5", "7S", "1C", "T6", "8S", "2C"):
        deal.apply(Play(deal.to_act, cards(card)[0]))
    assert deal.to_act == 0
    return deal


def test_protection_lasts_after_taking_trumps_from_the_chien() -> None:
    deal = chien_deal()
    # It must play a trump (its T2 and T3 follow the normal rules), or the Petit at will.
    assert texts(deal.legal_cards(0)) == {"T1", "T2", "T3"}
    error = refused(deal, Play(0, cards("2H")[0]), r"^2H is not allowed: you must play a trump$")
    assert error.code == Code.MUST_TRUMP


def chien_record() -> dict[str, Any]:
    """``chien_deal`` with the Petit played under T6, then each seat's lowest legal card."""
    deal = chien_deal()
    deal.apply(Play(0, PETIT))
    while not deal.done:
        deal.play(deal.to_act, cards_of(deal.legal_cards(deal.to_act))[0])
    return to_record(deal)


def test_a_record_with_the_protected_petit_replays() -> None:
    record = chien_record()
    assert record["rules"]["petit_imprenable"] is True
    assert record["tricks"][1] == ["T6", "8S", "2C", "T1"]
    deal = read_deal(json.loads(json.dumps(record)))
    assert deal.result is not None and deal.result.outcome == "played"
    assert to_record(deal) == record
    # The Petit, lost to seat 1's T6, stays with the taker: it holds an oudler.
    assert deal.result.oudlers is not None and deal.result.oudlers >= 1


@pytest.mark.parametrize(
    ("defect", "message"),
    [
        (
            lambda r: r | {"rules": {}},
            r"^bids: bidding after a petit sec is invalid \(seat 0 holds",
        ),
        (
            lambda r: r | {"rules": {"petit_imprenable": "yes"}},
            r"^rules: petit_imprenable must be false or true, not 'yes'$",
        ),
        (
            lambda r: r | {"tricks": [r["tricks"][0], ["T6", "8S", "2C", "5H"], *r["tricks"][2:]]},
            r"^trick 2, card 4 \(seat 0\): 5H is not allowed: seat 0 must play a trump"
            r" \(holds T1, T2, T3\)$",
        ),
    ],
    ids=["option-off", "bad-value", "must-trump-with-other-trumps"],
)
def test_records_with_one_defect_are_refused(defect: Any, message: str) -> None:
    record = chien_record()
    with pytest.raises(RecordError, match=message):
        replay(defect(json.loads(json.dumps(record))))


# ----- views ----------------------------------------------------------------------------------


def test_views_show_the_protection_to_its_holder_then_to_all_once_played() -> None:
    deal = protected_deal()
    for seat in (None, 0, 2, 3):
        assert view(deal, seat).petit_imprenable is None
    own = view(deal, 1)
    assert own.petit_imprenable == 1
    check_view(own)
    form = view_to_json(own)
    assert form["petit_imprenable"] == 1 and view_from_json(form) == own
    old = {k: v for k, v in form.items() if k != "petit_imprenable"}
    assert view_from_json(old).petit_imprenable is None
    with pytest.raises(SerialError, match=r"^view\.petit_imprenable: must be a seat from 0 to 3"):
        view_from_json(form | {"petit_imprenable": 7})
    deal.apply(Play(0, cards("1S")[0]))
    deal.apply(Play(1, PETIT))
    for seat in (None, 0, 1, 2, 3):
        v = view(deal, seat)
        assert v.petit_imprenable == 1
        check_view(v)


def test_view_check_refuses_an_inconsistent_protection() -> None:
    from dataclasses import replace

    deal = protected_deal()
    own = view(deal, 1)
    with pytest.raises(ImpossibleView, match=r"^view\.petit_imprenable: must be 1"):
        check_view(replace(own, petit_imprenable=None))
    with pytest.raises(ImpossibleView, match=r"only the Petit's play shows it"):
        check_view(replace(view(deal, 2), petit_imprenable=1))
    off = replace(own, rules=Rules(players=4))
    with pytest.raises(ImpossibleView, match=r"^view\.petit_imprenable: must be null"):
        check_view(off)
    deal.apply(Play(0, cards("1S")[0]))
    deal.apply(Play(1, PETIT))
    with pytest.raises(ImpossibleView, match=r"must be 1: only the Petit's play shows it"):
        check_view(replace(view(deal, 2), petit_imprenable=3))


def test_knowledge_once_the_protected_petit_is_played() -> None:
    deal = protected_deal()
    lead = cards("1S")[0]
    before = infer(view(deal, 2))
    assert not before.excluded[1] >> PETIT & 1  # nobody else knows yet
    deal.apply(Play(0, lead))
    deal.apply(Play(1, PETIT))
    know = infer(view(deal, 2))
    # Dealt no other trump and no Excuse; and playing the Petit on spades says nothing of
    # seat 1's spades.
    assert know.excluded[1] & (TRUMPS | 1 << EXCUSE) == (TRUMPS | 1 << EXCUSE) & ~know.known[1]
    assert not know.excluded[1] & mask("KS") or not deal.hands[1] & mask("KS")
    world = build_world(view(deal, 2), know, list(deal.hands), 0)
    assert world.imprenable == 1


def test_a_discard_does_not_rule_out_an_unplayed_protected_petit() -> None:
    deal = protected_deal()
    deal.apply(Play(0, cards("T2")[0]))
    deal.apply(Play(1, cards("5H")[0]))
    know = infer(view(deal, 2))
    assert know.excluded[1] & TRUMPS == TRUMPS & ~(1 << PETIT)


# ----- bots -------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "heuristic", "expert"])
def test_bots_play_a_protected_hand_legally(level: str) -> None:
    """The first seat to speak takes a Garde; the bots do the rest, legally."""
    seeds = range(3 if level == "expert" else 12)
    for seed in seeds:
        rng = random.Random(seed)
        rules = Rules(players=3 + seed % 3, petit_imprenable=True)
        hands, chien = rigged_hands(rng, rules, "petit_sec")
        n = rules.players
        deal = Deal(rules, seed % n, hands, chien)
        holder = deal.imprenable
        assert holder >= 0
        for i in range(n):
            deal.apply(Bid(deal.to_act, Contract.GARDE if i == 0 else Contract.PASS))
        bots = [
            make_bot("heuristic" if level == "expert" else level, seed=seed + s) for s in range(n)
        ]
        if level == "expert":  # the holder thinks; a few worlds each time keep it fast
            bots[holder] = ExpertBot(seed, think_ms=60_000, max_samples=3)
        while not deal.done:
            seat = deal.to_act
            deal.apply(bots[seat].act(view(deal, seat)))
        assert deal.result is not None and replay(to_record(deal)) == deal.result
        assert any(PETIT in trick for trick in deal.tricks)


def test_the_heuristic_plays_the_petit_last_in_a_trick_without_trump() -> None:
    hands = {3: "1D 2D 3D 4D", 0: "5D 6D 7D", 1: "8D 9D KD", 2: HOLDER_HAND}
    deal = make_deal(4, dealer=2, hands=hands, rules=ON)
    assert deal.imprenable == 2
    for seat, bid in ((3, "pass"), (0, "pass"), (1, "garde_sans"), (2, "pass")):
        deal.apply(Bid(seat, Contract.parse(bid)))
    deal.apply(DeclareSlam(1, False))
    for card in ("1D", "5D", "KD"):
        deal.apply(Play(deal.to_act, cards(card)[0]))
    assert make_bot("heuristic", seed=1).act(view(deal, 2)) == Play(2, PETIT)


def test_the_heuristic_keeps_the_petit_out_of_a_trick_it_cannot_win() -> None:
    deal = protected_deal()
    deal.apply(Play(0, cards("T21")[0]))  # the taker's best trump
    bot = make_bot("heuristic", seed=1)
    assert bot.act(view(deal, 1)) != Play(1, PETIT)


# ----- random deals ---------------------------------------------------------------------------


class ProtectedTracker(Tracker):
    """The property tracker with docs/rules.md §11.2 worked out here: no petit sec, and the legal
    cards of the holder of a protected Petit."""

    holder: int = -1

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.petit_sec:
            self.holder = self.petit_sec[0]
            self.petit_sec = []

    def legal_cards(self, seat: int) -> set[int]:
        if seat != self.holder or PETIT not in self.hands[seat]:
            return super().legal_cards(seat)
        self.hands[seat].discard(PETIT)
        try:
            return super().legal_cards(seat) | {PETIT}
        finally:
            self.hands[seat].add(PETIT)


def expected_taker_half(deal: Deal, holder: int) -> int:
    """The taker's side's half points, worked out from the tricks and docs/rules.md §7/§11.2."""
    side = {deal.taker, deal.partner}
    half = 0
    if deal.contract != Contract.GARDE_CONTRE:
        aside = deal.ecart if deal.contract <= Contract.GARDE else deal.chien
        half += sum(HALF_POINTS[c] for c in cards_of(aside))
    last = len(deal.tricks) - 1
    for i, (trick, winner) in enumerate(zip(deal.tricks, deal.winners, strict=True)):
        leader = deal.leaders[i]
        for k, card in enumerate(trick):
            owner = (leader + k) % deal.n
            if card == PETIT:  # kept by its side, which gives the winner 0.5
                half += 8 * (owner in side) + (winner in side)
            elif card == EXCUSE:
                if i == last and winner != owner:
                    half += 9 * (owner not in side)
                else:
                    half += 8 * (owner in side) + (winner in side)
            elif winner in side:
                half += HALF_POINTS[card]
    assert holder >= 0
    return half


@settings(max_examples=60, **COMMON)
@given(
    st.sampled_from((3, 4, 5)),
    st.integers(0, 2**32),
    st.sampled_from(("uniform", "modest")),
)
def test_random_deals_with_a_protected_petit(players: int, seed: int, bidding: str) -> None:
    """Cards conserved, zero sum, record -> replay identical, views hide every hidden card
    and the protection until the Petit is played, every view passes check_view, and the
    points match a count made here."""
    rng = random.Random(seed)
    options = {"petit_imprenable": True, "misere": bool(seed % 2)}
    setup = Setup(players, seed, seed % players, "petit_sec", options, bidding)
    rules = setup.rules()
    hands, chien = rigged_hands(rng, rules, "petit_sec")
    deal = Deal(rules, setup.dealer, hands, chien)
    holder = deal.imprenable
    assert holder >= 0 and not deal.done
    tr = ProtectedTracker(
        rules, setup.dealer, [set(cards_of(h)) for h in hands], set(cards_of(chien))
    )
    assert tr.holder == holder
    check_state(deal, tr)
    while not deal.done:
        actions = deal.legal_actions(deal.to_act)
        if bidding == "modest" and deal.phase == Phase.BIDDING:
            actions = [a for a in actions if isinstance(a, Bid) and a.contract <= Contract.GARDE]
        action = rng.choice(actions)
        deal.apply(action)
        tr.apply(action)
        check_state(deal, tr)
        shown = PETIT in tr.played
        for seat in (None, *range(players)):
            v = view(deal, seat)
            assert v.petit_imprenable == (holder if shown or seat == holder else None)
            check_view(v)
    check_end(deal, tr)
    result = deal.result
    assert result is not None
    if result.outcome == "played":
        assert result.points_half == expected_taker_half(deal, holder)
        holder_side = holder in (deal.taker, deal.partner)
        petit_trick = next(i for i, t in enumerate(deal.tricks) if PETIT in t)
        own_side_won = (deal.winners[petit_trick] in (deal.taker, deal.partner)) == holder_side
        if result.petit_au_bout is not None:
            assert petit_trick >= len(deal.tricks) - 2 and own_side_won
            assert (result.petit_au_bout == "taker") == holder_side
        elif petit_trick == len(deal.tricks) - 1:
            assert not own_side_won
