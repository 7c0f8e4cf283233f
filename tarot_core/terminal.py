"""A whole game in a terminal: one person at seat 0 against computer players.

Everything shown to the person comes from their own seat's view, as at a real table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO

from .actions import (
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
from .bots import Bot, RandomBot
from .cards import PETIT, CardError, format_card, format_cards, parse_card, suit_of
from .deal import Deal, Phase
from .game import Game
from .rules import POIGNEE_LEVELS, Contract, Rules
from .scoring import DealResult, Outcome
from .view import DealView, view

HUMAN = 0


class Quit(Exception):
    """The person closed the input or typed quit."""


def hand_text(cards: tuple[int, ...]) -> str:
    """The hand grouped by suit, one group per line."""
    groups: dict[int, list[int]] = {}
    for c in cards:
        groups.setdefault(suit_of(c), []).append(c)
    names = {4: "Trumps", -1: "Excuse", 0: "Spades", 1: "Hearts", 2: "Diamonds", 3: "Clubs"}
    return "\n".join(
        f"  {names[s]:<9}{format_cards(groups[s])}" for s in (4, -1, 0, 1, 2, 3) if s in groups
    )


def seat_name(seat: int) -> str:
    return "You" if seat == HUMAN else f"Seat {seat}"


def score_sheet(result: DealResult, totals: list[int]) -> str:
    lines = ["", "— Deal result —"]
    if result.outcome != Outcome.PLAYED:
        why = "everybody passed" if result.outcome == Outcome.PASSED else "a petit sec"
        lines.append(f"The deal is void ({why}); the next dealer deals.")
    else:
        assert result.contract is not None and result.taker is not None
        partner = f", partner seat {result.partner}" if result.partner is not None else ""
        lines += [
            f"{seat_name(result.taker)} took a {result.contract.text}{partner}.",
            f"Points {result.points} with {result.oudlers} oudler(s), needing {result.target}:"
            f" {'made' if result.made else 'lost'} by {result.diff}.",
        ]
        extras = []
        if result.petit_au_bout:
            extras.append(f"petit au bout to the {result.petit_au_bout}")
        if result.poignee_bonus:
            extras.append(f"poignée {result.poignee_bonus:+d}")
        if result.slam:
            extras.append(f"slam: {result.slam.replace('_', ' ')} ({result.chelem_bonus:+d})")
        if any(result.misere_scores):
            extras.append("misère")
        if extras:
            lines.append("Also: " + "; ".join(extras) + ".")
        lines.append(f"Hand score {result.hand_score:+d}.")
    lines.append(
        "Deal:   " + "  ".join(f"{seat_name(s)} {v:+d}" for s, v in enumerate(result.scores))
    )
    lines.append("Totals: " + "  ".join(f"{seat_name(s)} {v:+d}" for s, v in enumerate(totals)))
    return "\n".join(lines)


def bid_name(contract: Contract, rules: Rules) -> str:
    """A bid as typed (``prise``), with the Petite's name under ``contracts: fixed``."""
    if contract == Contract.PRISE and rules.contracts == "fixed":
        return "prise (petite)"
    return contract.text


def describe(action: Action, deal: Deal) -> str | None:
    """A public line for an action, or None for what stays hidden (the écart)."""
    who = seat_name(action.seat)
    if isinstance(action, Bid):
        return f"{who}: {bid_name(action.contract, deal.rules)}"
    if isinstance(action, Call):
        return f"{who} call(s) {format_card(action.card)}"
    if isinstance(action, Discard | Ecart):
        return None
    if isinstance(action, DeclareSlam):
        if action.petit:
            return f"{who} announce(s) a petit chelem!"
        return f"{who} announce(s) a slam!" if action.announce else None
    if isinstance(action, Poignee):
        level = deal.poignee_level(action.seat)
        return f"{who} show(s) a {level} poignée: {format_cards(action.cards)}"
    if isinstance(action, Misere):
        return f"{who} declare(s) {MISERE_NAMES[action.kind]}"
    if action.card == PETIT and action.seat == deal.imprenable:  # public once played
        return f"{who} play(s) T1, the protected Petit (petit imprenable: its side keeps it)"
    return f"{who} play(s) {format_card(action.card)}"


