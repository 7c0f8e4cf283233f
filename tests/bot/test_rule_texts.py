"""Every rule option of the registry reads in words in every language: each of its values
as a rule line, and the option itself explained (``/tarot rules``). A new option without
its texts fails here, not in front of a player."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, t
from bot.render.help import rules_explained
from bot.render.table import rule_line, rules_lines
from tarot_core.rules import OPTIONS, Rules


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
    assert len(everything) == 1 + len(OPTIONS)  # the player count, then each option
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
