"""A whole game in a terminal: the person at seat 1 (the engine's seat 0) against
computer players, shown what a player at a real table sees, as the Discord texts say it.

Everything shown comes from the person's own view or the public one; the écart and an
unseen chien are shown once the deal is over, as the deal's picture shows them on Discord.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TextIO

from tarot_core import (
    PETIT,
    Action,
    Bid,
    Bot,
    Call,
    DealView,
    DeclareSlam,
    Ecart,
    Game,
    IllegalAction,
    Misere,
    Outcome,
    Phase,
    Play,
    Poignee,
    Rules,
    cards_of,
    sitting_out,
    trick_seats,
    view,
)
from tarot_core.coach import SAMPLES

from ..render.cards import sort_for_display
from ..render.refusals import rule_text
from ..render.table import poignee_level_name, rules_lines
from ..tables.derive import action_events, deal_events
from ..tables.events import DealFinished, GameFinished, KingCalled
from .answers import (
    first_word,
    languages,
    normal,
    read_card,
    read_cards,
    read_contract,
    read_word,
)
from .coach import Coach
from .prompts import Prompts, Quit
from .texts import INDENT, PERSON, Texts

__all__ = ["PERSON", "Quit", "TerminalGame"]

HAND_STILL_IN_SIGHT = 3
"""Lines printed since the hand after which it is shown again though it has not changed
(after a poignée shown, the card prompt follows the hand at once)."""


class TerminalGame:
    def __init__(
        self,
        rules: Rules,
        *,
        lang: str,
        bots: Mapping[int, Bot],
        levels: Mapping[int, str],
        ask: Callable[[str], str],
        out: TextIO,
        deals: int | None = None,
        seed: int | None = None,
        think_ms: int | None = None,
        review_samples: int = SAMPLES,
    ) -> None:
        """``bots`` and ``levels``: each other seat's player and its level's name;
        ``think_ms``: the experts' time per decision, said at the start;
        ``review_samples``: the worlds the coach weighs each decision in."""
        self.game = Game(rules, deals=deals, seed=seed)
        self.rules = rules
        self.bots = bots
        self.out = out
        self.think_ms = think_ms
        self.text = Texts(lang, rules, levels, self.game.target)
        self.lang = lang
        self.ask = ask
        self.prompts = Prompts(self.text, ask, self.say, self.score_line, self.review_last)
        self.coach = Coach(lang, out, self.say, review_samples)
        self.headed = 0
        """Deals whose header was printed."""
        self.reported = 0
        """Deals whose end was printed."""
        self.told_imprenable = -1
        self.spaced = True
        self.shown_hand: tuple[int, ...] = ()
        self.said_since_hand = 0

    # ----- the game ----------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)
        self.spaced = not text
        self.said_since_hand += 1

    def gap(self) -> None:
        """One empty line between blocks, never two."""
        if not self.spaced:
            self.say()

    def run(self) -> int:
        """Play to the end; 0 when the game is over or the person quit, 130 on Ctrl-C."""
        try:
            self.intro()
            self.catch_up()
            while not self.game.over:
                self.step()
            return self.epilogue()
        except Quit as left:
            self.say()
            self.say(self.text("terminal.abandoned"))
            return 130 if left.interrupted else 0
        except KeyboardInterrupt:  # while a computer player thinks
            self.say()
            self.say(self.text("terminal.abandoned"))
            return 130
        return 0

    def intro(self) -> None:
        others = [self.text.name(seat) for seat in range(1, self.rules.players)]
        self.say(self.text("terminal.welcome", players=self.rules.players, names=", ".join(others)))
        if self.think_ms is not None:
            self.say(self.text("terminal.thinking", ms=self.think_ms))
        self.say(self.text("terminal.rules"))
        self.say("\n".join(f"{INDENT}- {line}" for line in rules_lines(self.lang, self.rules)))
        self.say(self.text.notation())
        self.say(
            self.text(
                "terminal.commands",
                help=first_word(self.lang, "help"),
                score=first_word(self.lang, "score"),
                review=first_word(self.lang, "review"),
                quit=first_word(self.lang, "quit"),
            )
        )

    def step(self) -> None:
        index = len(self.game.deals) - 1
        deal = self.game.current
        seat = deal.to_act
        assert seat is not None
        before = view(deal)
        phase = deal.phase
        action = self.person(view(deal, seat)) if seat == PERSON else self.bot(seat)
        self.game.apply(action)
        self.tell(action, index, before, phase)
        self.catch_up()

    def bot(self, seat: int) -> Action:
        return self.bots[seat].act(view(self.game.current, seat))

    # ----- what happened -----------------------------------------------------------------

    def tell(self, action: Action, index: int, before: DealView, phase: Phase) -> None:
        """The public lines of ``action``, just applied to deal ``index``."""
        deal = self.game.deals[index]
        after = view(deal)
        name = self.text.name(action.seat)
        if isinstance(action, Bid):
            contract = self.text.contract(action.contract)
            self.say(self.text("table.bid", name=name, contract=contract))
        if isinstance(action, Play):
            card = self.text.cards([action.card])
            self.say(INDENT + self.text("terminal.played", name=name, card=card))
        if isinstance(action, Ecart) and action.seat == PERSON:
            self.say(self.text("dm.ecart", cards=self.text.cards(sort_for_display(action.cards))))
        for event in action_events(self.game, action, index, phase):
            self.say(self.text.event(event))
            if isinstance(event, KingCalled):
                self.called(event, event.card in view(deal, PERSON).hand)
        if after.petit_imprenable is not None and before.petit_imprenable is None:
            self.say(self.text("table.petit_imprenable", name=name))
        if after.partner_known and not before.partner_known:
            self.partner_revealed(after)
        if len(after.tricks) > len(before.tricks):
            winner = after.tricks[-1].winner
            self.say(
                self.text.by(
                    winner, "terminal.trick_won", name=self.text.name(winner), n=len(after.tricks)
                )
            )
            self.gap()

    def called(self, event: KingCalled, held: bool) -> None:
        if held and event.taker != PERSON:
            card = self.text.long(event.card)
            taker = self.text.name(event.taker)
            self.say(self.text("terminal.you_hold_called", card=card, name=taker))

    def partner_revealed(self, after: DealView) -> None:
        assert after.called is not None and after.taker is not None
        card = self.text.long(after.called)
        taker, partner = after.taker, after.partner
        if partner is None or partner == taker:
            self.say(
                self.text.by(taker, "terminal.taker_alone", card=card, name=self.text.name(taker))
            )
        elif partner == PERSON:
            self.say(self.text("terminal.partner_you", card=card, name=self.text.name(taker)))
        else:
            self.say(
                self.text.by(
                    taker,
                    "terminal.partner_revealed",
                    card=card,
                    name=self.text.name(taker),
                    partner=self.text.name(partner),
                )
            )

    def catch_up(self) -> None:
        """Headers of the deals dealt and ends of the deals finished, in order (a petit sec
        ends its deal as it is dealt), then the standings once the game is over."""
        for index, deal in enumerate(self.game.deals):
            if index >= self.headed:
                self.headed = index + 1
                self.header(index)
            if deal.done and index >= self.reported:
                self.reported = index + 1
                self.deal_over(index)
                if self.game.over:
                    self.game_over()

    def counted_before(self, index: int) -> int:
        """Deals that counted before deal ``index``."""
        return sum(
            1
            for deal in self.game.deals[:index]
            if deal.result is not None and deal.result.outcome == Outcome.PLAYED
        )

    def header(self, index: int) -> None:
        deal = self.game.deals[index]
        n = self.counted_before(index) + 1
        key = "terminal.deal_header_sits_out" if self.rules.sits_out else "terminal.deal_header"
        self.gap()
        self.say(self.text(key, n=n, m=self.game.target, name=self.text.name(deal.dealer)))

    def deal_over(self, index: int) -> None:
        deal = self.game.deals[index]
        result = deal.result
        assert result is not None
        n = self.counted_before(index) + 1
        if result.outcome == Outcome.PETIT_SEC:
            for seat, cards in sorted(view(deal).petit_sec.items()):
                self.say(
                    self.text.by(
                        seat,
                        "terminal.petit_sec",
                        name=self.text.name(seat),
                        cards=self.text.cards(cards),
                    )
                )
            self.say(self.text("score.void.petit_sec"))
            self.say(self.text("terminal.deal_again", n=n, m=self.game.target))
            return
        if result.outcome == Outcome.PASSED:
            self.say(self.text("terminal.deal_again", n=n, m=self.game.target))
            return
        finished = deal_events(self.game, index, finished=False)[0]
        assert isinstance(finished, DealFinished)
        self.gap()
        self.say("\n".join(self.text.score_sheet(n, finished)))
        taker = view(deal, deal.taker)
        if taker.chien is not None:  # shown to all: the taker's écart is what was hidden
            assert taker.ecart is not None
            name = self.text.name(deal.taker)
            ecart = self.text.cards(taker.ecart)
            self.say(self.text.by(deal.taker, "terminal.ecart", name=name, cards=ecart))
        else:
            chien = sort_for_display(cards_of(deal.chien))
            self.say(self.text("terminal.chien_unseen", cards=self.text.cards(chien)))
        if n == 1 and not self.game.over:  # the game's end asks about the last deal itself
            self.say(self.text("terminal.review.hint", review=first_word(self.lang, "review")))

    def game_over(self) -> None:
        final = deal_events(self.game, len(self.game.deals), finished=True)[-1]
        assert isinstance(final, GameFinished)
        self.gap()
        self.say("\n".join(self.text.standings(final)))

    # ----- the coach ---------------------------------------------------------------------

    def last_scored(self) -> int | None:
        """The index of the last deal whose score sheet was shown."""
        scored = [
            index
            for index, deal in enumerate(self.game.deals[: self.reported])
            if deal.result is not None and deal.result.outcome == Outcome.PLAYED
        ]
        return scored[-1] if scored else None

    def review_last(self) -> None:
        """``review``: the person's decisions in the last deal scored, weighed by the coach."""
        index = self.last_scored()
        if index is None:
            self.say(self.text("terminal.review.none", review=first_word(self.lang, "review")))
            return
        self.gap()
        number = self.counted_before(index) + 1
        text = self.coach.review(index, self.game.deals[index], PERSON, number)
        self.say(text if text is not None else self.text("terminal.review.stopped"))
        self.gap()

    def epilogue(self) -> int:
        """After the standings: the last deal's review on request; Enter, ``quit`` or the
        end of the input leave (0), Ctrl-C too (130)."""
        review = first_word(self.lang, "review")
        prompt = self.text("terminal.ask.review", review=review)
        while True:
            try:
                raw = self.ask(prompt + " ")
            except EOFError:
                return 0
            except KeyboardInterrupt:
                self.say()
                return 130
            command = read_word(self.lang, raw, "review", "quit", "score", "help")
            if not raw.strip() or command == "quit":
                return 0
            if command == "review":
                self.review_last()
            elif command == "score":
                self.say(self.score_line())
            else:
                if command is None:
                    self.say(self.text("terminal.not_understood", answer=raw.strip()))
                self.say(self.text("terminal.type", accepted=review))

    def score_line(self) -> str:
        played = self.game.played
        return self.text(
            "terminal.totals",
            count=played,
            m=self.game.target,
            totals=self.text.totals(self.game.totals),
        )

    # ----- the person's decisions --------------------------------------------------------

    def person(self, v: DealView) -> Action:
        if v.hand != self.shown_hand or self.said_since_hand > HAND_STILL_IN_SIGHT:
            self.gap()
            self.say(self.text("terminal.your_hand"))
            self.say("\n".join(self.text.hand(v.hand)))
            self.shown_hand = v.hand
            self.said_since_hand = 0
        if v.phase == Phase.BIDDING:
            return self.bid(v)
        if v.phase == Phase.CALLING:
            return self.call(v)
        if v.phase == Phase.ECART:
            return self.ecart(v)
        if v.phase == Phase.SLAM:
            return self.slam(v)
        return self.play(v)

    def check(self, action: Action) -> str | None:
        """The engine's refusal of ``action`` in the reader's words (tried on a copy)."""
        trial = self.game.current.copy()
        try:
            trial.apply(action)
        except IllegalAction as e:
            said = rule_text(self.lang, e.code.value, e.params, self.text.table)
            return said if said is not None else self.text("refused.illegal", reason=str(e))
        return None

    def bid(self, v: DealView) -> Action:
        offered = [a.contract for a in v.legal if isinstance(a, Bid)]
        choices = [self.text.contract(c) for c in offered]
        accepted = self.text.one_of(choices)

        def parse(answer: str) -> Bid | None:
            contract = read_contract(self.lang, self.rules, answer, offered)
            return Bid(PERSON, contract) if contract is not None else None

        prompt = self.text("terminal.ask.bid", choices=", ".join(choices))
        return self.prompts.read(prompt, accepted, parse, self.check)

    def call(self, v: DealView) -> Action:
        cards = [a.card for a in v.legal if isinstance(a, Call)]
        shown = self.text.cards(cards)
        accepted = self.text.one_of([self.text.cards([c]) for c in cards])

        def parse(answer: str) -> Call | None:
            card = read_card(self.lang, answer)
            return Call(PERSON, card) if card is not None else None

        prompt = self.text("terminal.ask.call", choices=shown)
        return self.prompts.read(prompt, accepted, parse, self.check)

    def ecart(self, v: DealView) -> Action:
        needed = self.rules.chien_size - len(v.ecart or ())
        accepted = self.text("terminal.accept.ecart", count=needed)

        def parse(answer: str) -> Ecart | None:
            cards = read_cards(self.lang, answer)
            return Ecart(PERSON, tuple(cards)) if cards is not None else None

        prompt = self.text("terminal.ask.ecart", count=needed)
        return self.prompts.read(prompt, accepted, parse, self.check)

    def slam(self, v: DealView) -> Action:
        petit = any(isinstance(a, DeclareSlam) and a.petit for a in v.legal)
        options = ["slam", "petit_chelem", "no"] if petit else ["yes", "no"]
        choices = [first_word(self.lang, option) for option in options]
        answers = {
            "yes": DeclareSlam(PERSON, True),
            "slam": DeclareSlam(PERSON, True),
            "petit_chelem": DeclareSlam(PERSON, True, True),
            "no": DeclareSlam(PERSON, False),
        }

        def parse(answer: str) -> DeclareSlam | None:
            word = read_word(self.lang, answer, *options)
            return answers[word] if word is not None else None

        prompt = self.text("terminal.ask.slam", choices=" / ".join(choices))
        return self.prompts.read(prompt, self.text.one_of(choices), parse, self.check)

    def play(self, v: DealView) -> Action:
        told = len(self.game.deals)
        if v.petit_imprenable == PERSON and PETIT in v.hand and self.told_imprenable != told:
            self.told_imprenable = told
            self.say(self.text("dm.petit_imprenable"))
        for action in v.legal:
            if isinstance(action, Misere) and self.misere(action):
                return action
        poignees = [a for a in v.legal if isinstance(a, Poignee)]
        if poignees:
            poignee = self.poignee(poignees)
            if poignee is not None:
                return poignee
        self.say(self.status(v))
        if v.current is not None and v.current.cards:
            trick = self.trick(v)
            self.say(self.text("dm.trick", cards=trick))
        cards = sort_for_display(a.card for a in v.legal if isinstance(a, Play))
        shown = self.text.cards(cards)
        accepted = self.text.one_of([self.text.cards([c]) for c in cards])
        key = (
            "terminal.ask.play"
            if v.current is not None and v.current.cards
            else "terminal.ask.lead"
        )

        def parse(answer: str) -> Play | None:
            card = read_card(self.lang, answer)
            return Play(PERSON, card) if card is not None else None

        return self.prompts.read(self.text(key, choices=shown), accepted, parse, self.check)

    def status(self, v: DealView) -> str:
        """Trick n of m and the contract, for the lead and every card."""
        assert v.taker is not None and v.contract is not None
        parts = [self.text("terminal.trick_of", n=len(v.tricks) + 1, m=self.rules.tricks)]
        contract = self.text.contract(v.contract)
        parts.append(self.text("dm.contract", contract=contract, name=self.text.name(v.taker)))
        if v.called is not None:
            parts.append(self.text("dm.called", card=self.text.long(v.called)))
        if v.partner_known and v.partner is not None and v.partner != v.taker:
            parts.append(self.text("terminal.partner", name=self.text.name(v.partner)))
        return " · ".join(parts)

    def trick(self, v: DealView) -> str:
        assert v.current is not None
        cards = v.current.cards
        skip = sitting_out(self.rules, v.dealer)
        seats = trick_seats(v.current.leader, len(cards), self.rules.players, skip)
        return " · ".join(
            self.text("terminal.played", name=self.text.name(seat), card=self.text.cards([card]))
            for seat, card in zip(seats, cards, strict=True)
        )

    def misere(self, action: Misere) -> bool:
        what = (
            self.text(f"misere.kind.{action.kind}") if action.kind else self.text("terminal.misere")
        )
        options = ["yes", "no"]
        choices = [first_word(self.lang, option) for option in options]
        prompt = self.text("terminal.ask.misere", what=what, choices=" / ".join(choices))
        word = self.prompts.read(
            prompt,
            self.text.one_of(choices),
            lambda answer: read_word(self.lang, answer, *options),
            lambda _: None,
        )
        return word == "yes"

    def poignee(self, offered: list[Poignee]) -> Poignee | None:
        """Show a poignée, or not: a level's name shows the lowest trumps said, a list of
        cards shows those; None when the person declines."""
        levels: dict[str, Poignee] = {}
        offer: list[str] = []
        for action in offered:
            size = len(action.cards)
            for code in languages(self.lang):
                levels[normal(poignee_level_name(code, self.rules, size))] = action
            level = self.text.poignee_level(size)
            offer.append(level)
            cards = self.text.cards(action.cards)
            self.say(self.text("terminal.poignee_offer", level=level, count=size, cards=cards))
        choices = [*offer, first_word(self.lang, "no")]
        accepted = self.text("terminal.accept.poignee", choices=self.text.one_of(choices))

        def parse(answer: str) -> Shown | None:
            if read_word(self.lang, answer, "no") is not None:
                return Shown(None)
            if normal(answer) in levels:
                return Shown(levels[normal(answer)])
            cards = read_cards(self.lang, answer)
            return Shown(Poignee(PERSON, tuple(cards))) if cards is not None else None

        def check(answer: Shown) -> str | None:
            return None if answer.poignee is None else self.check(answer.poignee)

        prompt = self.text("terminal.ask.poignee", choices=" / ".join(choices))
        return self.prompts.read(prompt, accepted, parse, check).poignee


@dataclass(frozen=True)
class Shown:
    """The answer to "Show a poignée?": the poignée, or None for no."""

    poignee: Poignee | None
