"""Logging an unexpected failure without the values it carried.

An exception's text, and the locals of a traceback, may name a card of a hidden hand (an
engine refusal, a renderer handed a seat's view, a DM that failed to send). A failure is
therefore logged as where it happened, its type and the frames it went through, plus a
Discord error's status and code: enough to find the fault, never a value.
"""

from __future__ import annotations

import logging
import traceback
from pathlib import Path

FRAMES_LOGGED = 8


def where_it_went(error: BaseException) -> str:
    """The frames ``error`` went through, innermost last, as ``folder/file:line function``."""
    frames = traceback.extract_tb(error.__traceback__)[-FRAMES_LOGGED:]
    return " > ".join(
        f"{'/'.join(Path(f.filename).parts[-2:])}:{f.lineno} {f.name}" for f in frames
    )


def type_name(error: BaseException) -> str:
    kind = type(error)
    if kind.__module__ == "builtins":
        return kind.__qualname__
    return f"{kind.__module__}.{kind.__qualname__}"


def log_failure(log: logging.Logger, where: str, error: BaseException) -> None:
    """One ERROR line: where, the type (with an HTTP status and code when it has them: a
    Discord error's numbers, never its text), the frames."""
    name = type_name(error)
    status, code = getattr(error, "status", None), getattr(error, "code", None)
    if isinstance(status, int):
        name += f" {status}" + (f"/{code}" if isinstance(code, int) else "")
    log.error("%s failed: %s at %s", where, name, where_it_went(error) or "?")
