"""The terminal game as a person sees it: whole games driven by a scripted person
(``terminal_support.Person``), each test on one thing a newcomer expects (issue 22)."""

from __future__ import annotations

import re

import pytest
from builders import make_deal
from terminal_support import Person, play, word

from bot.i18n import LANGUAGES, t
from bot.render.cards import card_long, card_short, cards_short
from tarot_core import Poignee, Rules
from tarot_core.cards import EXCUSE, PETIT, TRUMPS, cards_of, format_card, rank_of

HOUSE_RULES = {
    "misere": "split",
    "contracts": "fixed",
    "round_to_ten": True,
    "petit_chelem": True,
    "petit_imprenable": True,
    "parole": True,
}
HEADER = re.compile(r"^=== Deal (\d+) of (\d+) · dealer: (.+?)(,.*)? ===$", re.M)


# ----- 4: a deal voided by a petit sec is shown ----------------------------------------


def test_a_petit_sec_deal_is_shown_as_deal_1_and_dealt_again() -> None:
    """Seed 174 at 4 players deals the person the Petit sec at once: the old game opened
    on "Deal 2" without a word about it."""
    person = Person()
    game = play(person, Rules(players=4), seed=174, level="heuristic", deals=1)
    text = person.transcript
    first_deal = game.game.deals[0]
    assert first_deal.petit_sec_seats == (0,)
    headers = HEADER.findall(text)
    assert [(n, m) for n, m, _, _ in headers[:2]] == [("1", "1"), ("1", "1")]
    held = cards_short(sorted(cards_of(first_deal.dealt[0]), reverse=True), "en")
    assert "You hold the Petit sec: " in text
    void = "A petit sec: the deal is annulled, the next dealer deals.\nIt does not count: deal 1"
    void += " of 1 is dealt again.\n"
    assert text.index("=== Deal 1 of 1") < text.index("You hold the Petit sec") < text.index(void)
    for card in held.split():
        assert card in text.split("You hold the Petit sec: ")[1].split("\n")[0]
    assert text.count("=== Deal") == len(game.game.deals) == 2


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_deal_has_a_header_and_the_numbers_never_jump(players: int) -> None:
    """At six players the old headers jumped from 1 to 3 over a voided deal."""
    for seed in range(12):
        person = Person()
        game = play(person, Rules(players=players), seed=seed)
        numbers = [int(n) for n, _, _, _ in HEADER.findall(person.transcript)]
        assert len(numbers) == len(game.game.deals), seed
        assert numbers[0] == 1 and all(
            b - a in (0, 1) for a, b in zip(numbers, numbers[1:], strict=False)
        )
        assert numbers[-1] == game.game.target


# ----- 5: an answer not understood is asked again -------------------------------------


def test_double_at_the_poignee_prompt_is_asked_again_and_the_chosen_trumps_are_shown() -> None:
    """``double`` with only a simple poignée offered was taken as "no"; now it is asked
    again, and the trumps typed are the ones shown (not the default lowest ones)."""
    eleven = " ".join(f"T{n}" for n in range(2, 13))
    first = make_deal(4, dealer=3, hands={0: eleven}, closed={0: "TX"})
    person = Person(take=True, scripted={"poignee": ["double"]})
    chosen: list[int] = []

    def choose(prompt: str, kind: str) -> str | None:
        if kind != "poignee" or person.scripted["poignee"]:
            return None
        assert person.game is not None
        offered = [a for a in person.game.game.current.legal_actions(0) if isinstance(a, Poignee)]
        size = len(offered[0].cards)
        held = cards_of(person.game.game.current.hands[0] & TRUMPS)
        chosen[:] = held[-size:]  # the highest ones, not the default
        return " ".join(format_card(c) for c in chosen)

    person.hook = choose
    game = play(person, Rules(players=4), seed=1, deals=1, first=first)
    text = person.transcript
    assert "Show a poignée? (simple / no, or the cards to show):\n> double\n" in text
    assert "Not understood: “double”.\nType simple or no, or the cards to show" in text
    assert "You may show a simple poignée (10 cards); shown by default, your lowest trumps:" in (
        text
    )
    shown = game.game.deals[0].poignees[0]
    assert sorted(shown) == sorted(chosen)
    assert f"You show a simple poignée: {cards_short(sorted(chosen), 'en')}." in text


