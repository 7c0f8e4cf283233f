"""Shuffling and dealing (docs/rules.md §2): sizes, the chien's places, seeds, ``cut``,
petit sec."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from builders import make_deal, play_out, start_play

from tarot_core.actions import Bid, Call, DeclareSlam, Discard, IllegalAction, Play
from tarot_core.cards import ALL_CARDS, DECK_SIZE, Card, Mask, cards_of, display_key, mask_of
from tarot_core.deal import Deal, Phase
from tarot_core.dealing import cut_deck, deal, deal_deck, shuffled_deck
from tarot_core.game import Game
from tarot_core.rules import Contract, Rules
from tarot_core.view import view

PLAYERS = [3, 4, 5]


def dealing_walk(
    deck: Sequence[Card], hands: Sequence[Mask], chien: Mask, dealer: int, rules: Rules
) -> list[int] | None:
    """If ``hands`` and ``chien`` are ``deck`` dealt as docs/rules.md §2 says (packets in seat
    order from the seat after the dealer, chien cards one at a time between them), the deck
    positions of the chien cards; otherwise None."""
    n = rules.players
    pos, seat = 0, (dealer + 1) % n
    chien_positions = []
    while pos < len(deck):
        if chien >> deck[pos] & 1:
            chien_positions.append(pos)
            pos += 1
            continue
        packet = deck[pos : pos + rules.packet]
        if len(packet) < rules.packet or any(not hands[seat] >> c & 1 for c in packet):
            return None
        pos += rules.packet
        seat = (seat + 1) % n
    return chien_positions


def check_sizes(rules: Rules, hands: Sequence[Mask], chien: Mask) -> None:
    assert len(hands) == rules.players
    assert [h.bit_count() for h in hands] == [rules.hand_size] * rules.players
    assert chien.bit_count() == rules.chien_size
    union = chien
    for h in hands:
        assert not union & h
        union |= h
    assert union == ALL_CARDS


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_same_deal(players: int) -> None:
    rules = Rules(players=players)
    for seed in range(5):
        first = deal(random.Random(seed), rules, seed % players)
        again = deal(random.Random(seed), rules, seed % players)
        assert first == again


@pytest.mark.parametrize("players", PLAYERS)
def test_different_seeds_different_deals(players: int) -> None:
    rules = Rules(players=players)
    deals = {(tuple(h), c) for h, c in (deal(random.Random(seed), rules, 0) for seed in range(10))}
    assert len(deals) == 10


@pytest.mark.parametrize("players", PLAYERS)
def test_every_card_is_dealt_once_in_the_right_sizes(players: int) -> None:
    rules = Rules(players=players)
    rng = random.Random(1234)
    for i in range(30):
        hands, chien = deal(rng, rules, i % players)
        check_sizes(rules, hands, chien)


def test_shuffled_deck_is_a_permutation() -> None:
    deck = shuffled_deck(random.Random(7))
    assert sorted(deck) == list(range(DECK_SIZE))
    assert deck != list(range(DECK_SIZE))


@pytest.mark.parametrize("players", PLAYERS)
def test_chien_never_first_nor_last_nor_two_in_a_row(players: int) -> None:
    """With the deck in id order, a chien card's id is its position in the deck."""
    rules = Rules(players=players)
    deck = list(range(DECK_SIZE))
    seen = set()
    for seed in range(300):
        dealer = seed % players
        hands, chien = deal_deck(random.Random(seed), rules, dealer, deck)
        check_sizes(rules, hands, chien)
        positions = cards_of(chien)
        assert len(positions) == rules.chien_size
        assert positions[0] != 0, "the chien took the first card"
        assert positions[-1] != DECK_SIZE - 1, "the chien took the last card"
        assert all(b - a > 1 for a, b in zip(positions, positions[1:], strict=False)), (
            f"two chien cards in a row: {positions}"
        )
        assert dealing_walk(deck, hands, chien, dealer, rules) == positions
        seen.add(tuple(positions))
    assert len(seen) > 100, "the chien's places should vary with the seed"


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("dealer_offset", [0, 1, -1])
def test_first_packet_goes_to_the_seat_after_the_dealer(players: int, dealer_offset: int) -> None:
    rules = Rules(players=players)
    dealer = dealer_offset % players
    deck = list(range(DECK_SIZE))
    hands, _ = deal_deck(random.Random(3), rules, dealer, deck)
    first = (dealer + 1) % players
    assert hands[first] & mask_of(range(rules.packet)) == mask_of(range(rules.packet))


