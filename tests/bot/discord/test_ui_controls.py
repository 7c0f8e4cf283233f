"""Controls offer exactly the engine's legal actions, within Discord's component limits."""

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import discord
import pytest

from bot.discord.ui.control_ids import ControlId
from bot.discord.ui.controls import ControlButton, ControlSelect, controls_for, requested_action
from tarot_core import (
    Action,
    DealView,
    DeclareSlam,
    Discard,
    Ecart,
    Game,
    Misere,
    Poignee,
    Rules,
    view,
)


def action_for(v: DealView, control: ControlId, values: Sequence[str]) -> Action | None:
    """The legal action a control stands for in ``v`` (the move the handler asks the table
    service for, if the engine lists it as legal), else None."""
    action = requested_action(v, control, values)
    return action if action in v.legal else None


def states(players: int, games: int, seed: int) -> list[Any]:
    """Views of the seat to act at every step of random games (all phases, all sizes)."""
    rng = random.Random(seed)
    seen = []
    for g in range(games):
        game = Game(Rules(players=players, misere=g % 2 == 0), deals=1, seed=rng.getrandbits(32))
        while not game.over:
            deal = game.current
            seat = deal.to_act
            if seat is None:
                break
            v = view(deal, seat)
            seen.append(v)
            choices = [a for a in v.legal if not isinstance(a, Discard)] or list(v.legal)
            pick = rng.choice(choices)
            if any(isinstance(a, Discard) for a in v.legal):
                need = v.rules.chien_size - len(v.ecart or ())
                cards = [a.card for a in v.legal if isinstance(a, Discard)]
                pick = Ecart(seat, tuple(rng.sample(cards, need)))
            game.apply(pick)
    return seen


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_legal_action_has_a_control_and_every_control_fits(players: int) -> None:
    for v in states(players, 6, players):
        items = controls_for(v, 10, 20, 30, "en")
        rows = Counter(item.row for item in items)
        assert all(r is not None and 0 <= r < 5 for r in rows), "five rows at most"
        for item in items:
            if isinstance(item, ControlSelect):
                assert rows[item.row] == 1, "a select fills its row"
                assert 1 <= len(item.item.options) <= 25
            else:
                assert rows[item.row] <= 5
        reached = set()
        for item in items:
            control = ControlId.parse(item.item.custom_id or "")  # type: ignore[attr-defined]
            assert (control.channel_id, control.game_id, control.turn) == (10, 20, 30)
            if isinstance(item, ControlSelect):
                for option in item.item.options:
                    action = action_for(v, control, [option.value])
                    assert action is not None, f"{option.value} offered but not legal"
                    reached.add(action)
            else:
                action = action_for(v, control, ())
                button = item.item
                assert isinstance(button, discord.ui.Button)
                if button.disabled:
                    assert action is None  # an illegal card, shown so the player sees why
                else:
                    assert action is not None, f"{button.label} offered but not legal"
                    reached.add(action)
        for legal in v.legal:
            if isinstance(legal, Poignee):
                assert any(
                    isinstance(a, Poignee) and len(a.cards) == len(legal.cards) for a in reached
                )
            else:
                assert legal in reached, f"{legal} has no control"


def test_no_controls_when_it_is_not_your_turn() -> None:
    game = Game(Rules(players=4), seed=3)
    deal = game.current
    other = (deal.to_act + 1) % 4  # type: ignore[operator]
    assert controls_for(view(deal, other), 1, 2, 0, "en") == []
    assert controls_for(view(deal), 1, 2, 0, "en") == []


def test_the_whole_hand_is_shown_with_illegal_cards_disabled() -> None:
    for v in states(4, 3, 11):
        if v.phase.name != "PLAYING" or any(isinstance(a, Poignee) for a in v.legal):
            continue
        buttons = [i for i in controls_for(v, 1, 2, 3, "fr") if isinstance(i, ControlButton)]
        cards = [i for i in buttons if i.control.kind == "card"]
        assert len(cards) == len(v.hand)
        legal_cards = {a.card for a in v.legal if hasattr(a, "card")}
        assert {int(i.control.arg) for i in cards if not i.item.disabled} == legal_cards


def test_a_stale_or_foreign_control_stands_for_nothing() -> None:
    v = states(4, 1, 5)[0]
    assert action_for(v, ControlId("bid", 1, 2, 3, "garde_contre_x"), ()) is None
    assert action_for(v, ControlId("card", 1, 2, 3, "77"), ()) is None  # not the card phase
    assert (
        action_for(view(Game(Rules(), seed=1).current), ControlId("bid", 1, 2, 3, "pass"), ())
        is None
    )


def _first_view(rules: Rules, wanted: Any, seeds: int = 200) -> DealView:
    """The first seat's view, over random games, whose legal actions satisfy ``wanted``."""
    for seed in range(seeds):
        rng = random.Random(seed)
        game = Game(rules, deals=1, seed=seed)
        while not game.over:
            deal = game.current
            seen = view(deal, deal.to_act)
            if wanted(seen.legal):
                return seen
            game.apply(rng.choice(seen.legal))
    raise AssertionError("no such view")


def test_the_petit_chelem_has_its_own_button_and_is_asked_for_by_it() -> None:
    rules = Rules.from_options(4, {"petit_chelem": True})
    seen = _first_view(rules, lambda legal: any(getattr(a, "petit", False) for a in legal))
    items = controls_for(seen, 1, 2, 3, "fr")
    args = [item.control.arg for item in items if isinstance(item, ControlButton)]
    assert sorted(args) == ["no", "petit", "yes"]
    petit = next(i for i in items if isinstance(i, ControlButton) and i.control.arg == "petit")
    assert petit.item.label == "Petit chelem"
    assert seen.seat is not None
    asked = requested_action(seen, petit.control, ())
    assert asked == DeclareSlam(seen.seat, True, petit=True) and asked in seen.legal


def test_a_split_misere_offers_one_button_per_kind() -> None:
    rules = Rules.from_options(4, {"misere": "split"})
    seen = _first_view(rules, lambda legal: any(isinstance(a, Misere) for a in legal))
    kinds = {a.kind for a in seen.legal if isinstance(a, Misere)}
    items = controls_for(seen, 1, 2, 3, "en")
    misere = [i for i in items if isinstance(i, ControlButton) and i.control.kind == "misere"]
    buttons = {i.control.arg: i for i in misere}
    assert set(buttons) == kinds and kinds <= {"trumps", "faces"}
    labels = {"trumps": "Misère d'atout", "faces": "Misère de têtes"}
    for kind, button in buttons.items():
        assert button.item.label == labels[kind]
        assert requested_action(seen, button.control, ()) == Misere(seen.seat or 0, kind)
