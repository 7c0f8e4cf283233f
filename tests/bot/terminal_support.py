"""A scripted person for the terminal game: answers each prompt from the person's legal
moves, typed as a player would (names in the game's language, cards in its notation or in
ASCII), and keeps the whole session, prompts included, as one transcript."""

from __future__ import annotations

import io
from collections.abc import Callable

from bot.i18n import t
from bot.i18n.catalog import text_of
from bot.render.cards import card_short
from bot.terminal.game import PERSON, TerminalGame
from tarot_core import Bid, Call, Deal, Discard, Play, Rules
from tarot_core.bots import make_bot
from tarot_core.cards import format_card

REVIEW_SAMPLES = 8
"""The worlds the coach weighs each decision in, in these games: a review in a second."""
KINDS = ("bid", "call", "ecart", "slam", "misere", "poignee", "lead", "play", "review")


def kind_of(lang: str, prompt: str) -> str:
    """Which question ``prompt`` asks, by the start of its text in the catalog."""
    for kind in KINDS:
        template = text_of(lang, f"terminal.ask.{kind}")
        assert template is not None
        if prompt.startswith(template.split("{")[0]):
            return kind
    raise AssertionError(f"an unknown prompt: {prompt!r}")


def word(lang: str, name: str) -> str:
    return t(lang, f"terminal.words.{name}").split(",")[0].strip()


class Person:
    """Answers prompts; ``scripted[kind]`` answers come first for that kind of prompt
    (``take``: bid the highest contract offered)."""

    def __init__(
        self,
        lang: str = "en",
        *,
        take: bool = False,
        scripted: dict[str, list[str]] | None = None,
        limit: int = 4000,
    ) -> None:
        self.lang = lang
        self.take = take
        self.scripted = {k: list(v) for k, v in (scripted or {}).items()}
        self.limit = limit
        self.out = io.StringIO()
        self.prompts: list[str] = []
        self.game: TerminalGame | None = None
        self.code: int | None = None
        self.hook: Callable[[str, str], str | None] | None = None
        """Called with each prompt and its kind; an answer it returns is typed instead."""

    def __call__(self, prompt: str) -> str:
        self.out.write(prompt.rstrip() + "\n")
        self.prompts.append(prompt)
        assert len(self.prompts) < self.limit, "the game does not move on"
        kind = kind_of(self.lang, prompt)
        if self.hook is not None:
            answer = self.hook(prompt, kind)
            if answer is not None:
                return self.typed(answer)
        if self.scripted.get(kind):
            return self.typed(self.scripted[kind].pop(0))
        return self.typed(self.answer(kind))

    def typed(self, answer: str) -> str:
        self.out.write(f"> {answer}\n")
        return answer

    def answer(self, kind: str) -> str:
        assert self.game is not None
        if kind == "review":  # the game is over: Enter leaves
            return ""
        deal = self.game.game.current
        legal = deal.legal_actions(PERSON)
        if kind == "bid":
            bids = [a.contract for a in legal if isinstance(a, Bid)]
            chosen = max(bids) if self.take else min(bids)
            return t(self.lang, f"contract.{chosen.text}").lower()
        if kind == "call":
            return card_short(next(a.card for a in legal if isinstance(a, Call)), self.lang)
        if kind == "ecart":
            cards = [a.card for a in legal if isinstance(a, Discard)][: deal.ecart_needed()]
            return ", ".join(format_card(c) for c in cards)
        if kind in ("slam", "misere", "poignee"):
            return word(self.lang, "no")
        cards = [a.card for a in legal if isinstance(a, Play)]
        card = cards[len(self.prompts) % len(cards)]
        return card_short(card, self.lang) if len(self.prompts) % 2 else format_card(card)

    @property
    def transcript(self) -> str:
        return self.out.getvalue()


def play(
    person: Person,
    rules: Rules,
    *,
    seed: int,
    level: str = "random",
    deals: int | None = None,
    first: Deal | None = None,
    review_samples: int = REVIEW_SAMPLES,
) -> TerminalGame:
    """A whole game (or until the person quits) with fast bots, its ``first`` deal dealt
    as given; its output goes to the person's transcript."""
    others = range(1, rules.players)
    game = TerminalGame(
        rules,
        lang=person.lang,
        bots={s: make_bot(level, seed=seed + s) for s in others},
        levels={s: level for s in others},
        ask=person,
        out=person.out,
        deals=deals,
        seed=seed,
        review_samples=review_samples,
    )
    if first is not None:
        game.game.deals[0] = first
    person.game = game
    person.code = game.run()
    return game