def test_maybe_at_the_slam_prompt_is_asked_again() -> None:
    """``maybe`` was a no; now the prompt says what it takes and asks again."""
    person = Person(take=True, scripted={"slam": ["maybe", "no"]})
    play(person, Rules(players=4), seed=3, deals=1)
    text = person.transcript
    assert "Announce a slam? (yes / no):\n> maybe\nNot understood: “maybe”.\nType yes or no." in (
        text
    )
    assert "Announce a slam? (yes / no):\n> no\n" in text


def test_a_card_not_recognised_and_a_card_refused_are_said_and_asked_again() -> None:
    person = Person(scripted={"lead": ["ZZ"]})
    refused: list[str] = []

    def illegal(prompt: str, kind: str) -> str | None:
        assert person.game is not None
        deal = person.game.game.current
        if kind != "play" or refused or not deal.trick:
            return None
        wrong = deal.hands[0] & ~deal.legal_cards(0)
        if not wrong:
            return None
        refused.append(card_short(cards_of(wrong)[0], "en"))
        return refused[0]

    person.hook = illegal
    play(person, Rules(players=3), seed=5, deals=3)
    text = person.transcript
    assert "Not understood: “ZZ”.\nType " in text
    assert refused
    said = re.search(rf"> {re.escape(refused[0])}\n(.*)\n", text)
    assert said is not None
    assert re.match(r"You cannot play \S+: you must (follow|play a trump)", said.group(1))


# ----- 6: texts for people -------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_whole_games_read_as_texts_for_people(lang: str, players: int) -> None:
    """No "(s)", no underscore, no key or placeholder left, no empty chien line, in whole
    games with the house rules on, the person taking every other game."""
    for seed, take in ((1, True), (2, False)):
        rules = Rules.from_options(players, HOUSE_RULES | {"six_players": "dealer_sits_out"})
        person = Person(lang, take=take)
        game = play(person, rules, seed=seed)
        text = person.transcript
        assert game.game.over
        assert "(s)" not in text and "_" not in text
        assert "terminal." not in text and "{" not in text and "}" not in text
        chien = t(lang, "event.chien_shown", cards="").rstrip(" .")
        assert not re.search(rf"^{re.escape(chien)}\s*\.?$", text, re.M)
        assert "*" not in text.replace("★", "")
        assert not re.search(PERSON_AS_THIRD_PERSON[lang], text), lang


PERSON_AS_THIRD_PERSON = {
    "en": r"\bYou (?!win\b|take\b)[a-z]+s\b",
    "fr": r"\bVous (a|prend|remporte|appelle|montre|annonce|déclare|gagne|joue)\b",
    "es": r"\bTú [a-záéíóúñ]+",
    "pl": r"\bTy [a-ząćęłńóśźż]+",
}
"""The person named as a third person subject ("You takes", "Vous prend", "Tú tomó")."""


def test_the_words_a_player_types_are_accepted() -> None:
    """``Garde`` and ``garde sans`` in any case; ``20`` and ``excuse`` at a card: the old
    game refused them all."""
    person = Person(scripted={"bid": ["Garde"]})
    play(person, Rules(players=4), seed=8, deals=1, first=make_deal(4, dealer=3))
    assert "> Garde\nYou: Garde\n" in person.transcript

    typed: list[str] = []

    def by_number(prompt: str, kind: str) -> str | None:
        assert person.game is not None
        if kind not in ("play", "lead"):
            return None
        cards = cards_of(person.game.game.current.legal_cards(0))
        if EXCUSE in cards:
            typed.append("excuse")
        elif any(c >= PETIT for c in cards):
            typed.append(str(rank_of(max(c for c in cards if c >= PETIT))))
        else:
            return None
        return typed[-1]

    person = Person(scripted={"bid": ["garde sans"]})
    person.hook = by_number
    first = make_deal(4, dealer=3, hands={0: "EX T20 T5"})
    play(person, Rules(players=4), seed=8, deals=1, first=first)
    assert "> garde sans\nYou: Garde sans\n" in person.transcript
    assert "> excuse\n  You: 🃏\n" in person.transcript
    assert "> 20\n  You: 20★\n" in person.transcript
    assert "Not understood" not in person.transcript


