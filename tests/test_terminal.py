"""The terminal game: a person at seat 0, prompted until the engine accepts the answer."""

import io
import re

from tarot_command import tarot

from tarot_core import Rules
from tarot_core.actions import Discard, Ecart
from tarot_core.cards import format_card
from tarot_core.terminal import TerminalGame


class ScriptedPlayer:
    """Answers each prompt with a wrong answer first, then the first option offered."""

    def __init__(self) -> None:
        self.game: TerminalGame | None = None
        self.prompts: list[str] = []
        self.wrong_given: set[str] = set()

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        kind = prompt.split("(")[0]
        if kind not in self.wrong_given:
            self.wrong_given.add(kind)
            return "ZZ"
        assert len(self.prompts) < 5000, "the game does not move on"
        if prompt.startswith("Your bid"):
            offered = prompt.split("(")[1].split(")")[0].split(" / ")
            return offered[1] if len(offered) > 1 else "pass"
        if prompt.startswith("Call a card"):
            return "KH"
        if prompt.startswith("Discard"):
            assert self.game is not None
            deal = self.game.game.current
            needed = deal.ecart_needed()
            cards = [a.card for a in deal.legal_actions(0) if isinstance(a, Discard)]
            trial = deal.copy()
            trial.apply(Ecart(0, tuple(cards[:needed])))  # proves the answer is legal
            return " ".join(format_card(c) for c in cards[:needed])
        if prompt.startswith("Your card"):
            return re.search(r"\(([^,)]+)", prompt).group(1)  # type: ignore[union-attr]
        return "no"


def test_a_whole_game_with_refused_answers_first() -> None:
    out = io.StringIO()
    player = ScriptedPlayer()
    game = TerminalGame(Rules(players=4), deals=2, seed=11, ask=player, out=out)
    player.game = game
    game.run()
    text = out.getvalue()
    assert game.game.over
    assert "Game over. Final totals:" in text
    assert "unknown card 'ZZ'" in text or "unknown bid 'ZZ'" in text
    assert sum(game.game.totals) == 0
    assert text.count("— Deal result —") == len(game.game.deals)


def test_refused_card_names_the_rule() -> None:
    out = io.StringIO()
    answers: list[str] = []

    def ask(prompt: str) -> str:
        answers.append(prompt)
        assert len(answers) < 5000, "the game does not move on"
        deal = game.game.current
        if prompt.startswith("Your card") and deal.trick:
            held = deal.hands[0]
            illegal = held & ~deal.legal_cards(0)
            if illegal and "Refused" not in out.getvalue():
                return format_card((illegal & -illegal).bit_length() - 1)
        if prompt.startswith("Your card"):
            legal = deal.legal_cards(0)
            return format_card((legal & -legal).bit_length() - 1)
        if prompt.startswith("Your bid"):
            return "pass"
        return "no"

    game = TerminalGame(Rules(players=3), deals=3, seed=5, ask=ask, out=out)
    game.run()
    assert re.search(r"Refused: \S+ is not allowed: you must (follow|play a trump)", out.getvalue())


def test_the_command_line_game_stops_cleanly_at_end_of_input() -> None:
    done = tarot("play", "--seed", "3", stdin="", timeout=60)
    assert done.returncode == 0
    assert "Game abandoned." in done.stdout
    assert "Traceback" not in done.stderr
