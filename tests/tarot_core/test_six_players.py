"""Six players (docs/rules.md §11.1, option ``six_players``): the deal of twelve cards (every seat
plays, the call of §4, poignées of 6/8/10, scores with the taker at +3s or +5s), its records
and replay, views that hide the partner, the bots, and random deals checked end to end."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from builders import cards, fill, make_deal, start_play, visible_cards
from hypothesis import given, settings
from hypothesis import strategies as st
from tarot_command import tarot
from test_properties import COMMON, Setup, play_checked

from tarot_core import Deal, Game, Rules, read_deal, replay, to_record, view
from tarot_core.actions import Bid, Call, DeclareSlam, IllegalAction, Misere, Play, Poignee
from tarot_core.auction import max_calls, next_speaker, speakers
from tarot_core.bots import make_bot
from tarot_core.bots.expert import ExpertBot
from tarot_core.bots.knowledge import infer
from tarot_core.bots.worlds import WorldSampler
from tarot_core.cards import DECK_SIZE, TRUMPS, Mask, cards_of, mask_of
from tarot_core.deal import Phase, trick_seats
from tarot_core.dealing import deal as deal_cards
from tarot_core.record import RecordError
from tarot_core.rules import OPTION, Contract, RulesError
from tarot_core.scoring import misere_scores, seat_scores
from tarot_core.serial import view_from_json, view_to_json
from tarot_core.view_check import check_view

SIX = Rules(players=6)


# ----- the rule set ---------------------------------------------------------------------------


def test_six_players_deal_twelve_cards_by_default() -> None:
    assert SIX.six_players == "twelve_cards" == OPTION["six_players"].default
    assert (SIX.hand_size, SIX.chien_size, SIX.packet) == (12, 6, 3)
    assert SIX.poignee_thresholds == (6, 8, 10)
    assert SIX.calls and Rules(players=5).calls and not Rules(players=4).calls


def test_the_option_is_ignored_below_six_players() -> None:
    ignored = Rules(players=4, six_players="dealer_sits_out")
    assert (ignored.hand_size, ignored.poignee_thresholds) == (18, (10, 13, 15))
    with pytest.raises(RulesError, match=r"^six_players must be 'twelve_cards' or"):
        Rules(players=6, six_players="seven_cards")


@pytest.mark.parametrize("seed", range(20))
def test_dealing_gives_six_hands_of_twelve_and_a_chien_of_six(seed: int) -> None:
    hands, chien = deal_cards(random.Random(seed), SIX, seed % 6)
    assert [h.bit_count() for h in hands] == [12] * 6 and chien.bit_count() == 6
    union = chien
    for h in hands:
        assert not union & h
        union |= h
    assert union == (1 << DECK_SIZE) - 1


@pytest.mark.parametrize("form", ["twelve_cards", "dealer_sits_out"])
def test_a_game_rotates_the_deal_over_six_seats(form: str) -> None:
    rules = Rules(players=6, six_players=form)
    rng = random.Random(0)
    game = Game(rules, deals=7, dealer=4, seed=3)
    while not game.over:
        deal = game.current
        game.apply(rng.choice(deal.legal_actions(deal.to_act)))
    dealers = [d.dealer for d in game.deals]
    assert dealers == [(4 + i) % 6 for i in range(len(dealers))] and len(dealers) >= 7
    assert sum(game.totals) == 0 and len(game.totals) == 6
    for d in game.deals:
        assert d.result is not None
        assert (d.result.scores[d.dealer] == 0) or not rules.sits_out


# ----- the call -------------------------------------------------------------------------------


def test_the_taker_calls_a_king_at_six_players() -> None:
    deal = make_deal(rules=SIX, hands={0: "T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"})
    deal.apply(Bid(0, Contract.GARDE))
    for seat in range(1, 6):
        deal.apply(Bid(seat, Contract.PASS))
    assert deal.phase == Phase.CALLING and deal.to_act == 0
    assert set(cards_of(deal.callable_cards())) == set(cards("KS KH KD KC"))
    with pytest.raises(IllegalAction, match="a Queen may be called only by a taker dealt all"):
        deal.apply(Call(0, cards("QS")[0]))
    deal.apply(Call(0, cards("KS")[0]))
    holder = next(s for s in range(6) if deal.dealt[s] >> cards("KS")[0] & 1)
    assert deal.partner == holder and deal.phase == Phase.ECART


# ----- scores, worked by hand ----------------------------------------------------------------


def test_seat_scores_at_six_players() -> None:
    # docs/rules.md §11.1: each defender -s; partner +s and taker +3s; alone, taker +5s.
    assert seat_scores(6, 0, 2, 100) == [300, -100, 100, -100, -100, -100]
    assert seat_scores(6, 3, None, 100) == [-100, -100, -100, 500, -100, -100]
    assert seat_scores(5, 0, 2, 100) == [200, -100, 100, -100, -100]  # unchanged at 5
    # A misère gains 10 from each of the five others.
    assert misere_scores(6, [1]) == [-10, 50, -10, -10, -10, -10]


# Seat 0 holds the twelve highest trumps, announces a slam and leads them: it wins every trick.
# The Excuse and two Kings lie in the unseen chien (a Garde sans: it counts for the taker), so
# the taker's side has all 91 points and the three oudlers: made by 91 - 36 = 55.
# s = (25 + 55) x 4 + 400 (slam announced and made) = 720.
SLAM_HANDS = {0: "T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21", 1: "T1 T2"}


def play_slam(deal: Deal, call: str) -> Deal:
    """Seat 0 takes a Garde sans, calls ``call`` and announces a slam; then seat 0 plays its
    highest legal card and every other seat its lowest, to the end."""
    start_play(deal, taker=0, contract=Contract.GARDE_SANS, call=call, slam=True)
    while not deal.done:
        seat = deal.to_act
        playable = cards_of(deal.legal_cards(seat))
        deal.play(seat, playable[-1] if seat == 0 else playable[0])
    return deal


def slam_deal(call: str, chien: str) -> Deal:
    return play_slam(make_deal(rules=SIX, hands=dict(SLAM_HANDS), chien=chien), call)


def test_worked_slam_with_a_partner() -> None:
    deal = slam_deal("KS", "EX KH KD 1S 2S 3S")
    result = deal.result
    assert result is not None and result.partner is not None and result.partner != 0
    assert (result.points, result.oudlers, result.target) == (91, 3, 36)
    assert result.hand_score == 720
    expected = [-720] * 6
    expected[0], expected[result.partner] = 3 * 720, 720
    assert list(result.scores) == expected


def test_worked_slam_alone_when_the_called_king_is_in_the_chien() -> None:
    deal = slam_deal("KH", "EX KH KD 1S 2S 3S")
    result = deal.result
    assert result is not None and result.partner is None and result.hand_score == 720
    assert list(result.scores) == [5 * 720, -720, -720, -720, -720, -720]


def test_poignee_thresholds_and_misere_at_six_players() -> None:
    misere_hand = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H"
    deal = make_deal(
        rules=Rules(players=6, misere=True),
        hands={0: "T2 T3 T4 T5 T6 T7 T8 T9", 1: misere_hand},
        closed={1: "TX"},
    )
    start_play(deal, taker=0, contract=Contract.GARDE_SANS, call="KS")
    options = deal.poignee_options(0)
    assert [len(c) for _, c in options] == [6, 8]
    with pytest.raises(IllegalAction, match="exactly 6, 8 or 10 cards at 6 players, not 7"):
        deal.apply(Poignee(0, tuple(cards("T2 T3 T4 T5 T6 T7 T8"))))
    deal.apply(Poignee(0, options[0][1]))
    deal.apply(Play(0, cards("T2")[0]))
    assert deal.can_declare_misere(1)
    deal.apply(Misere(1))
    while not deal.done:
        deal.play(deal.to_act, cards_of(deal.legal_cards(deal.to_act))[0])
    assert deal.result is not None
    assert deal.result.misere_scores == (-10, 50, -10, -10, -10, -10)
    assert sum(deal.result.scores) == 0


# ----- views: the partner stays hidden -------------------------------------------------------


def test_views_hide_the_partner_until_the_called_card_is_played() -> None:
    deal = make_deal(rules=SIX, hands={0: "T21 T20", 3: "KS 1S"}, closed={0: "S"})
    start_play(deal, taker=0, contract=Contract.GARDE_SANS, call="KS")
    assert deal.partner == 3
    king = cards("KS")[0]
    while not deal.played >> king & 1:
        for seat in (None, *range(6)):
            v = view(deal, seat)
            assert not v.partner_known and v.partner is None
            check_view(v)
        deal.play(deal.to_act, cards_of(deal.legal_cards(deal.to_act))[0])
    for seat in (None, *range(6)):
        v = view(deal, seat)
        assert v.partner_known and v.partner == 3
        check_view(v)


# ----- records ---------------------------------------------------------------------------------


def played_record(seed: int = 5) -> dict[str, Any]:
    """A 6-player deal: seat 0 takes a Garde and calls KS; each seat then plays its lowest legal
    card (the écart too)."""
    deal = make_deal(rules=SIX, hands={0: "T21 T20 T19 T18 EX", 2: "KS"})
    start_play(deal, taker=0, contract=Contract.GARDE, call="KS")
    while not deal.done:
        deal.play(deal.to_act, cards_of(deal.legal_cards(deal.to_act))[0])
    return to_record(deal)


def test_a_six_player_record_replays_identically() -> None:
    record = played_record()
    assert record["players"] == 6 and record["rules"]["six_players"] == "twelve_cards"
    assert [len(h) for h in record["hands"]] == [12] * 6 and len(record["chien"]) == 6
    assert len(record["bids"]) == 6 and record["called"] == "KS"
    assert len(record["tricks"]) == 12 and all(len(t) == 6 for t in record["tricks"])
    deal = read_deal(json.loads(json.dumps(record)))
    assert deal.result is not None and deal.result.partner == 2
    assert to_record(deal) == record
    assert sum(deal.result.scores) == 0 and len(deal.result.scores) == 6


@pytest.mark.parametrize(
    ("defect", "message"),
    [
        (lambda r: r | {"players": 7}, r"^players: must be 3, 4, 5 or 6, not 7$"),
        (
            lambda r: r | {"hands": [r["hands"][0][:11], *r["hands"][1:]]},
            r"^hands: seat 0 has 11 cards, expected 12$",
        ),
        (
            lambda r: r | {"called": None},
            r"^called: a 6-player deal with a taker needs the called card$",
        ),
        (
            lambda r: r | {"bids": r["bids"][:5]},
            r"^bids: expected 6 bids, one per seat, not 5$",
        ),
        (lambda r: r | {"tricks": r["tricks"][:11]}, r"^tricks: too few tricks: 11 of 12$"),
        (
            lambda r: r | {"rules": {"six_players": "dealer_sits_out"}},
            r"^hands: seat 0 has 12 cards, expected 15$",  # the dealer's [] too
        ),
    ],
    ids=["seven-players", "short-hand", "no-call", "five-bids", "eleven-tricks", "sits-out"],
)
def test_records_with_one_defect_are_refused(defect: Any, message: str) -> None:
    record = played_record()
    with pytest.raises(RecordError, match=message):
        replay(defect(json.loads(json.dumps(record))))


def test_old_records_keep_their_meaning() -> None:
    """A record written before the option (no ``six_players``) replays as before, and at 3 to 5
    players the option changes nothing."""
    deal = make_deal(players=5, hands={0: "T21 T20 T19"})
    start_play(deal, taker=0, contract=Contract.GARDE, call="KS")
    while not deal.done:
        deal.play(deal.to_act, cards_of(deal.legal_cards(deal.to_act))[0])
    record = to_record(deal)
    old = record | {"rules": {k: v for k, v in record["rules"].items() if k != "six_players"}}
    ignored = record | {"rules": record["rules"] | {"six_players": "dealer_sits_out"}}
    assert replay(old) == replay(ignored) == replay(record) == deal.result


# ----- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "heuristic", "expert"])
def test_bots_play_six_player_deals_legally(level: str) -> None:
    for seed in range(2 if level == "expert" else 10):
        rng = random.Random(seed)
        hands, chien = deal_cards(rng, SIX, seed % 6)
        deal = Deal(SIX, seed % 6, hands, chien)
        if deal.done:
            continue
        bots = [make_bot(level, seed=seed + s) for s in range(6)]
        if level == "expert":  # one expert thinking on a few worlds keeps the test fast
            bots = [make_bot("heuristic", seed=seed + s) for s in range(6)]
            bots[(seed % 6 + 1) % 6] = ExpertBot(seed, think_ms=60_000, max_samples=3)
        while not deal.done:
            seat = deal.to_act
            v = view(deal, seat)
            deal.apply(bots[seat].act(v))
        assert deal.result is not None and replay(to_record(deal)) == deal.result


def test_the_heuristic_takes_sometimes_at_six_players() -> None:
    taken = 0
    for seed in range(40):
        hands, chien = deal_cards(random.Random(seed), SIX, 0)
        deal = Deal(SIX, 0, hands, chien)
        bots = [make_bot("heuristic", seed=s) for s in range(6)]
        while not deal.done and deal.phase == Phase.BIDDING:
            deal.apply(bots[deal.to_act].act(view(deal, deal.to_act)))
        taken += deal.taker is not None
    assert 10 <= taken <= 38


# ----- random deals, checked end to end -------------------------------------------------------

SEEDS, DEALERS = st.integers(0, 2**64 - 1), st.integers(0, 5)
BIDDING = st.sampled_from(("uniform", "modest"))
"""What both random-deal tests draw besides their own: the seed, the dealer and the bidding
style (``Setup.bidding``)."""


@settings(max_examples=60, **COMMON)
@given(SEEDS, DEALERS, st.sampled_from(("shuffled", "poignee", "misere")), BIDDING, st.booleans())
def test_random_six_player_deals_keep_every_invariant(
    seed: int, dealer: int, scenario: str, bidding: str, misere: bool
) -> None:
    """78 cards conserved, zero sum, record -> replay identical (through JSON too), views never
    show a hidden card nor the partner early, and the legal actions are docs/rules.md's (the
    reference tracker of test_properties, at 6 players)."""
    setup = Setup(6, seed, dealer, scenario, {"misere": misere}, bidding)
    deal = play_checked(setup)
    for seat in (None, *range(6)):
        v = view(deal, seat)
        check_view(v)
        assert view_from_json(json.loads(json.dumps(view_to_json(v)))) == v


@pytest.mark.parametrize("form", ["twelve_cards", "dealer_sits_out"])
def test_the_arena_and_the_bench_play_six_players(form: str) -> None:
    rule = ["--rule", f"six_players={form}"]
    arena = ["arena", "--players", "6", "--deals", "3", "--candidate", "heuristic"]
    arena += ["--baseline", "random", "--seed", "1", "--jobs", "1"]
    for args in (arena, ["bench", "--players", "6", "--deals", "50", "--json"]):
        out = tarot(*args, *rule, timeout=60)
        assert out.returncode == 0, out.stderr
        assert form in out.stdout


# ----- dealer_sits_out ------------------------------------------------------------------------

OUT = Rules(players=6, six_players="dealer_sits_out")


def sits_out_deal(
    hands: dict[int, str] | None = None,
    chien: str = "",
    closed: dict[int, str] | None = None,
    rules: Rules = OUT,
) -> Deal:
    """Dealer 5 sits out: seats 0 to 4 are filled as a 5-player deal, seat 5 gets nothing."""
    five = fill(Rules(players=5), hands, chien, closed)
    deal = Deal(rules, 5, [*five[0], 0], five[1])
    assert not deal.done
    return deal


def test_sits_out_rules_are_those_of_five_players() -> None:
    assert (OUT.sits_out, OUT.playing, OUT.calls) == (True, 5, True)
    assert (OUT.hand_size, OUT.chien_size, OUT.packet) == (15, 3, 3)
    assert OUT.poignee_thresholds == (8, 10, 13)
    assert not SIX.sits_out and SIX.playing == 6


@pytest.mark.parametrize("seed", range(12))
def test_the_dealer_who_sits_out_gets_no_cards(seed: int) -> None:
    dealer = seed % 6
    hands, chien = deal_cards(random.Random(seed), OUT, dealer)
    assert [h.bit_count() for h in hands] == [0 if s == dealer else 15 for s in range(6)]
    assert chien.bit_count() == 3
    union = chien
    for h in hands:
        assert not union & h
        union |= h
    assert union == (1 << DECK_SIZE) - 1


def test_the_dealer_takes_no_part() -> None:
    deal = sits_out_deal(rules=Rules(players=6, six_players="dealer_sits_out", misere=True))
    assert deal.to_act == 0
    with pytest.raises(IllegalAction, match="seat 5 deals and sits out this deal"):
        deal.apply(Bid(5, Contract.PASS))
    speakers = []
    while deal.phase == Phase.BIDDING:
        speakers.append(deal.to_act)
        deal.apply(Bid(deal.to_act, Contract.GARDE if deal.to_act == 2 else Contract.PASS))
    assert speakers == [0, 1, 2, 3, 4] and len(deal.bids) == 5
    rng = random.Random(1)
    while not deal.done:
        assert deal.to_act != 5 and deal.legal_actions(5) == []
        public = view(deal)
        own = view(deal, 5)
        assert own.hand == () and own.legal == ()
        assert replace(own, seat=None) == public  # the public view, nothing more
        deal.apply(rng.choice(deal.legal_actions(deal.to_act)))
    assert all(len(t) == 5 for t in deal.tricks) and len(deal.tricks) == 15
    assert deal.result is not None and deal.result.scores[5] == 0


def test_a_trick_passes_over_the_dealer() -> None:
    """Dealer 2 sits out: seat 1's card is followed by seat 3's."""
    hands, chien = deal_cards(random.Random(4), OUT, 2)
    deal = Deal(OUT, 2, hands, chien)
    assert deal.to_act == 3
    for _ in range(5):
        deal.apply(Bid(deal.to_act, Contract.GARDE_SANS if deal.to_act == 3 else Contract.PASS))
    deal.apply(Call(3, cards_of(deal.callable_cards())[0]))
    deal.apply(DeclareSlam(3, False))
    assert trick_seats(1, 5, 6, 2) == [1, 3, 4, 5, 0]
    seats: list[int] = []
    while not deal.done:
        seats.append(deal.to_act)
        deal.play(deal.to_act, cards_of(deal.legal_cards(deal.to_act))[0])
    assert 2 not in seats and len(seats) == 75
    for k, leader in enumerate(deal.leaders):
        assert seats[5 * k : 5 * k + 5] == trick_seats(leader, 5, 6, 2)
    assert set(deal.leaders) - {3}, "some trick is led by another seat"


# Dealer 5 sits out. Seat 0 holds the 15 highest trumps, announces a slam and leads them: it
# wins every trick; the Excuse lies in the unseen chien of a Garde sans, so the taker's side
# has all 91 points and three oudlers: s = (25 + 55) x 4 + 400 = 720, as at twelve cards.
OUT_SLAM = {0: " ".join(f"T{n}" for n in range(7, 22)), 1: "T1 T2"}


def sits_out_slam(call: str) -> Deal:
    return play_slam(sits_out_deal(hands=dict(OUT_SLAM), chien="EX KH KD"), call)


def test_worked_sits_out_slam_with_a_partner() -> None:
    result = sits_out_slam("KS").result
    assert result is not None and result.partner not in (None, 0, 5)
    assert (result.points, result.oudlers, result.hand_score) == (91, 3, 720)
    expected = [-720] * 6
    expected[0], expected[result.partner], expected[5] = 2 * 720, 720, 0
    assert list(result.scores) == expected


def test_worked_sits_out_slam_alone() -> None:
    result = sits_out_slam("KH").result
    assert result is not None and result.partner is None and result.hand_score == 720
    assert list(result.scores) == [4 * 720, -720, -720, -720, -720, 0]


def test_sits_out_misere_gains_from_the_four_other_players() -> None:
    assert seat_scores(6, 0, 2, 100, out=5) == [200, -100, 100, -100, -100, 0]
    assert misere_scores(6, [1], out=4) == [-10, 40, -10, -10, 0, -10]
    rules = Rules(players=6, six_players="dealer_sits_out", misere=True, round_to_ten=True)
    deal = sits_out_deal(hands={1: "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H"}, rules=rules)
    start_play(deal, taker=0, contract=Contract.GARDE_SANS, call="KS")
    deal.apply(Play(0, cards_of(deal.legal_cards(0))[0]))
    deal.apply(Misere(1))
    while not deal.done:
        deal.play(deal.to_act, cards_of(deal.legal_cards(deal.to_act))[0])
    result = deal.result
    assert result is not None
    assert result.misere_scores == (-10, 40, -10, -10, -10, 0)
    assert result.scores[5] == 0 and sum(result.scores) == 0  # rounded to ten, still 0


def sits_out_record() -> dict[str, Any]:
    deal = sits_out_deal(hands={0: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"})
    start_play(deal, taker=0, contract=Contract.GARDE, call="KS")
    deal.apply(Poignee(0, tuple(cards("T12 T13 T14 T15 T16 T17 T18 T19"))))
    while not deal.done:
        deal.play(deal.to_act, cards_of(deal.legal_cards(deal.to_act))[0])
    return to_record(deal)


def test_a_sits_out_record_replays_identically() -> None:
    record = sits_out_record()
    assert record["rules"]["six_players"] == "dealer_sits_out" and record["dealer"] == 5
    assert [len(h) for h in record["hands"]] == [15] * 5 + [0]
    assert len(record["bids"]) == 5 and len(record["chien"]) == 3
    assert all(len(t) == 5 for t in record["tricks"]) and len(record["tricks"]) == 15
    deal = read_deal(json.loads(json.dumps(record)))
    assert to_record(deal) == record
    assert deal.result is not None and deal.result.scores[5] == 0 and len(deal.result.scores) == 6


@pytest.mark.parametrize(
    ("defect", "message"),
    [
        (
            lambda r: r | {"hands": [r["hands"][0][1:], *r["hands"][1:5], r["hands"][0][:1]]},
            r"^hands: seat 0 has 14 cards, expected 15$",
        ),
        (
            lambda r: r | {"hands": [*r["hands"][:5], ["KS"]]},
            r"^hands: seat 5 deals and sits out: its hand must be \[\], not 1 cards$",
        ),
        (
            lambda r: r | {"bids": [*r["bids"], "pass"]},
            r"^bids: expected 5 bids, one per seat but the dealer, not 6$",
        ),
        (
            lambda r: r | {"poignees": {"5": ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8"]}},
            r"^poignees: seat 5 deals and sits out: it shows none$",
        ),
        (
            lambda r: r | {"rules": r["rules"] | {"misere": True}, "miseres": [5]},
            r"^miseres: seat 5 deals and sits out: it declares none$",
        ),
        (
            lambda r: r | {"tricks": [[*r["tricks"][0], "EX"], *r["tricks"][1:]]},
            r"^trick 1: has 6 cards, expected 5$",
        ),
    ],
    ids=["short-hand", "dealer-hand", "six-bids", "dealer-poignee", "dealer-misere", "long-trick"],
)
def test_sits_out_records_with_one_defect_are_refused(defect: Any, message: str) -> None:
    record = sits_out_record()
    with pytest.raises(RecordError, match=message):
        replay(defect(json.loads(json.dumps(record))))


@pytest.mark.parametrize("options", [{"auction": "open"}, {"parole": True}])
def test_sits_out_auctions_skip_the_dealer(options: dict[str, Any]) -> None:
    rules = Rules(players=6, six_players="dealer_sits_out", **options)
    assert next_speaker(rules, 2, []) == 3
    calls = [Contract.PASS] * 4
    assert speakers(rules, 2, calls) == (3, 4, 5, 0)
    if rules.auction == "open":  # four passed; seat 1 still speaks (a pass voids the deal)
        assert next_speaker(rules, 2, calls) == 1
        assert next_speaker(rules, 2, [*calls, Contract.PASS]) is None
        assert max_calls(rules) == 5 + len(rules.bids)
    else:  # seats 3 and 5 said parole, and speak once more in the same order
        said = [Contract.PAROLE, Contract.PASS, Contract.PAROLE, Contract.PASS, Contract.PASS]
        assert next_speaker(rules, 2, said) == 3
        assert next_speaker(rules, 2, [*said, Contract.PASS]) == 5
        assert max_calls(rules) == 10


def may_know(deal: Deal, seat: int | None) -> Mask:
    """What docs/rules.md lets ``seat`` (None: anyone) see: its own hand as dealt, every card
    played, the chien once shown, poignées and trumps put in the écart; the taker its écart."""
    known = deal.played | deal.ecart & TRUMPS
    for cards_shown in deal.poignees.values():
        known |= mask_of(cards_shown)
    if deal.contract <= Contract.GARDE and deal.phase >= Phase.ECART:
        known |= deal.chien
    if seat is not None:
        known |= deal.dealt[seat]
        if seat == deal.taker:
            known |= deal.chien | deal.ecart if deal.contract <= Contract.GARDE else 0
    return known


@settings(max_examples=40, **COMMON)
@given(SEEDS, DEALERS, st.sampled_from(("single_round", "open", "parole")), BIDDING, st.booleans())
def test_random_sits_out_deals_keep_every_invariant(
    seed: int, dealer: int, auction: str, bidding: str, misere: bool
) -> None:
    """78 cards conserved, the dealer out of everything and at 0, zero sum, record -> replay
    identical, views never show a hidden card, every view passes check_view."""
    options: dict[str, Any] = {"misere": misere, "six_players": "dealer_sits_out"}
    if auction == "parole":
        options["parole"] = True
    else:
        options["auction"] = auction
    rules = Rules(players=6, **options)
    rng = random.Random(seed)
    hands, chien = deal_cards(rng, rules, dealer)
    deal = Deal(rules, dealer, hands, chien)
    while True:
        taken = deal.taker is not None and deal.contract <= Contract.GARDE
        taken = taken and deal.phase >= Phase.ECART  # the chien is in the taker's hand or écart
        held = [*deal.hands, deal.ecart, 0 if taken else deal.chien]
        union = deal.played
        count = deal.played.bit_count()
        for part in held:
            union |= part
            count += part.bit_count()
        assert union == (1 << DECK_SIZE) - 1 and count == DECK_SIZE
        assert deal.hands[dealer] == 0 and deal.legal_actions(dealer) == []
        for seat in (None, *range(6)):
            v = view(deal, seat)
            check_view(v)
            assert not mask_of(visible_cards(v)) & ~may_know(deal, seat)
            if deal.done or len(deal.trick) == 1:  # the wire form, now and then
                form = json.loads(json.dumps(view_to_json(v)))
                assert view_from_json(form) == v and form["speakers"] == list(deal.speakers)
        if deal.done:
            break
        actions = deal.legal_actions(deal.to_act)
        if bidding == "modest" and deal.phase == Phase.BIDDING:
            actions = [a for a in actions if isinstance(a, Bid) and a.contract <= Contract.GARDE]
        deal.apply(rng.choice(actions))
    result = deal.result
    assert result is not None and sum(result.scores) == 0 and result.scores[dealer] == 0
    assert dealer not in deal.speakers and dealer not in deal.poignees
    assert dealer not in deal.miseres and deal.partner != dealer
    record = to_record(deal)
    assert record["hands"][dealer] == []
    assert replay(json.loads(json.dumps(record))) == result
    assert to_record(read_deal(record)) == record


@pytest.mark.parametrize("rules", [SIX, OUT], ids=["twelve_cards", "dealer_sits_out"])
def test_the_expert_samples_worlds_of_the_right_shape(rules: Rules) -> None:
    """Six hands of 12, or five of 15 and the dealer's empty one; each world is a deal in the
    view's state where the seat's own legal moves are the real ones."""
    hands, chien = deal_cards(random.Random(2), rules, 1)
    deal = Deal(rules, 1, hands, chien)
    rng = random.Random(3)
    while deal.phase != Phase.PLAYING or len(deal.tricks) < 3:
        deal.apply(rng.choice(deal.legal_actions(deal.to_act)))
    seat = deal.to_act
    v = view(deal, seat)
    know = infer(v)
    for _ in range(5):
        world = WorldSampler(v, know, rng, lambda _: 1.0, tries=1).draw()
        world_hands = world.hands
        assert [h.bit_count() for h in world_hands] == [h.bit_count() for h in deal.hands]
        if rules.sits_out:
            assert world_hands[1] == 0
        assert world.legal_actions(seat) == deal.legal_actions(seat)
        assert (world.skip, world.size) == (deal.skip, deal.size)
