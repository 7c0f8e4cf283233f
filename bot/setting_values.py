"""Parsers of a setting's value, shared by the process settings (``settings.py``) and a
server's (``guild_config.py``): each takes the text as its caller cleaned it and returns the
value, or raises ``ValueError`` for a value it does not take (the caller words the refusal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

ON_WORDS: Final = ("on", "true", "yes", "1")
OFF_WORDS: Final = ("off", "false", "no", "0")


def boolean(true: tuple[str, ...], false: tuple[str, ...]) -> Callable[[str], bool]:
    """True for a word of ``true``, False for one of ``false``.

    :raises ValueError: from the parser, for any other text.
    """

    def parse(text: str) -> bool:
        if text in true:
            return True
        if text in false:
            return False
        raise ValueError(text)

    return parse


switch: Final = boolean(("on",), ("off",))
"""``on`` or ``off``, as written (the process settings)."""
yes_no: Final = boolean(ON_WORDS, OFF_WORDS)
"""Any of ``ON_WORDS`` or ``OFF_WORDS`` (a server's settings, typed by a member)."""


def one_of(*words: str) -> Callable[[str], str]:
    """The text itself, when it is one of ``words``.

    :raises ValueError: from the parser, for any other text.
    """

    def parse(text: str) -> str:
        if text not in words:
            raise ValueError(text)
        return text

    return parse


def int_between(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``.

    :raises ValueError: from the parser, for anything else.
    """

    def parse(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise ValueError(text)
        return value

    return parse
