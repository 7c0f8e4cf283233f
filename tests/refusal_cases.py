"""Every refusal of the engine, reached by playing: for each rule (``IllegalActionCode``)
one or more rigged situations, the action the rules refuse there, and the code, params and
English message the refusal must carry. Shared by the engine's tests (codes and params)
and the bot's (every refusal translated)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import pytest
from builders import bid_round, cards, make_deal, play, refused, start_play

from tarot_core.actions import (
    Action,
    Bid,
    Call,
    DeclareSlam,
    Discard,
    Ecart,
    IllegalAction,
    Misere,
    Play,
    Poignee,
)
from tarot_core.deal import Deal
from tarot_core.game import Game
from tarot_core.refusals import IllegalActionCode as Code
from tarot_core.refusals import RuleParam
from tarot_core.rules import Contract, Rules

MISERE_RULES = Rules(players=4, misere=True)
MISERE_HAND = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H"
ECART_HAND = "T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 1S KS"
ECART_CHIEN = "2S 3S 4S 5S 6S 7S"


def card(text: str) -> int:
    return cards(text)[0]


def ids(text: str) -> tuple[int, ...]:
    return tuple(cards(text))


def trumps(low: int, high: int) -> str:
    return " ".join(f"T{n}" for n in range(low, high + 1))


def show(seat: int, text: str) -> Poignee:
    return Poignee(seat, tuple(cards(text)))


@dataclass(frozen=True)
class Case:
    name: str
    code: Code
    make: Callable[[], IllegalAction]
    params: dict[str, RuleParam]
    message: str


def playing(
    hands: dict[int, str], closed: dict[int, str] | None = None, rules: Rules | None = None
) -> Deal:
    """Seat 0 takes a Garde sans, no slam: seat 0 leads the first trick."""
    deal = make_deal(hands=hands, closed=closed, rules=rules)
    return start_play(deal, taker=0, contract=Contract.GARDE_SANS)


def ecart(hands: dict[int, str] | None = None) -> Deal:
    """Seat 0 takes a Garde with ``ECART_HAND`` and ``ECART_CHIEN``: the écart is next."""
    deal = make_deal(hands={0: ECART_HAND, **(hands or {})}, chien=ECART_CHIEN)
    bid_round(deal, {0: Contract.GARDE})
    return deal


def calling() -> Deal:
    """5 players: seat 0 takes a Garde without all four Kings (seat 1 holds KS)."""
    deal = make_deal(5, hands={1: "KS"})
    bid_round(deal, {0: Contract.GARDE})
    return deal


def after_a_trick(rules: Rules | None = None) -> Deal:
    """A whole trick played: its winner, to lead, has played a card already."""
    deal = playing({}, rules=rules)
    for _ in range(4):
        deal.play(deal.to_act, min(c for c in range(78) if deal.legal_cards(deal.to_act) >> c & 1))
    return deal


def game_over() -> IllegalAction:
    game = Game(Rules(), deals=1, seed=3)
    while not game.over:
        deal = game.current
        choices = deal.legal_actions(deal.to_act)
        game.apply(choices[-1] if isinstance(choices[0], Bid) else choices[0])
    with pytest.raises(IllegalAction) as info:
        game.apply(Play(0, 0))
    return info.value


def deal_over() -> Deal:
    deal = make_deal()
    bid_round(deal, {})
    assert deal.done
    return deal


def _cases() -> list[Case]:
    def c(
        name: str,
        code: Code,
        make: Callable[[], IllegalAction],
        message: str,
        **params: RuleParam,
    ) -> Case:
        return Case(name, code, make, params, message)

    def lazily(build: Callable[[], Deal], action: Action) -> Callable[[], IllegalAction]:
        return lambda: refused(build(), action)

    return [
        c("game over", Code.GAME_OVER, game_over, "the game is over"),
        c(
            "deal over",
            Code.DEAL_OVER,
            lazily(deal_over, Bid(0, Contract.PRISE)),
            "the deal is over",
        ),
        c(
            "not an action",
            Code.UNKNOWN_ACTION,
            lazily(make_deal, cast(Action, "bid")),
            "unknown action 'bid'",
            kind="str",
        ),
        c(
            "play in the bidding",
            Code.WRONG_PHASE,
            lazily(lambda: make_deal(hands={0: "KS"}), Play(0, card("KS"))),
            "playing KS is not allowed now: the deal is in its bidding",
            action="play",
            card=card("KS"),
            phase="bidding",
        ),
        c(
            "play after the deal",
            Code.WRONG_PHASE,
            lazily(deal_over, Play(0, card("KS"))),
            "playing KS is not allowed now: the deal is in its end",
            action="play",
            card=card("KS"),
            phase="done",
        ),
        c(
            "slam in the bidding",
            Code.WRONG_PHASE,
            lazily(make_deal, DeclareSlam(0, True)),
            "announcing a slam is not allowed now: the deal is in its bidding",
            action="slam",
            phase="bidding",
        ),
        c(
            "bid in the play",
            Code.WRONG_PHASE,
            lazily(lambda: playing({}), Bid(0, Contract.GARDE)),
            "bidding garde is not allowed now: the deal is in its play",
            action="bid",
            contract="garde",
            phase="playing",
        ),
        c(
            "call in the écart",
            Code.WRONG_PHASE,
            lazily(ecart, Call(0, card("KH"))),
            "calling KH is not allowed now: the deal is in its écart",
            action="call",
            card=card("KH"),
            phase="ecart",
        ),
        c(
            "discard in the play",
            Code.WRONG_PHASE,
            lazily(lambda: playing({0: "2S"}), Discard(0, card("2S"))),
            "discarding 2S is not allowed now: the deal is in its play",
            action="discard",
            card=card("2S"),
            phase="playing",
        ),
        c(
            "écart in the bidding",
            Code.WRONG_PHASE,
            lazily(make_deal, Ecart(0, ())),
            "the écart is not allowed now: the deal is in its bidding",
            action="ecart",
            phase="bidding",
        ),
        c(
            "no slam in the call",
            Code.WRONG_PHASE,
            lazily(calling, DeclareSlam(0, False)),
            "declining a slam is not allowed now: the deal is in its call of a King",
            action="no_slam",
            phase="calling",
        ),
        c(
            "poignée in the bidding",
            Code.WRONG_PHASE,
            lazily(make_deal, show(0, trumps(1, 10))),
            "a poignée is not allowed now: the deal is in its bidding",
            action="poignee",
            phase="bidding",
        ),
        c(
            "misère in the slam announcement",
            Code.WRONG_PHASE,
            lazily(lambda: ecart_done(MISERE_RULES), Misere(0)),
            "a misère is not allowed now: the deal is in its slam announcement",
            action="misere",
            phase="slam",
        ),
        c(
            "bid out of turn",
            Code.NOT_YOUR_TURN,
            lazily(make_deal, Bid(1, Contract.GARDE)),
            "bidding garde is not allowed: it is seat 0's turn, not seat 1's",
            action="bid",
            contract="garde",
            seat=1,
            to_act=0,
        ),
        c(
            "pass out of turn",
            Code.NOT_YOUR_TURN,
            lazily(make_deal, Bid(2, Contract.PASS)),
            "bidding pass is not allowed: it is seat 0's turn, not seat 2's",
            action="pass",
            seat=2,
            to_act=0,
        ),
        c(
            "play out of turn",
            Code.NOT_YOUR_TURN,
            lazily(lambda: playing({1: "3H"}), Play(1, card("3H"))),
            "playing 3H is not allowed: it is seat 0's turn, not seat 1's",
            action="play",
            card=card("3H"),
            seat=1,
            to_act=0,
        ),
        c(
            "bid too low",
            Code.BID_TOO_LOW,
            lazily(lambda: bid(make_deal(), {0: Contract.GARDE}), Bid(1, Contract.PRISE)),
            "prise is not allowed: a bid must be higher than garde",
            contract="prise",
            highest="garde",
        ),
        c(
            "prise at a table without it",
            Code.PRISE_NOT_ALLOWED,
            lazily(lambda: make_deal(rules=Rules(prise_allowed=False)), Bid(0, Contract.PRISE)),
            "prise is not allowed: at this table the lowest bid is garde",
            contract="prise",
            lowest="garde",
        ),
        c(
            "pousse at a table without it",
            Code.POUSSE_NOT_ALLOWED,
            lazily(make_deal, Bid(0, Contract.POUSSE)),
            "pousse is not allowed: this table plays without the Pousse",
            contract="pousse",
        ),
        c(
            "open auction: a seat that passed bids",
            Code.PASSED_ALREADY,
            lazily(lambda: spoken(OPEN_RULES, "pass prise"), Bid(0, Contract.GARDE)),
            "garde is not allowed: you passed and do not speak again",
            contract="garde",
            seat=0,
            to_act=2,
        ),
        c(
            "parole round: a seat that did not say parole bids",
            Code.NO_PAROLE_SAID,
            lazily(lambda: spoken(PAROLE_RULES, "parole pass pass pass"), Bid(1, Contract.GARDE)),
            "garde is not allowed: you did not say parole and do not speak again",
            contract="garde",
            seat=1,
            to_act=0,
        ),
        c(
            "parole at a table without it",
            Code.PAROLE_OFF,
            lazily(make_deal, Bid(0, Contract.PAROLE)),
            "parole is not allowed: this table plays without parole",
            contract="parole",
        ),
        c(
            "parole in the second round",
            Code.PAROLE_FIRST_ROUND,
            lazily(lambda: spoken(PAROLE_RULES, "parole pass pass pass"), Bid(0, Contract.PAROLE)),
            "parole is not allowed: it is said only in the first round",
            contract="parole",
        ),
        c(
            "parole after a garde contre",
            Code.BID_TOO_LOW,
            lazily(lambda: spoken(PAROLE_RULES, "garde_contre"), Bid(1, Contract.PAROLE)),
            "parole is not allowed: after garde_contre the others can only pass",
            contract="parole",
            highest="garde_contre",
        ),
        c(
            "call a trump",
            Code.CALL_NOT_KING,
            lazily(calling, Call(0, card("T5"))),
            "T5 cannot be called: the call is a King of any suit",
            card=card("T5"),
        ),
        c(
            "call a Queen",
            Code.CALL_LOWER_RANK,
            lazily(calling, Call(0, card("QD"))),
            "QD cannot be called: a Queen may be called only by a taker dealt all four Kings",
            card=card("QD"),
            above=14,
        ),
        c(
            "discard a card not held",
            Code.ECART_NOT_IN_HAND,
            lazily(lambda: ecart({1: "9C"}), Discard(0, card("9C"))),
            "9C cannot be discarded: it is not in the taker's hand",
            card=card("9C"),
        ),
        c(
            "discard a King",
            Code.ECART_KING,
            lazily(ecart, Discard(0, card("KS"))),
            "KS cannot be discarded: a King may not go in the écart",
            card=card("KS"),
        ),
        c(
            "discard an oudler",
            Code.ECART_OUDLER,
            lazily(lambda: ecart_with("T21"), Discard(0, card("T21"))),
            "T21 cannot be discarded: an oudler may not go in the écart",
            card=card("T21"),
        ),
        c(
            "discard a trump not needed",
            Code.ECART_TRUMP_NOT_NEEDED,
            lazily(ecart, Discard(0, card("T5"))),
            "T5 cannot be discarded: a trump may go in the écart only when the other cards"
            " cannot fill it (the taker still holds 7S, 6S, 5S, 4S, 3S, 2S, 1S)",
            card=card("T5"),
            cards=ids("1S 2S 3S 4S 5S 6S 7S"),
        ),
        c(
            "écart of the wrong size",
            Code.ECART_SIZE,
            lazily(ecart, Ecart(0, ids("1S 2S"))),
            "the écart must have 6 cards, not 2",
            needed=6,
            count=2,
        ),
        c(
            "écart naming a card twice",
            Code.ECART_DUPLICATE,
            lazily(ecart, Ecart(0, ids("1S 2S 3S 4S 3S 5S"))),
            "the écart names a card twice",
            card=card("3S"),
        ),
        c(
            "poignée after the first card",
            Code.AFTER_FIRST_CARD,
            lambda: refused((d := after_a_trick()), show(d.to_act, trumps(1, 10))),
            "a poignée is not allowed: it comes before the first card played",
            action="poignee",
        ),
        c(
            "misère after the first card",
            Code.AFTER_FIRST_CARD,
            lambda: refused((d := after_a_trick(MISERE_RULES)), Misere(d.to_act)),
            "a misère is not allowed: it comes before the first card played",
            action="misere",
        ),
        c(
            "second poignée",
            Code.POIGNEE_ALREADY,
            lazily(lambda: shown(trumps(1, 13), trumps(1, 10)), show(0, trumps(1, 13))),
            "a poignée is not allowed: this seat has shown one already",
        ),
        c(
            "poignée of the wrong size",
            Code.POIGNEE_SIZE,
            lazily(lambda: playing({0: trumps(1, 13)}), show(0, trumps(1, 5))),
            "a poignée shows exactly 10, 13 or 15 cards at 4 players, not 5",
            sizes=(10, 13, 15),
            players=4,
            count=5,
        ),
        c(
            "poignée naming a card twice",
            Code.POIGNEE_DUPLICATE,
            lazily(lambda: playing({0: trumps(1, 13)}), show(0, trumps(1, 9) + " T4")),
            "a poignée names a card twice",
            card=card("T4"),
        ),
        c(
            "poignée showing a King",
            Code.POIGNEE_NOT_TRUMP,
            lazily(lambda: playing({0: trumps(1, 13) + " KS"}), show(0, trumps(1, 9) + " KS")),
            "KS cannot be shown: a poignée shows trumps (and the Excuse)",
            card=card("KS"),
        ),
        c(
            "poignée showing a trump not held",
            Code.POIGNEE_NOT_IN_HAND,
            lazily(lambda: playing({0: trumps(1, 9), 1: "T20"}), show(0, trumps(1, 9) + " T20")),
            "T20 cannot be shown: it is not in the hand",
            card=card("T20"),
        ),
        c(
            "Excuse standing in while trumps are hidden",
            Code.POIGNEE_EXCUSE,
            lazily(
                lambda: playing({0: trumps(1, 11) + " EX"}, closed={0: "T"}),
                show(0, trumps(1, 9) + " EX"),
            ),
            "the Excuse may stand in for a trump only when every trump held is shown"
            " (T11, T10 not shown)",
            cards=ids("T10 T11"),
        ),
        c(
            "petit chelem at a table without it",
            Code.PETIT_CHELEM_OFF,
            lazily(lambda: ecart_done(Rules()), DeclareSlam(0, True, True)),
            "a petit chelem is not allowed: this table plays without the petit chelem",
        ),
        c(
            "misère at a table without it",
            Code.MISERE_OFF,
            lazily(lambda: playing({0: MISERE_HAND}), Misere(0)),
            "a misère is not allowed: this table plays without misère",
        ),
        c(
            "misère without a kind at a split table",
            Code.MISERE_KIND,
            lazily(
                lambda: playing({0: MISERE_HAND}, rules=Rules(misere="split")),
                Misere(0),
            ),
            "a misère needs a kind at this table: trumps (d'atout) or faces (de têtes)",
        ),
        c(
            "misère with a kind at a table without kinds",
            Code.MISERE_KIND,
            lazily(lambda: playing({0: MISERE_HAND}, rules=MISERE_RULES), Misere(0, "faces")),
            "a misère of kind faces is not allowed: this table's misère has no kinds",
            misere="faces",
        ),
        c(
            "second misère",
            Code.MISERE_ALREADY,
            lazily(lambda: declared(Misere(0)), Misere(0)),
            "a misère is not allowed: this seat has declared one already",
        ),
        c(
            "misère with a face card",
            Code.MISERE_HAND,
            lazily(
                lambda: playing({0: MISERE_HAND.replace("8H", "KH")}, rules=MISERE_RULES),
                Misere(0),
            ),
            "a misère is not allowed: the hand as dealt holds KH"
            " (no trump, Excuse or face card allowed)",
            cards=ids("KH"),
        ),
        c(
            "play a card not held",
            Code.NOT_IN_HAND,
            lazily(lambda: playing({1: "4C"}), Play(0, card("4C"))),
            "4C is not allowed: you do not hold it",
            card=card("4C"),
        ),
        c(
            "not following suit",
            Code.MUST_FOLLOW,
            lazily(
                lambda: led({0: "5S", 1: "9S 2S T3 EX 4H"}, {1: "STX"}, "5S"), Play(1, card("T3"))
            ),
            "T3 is not allowed: you must follow spades",
            card=card("T3"),
            suit=0,
            cards=ids("2S 9S"),
        ),
        c(
            "not overtrumping",
            Code.MUST_OVERTRUMP,
            lazily(lambda: led({0: "T10", 1: "T5 T12 4H"}, {1: "TX"}, "T10"), Play(1, card("T5"))),
            "T5 is not allowed: you must play a trump higher than T10",
            card=card("T5"),
            beat=card("T10"),
            cards=ids("T12"),
        ),
        c(
            "not trumping",
            Code.MUST_TRUMP,
            lazily(lambda: led({0: "5S", 1: "T4 T9 4H"}, {1: "STX"}, "5S"), Play(1, card("4H"))),
            "4H is not allowed: you must play a trump",
            card=card("4H"),
            cards=ids("T4 T9"),
        ),
    ]


def bid(deal: Deal, bids: dict[int, Contract]) -> Deal:
    """The first seats speak: ``bids`` in order of speech, for the first seats only."""
    for seat in sorted(bids):
        deal.apply(Bid(seat, bids[seat]))
    return deal


OPEN_RULES = Rules(auction="open")
PAROLE_RULES = Rules(parole=True)


def spoken(rules: Rules, calls: str) -> Deal:
    """A fresh deal (seat 0 speaks first) after ``calls`` (``"pass prise"``), each by the
    seat whose turn it is (docs/rules.md §11.5)."""
    deal = make_deal(rules=rules)
    for text in calls.split():
        deal.apply(Bid(deal.to_act, Contract.parse(text)))
    return deal


def ecart_with(extra: str) -> Deal:
    hand = ECART_HAND.replace("T20", extra)
    deal = make_deal(hands={0: hand}, chien=ECART_CHIEN)
    bid_round(deal, {0: Contract.GARDE})
    return deal


def ecart_done(rules: Rules) -> Deal:
    """Seat 0 took a Garde sans: the slam announcement is next."""
    deal = make_deal(rules=rules)
    bid_round(deal, {0: Contract.GARDE_SANS})
    return deal


def shown(hand: str, poignee: str) -> Deal:
    deal = playing({0: hand}, closed={0: "TX"})
    deal.apply(show(0, poignee))
    return deal


def declared(action: Misere) -> Deal:
    deal = playing({0: MISERE_HAND}, rules=MISERE_RULES)
    deal.apply(action)
    return deal


def led(hands: dict[int, str], closed: dict[int, str], lead: str) -> Deal:
    deal = playing(hands, closed)
    play(deal, lead)
    return deal


CASES = _cases()