def test_the_petite_is_bid_by_its_name_under_fixed_contracts() -> None:
    person = Person("fr", scripted={"bid": ["petite"]})
    rules = Rules.from_options(4, {"contracts": "fixed"})
    play(person, rules, seed=2, deals=1, first=make_deal(dealer=3, rules=rules))
    assert "> petite\nVous : Petite\n" in person.transcript


# ----- 7: what a player expects to see -------------------------------------------------


def test_the_rules_the_contract_the_trick_number_and_the_ranking_are_shown() -> None:
    person = Person(take=True)
    game = play(person, Rules(players=4), seed=11, deals=2)
    text = person.transcript
    assert text.index("The rules of this table:") < text.index("=== Deal 1 of 2")
    assert "  - 4 players\n" in text
    assert re.search(r"^Trick 1 of 18 · Contract: .+ \(taker: .+\)$", text, re.M)
    assert re.search(r"^Trick 18 of 18 · Contract: ", text, re.M)
    assert "Deal 1: score sheet\n" in text and "Deal value: " in text
    assert re.search(r"^Base: \(25 \+ \d+\) × \d = [+-]\d", text, re.M)
    assert re.search(r"^(You|.+'s) écart: |^The chien, unseen in this deal: ", text, re.M)
    standings = text.split("Final standings\n")[1].splitlines()[:4]
    scores = [int(line.rsplit(" ", 1)[1].replace(",", "")) for line in standings]
    assert scores == sorted(game.game.totals, reverse=True)
    assert re.match(r"^🥇 1\. ", standings[0])
    assert re.search(r"^The game is over: ", text, re.M)


def test_the_hand_comes_first_then_the_prompt_every_time() -> None:
    person = Person(take=True)
    play(person, Rules(players=5), seed=4, deals=1)
    blocks = person.transcript.split("\n> ")
    assert blocks[-2].endswith(t("en", "terminal.ask.review", review="review"))
    for block in blocks[:-2]:  # the last prompt, once the game is over, asks for no card
        before_prompt = block.rsplit("\n", 1)[0]
        last_hand = before_prompt.rfind("Your hand:")
        assert last_hand != -1, block[-300:]
        between = before_prompt[last_hand:].splitlines()
        moves = [line for line in between if re.match(r"^( {2})?(You|Random bot \d): ", line)]
        assert moves == [], block[-400:]


def called_seed(players: int = 5) -> tuple[int, int]:
    """The first seed where a bot takes and calls a card the person holds, and the
    called card's id."""
    for seed in range(400):
        person = Person()
        finished = play(person, Rules(players=players), seed=seed, level="heuristic", deals=1)
        deal = finished.game.deals[-1]
        if deal.called is not None and deal.taker != 0 and deal.partner == 0:
            return seed, deal.called
    raise AssertionError("no seed where the person is called")


def test_at_five_the_person_holding_the_called_card_is_told_and_the_partner_revealed() -> None:
    seed, called = called_seed()
    person = Person()
    play(person, Rules(players=5), seed=seed, level="heuristic", deals=1)
    text = person.transcript
    card = card_long(called, "en")
    assert f"calls {card}.\nYou hold the called card, {card}: you are " in text
    revealed = f"\n{card} is played: everyone now knows you are Heuristic bot "
    assert revealed in text
    assert text.index("You hold the called card") < text.index("everyone now knows you are")
    before, after = text.split("everyone now knows you are")
    status = re.compile(r"^Trick \d+ of 15 · .*$", re.M)
    assert all("Partner" not in line for line in status.findall(before))
    assert all(line.endswith(" · Partner: You") for line in status.findall(after))


