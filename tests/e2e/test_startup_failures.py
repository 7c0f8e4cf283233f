"""How ``python -m bot`` ends when it cannot start: one line on standard error (after the
log lines of the start, never a traceback) and an exit status of its own; and what it logs
on a first start (no voice-library warnings: the bot has no voice).

No test reaches past loopback: Discord is the fake on 127.0.0.1, or a closed local port,
or a resolver that fails as it does without a network."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import socket
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import aiohttp
import aiohttp.resolver
import pytest
from drivers import make_bot
from fake_discord import FakeDiscord, World, point_discord_py_at, run_client

import bot.__main__ as bot_main
from bot.settings import load_settings
from bot.startup import DISCORD_REFUSED, DISCORD_UNREACHABLE, TOKEN_REFUSED, UNEXPECTED, serve

HERE = Path(__file__).resolve().parent
COLOUR = re.compile(r"\x1b\[[0-9;]*m")
LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (DEBUG|INFO|WARNING|ERROR|CRITICAL) ")


def closed_port() -> int:
    with closing(socket.socket()) as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


async def run_bot(
    rest_base: str, gateway: str, tmp_path: Path, token: str, **settings: str
) -> tuple[int, str]:
    """``python -m bot`` in its own process, discord.py pointed at ``rest_base``; its exit
    status and standard error (its standard output must stay empty)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAROT_")}
    env |= {"DISCORD_TOKEN": token, "TAROT_DB": str(tmp_path / "tarot.sqlite3"), **settings}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(HERE / "fake_discord.py"),
        rest_base,
        gateway,
        "bot",
        env=env,
        cwd=tmp_path,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout=60)
    assert out == b""
    assert proc.returncode is not None
    return proc.returncode, err.decode()


def ends_in_one_line(stderr: str) -> str:
    """The line the start ended with; every line before it is a log line."""
    *logged, last = COLOUR.sub("", stderr).splitlines()
    assert "Traceback" not in stderr
    assert all(LOG_LINE.match(line) for line in logged), stderr
    return last


async def test_discord_out_of_reach_ends_in_one_line_with_its_own_status(
    tmp_path: Path,
) -> None:
    port = closed_port()
    status, stderr = await run_bot(
        f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/", tmp_path, "a.fake.token"
    )
    assert status == DISCORD_UNREACHABLE == 7
    last = ends_in_one_line(stderr)
    assert last.startswith("Discord cannot be reached (Cannot connect to host 127.0.0.1:")
    assert last.endswith("): check the network connection")


