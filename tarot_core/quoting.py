"""Quoting a value someone else supplied, in an error message: short, escaped, one line.

A record or a request may hold a string of a hundred megabytes where a card should be, or
a control character that would break the line; the error that names it must still be one
short line. ``quote`` is ``repr`` for every ordinary value (so messages about short values
read as they always did) and a cut, escaped prefix with the full length for the others.
"""

from __future__ import annotations

import reprlib

QUOTE_LIMIT = 40
"""Characters of a value shown before it is cut."""

LINE_LIMIT = 500
"""The longest error line ``one_line`` lets through: far above any message of ours."""


class _ShortRepr(reprlib.Repr):
    """``reprlib`` with our own way of cutting the strings and numbers inside a list."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 2
        self.maxlist = self.maxtuple = self.maxset = 6
        self.maxdict = 4
        self.maxother = 24

    def repr_str(self, x: str, level: int) -> str:
        return _quote_str(x, QUOTE_LIMIT // 2)

    def repr_int(self, x: int, level: int) -> str:
        return quote(x, QUOTE_LIMIT // 2)


_CONTAINERS = _ShortRepr()


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` if that is short; else its first characters, an ellipsis and the size:
    ``'XXXXXXXX…' (100000000 characters)``. Never more than about ``2 * limit + 30``
    characters, never a line break, and quick whatever the size of ``value``."""
    if isinstance(value, str):
        return _quote_str(value, limit)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        try:
            text = repr(value)
        except ValueError:  # more digits than Python converts to text
            return f"<an integer of {value.bit_length()} bits>"
        if len(text) <= limit:
            return text
        return f"{text[: limit - 1]}… ({len(text.lstrip('-'))} digits)"
    try:
        text = _CONTAINERS.repr(value)
    except Exception:  # a broken __repr__ of a caller's object
        return f"<a {type(value).__name__}>"
    text = text.replace("\n", " ").replace("\r", " ")
    if len(text) <= 2 * limit:
        return text
    size = ""
    if isinstance(value, list | tuple | dict | set | frozenset):
        size = f" ({len(value)} items)"
    return f"{text[: 2 * limit - 1]}…{size}"


def _quote_str(value: str, limit: int) -> str:
    text = repr(value[:limit])
    if len(value) <= limit and len(text) <= 2 * limit:
        return text
    # Cut on a character (never inside an escape) so that the prefix fits the limit.
    keep = min(len(value), limit)
    while keep > 0 and len(text) > limit + 2:
        keep -= 1
        text = repr(value[:keep])
    return f"{text[:-1]}…{text[-1]} ({len(value)} characters)"


def one_line(text: str, limit: int = LINE_LIMIT) -> str:
    """A message made safe to print as one line of at most ``limit`` characters: line
    breaks become spaces, and anything longer is cut (a last guard: every value a message
    quotes is already short)."""
    flat = " ".join(text[: limit + 1].splitlines())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
