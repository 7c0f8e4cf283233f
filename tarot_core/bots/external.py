"""A bot that is another program, spoken to over the bot protocol (docs/bot-protocol.md).

Whatever the program does (a malformed or illegal answer, a crash, a hang), ``act`` raises
one ``ExternalBotError`` naming the program and the problem, so that an arena or a table can
report it and carry on; the program's own standard error is kept (its last lines) to say why.
"""

from __future__ import annotations

import collections
import json
import queue
import shlex
import subprocess
import threading
import weakref
from typing import IO, Any

from ..actions import Action, Discard, Ecart, Poignee
from ..cards import PETIT, format_card
from ..protocol_wire import PROTOCOL_VERSION, encode
from ..quoting import quote
from ..serial import SerialError, action_from_json, view_to_json
from ..view import DealView

DEFAULT_TIMEOUT = 30.0
"""Seconds a program may take to answer one request (or to start and answer ``hello``)."""

_STOP_GRACE = 1.0
_STDERR_LINES = 20


class ExternalBotError(RuntimeError):
    """The external program failed: it could not start, died, hung or broke the protocol."""

    def __init__(self, program: str, problem: str) -> None:
        super().__init__(f"external bot {program!r}: {problem}")
        self.program = program
        self.problem = problem


def illegal_reason(view: DealView, action: Action) -> str | None:
    """Why ``action`` cannot be ``view.seat``'s answer, or None. Exact for the actions that
    ``view.legal`` lists in full; for an écart or a poignée, which it lists by representative,
    a loose check (the deal itself has the last word)."""
    if action.seat != view.seat:
        return f"it is for seat {action.seat}, but the request was for seat {view.seat}"
    if isinstance(action, Ecart):
        allowed = {a.card for a in view.legal if isinstance(a, Discard)}
        if not allowed:
            return "no écart is due now"
        needed = view.rules.chien_size - len(view.ecart or ())
        if len(action.cards) != needed:
            return f"the écart must have {needed} cards, not {len(action.cards)}"
        if len(set(action.cards)) != len(action.cards):
            return "the écart names a card twice"
        for card in action.cards:
            if card not in allowed:
                return f"{format_card(card)} cannot be discarded"
        return None
    if isinstance(action, Poignee):
        sizes = sorted({len(a.cards) for a in view.legal if isinstance(a, Poignee)})
        if not sizes:
            return "no poignée may be shown now"
        if len(action.cards) not in sizes:
            return f"a poignée here shows {' or '.join(map(str, sizes))} cards"
        if len(set(action.cards)) != len(action.cards):
            return "the poignée names a card twice"
        for card in action.cards:
            if card not in view.hand or card < PETIT:
                return f"{format_card(card)} cannot be shown"
        return None
    if action in view.legal:
        return None
    return "it is not among the legal actions of the view"


def _pump(stream: IO[str], sink: queue.Queue[str | None]) -> None:
    """Move the program's output lines to a queue, so that reading can time out."""
    try:
        for line in stream:
            sink.put(line)
    except (OSError, ValueError):
        pass
    sink.put(None)


def _keep_tail(stream: IO[str], tail: collections.deque[str]) -> None:
    """Drain the program's standard error (so it never blocks on a full pipe), keeping the
    last lines for error messages."""
    try:
        for line in stream:
            tail.append(line.rstrip("\n"))
    except (OSError, ValueError):
        pass


