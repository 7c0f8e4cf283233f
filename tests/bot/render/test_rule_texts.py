"""Every rule option of the registry reads in words in every language: each of its values
as a rule line, and the option itself explained (``/tarot rules``). A new option without
its texts fails here, not in front of a player."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, t
from bot.render.help import rules_explained
from bot.render.table import rule_line, rules_lines
from tarot_core.rules import OPTION, OPTIONS, PLAYER_COUNTS, Rules


@pytest.mark.parametrize("locale", LANGUAGES)
def test_each_value_of_each_option_has_its_own_words(locale: str) -> None:
    for option in OPTIONS:
        lines = [rule_line(locale, option.name, value) for value in option.allowed]
        assert all(lines) and len(set(lines)) == len(lines), (option.name, lines)
        assert t(locale, f"rules.explain.{option.name}")


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_lobby_lists_only_what_differs_from_the_defaults(locale: str) -> None:
    assert rules_lines(locale, Rules(players=4), only_changes=True) == []
    everything = rules_lines(locale, Rules(players=4))
    assert len(everything) == len(OPTIONS)  # the player count, each option but six_players
    changed = Rules(players=4, garde_contre_multiplier=8, poignee_bonus=(20, 40, 60))
    assert rules_lines(locale, changed, only_changes=True) == [
        rule_line(locale, "garde_contre_multiplier", 8),
        rule_line(locale, "poignee_bonus", (20, 40, 60)),
    ]
    assert "20/40/60" in rule_line(locale, "poignee_bonus", (20, 40, 60))


def test_rules_explained_names_every_option_of_the_registry() -> None:
    text = rules_explained("en", None)
    for option in OPTIONS:
        assert t("en", f"rules.explain.{option.name}") in text


def test_every_option_explained_is_cut_into_whole_lines_that_fit_a_message() -> None:
    from bot.render.help import pages

    for locale in LANGUAGES:
        text = rules_explained(locale, Rules(players=6))
        cut = pages(text)
        assert all(0 < len(page) <= 2000 for page in cut)
        assert "\n".join(cut) == text  # nothing lost, cut only at line ends
    assert pages("x" * 4500) == ["x" * 2000, "x" * 2000, "x" * 500]


def test_only_the_six_player_form_is_an_option_of_some_player_counts() -> None:
    """The engine says which options matter at which player counts."""
    partial = {o.name: o.players for o in OPTIONS if o.players != PLAYER_COUNTS}
    assert partial == {"six_players": (6,)}
    assert [n for n in PLAYER_COUNTS if OPTION["six_players"].applies_to(n)] == [6]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("locale", LANGUAGES)
def test_a_table_shows_only_the_options_of_its_player_count(locale: str, players: int) -> None:
    """A table below six never reads the six-player line, even when the server's settings
    chose the other six-player form (its value then differs from the default)."""
    rules = Rules(players=players, six_players="dealer_sits_out")
    six = rule_line(locale, "six_players", "dealer_sits_out")
    at_six = players == 6
    lines = rules_lines(locale, rules)
    assert lines[0] == t(locale, "rule.players", players=players)
    assert len(lines) == 1 + len(OPTIONS) - (0 if at_six else 1)
    assert (six in lines) is at_six
    assert rules_lines(locale, rules, only_changes=True) == ([six] if at_six else [])
    explained = rules_explained(locale, rules)
    assert (t(locale, "rules.explain.six_players") in explained) is at_six
    assert (six in explained) is at_six
