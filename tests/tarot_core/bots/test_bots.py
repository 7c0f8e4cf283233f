"""Computer players: always legal, deterministic under a seed, deciding from their view only."""

import random

import pytest
from reference_minimax import minimax

from tarot_core import Deal, Rules, view
from tarot_core.actions import Ecart, Play
from tarot_core.bots import LEVELS, Bot, make_bot
from tarot_core.bots.endgame import solve
from tarot_core.bots.expert import ExpertBot
from tarot_core.bots.heuristic import choose_ecart
from tarot_core.bots.knowledge import infer
from tarot_core.bots.worlds import WorldSampler, build_world
from tarot_core.cards import KINGS, OUDLERS, SUIT_MASKS, TRUMPS, cards_of, mask_of, parse_cards
from tarot_core.deal import SLOTS as DEAL_SLOTS
from tarot_core.deal import Phase
from tarot_core.dealing import deal as deal_cards


def bot(level: str, seed: int) -> Bot:
    """A bot; the expert capped at a few samples so that tests are quick and reproducible."""
    if level == "expert":
        return ExpertBot(seed, think_ms=60_000, max_samples=6)
    return make_bot(level, seed=seed)


def play_deal(players: int, levels: list[str], seed: int) -> Deal:
    rules = Rules(players=players, misere=seed % 2 == 0)
    rng = random.Random(seed)
    hands, chien = deal_cards(rng, rules, seed % players)
    deal = Deal(rules, seed % players, hands, chien)
    bots = [bot(levels[s % len(levels)], seed * 10 + s) for s in range(players)]
    while not deal.done:
        seat = deal.to_act
        action = bots[seat].act(view(deal, seat))
        deal.apply(action)  # raises IllegalAction if a bot ever misbehaves
    return deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_and_random_bots_are_always_legal(players: int) -> None:
    outcomes = set()
    for seed in range(700):
        deal = play_deal(players, ["heuristic", "random", "heuristic"], seed)
        assert deal.result is not None
        outcomes.add(deal.result.outcome)
    assert "played" in outcomes


@pytest.mark.parametrize("players", [3, 4, 5])
def test_expert_is_legal_and_reproducible_under_a_seed(players: int) -> None:
    for seed in range(2):
        first = play_deal(players, ["expert", "heuristic"], seed)
        second = play_deal(players, ["expert", "heuristic"], seed)
        assert first.actions() == second.actions()


def test_expert_with_a_sample_cap_is_deterministic() -> None:
    def run() -> list[object]:
        rules = Rules(players=4)
        hands, chien = deal_cards(random.Random(3), rules, 0)
        deal = Deal(rules, 0, hands, chien)
        bots = [ExpertBot(s, think_ms=60_000, max_samples=6) for s in range(4)]
        while not deal.done:
            seat = deal.to_act
            deal.apply(bots[seat].act(view(deal, seat)))
        return deal.actions()

    assert run() == run()


def test_expert_n_level_caps_samples_and_refuses_a_bad_count() -> None:
    bot = make_bot("expert:7", seed=1)
    assert isinstance(bot, ExpertBot) and bot.max_samples == 7 and bot.think > 1000
    for bad in ("expert:", "expert:0", "expert:x"):
        with pytest.raises(ValueError, match="whole number of samples"):
            make_bot(bad, seed=1)


@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_same_seed_same_game(level: str) -> None:
    a = play_deal(4, [level], 17)
    b = play_deal(4, [level], 17)
    assert a.actions() == b.actions()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_inferences_hold_and_true_worlds_rebuild_the_deal(players: int) -> None:
    """Everything a seat infers is true of the real deal, and the world built from the true
    hidden cards is the real deal, field for field."""
    for seed in range(25):
        rules = Rules(players=players)
        rng = random.Random(seed)
        hands, chien = deal_cards(rng, rules, seed % players)
        deal = Deal(rules, seed % players, hands, chien)
        bots = [make_bot("heuristic", seed=s) for s in range(players)]
        while not deal.done:
            for me in range(players):
                v = view(deal, me)
                know = infer(v)
                for s in range(players):
                    assert not know.excluded[s] & deal.hands[s]
                    assert not know.known[s] & ~deal.hands[s]
                if v.chien is None:
                    pile = deal.chien
                elif v.ecart is None:
                    pile = deal.ecart & ~mask_of(v.ecart_trumps)
                else:
                    pile = 0
                assert not pile & ~know.pile_allowed
                if deal.phase in (Phase.BIDDING, Phase.PLAYING):
                    world = build_world(v, know, list(deal.hands), pile)
                    for name in DEAL_SLOTS:
                        assert getattr(world, name) == getattr(deal, name), name
                    hands_s = WorldSampler(v, know, rng, lambda _: 1.0, tries=1).draw().hands
                    for s in range(players):
                        assert hands_s[s].bit_count() == deal.hands[s].bit_count()
                        assert not hands_s[s] & know.excluded[s]
            seat = deal.to_act
            deal.apply(bots[seat].act(view(deal, seat)))