class TerminalGame:
    def __init__(
        self,
        rules: Rules,
        *,
        deals: int | None,
        seed: int | None,
        ask: Callable[[str], str],
        out: TextIO,
        bots: dict[int, Bot] | None = None,
    ) -> None:
        self.game = Game(rules, deals=deals, seed=seed)
        self.ask = ask
        self.out = out
        self.bots = bots or {s: RandomBot(self.game.seed + s) for s in range(1, rules.players)}
        self.seen_deals = 0

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> None:
        try:
            while not self.game.over:
                self.step()
            self.say(
                "\nGame over. Final totals: "
                + "  ".join(f"{seat_name(s)} {v:+d}" for s, v in enumerate(self.game.totals))
            )
        except Quit:
            self.say("\nGame abandoned.")

    def step(self) -> None:
        deal = self.game.current
        if len(self.game.deals) > self.seen_deals:
            self.seen_deals = len(self.game.deals)
            out = " and sits out" if deal.rules.sits_out else ""
            self.say(f"\n=== Deal {self.seen_deals}: seat {deal.dealer} deals{out} ===")
        if deal.done:  # a petit sec annuls the deal before anyone speaks
            self.settle(deal)
            return
        seat = deal.to_act
        tricks_before = len(deal.tricks)
        phase_before = deal.phase
        action = (
            self.human(view(deal, seat)) if seat == HUMAN else self.bots[seat].act(view(deal, seat))
        )
        self.game.apply(action)
        line = describe(action, deal)
        if line:
            self.say(line)
        if phase_before < Phase.ECART <= deal.phase and deal.contract <= Contract.GARDE:
            self.say(f"The chien: {format_cards(view(deal).chien or ())}")
        shown = view(deal).ecart_trumps
        if phase_before == Phase.ECART and deal.phase != Phase.ECART and shown:
            self.say(f"Trumps in the écart: {format_cards(shown)}")
        if len(deal.tricks) > tricks_before:
            winner = deal.winners[-1]
            self.say(f"  -> {seat_name(winner)} win(s) the trick")
        if deal.done:
            self.settle(deal)

    def settle(self, deal: Deal) -> None:
        assert deal.result is not None
        if deal.petit_sec_seats:
            for s in deal.petit_sec_seats:
                self.say(
                    f"{seat_name(s)} hold(s) the Petit sec: {format_cards(view(deal).petit_sec[s])}"
                )
        self.say(score_sheet(deal.result, self.game.totals))

    def human(self, v: DealView) -> Action:
        self.say("")
        self.say(hand_text(v.hand))
        if v.phase == Phase.BIDDING:
            bids = [a.contract.text for a in v.legal if isinstance(a, Bid)]
            return self.read(
                f"Your bid ({' / '.join(bids)}): ", lambda t: Bid(HUMAN, Contract.parse(t))
            )
        if v.phase == Phase.CALLING:
            return self.read(
                "Call a card (e.g. KS): ", lambda t: Call(HUMAN, parse_card(t.upper()))
            )
        if v.phase == Phase.ECART:
            n = v.rules.chien_size - len(v.ecart or ())
            return self.read(
                f"Discard {n} cards (e.g. 2S 3S ...): ",
                lambda t: Ecart(
                    HUMAN, tuple(parse_card(x.upper()) for x in t.replace(",", " ").split())
                ),
            )
        if v.phase == Phase.SLAM:
            if v.rules.petit_chelem:
                return self.read(
                    "Announce a slam, a petit chelem or neither? (y/p/n): ", slam_answer
                )
            return self.read("Announce a slam? (y/n): ", lambda t: DeclareSlam(HUMAN, yes(t)))
        if v.petit_imprenable == HUMAN and PETIT in v.hand:
            self.say(
                "Your Petit is protected (petit imprenable): play it whenever you like,"
                " you are never forced to; your side keeps it"
            )
        extra = [a for a in v.legal if not isinstance(a, Play)]
        if extra:
            chosen = self.announcements(v, extra)
            if chosen is not None:
                return chosen
        if v.current:
            self.say(
                f"Trick so far: {format_cards(v.current.cards)}"
                f" (led by {seat_name(v.current.leader)})"
            )
        legal = [a.card for a in v.legal if isinstance(a, Play)]
        return self.read(
            f"Your card ({format_cards(legal)}): ", lambda t: Play(HUMAN, parse_card(t.upper()))
        )

    def announcements(self, v: DealView, extra: Sequence[Action]) -> Action | None:
        for a in extra:
            if isinstance(a, Misere) and yes(
                self.prompt(f"Declare {MISERE_NAMES[a.kind]}? (y/n): ")
            ):
                return a
        poignees = [a for a in extra if isinstance(a, Poignee)]
        if not poignees:
            return None
        levels = {POIGNEE_LEVELS[v.rules.poignee_level(len(a.cards))]: a for a in poignees}
        answer = self.prompt(f"Show a poignée? ({' / '.join(levels)} / no): ").strip().lower()
        return levels.get(answer)

    def prompt(self, text: str) -> str:
        try:
            answer = self.ask(text)
        except EOFError:
            raise Quit from None
        if answer.strip().lower() in ("quit", "exit"):
            raise Quit
        return answer

    def read(self, text: str, parse: Callable[[str], Action]) -> Action:
        """Ask until the answer is an action the engine accepts (tried on a copy first)."""
        while True:
            answer = self.prompt(text).strip()
            try:
                action = parse(answer)
            except (CardError, ValueError) as e:
                self.say(f"Not understood: {e}.")
                continue
            problem = self.check(action)
            if problem is None:
                return action
            self.say(problem)

    def check(self, action: Action) -> str | None:
        trial = self.game.current.copy()
        try:
            trial.apply(action)
        except IllegalAction as e:
            return f"Refused: {e}."
        return None


MISERE_NAMES = {
    None: "a misère",
    "trumps": "a misère d'atout (no trump, no Excuse)",
    "faces": "a misère de têtes (no J, C, Q, K)",
}


def slam_answer(text: str) -> DeclareSlam:
    """``p`` (or ``petit``) a petit chelem, a yes a chelem, anything else neither."""
    if text.strip().lower() in ("p", "petit", "petit chelem"):
        return DeclareSlam(HUMAN, True, True)
    return DeclareSlam(HUMAN, yes(text))


def yes(text: str) -> bool:
    return text.strip().lower() in ("y", "yes", "o", "oui")
