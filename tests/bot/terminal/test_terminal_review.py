"""``review`` in the terminal game (issue 27): the coach's review of the person's own seat in
the last deal scored, the same review the bot gives, at any prompt and once the game is
over, in the game's language; kept once made; Ctrl-C stops a review, not the game."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from terminal_support import REVIEW_SAMPLES, Person, play

import tarot_core.coach.review
from bot.i18n import t
from bot.render.review import progress_text, review_text
from bot.terminal.coach import Coach
from bot.terminal.game import PERSON, TerminalGame
from bot.terminal.texts import plain
from tarot_core import Outcome, Rules
from tarot_core.coach import (
    Decision,
    DecisionReview,
    decision_count,
    review_deal,
    review_decision,
)

ROOT = Path(__file__).resolve().parents[3]


def expected(game: TerminalGame, lang: str, index: int, number: int) -> str:
    """The coach's review of the person's seat in deal ``index``, as the bot writes it."""
    review = review_deal(game.game.deals[index], PERSON, REVIEW_SAMPLES)
    return plain(review_text(lang, review, game_id=None, number=number))


def progress_lines(text: str, lang: str = "en") -> int:
    start = t(lang, "review.progress", done=0, total=0).split("0/")[0]
    return sum(1 for line in text.splitlines() if line.startswith(start))


def test_review_once_the_game_is_over_gives_the_coachs_review_of_the_persons_seat() -> None:
    person = Person(take=True, scripted={"review": ["review", ""]})
    game = play(person, Rules(players=3), seed=5, deals=1)
    assert person.code == 0
    index = len(game.game.deals) - 1
    text = expected(game, "en", index, 1)
    assert text.startswith("Your decisions weighed · deal 1 (Seat 1)")
    assert text in person.transcript
    assert progress_lines(person.transcript) == 1  # not a line per decision in a file
    asked = t("en", "terminal.ask.review", review="review")
    assert person.prompts[-2:] == [asked + " ", asked + " "]  # asked again after the review
    assert not person.transcript.rstrip().endswith("Game abandoned.")


def test_review_at_any_prompt_reviews_the_last_deal_scored_and_keeps_it() -> None:
    """Before any score sheet there is nothing to review; after the first, the hint says
    how, ``review`` at the next prompt gives it, a second ``review`` costs nothing; the
    prompt is asked again and the game goes on."""
    person = Person(take=True, scripted={"bid": ["review"]})
    asked: list[str] = []

    def review_twice_after_the_first_sheet(prompt: str, kind: str) -> str | None:
        assert person.game is not None
        if person.game.reported >= 1 and kind != "review" and len(asked) < 2:
            asked.append(prompt)
            return "review"
        return None

    person.hook = review_twice_after_the_first_sheet
    game = play(person, Rules(players=4), seed=2, deals=2)
    text = person.transcript
    assert person.code == 0
    assert "> review\n" + t("en", "terminal.review.none", review="review") in text
    first = next(
        i
        for i, deal in enumerate(game.game.deals)
        if deal.result is not None and deal.result.outcome == Outcome.PLAYED
    )
    sheet_end = text.index(t("en", "terminal.review.hint", review="review"))
    review = expected(game, "en", first, 1)
    assert text.count(review) == 2 and text.index(review) > sheet_end
    assert progress_lines(text) == 1  # made once, shown twice
    assert asked[0] == asked[1]  # the same prompt, asked again after each review
    assert "Final standings" in text


def test_review_in_the_games_language() -> None:
    person = Person("fr", take=True, scripted={"review": ["revoir", "aide", "score", ""]})
    game = play(person, Rules(players=3), seed=5, deals=1)
    text = person.transcript
    index = len(game.game.deals) - 1
    review = expected(game, "fr", index, 1)
    assert review.startswith("Vos décisions passées au crible · donne 1 (Place 1)")
    assert review in text
    assert t("fr", "terminal.type", accepted="revoir") in text
    assert "> score\n" + game.score_line() in text
    assert person.code == 0


def test_an_answer_not_understood_once_the_game_is_over_is_said() -> None:
    person = Person(take=True, scripted={"review": ["maybe", ""]})
    play(person, Rules(players=3), seed=5, deals=1)
    text = person.transcript
    assert "> maybe\nNot understood: “maybe”.\nType review.\n" in text
    assert person.code == 0


def test_ctrl_c_stops_a_review_and_not_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}

    def interrupted_once(decision: Decision, samples: int) -> DecisionReview:
        calls["n"] += 1
        if calls["n"] == 3:  # Ctrl-C in the middle of the first review
            raise KeyboardInterrupt
        return review_decision(decision, samples)

    monkeypatch.setattr(tarot_core.coach.review, "review_decision", interrupted_once)
    person = Person(take=True, scripted={"review": ["review", "review", ""]})
    game = play(person, Rules(players=3), seed=5, deals=1)
    text = person.transcript
    assert "> review\n" + t("en", "review.progress", done=0, total=0).split("0/")[0] in text
    assert t("en", "terminal.review.stopped") in text
    assert text.count(expected(game, "en", len(game.game.deals) - 1, 1)) == 1
    assert person.code == 0


def test_a_real_process_reviews_the_last_deal_at_the_end() -> None:
    """The person passes, types every card in turn (each refused one is said), and once
    the game is over asks for the review: the coach weighs the person's decisions at its
    default budget, and the process ends cleanly at the end of its input."""
    deck = [f"T{n}" for n in range(1, 22)] + ["EX"]
    deck += [f"{rank}{suit}" for suit in "SHDC" for rank in [*map(str, range(1, 11)), *"JCQK"]]
    typed = "\n".join(["pass", *deck * 30, "review"]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot.terminal"]
        + ["--players", "3", "--bots", "random", "--seed", "4", "--deals", "1", "--lang", "en"],
        input=typed,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    after = done.stdout.split("Final standings", 1)[1]
    assert "\nYour decisions weighed · deal 1 (Seat 1)\n" in after
    assert "Decisions: " in after
    assert "Traceback" not in done.stdout


class Terminal(io.StringIO):
    """Output that says it is a terminal, as a person's console does."""

    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_progress_line_is_written_over_itself_then_cleared() -> None:
    person = Person(take=True)
    game = play(person, Rules(players=3), seed=5, deals=1)
    deal = game.game.deals[-1]
    out, said = Terminal(), []
    text = Coach("pl", out, said.append, REVIEW_SAMPLES).review(0, deal, PERSON, 1)
    total = decision_count(deal, PERSON)
    assert total > 1
    steps = [f"\r{progress_text('pl', done, total)}" for done in range(total)]
    assert out.getvalue() == "".join(steps) + "\r\x1b[K"
    assert said == []  # nothing else written while the decisions are weighed
    assert text == expected(game, "pl", len(game.game.deals) - 1, 1)