@pytest.mark.parametrize("players", PLAYERS)
def test_any_deck_order_is_dealt_in_packets(players: int) -> None:
    rules = Rules(players=players)
    for seed in range(20):
        deck = shuffled_deck(random.Random(1000 + seed))
        hands, chien = deal_deck(random.Random(seed), rules, 1, deck)
        positions = dealing_walk(deck, hands, chien, 1, rules)
        assert positions is not None
        assert 0 not in positions and DECK_SIZE - 1 not in positions
        assert all(b - a > 1 for a, b in zip(positions, positions[1:], strict=False))


def dealt_from_a_cut(
    order: Sequence[Card], hands: Sequence[Mask], chien: Mask, dealer: int, rules: Rules
) -> bool:
    """Whether some cut of ``order`` dealt without shuffling gives ``hands`` and ``chien``."""
    for k in range(1, DECK_SIZE):
        positions = dealing_walk([*order[k:], *order[:k]], hands, chien, dealer, rules)
        if positions is not None and valid_chien_places(positions):
            return True
    return False


def valid_chien_places(positions: list[int]) -> bool:
    return (
        positions[0] != 0
        and positions[-1] != DECK_SIZE - 1
        and all(b - a > 1 for a, b in zip(positions, positions[1:], strict=False))
    )


def rotation_offsets(deck: Sequence[Card], original: Sequence[Card]) -> list[int]:
    return [k for k in range(len(original)) if list(deck) == [*original[k:], *original[:k]]]


def test_cut_is_a_rotation_with_cards_on_both_sides() -> None:
    original = shuffled_deck(random.Random(5))
    offsets = set()
    for seed in range(300):
        cut = cut_deck(random.Random(seed), original)
        (k,) = rotation_offsets(cut, original)
        assert 4 <= k <= DECK_SIZE - 4
        offsets.add(k)
    assert len(offsets) > 30


@pytest.mark.parametrize("players", PLAYERS)
def test_cut_deal_deals_the_previous_order_cut(players: int) -> None:
    rules = Rules(players=players, shuffle="cut")
    previous = shuffled_deck(random.Random(99))
    for seed in range(10):
        hands, chien = deal(random.Random(seed), rules, 0, previous)
        check_sizes(rules, hands, chien)
        assert dealt_from_a_cut(previous, hands, chien, 0, rules)


def test_full_shuffle_ignores_the_previous_order() -> None:
    rules = Rules(players=4)
    previous = list(range(DECK_SIZE))
    assert deal(random.Random(8), rules, 2, previous) == deal(random.Random(8), rules, 2)


def test_cut_without_a_previous_deal_shuffles() -> None:
    rules = Rules(players=4, shuffle="cut")
    hands, chien = deal(random.Random(8), rules, 2)
    check_sizes(rules, hands, chien)
    assert (hands, chien) == deal(random.Random(8), Rules(players=4), 2)


def finish_first_deal(game: Game, bids: dict[int, Contract]) -> Deal:
    """Play the game's current deal to its end: ``bids`` (by seat), lowest legal cards."""
    first = game.current
    assert not first.done
    for seat in [(first.dealer + 1 + i) % first.n for i in range(first.n)]:
        game.apply(Bid(seat, bids.get(seat, Contract.PASS)))
    if first.done:
        return first
    taker = first.taker
    assert taker is not None
    if first.phase == Phase.CALLING:
        game.apply(Call(taker, cards_of(first.callable_cards())[0]))
    while first.phase == Phase.ECART:
        game.apply(Discard(taker, cards_of(first.discardable())[0]))
    game.apply(DeclareSlam(taker, False))
    while not first.done:
        seat = first.to_act
        game.apply(Play(seat, cards_of(first.legal_cards(seat))[0]))
    return first