async def test_a_token_discord_refuses_ends_in_one_line_and_a_first_start_warns_of_nothing(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    status, stderr = await run_bot(fake.rest_base, fake.gateway_url, tmp_path, "not.the.token")
    assert status == TOKEN_REFUSED == 6
    assert ends_in_one_line(stderr) == "Discord refused the token: check DISCORD_TOKEN."
    assert "WARNING" not in stderr, stderr  # neither voice libraries nor the new database
    [created] = [line for line in stderr.splitlines() if "created a new empty database" in line]
    assert " INFO " in COLOUR.sub("", created)


async def test_an_unknown_key_is_a_warning_of_the_start_log(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    status, stderr = await run_bot(
        fake.rest_base, fake.gateway_url, tmp_path, "not.the.token", TAROT_PLAYRES="5"
    )
    assert status == TOKEN_REFUSED
    [warned] = [line for line in COLOUR.sub("", stderr).splitlines() if "WARNING" in line]
    assert warned.endswith(
        " WARNING  bot Settings: TAROT_PLAYRES (in the environment) is not a setting of the"
        " bot and is ignored; did you mean TAROT_DEFAULT_PLAYERS?"
    )


@pytest.fixture
def root_logging() -> Iterator[None]:
    """``main`` sets up logging as a start does; put the root logger back after."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:], root.level = handlers, level


def test_without_a_network_the_bot_ends_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    root_logging: None,
) -> None:
    """No network: the first thing that fails is the name of Discord's server, which
    aiohttp's resolver asks of ``socket.getaddrinfo``, and which fails here as it does
    offline. Nothing is sent anywhere."""
    assert aiohttp.resolver.DefaultResolver is aiohttp.resolver.ThreadedResolver

    def offline(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(socket, "getaddrinfo", offline)
    monkeypatch.chdir(tmp_path)
    for key in [k for k in os.environ if k.startswith("TAROT_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("DISCORD_TOKEN", "a.fake.token")
    assert bot_main.main([]) == DISCORD_UNREACHABLE
    stderr = capsys.readouterr().err
    assert ends_in_one_line(stderr) == (
        "Discord cannot be reached (Cannot connect to host discord.com:443 ssl:default"
        " [Temporary failure in name resolution]): check the network connection"
    )


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        (4014, "privileged intents not enabled in the Developer Portal"),
        (4011, "sharding required: set TAROT_SHARD_COUNT, or leave it empty"),
    ],
)
async def test_a_connection_discord_closes_for_good_ends_in_one_line(
    fake: FakeDiscord,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    code: int,
    reason: str,
) -> None:
    settings = load_settings(
        {"DISCORD_TOKEN": fake.token, "TAROT_DB": str(tmp_path / "tarot.sqlite3")}, None
    )
    undo = point_discord_py_at(fake)
    try:
        running = asyncio.create_task(serve(settings, fake.token))
        await fake.wait_for(lambda: fake.connected_shards == [0], timeout=20)
        await fake.drop_connection(code)
        status = await asyncio.wait_for(running, timeout=20)
    finally:
        undo()
    assert status == DISCORD_REFUSED == 8
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"Discord refused the connection{'' if code == 4014 else f' (code {code})'}: {reason}"
    )


async def test_fewer_shards_than_discord_recommends_are_refused_before_connecting(
    tmp_path: Path,
) -> None:
    """Discord closes the gateway 4011 when a bot has too few shards for its servers, and
    each try spends a session start: the bot asks ``/gateway/bot`` first and stops in
    one line, without opening the gateway."""
    async with FakeDiscord(recommended_shards=3, guilds_per_shard=1) as fake:
        for n in range(3):
            fake.add_guild(f"server {n}")
        status, stderr = await run_bot(
            fake.rest_base, fake.gateway_url, tmp_path, fake.token, TAROT_SHARD_COUNT="2"
        )
        assert status == DISCORD_REFUSED == 8
        assert ends_in_one_line(stderr) == (
            "TAROT_SHARD_COUNT=2 is below the 3 shards Discord recommends for this bot (with"
            " too few it closes the connection, code 4011): set TAROT_SHARD_COUNT=3 or more"
            " on every process, or leave it empty"
        )
        assert fake.gateway_queries == [] and fake.session_starts_used == 0


async def test_the_fake_closes_an_identify_with_too_few_shards_4011() -> None:
    async with FakeDiscord(compress=False, guilds_per_shard=1) as fake:
        for n in range(3):
            fake.add_guild(f"server {n}")
        url = f"{fake.gateway_url}?v=10&encoding=json"
        identify = {"op": 2, "d": {"token": fake.token, "intents": 0, "shard": [0, 2]}}
        async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
            assert (await ws.receive_json(timeout=5))["op"] == 10
            await ws.send_json(identify)
            closed = await ws.receive(timeout=5)
        assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4011
        assert fake.identify_count == 0 and fake.session_starts_used == 1


async def test_few_session_starts_left_are_a_warning_of_the_start(
    fake: FakeDiscord, world: World, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake.session_starts_used = 995
    async with run_client(fake, make_bot(tmp_path, TAROT_SHARD_COUNT="1")):
        pass
    [warned] = [r for r in caplog.records if "session starts" in r.getMessage()]
    assert warned.levelno == logging.WARNING
    assert warned.getMessage() == (
        "Discord allows 5 more gateway session starts (of 1000) for 4.0 h; this process"
        " spends 1 a start: a bot restarted in a loop runs out, and then cannot connect"
    )


async def test_an_unexpected_error_is_logged_with_its_traceback_and_ends_in_one_line(
    fake: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    from bot.discord.client import TarotBot

    async def broken(self: TarotBot) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(TarotBot, "setup_hook", broken)
    settings = load_settings(
        {"DISCORD_TOKEN": fake.token, "TAROT_DB": str(tmp_path / "tarot.sqlite3")}, None
    )
    undo = point_discord_py_at(fake)
    try:
        status = await asyncio.wait_for(serve(settings, fake.token), timeout=20)
    finally:
        undo()
    assert status == UNEXPECTED == 1
    assert capsys.readouterr().err == (
        "The bot stopped on an unexpected error (RuntimeError('a bug')); see the log\n"
    )
    [logged] = [r for r in caplog.records if r.levelno == logging.CRITICAL]
    assert logged.exc_info is not None and logged.exc_info[0] is RuntimeError
