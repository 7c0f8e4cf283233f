"""Processes seen through /proc (Linux), for the tests that SIGKILL a bot: what it left
running, and whether anything still holds its output open.

A bot under test is started in a session of its own (``start_new_session=True``): every
process it starts stays in that session, even once orphaned, so the session id finds
them all, including one started an instant before the kill.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HAS_PROC = Path("/proc/self/stat").exists()
"""Linux: these tests read processes from /proc."""


def child_env() -> dict[str, str]:
    """The environment for a bot under test: this checkout's packages come first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


@dataclass(frozen=True)
class Proc:
    pid: int
    start: int
    """Clock ticks after boot: with the pid, one process even if the pid is used again."""
    command: str


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (state first)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def _command(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return "?"
    return raw.replace(b"\0", b" ").decode(errors="replace").strip()[:160]


def session(sid: int) -> list[Proc]:
    """The live processes of a session (zombies are dead: nobody may have reaped them)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = _stat(int(entry))
        if fields is None or fields[0] in "ZX" or int(fields[3]) != sid:
            continue
        found.append(Proc(int(entry), int(fields[19]), _command(int(entry))))
    return found


def alive(proc: Proc) -> bool:
    fields = _stat(proc.pid)
    return fields is not None and fields[0] not in "ZX" and int(fields[19]) == proc.start


def wait_gone(procs: list[Proc], timeout: float) -> list[Proc]:
    """Those of ``procs`` still running after ``timeout`` seconds (none, as soon as none)."""
    end = time.monotonic() + timeout
    while True:
        left = [p for p in procs if alive(p)]
        if not left or time.monotonic() > end:
            return left
        time.sleep(0.05)


def kill_session(sid: int, leader_start: int) -> None:
    """SIGKILL what is left of a session the test started (cleanup, whatever happened).

    A resource tracker is left a moment to end by itself once the others are gone: it
    then unlinks the semaphores they leaked (files in /dev/shm that would outlive us)."""
    procs = [p for p in session(sid) if p.start >= leader_start]
    trackers = [p for p in procs if "resource_tracker" in p.command]
    _kill([p for p in procs if p not in trackers])
    _kill(wait_gone(trackers, 5.0))


def _kill(procs: list[Proc]) -> None:
    for proc in procs:
        if alive(proc):
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)


def start_of(pid: int) -> int:
    fields = _stat(pid)
    assert fields is not None, f"process {pid} is gone"
    return int(fields[19])


class Lines:
    """Lines from a child's pipe, each waited for with a deadline, never blocking for ever."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""
        self.eof = False

    def _fill(self, timeout: float) -> bool:
        """Read what is there within ``timeout``; False if nothing came."""
        if self.eof:
            return False
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return False
        chunk = os.read(self.fd, 65536)
        if not chunk:
            self.eof = True
        self.buffer += chunk
        return bool(chunk)

    def line(self, timeout: float) -> str | None:
        """The next whole line, or None at end of file or after ``timeout`` seconds."""
        end = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            filled = self._fill(end - time.monotonic())
            if self.eof or (not filled and time.monotonic() >= end):
                return None
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode(errors="replace")

    def until_eof(self, timeout: float) -> bool:
        """Drain the pipe; True once every holder of its write end has closed it."""
        end = time.monotonic() + timeout
        while not self.eof and time.monotonic() < end:
            self._fill(end - time.monotonic())
        return self.eof