def playable_game(rules: Rules) -> Game:
    """A game whose first deal is not a petit sec (seeds are tried in order)."""
    for seed in range(100):
        game = Game(rules, seed=seed)
        if len(game.deals) == 1:
            return game
    raise AssertionError("no seed without petit sec")


@pytest.mark.parametrize("players", [4, 5])
def test_game_with_cut_deals_the_played_cards_trick_by_trick(players: int) -> None:
    rules = Rules(players=players, shuffle="cut")
    game = playable_game(rules)
    first = finish_first_deal(game, {(0 + 1) % players: Contract.GARDE})
    assert first.result is not None and first.result.outcome == "played"
    order = first.card_order()
    gathered = [c for trick in first.tricks for c in trick]
    assert order[: len(gathered)] == gathered
    assert sorted(order[len(gathered) :]) == cards_of(first.ecart)
    assert sorted(order) == list(range(DECK_SIZE))
    second = game.deals[1]
    assert second.dealer == (first.dealer + 1) % players
    assert dealt_from_a_cut(order, second.dealt, second.chien, second.dealer, rules)


def test_game_with_cut_after_a_voided_deal_reuses_its_cards() -> None:
    rules = Rules(players=4, shuffle="cut")
    game = playable_game(rules)
    first = finish_first_deal(game, {})
    assert first.result is not None and first.result.outcome == "passed"
    order = first.card_order()
    assert sorted(order) == list(range(DECK_SIZE))
    second = game.deals[1]
    assert dealt_from_a_cut(order, second.dealt, second.chien, second.dealer, rules)


def test_game_with_full_shuffle_does_not_deal_the_previous_order() -> None:
    """The check above is not vacuous: a fresh shuffle is not a cut of the previous order."""
    rules = Rules(players=4)
    game = playable_game(rules)
    first = finish_first_deal(game, {1: Contract.GARDE})
    order = first.card_order()
    second = game.deals[1]
    assert not dealt_from_a_cut(order, second.dealt, second.chien, second.dealer, rules)


def test_card_order_of_a_played_garde_sans_ends_with_the_chien() -> None:
    d = start_play(make_deal(4), contract=Contract.GARDE_SANS)
    play_out(d)
    order = d.card_order()
    assert order[-6:] == cards_of(d.chien)
    assert order[:-6] == [c for trick in d.tricks for c in trick]


# ----- petit sec ----------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_petit_sec_annuls_the_deal(players: int, seat: int) -> None:
    d = make_deal(players, hands={seat: "T1"}, closed={seat: "TX"}, allow_done=True)
    assert d.done and d.phase == Phase.DONE
    assert d.result is not None
    assert d.result.outcome == "petit_sec"
    assert d.result.scores == (0,) * players
    assert d.result.taker is None and d.result.contract is None
    assert d.petit_sec_seats == (seat,)
    # The hand is shown to everyone.
    for who in [None, *range(players)]:
        v = view(d, who)
        assert v.petit_sec == {seat: tuple(sorted(cards_of(d.dealt[seat]), key=display_key))}
        assert v.to_act is None
        assert v.legal == ()
    with pytest.raises(IllegalAction):
        d.apply(Bid(d.to_act, Contract.PASS))
    assert all(d.legal_actions(s) == [] for s in range(players))


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize(
    "hand", ["T1 EX", "T1 T2", "T1 T21", "T2", "EX", ""], ids=lambda h: h or "no-trump"
)
def test_not_petit_sec(players: int, hand: str) -> None:
    d = make_deal(players, hands={1: hand}, closed={1: "TX"})
    assert not d.done
    assert d.phase == Phase.BIDDING
    assert d.petit_sec_seats == ()
    assert view(d, 0).petit_sec == {}


def test_petit_sec_is_judged_on_the_hand_as_dealt() -> None:
    # The Petit in the chien is nobody's petit sec.
    assert not make_deal(4, chien="T1", hands={1: ""}, closed={1: "TX"}).done
    # The Excuse in the chien does not keep the Petit company.
    sec = make_deal(4, hands={1: "T1"}, chien="EX", closed={1: "TX"}, allow_done=True)
    assert sec.done and sec.petit_sec_seats == (1,)
