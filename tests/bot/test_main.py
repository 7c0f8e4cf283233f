"""``python -m bot`` as a real subprocess: what it says without a token or with a bad
setting, and the fallback of ./run.sh to the terminal game."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TAROT_", "DISCORD_"))}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=clean | env,
        cwd=cwd,
    )


def test_without_a_token_it_says_what_to_do_in_one_line(tmp_path: Path) -> None:
    done = run([], {}, tmp_path)
    assert done.returncode == 3
    assert done.stderr.count("\n") == 1 and "DISCORD_TOKEN" in done.stderr
    assert ".env.example" in done.stderr and done.stdout == ""


def test_a_token_in_dotenv_passes_the_check(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\n")
    done = run(["--check"], {}, tmp_path)
    assert done.returncode == 0, done.stderr


def test_a_bad_setting_is_named_in_one_line(tmp_path: Path) -> None:
    done = run(["--check"], {"DISCORD_TOKEN": "abc", "TAROT_BOT_PAUSE": "soon"}, tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "Settings: TAROT_BOT_PAUSE: expected a number of seconds (0 or more), not 'soon'"
    )


def test_run_sh_falls_back_to_the_terminal_game_without_a_token(tmp_path: Path) -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TAROT_", "DISCORD_"))}
    done = subprocess.run(
        ["bash", str(ROOT / "run.sh"), "--players", "3", "--bots", "random"],
        input="",
        capture_output=True,
        text=True,
        timeout=300,
        env=clean,
        cwd=tmp_path,
    )
    assert "No Discord token" in done.stderr
    assert "terminal game instead" in done.stderr
    assert "Your bid" in done.stdout  # the terminal game started and asked for a bid