def _stop(proc: subprocess.Popen[str]) -> None:
    """Ask the program to quit, then terminate it, then kill it."""
    if proc.poll() is None:
        try:
            assert proc.stdin is not None
            proc.stdin.write(encode({"type": "quit"}))
            proc.stdin.flush()
        except (OSError, ValueError):
            pass
    try:
        if proc.stdin is not None:
            proc.stdin.close()
    except (OSError, ValueError):
        pass
    try:
        proc.wait(_STOP_GRACE)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(_STOP_GRACE)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class ExternalBot:
    """Starts ``command`` (split like a shell would, run without one) and asks it for each
    decision. The program is stopped by ``close()``, at the end of a ``with`` block, or at
    the latest when the bot is garbage collected."""

    def __init__(self, command: str, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.command = command
        self.timeout = timeout
        self.name: str | None = None
        """The name the program gave in its ``hello`` answer."""
        self._next_id = 0
        self._broken: str | None = None
        try:
            args = shlex.split(command)
        except ValueError as e:
            raise ExternalBotError(command, f"cannot read the command: {e}") from None
        if not args:
            raise ExternalBotError(command, "the command is empty")
        try:
            self._proc = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as e:
            raise ExternalBotError(command, f"cannot start: {e.strerror or e}") from None
        self._finalizer = weakref.finalize(self, _stop, self._proc)
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        assert self._proc.stdout is not None and self._proc.stderr is not None
        threading.Thread(target=_pump, args=(self._proc.stdout, self._lines), daemon=True).start()
        self._stderr_reader = threading.Thread(
            target=_keep_tail, args=(self._proc.stderr, self._stderr), daemon=True
        )
        self._stderr_reader.start()
        try:
            self._hello()
        except BaseException:
            self.close()
            raise

    # ----- the Bot interface ---------------------------------------------------------------

    def act(self, view: DealView) -> Action:
        """The program's action for ``view.seat``, checked against the view before anyone
        applies it."""
        if view.seat is None or not view.legal:
            raise ValueError("an external bot is asked only for a seat that has something to do")
        answer = self._request({"type": "act", "view": view_to_json(view)})
        if answer.get("type") != "action":
            raise self._error(f"answered an act request with {_describe(answer)}")
        if "action" not in answer:
            raise self._error("malformed answer: action: missing")
        try:
            action = action_from_json(answer["action"], seat=view.seat)
        except SerialError as e:
            raise self._error(f"malformed answer: {e}") from None
        reason = illegal_reason(view, action)
        if reason is not None:
            raise self._error(f"answered an illegal action ({action}): {reason}")
        return action

    def close(self) -> None:
        """Stop the program (politely first); safe to call twice."""
        self._finalizer()
        if self._broken is None:
            self._broken = "it was closed"

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- the conversation ----------------------------------------------------------------

    def _hello(self) -> None:
        answer = self._request({"type": "hello", "protocol": PROTOCOL_VERSION})
        if answer.get("type") != "hello":
            raise self._fatal(f"answered hello with {_describe(answer)}")
        if answer.get("protocol") != PROTOCOL_VERSION:
            spoken = quote(answer.get("protocol"))
            raise self._fatal(f"speaks protocol {spoken}, not {PROTOCOL_VERSION}")
        name = answer.get("name")
        self.name = name if isinstance(name, str) else None

    def _request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request and return its answer (an ``error`` answer raises)."""
        if self._broken is not None:
            raise self._error(f"cannot be asked any more: {self._broken}")
        self._next_id += 1
        ident = self._next_id
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.write(encode({"type": message["type"], "id": ident, **message}))
            self._proc.stdin.flush()
        except (OSError, ValueError):
            raise self._died() from None
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            self._proc.terminate()  # hung: no point asking it to quit
            raise self._fatal(f"did not answer within {self.timeout:g} s") from None
        if line is None:
            raise self._died()
        try:
            answer = json.loads(line)
        except (ValueError, RecursionError):
            raise self._fatal(f"answered a line that is not JSON: {_clip(line)}") from None
        if not isinstance(answer, dict):
            raise self._fatal(f"answered a line that is not a JSON object: {_clip(line)}")
        if answer.get("id") != ident:
            raise self._fatal(f"answered id {quote(answer.get('id'))} to request id {ident}")
        if answer.get("type") == "error":
            raise self._error(f"refused the request: {_shorten(str(answer.get('message')), 300)}")
        return answer

    def _error(self, problem: str) -> ExternalBotError:
        return ExternalBotError(self.command, problem)

    def _fatal(self, problem: str) -> ExternalBotError:
        """An error after which the conversation cannot go on: the program is stopped."""
        self._broken = problem
        self._finalizer()
        return self._error(problem)

    def _died(self) -> ExternalBotError:
        try:
            status = self._proc.wait(_STOP_GRACE)
            problem = f"the program exited (status {status})"
        except subprocess.TimeoutExpired:
            problem = "the program closed its end of the pipes"
        self._broken = problem
        self._finalizer()
        self._stderr_reader.join(_STOP_GRACE)
        if self._stderr:
            problem += "; its standard error ended with: " + " | ".join(self._stderr)
        return self._error(problem)


def _shorten(text: str, limit: int) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _clip(text: str, limit: int = 80) -> str:
    return repr(_shorten(text, limit))


def _describe(answer: dict[str, Any]) -> str:
    kind = answer.get("type")
    return f"a {quote(kind)} message" if isinstance(kind, str) else "a message without a type"


__all__ = ["DEFAULT_TIMEOUT", "ExternalBot", "ExternalBotError", "illegal_reason"]