def test_decisions_depend_on_the_view_only() -> None:
    """Two deals that differ only in cards hidden from a seat get the same decision."""
    rules = Rules(players=4)
    hands, chien = deal_cards(random.Random(8), rules, 0)
    # Swap two cards between seats 2 and 3: seat 1 cannot tell the difference.
    c2 = cards_of(hands[2] & ~TRUMPS)[0]
    c3 = cards_of(hands[3] & ~TRUMPS)[0]
    other = list(hands)
    other[2] = hands[2] ^ (1 << c2) | (1 << c3)
    other[3] = hands[3] ^ (1 << c3) | (1 << c2)
    for level in LEVELS:
        a, b = bot(level, 5), bot(level, 5)
        va = view(Deal(rules, 0, hands, chien), 1)
        vb = view(Deal(rules, 0, other, chien), 1)
        assert va == vb
        assert a.act(va) == b.act(vb)


def test_ecart_keeps_kings_and_oudlers_and_voids_short_suits() -> None:
    hand = mask_of(
        parse_cards(
            "T21 T15 T10 T8 T5 T3 EX KS QS 9S 4S 2S 3H 5H KD 1D JC 6C 8C 10C 2C 7C 9C 3C".split()
        )
    )
    ecart = choose_ecart(hand, 6)
    chosen = mask_of(ecart)
    assert len(ecart) == 6 and not chosen & (KINGS | OUDLERS | TRUMPS)
    assert chosen & SUIT_MASKS[1] == hand & SUIT_MASKS[1]  # hearts voided (3H 5H)
    assert chosen >> parse_cards(["1D"])[0] & 1  # the diamond beside the King


def test_heuristic_plays_lowest_when_the_trick_is_lost_and_saves_the_excuse() -> None:
    lost = excuse_early = 0
    for seed in range(60):
        rules = Rules(players=4)
        hands, chien = deal_cards(random.Random(seed), rules, 0)
        deal = Deal(rules, 0, hands, chien)
        bots = [make_bot("heuristic", seed=s) for s in range(4)]
        while not deal.done:
            seat = deal.to_act
            action = bots[seat].act(view(deal, seat))
            opponent_wins = (deal.best_seat == deal.taker) != (seat == deal.taker)
            if isinstance(action, Play) and deal.trick and deal.max_trump >= 0 and opponent_wins:
                suit = deal.led
                own = deal.hands[seat] & SUIT_MASKS[suit] if suit < 4 else 0
                if own and own.bit_count() > 1 and action.card != 77:
                    # An opponent trumped and this seat follows: it keeps its best cards.
                    assert action.card == min(cards_of(own), key=lambda c: (c % 14 > 9, c))
                    lost += 1
            deal.apply(action)
        assert (
            deal.excuse_trick is None
            or deal.excuse_trick < rules.tricks - 1
            or (
                deal.result is not None
                and deal.result.slam in ("made", "announced_made", "defence")
            )
        )
        excuse_early += deal.excuse_trick is not None
    assert lost > 20 and excuse_early > 20


def test_ecart_action_from_bots_is_a_whole_legal_set() -> None:
    for seed in range(40):
        rules = Rules(players=3)
        hands, chien = deal_cards(random.Random(seed), rules, 0)
        deal = Deal(rules, 0, hands, chien)
        bot = make_bot("heuristic", seed=1)
        while not deal.done and deal.phase != Phase.PLAYING:
            seat = deal.to_act
            action = bot.act(view(deal, seat))
            if isinstance(action, Ecart):
                assert len(action.cards) == rules.chien_size
            deal.apply(action)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_endgame_solver_agrees_with_plain_minimax(players: int) -> None:
    checked = 0
    for seed in range(12):
        rules = Rules(players=players)
        hands, chien = deal_cards(random.Random(seed), rules, 0)
        deal = Deal(rules, 0, hands, chien)
        bots = [make_bot("heuristic", seed=s) for s in range(players)]
        while not deal.done:
            if deal.phase == Phase.PLAYING and len(deal.tricks) >= rules.tricks - 2:
                me = deal.to_act
                assert solve(deal.copy(), me) == minimax(deal.copy(), me)
                checked += 1
            seat = deal.to_act
            deal.apply(bots[seat].act(view(deal, seat)))
    assert checked > 50
