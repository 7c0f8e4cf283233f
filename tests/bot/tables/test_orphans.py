"""A bot killed outright (SIGKILL, the OOM killer) leaves nothing running: its bot workers
end by themselves, and with them multiprocessing's resource tracker, so nothing holds
the dead bot's output open (``subprocess.run(capture_output=True)`` of it returns)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from process_support import (
    HAS_PROC,
    Lines,
    child_env,
    kill_session,
    session,
    start_of,
    wait_gone,
)

BOT = """
import json, time
import multiprocessing.resource_tracker as tracker
from bot.tables.thinking import bot_pool

pool = bot_pool(2)
for job in [pool.submit(time.sleep, 0.2) for _ in range(2)]:
    job.result()
print(json.dumps({
    "workers": sorted(pool._processes),
    "tracker": tracker._resource_tracker._pid,
}), flush=True)
time.sleep(120)
"""
"""A bot process in miniature: a pool whose two workers have started, then nothing."""

pytestmark = pytest.mark.skipif(not HAS_PROC, reason="reads processes from /proc")

GONE_WITHIN = 10.0


def test_a_killed_bot_leaves_no_worker_and_no_resource_tracker() -> None:
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=child_env(),
    )
    assert bot.stdout is not None and bot.stderr is not None
    leader = start_of(bot.pid)
    try:
        out, err = Lines(bot.stdout.fileno()), Lines(bot.stderr.fileno())
        line = out.line(timeout=60)
        assert line is not None, f"the bot printed nothing: {err.buffer.decode()[-2000:]}"
        started = json.loads(line)
        named = set(started["workers"]) | {started["tracker"]}
        assert len(started["workers"]) == 2 and started["tracker"] is not None
        running = [p for p in session(bot.pid) if p.pid != bot.pid]
        assert named <= {p.pid for p in running}, (started, running)

        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(timeout=10)

        left = wait_gone(running, GONE_WITHIN)
        assert left == [], f"still running {GONE_WITHIN} s after the bot was killed: {left}"
        assert out.until_eof(timeout=5), "something still holds the dead bot's stdout open"
        assert err.until_eof(timeout=5), "something still holds the dead bot's stderr open"
    finally:
        kill_session(bot.pid, leader)
        if bot.poll() is None:
            bot.kill()
        bot.wait(timeout=10)
        bot.stdout.close()
        bot.stderr.close()