def test_the_callable_cards_are_listed_at_the_call() -> None:
    person = Person(take=True)
    game = play(person, Rules(players=5), seed=6, deals=1)
    deal = game.game.deals[0]
    assert deal.taker == 0
    prompt = next(p for p in person.prompts if p.startswith("Call a card"))
    listed = re.search(r"\((.*)\):", prompt)
    assert listed is not None
    kings = [card_short(c, "en") for c in range(56) if c % 14 == 13]
    assert listed.group(1) == " ".join(kings) or all(k in listed.group(1) for k in kings)
    assert deal.called is not None and card_short(deal.called, "en") in listed.group(1)


def test_help_and_score_work_at_any_prompt_and_change_nothing() -> None:
    person = Person(scripted={"bid": ["help", "score", "pass"]})
    play(person, Rules(players=4), seed=9, deals=1, first=make_deal(4, dealer=3))
    text = person.transcript
    assert "> help\nHere you can type Pass, Prise, Garde, Garde sans or Garde contre. " in text
    assert (
        "At any prompt: score for the totals so far, review for the coach's review of the last"
        " deal, quit to leave the game." in text
    )
    assert re.search(r"> score\nTotals after 0 deals of 1: You 0 · Random bot 2 0", text)


@pytest.mark.parametrize(("ending", "code"), [("quit", 0), (EOFError, 0), (KeyboardInterrupt, 130)])
def test_quit_the_end_of_input_and_ctrl_c_end_the_game_cleanly(
    ending: str | type[BaseException], code: int
) -> None:
    person = Person()

    def leave(prompt: str, kind: str) -> str | None:
        if isinstance(ending, str):
            return ending
        raise ending

    person.hook = leave
    play(person, Rules(players=4), seed=1)
    assert person.code == code
    assert person.transcript.rstrip().endswith("Game abandoned.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_commands_of_every_prompt_work_in_every_language(lang: str) -> None:
    person = Person(lang, scripted={"bid": [word(lang, "help"), word(lang, "quit")]})
    play(person, Rules(players=3), seed=1)
    text = person.transcript
    assert t(lang, "terminal.abandoned") in text
    assert "Not understood" not in text


# ----- house rules at the terminal -----------------------------------------------------


@pytest.mark.parametrize(
    ("options", "offered"),
    [
        ({"parole": True}, "Pass, Parole, Prise, Garde, Garde sans, Garde contre"),
        ({"contracts": "fixed"}, "Pass, Petite, Pousse, Garde, Garde sans, Garde contre"),
        ({"contracts": "pousse"}, "Pass, Prise, Pousse, Garde, Garde sans, Garde contre"),
    ],
)
def test_the_bid_prompt_offers_the_contracts_of_the_table(
    options: dict[str, object], offered: str
) -> None:
    rules = Rules.from_options(4, options)
    person = Person(scripted={"bid": ["quit"]})
    play(person, rules, seed=2, deals=1, first=make_deal(dealer=3, rules=rules))
    assert person.prompts[0] == f"Your bid ({offered}): "


def test_the_protected_petit_is_said_to_its_holder_and_to_all_once_played() -> None:
    rules = Rules.from_options(4, {"petit_imprenable": True})
    first = make_deal(
        4, dealer=3, hands={0: "T1 2S 3S 4S KS 5H 6H"}, closed={0: "TXDC"}, rules=rules
    )
    assert first.imprenable == 0
    person = Person()
    play(person, rules, seed=2, deals=1, first=first)
    text = person.transcript
    told = "Your Petit is protected (petit imprenable): play it when you like"
    assert text.count(told) == 1
    played = "  You: 1★\nProtected Petit (petit imprenable): You\n"
    assert played in text
    assert text.index(told) < text.index(played)
