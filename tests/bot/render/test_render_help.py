"""``/help`` explains the coach's review in every language: where to ask for it (the
command, the score sheet's button, ``/history``), Share, and the terminal's word."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, t
from bot.render.help import help_text
from bot.terminal.answers import first_word


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_explains_the_review(lang: str) -> None:
    text = help_text(lang)
    assert len(text) <= 2000
    command = f"`/tarot {t(lang, 'name.tarot.review')}`"  # /tarot is never translated
    assert command in text
    assert f"*{t(lang, 'review.button')}*" in text
    assert f"*{t(lang, 'review.share_button')}*" in text
    assert f"`/{t(lang, 'name.history')}`" in text
    assert f"`{first_word(lang, 'review')}`" in text  # the terminal game's word
