"""The bot protocol (docs/bot-protocol.md): one JSON object per line on standard input and
output, so that our bots can play inside other programs and theirs at our tables.

``serve`` is the answering side; ``bots.external.ExternalBot`` is the asking side. Whatever
comes in, ``serve`` answers with one line and carries on: a program on the other end of a
pipe can only read lines, never a traceback.
"""

from __future__ import annotations

import io
import json
import os
import secrets
import sys
from typing import Any, TextIO

from .bots import LEVELS, Bot, make_bot
from .protocol_wire import PROTOCOL_VERSION, encode
from .quoting import one_line, quote
from .serial import SerialError, action_to_json, view_from_json
from .view_check import ImpossibleView, check_view

SERVER_NAME = "tarot_core"


class RequestError(ValueError):
    """A request that gets an ``error`` answer instead of its normal one."""


def _message_id(message: dict[str, Any]) -> Any:
    ident = message.get("id")
    if (
        ident is None
        or isinstance(ident, str)
        or (isinstance(ident, int) and not isinstance(ident, bool))
    ):
        return ident
    raise RequestError("id: must be a string, an integer or null")


class Server:
    """Answers one request line at a time; ``serve`` runs it over a pair of streams."""

    def __init__(self, bot: Bot, *, name: str = SERVER_NAME, level: str | None = None) -> None:
        self.bot = bot
        self.name = name
        self.level = level
        self.done = False
        """Set by a ``quit`` request."""

    def answer(self, line: str) -> dict[str, Any] | None:
        """The answer to one line (None for a blank line or ``quit``)."""
        if not line.strip():
            return None
        ident: Any = None
        try:
            try:
                message = json.loads(line)
            except RecursionError:
                raise RequestError("not a JSON object: nested too deeply") from None
            except ValueError as e:
                raise RequestError(f"not a JSON object: {e}") from None
            if not isinstance(message, dict):
                raise RequestError("not a JSON object: each line must be one {...} object")
            ident = _message_id(message)
            kind = message.get("type")
            if kind == "act":
                return self._act(ident, message)
            if kind == "hello":
                return self._hello(ident, message)
            if kind == "quit":
                self.done = True
                return None
            if kind is None:
                raise RequestError("type: missing")
            shown = json.dumps(kind) if isinstance(kind, str) and len(kind) < 40 else "that"
            raise RequestError(f"type: must be hello, act or quit, not {shown}")
        except RequestError as e:
            return {"type": "error", "id": ident, "message": one_line(str(e))}
        except Exception as e:  # a bug of ours (or of the bot) must still get a line back
            return {"type": "error", "id": ident, "message": one_line(f"internal error: {e!r}")}

    def _hello(self, ident: Any, message: dict[str, Any]) -> dict[str, Any]:
        version = message.get("protocol", PROTOCOL_VERSION)
        if version != PROTOCOL_VERSION or isinstance(version, bool):
            raise RequestError(
                f"protocol: this program speaks version {PROTOCOL_VERSION}, not {quote(version)}"
            )
        return {
            "type": "hello",
            "id": ident,
            "name": self.name,
            "protocol": PROTOCOL_VERSION,
            "level": self.level,
            "levels": list(LEVELS),
        }

    def _act(self, ident: Any, message: dict[str, Any]) -> dict[str, Any]:
        if "view" not in message:
            raise RequestError("view: missing")
        try:
            view = view_from_json(message["view"])
        except SerialError as e:
            raise RequestError(str(e)) from None
        if view.seat is None:
            raise RequestError("view.seat: null: an act request carries the view of one seat")
        if not view.legal:
            raise RequestError(
                f"view.legal: empty: seat {view.seat} has nothing to do in this view"
            )
        try:
            check_view(view)
        except ImpossibleView as e:
            raise RequestError(str(e)) from None
        try:
            action = self.bot.act(view)
        except Exception as e:
            raise RequestError(f"the bot could not choose an action: {e}") from None
        return {"type": "action", "id": ident, "action": action_to_json(action)}


def serve(
    bot: Bot, stdin: TextIO, stdout: TextIO, *, name: str = SERVER_NAME, level: str | None = None
) -> None:
    """Answer requests from ``stdin`` on ``stdout`` until ``quit`` or the end of the input,
    flushing after each answer so that the other side never waits on a buffer."""
    server = Server(bot, name=name, level=level)
    while not server.done:
        line = stdin.readline()
        if not line:
            return
        reply = server.answer(line)
        if reply is not None:
            stdout.write(encode(reply))
            stdout.flush()


def main(level: str, seed: int | None, think_ms: int) -> int:
    """``python -m tarot_core bot``: one bot on standard input and output; problems before
    the first request go to standard error as one line, with exit status 2."""
    try:
        bot = make_bot(
            level, seed=seed if seed is not None else secrets.randbits(32), think_ms=think_ms
        )
    except ImportError as e:
        print(f"bot level {level!r} is not available in this installation ({e})", file=sys.stderr)
        return 2
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 2
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", errors="replace")
    try:
        serve(bot, sys.stdin, sys.stdout, name=f"{SERVER_NAME} {level}", level=level)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The other side went away: nothing left to say, and nothing to say it to.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return 0
