"""Asking the person until the answer is one the game can take.

An answer that is not recognised is never taken for a "no": the prompt says what it was
not, lists what is accepted and asks again. ``help`` (what may be typed now) and
``score`` (the totals so far) and ``review`` (the coach's review of the person's decisions
in the last deal scored) work at every prompt; ``quit``, the end of the input (Ctrl-D) and
Ctrl-C end the game (``Quit``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .answers import first_word, read_word
from .texts import Texts

T = TypeVar("T")


class Quit(Exception):
    """The person left: ``quit``, the end of the input, or Ctrl-C (``interrupted``)."""

    def __init__(self, *, interrupted: bool = False) -> None:
        super().__init__("the person left the game")
        self.interrupted = interrupted


class Prompts:
    def __init__(
        self,
        texts: Texts,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        score: Callable[[], str],
        review: Callable[[], None],
    ) -> None:
        self.texts = texts
        self.ask = ask
        self.say = say
        self.score = score
        self.review = review

    def read(
        self,
        prompt: str,
        accepted: str,
        parse: Callable[[str], T | None],
        check: Callable[[T], str | None],
    ) -> T:
        """Ask ``prompt`` until ``parse`` recognises the answer and ``check`` (the engine,
        on a copy of the deal) finds nothing wrong with it; ``accepted`` says in words
        what may be typed."""
        while True:
            raw = self.answer(prompt, accepted)
            value = parse(raw)
            if value is None:
                self.say(self.texts("terminal.not_understood", answer=raw.strip()))
                self.say(self.texts("terminal.type", accepted=accepted))
                continue
            problem = check(value)
            if problem is None:
                return value
            self.say(problem)

    def answer(self, prompt: str, accepted: str) -> str:
        """The next answer that is not one of the commands of every prompt."""
        lang = self.texts.lang
        while True:
            try:
                raw = self.ask(prompt + " ")
            except EOFError:
                raise Quit from None
            except KeyboardInterrupt:
                raise Quit(interrupted=True) from None
            command = read_word(lang, raw, "quit", "help", "score", "review")
            if command == "quit":
                raise Quit
            if command == "help":
                self.say(
                    self.texts(
                        "terminal.help",
                        accepted=accepted,
                        score=first_word(lang, "score"),
                        review=first_word(lang, "review"),
                        quit=first_word(lang, "quit"),
                    )
                )
                self.say(self.texts.notation())
            elif command == "score":
                self.say(self.score())
            elif command == "review":
                self.review()
            elif not raw.strip():
                self.say(self.texts("terminal.type", accepted=accepted))
            else:
                return raw
