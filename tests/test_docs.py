"""The repository's documents stand alone and stay true to the code: nothing cites a document
that is not in the repository, every rule section cited exists in docs/rules.md, every link
of the README and of docs/ leads somewhere, the README's table lists exactly the slash
commands the bot registers, the example of docs/records.md replays to what it says, and the
Dockerfile copies what exists and runs the bot."""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
import shlex
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
README = ROOT / "README.md"

OUTSIDE = re.compile(r"\b(?:RULES|RECORDS|DESIGN)\.md\b|(?<![\w-])share[d]/")
"""The inputs the project was written from, which are not part of it."""
SECTION = re.compile(r"§\s?(\d+(?:\.\d+)?)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
NUMBERED = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


@cache
def tracked_texts() -> dict[str, str]:
    """Every file of the repository that is text, by its path: git's list in a checkout,
    else every file but the virtual environment and the caches."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout.decode()
        paths = [ROOT / p for p in listed.split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
        paths = [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.parts)]
    texts = {}
    for path in paths:
        try:
            texts[path.relative_to(ROOT).as_posix()] = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # pictures, fonts; a file deleted but not yet committed
    return texts


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as '-'."""
    text = re.sub(r"[`*_]", lambda m: "_" if m.group() == "_" else "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    found: set[str] = set()
    for _, title in HEADING.findall(FENCE.sub("", markdown)):
        base = slug(title)
        n, name = 0, base
        while name in found:
            n += 1
            name = f"{base}-{n}"
        found.add(name)
    return found


def test_no_file_cites_a_document_outside_the_repository() -> None:
    cited = [
        f"{path}:{n}: {line.strip()}"
        for path, text in tracked_texts().items()
        for n, line in enumerate(text.splitlines(), start=1)
        if OUTSIDE.search(line)
    ]
    assert not cited, "\n".join(cited)


def test_every_section_cited_exists_in_docs_rules() -> None:
    """Every "§N" of the repository points into docs/rules.md (code says "docs/rules.md §8",
    the rules themselves "§11.4"), so each must be a numbered heading there."""
    sections = set(NUMBERED.findall(RULES.read_text(encoding="utf-8")))
    assert {str(n) for n in range(1, 12)} | {f"11.{n}" for n in range(1, 8)} <= sections
    missing = [
        f"{path}:{n}: §{number}"
        for path, text in tracked_texts().items()
        for n, line in enumerate(text.splitlines(), start=1)
        for number in SECTION.findall(line)
        if number not in sections
    ]
    assert not missing, "\n".join(missing)


def documents() -> list[Path]:
    return [README, *sorted((ROOT / "docs").glob("*.md"))]


def test_every_link_of_the_documents_leads_somewhere() -> None:
    broken = []
    for doc in documents():
        text = doc.read_text(encoding="utf-8")
        for target in LINK.findall(FENCE.sub("", text)):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            path, _, anchor = target.partition("#")
            file = (doc.parent / path).resolve() if path else doc
            where = f"{doc.relative_to(ROOT)}: {target}"
            if not file.is_file():
                broken.append(f"{where} (no such file)")
            elif anchor and anchor not in anchors(file.read_text(encoding="utf-8")):
                broken.append(f"{where} (no such heading)")
    assert not broken, "\n".join(broken)


def test_the_readme_leads_to_every_document() -> None:
    targets = LINK.findall(README.read_text(encoding="utf-8"))
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in targets}
    unlinked = [
        doc.relative_to(ROOT).as_posix()
        for doc in sorted((ROOT / "docs").iterdir())
        if doc.suffix in (".md", ".png") and doc.resolve() not in linked
    ]
    assert not unlinked, f"README.md does not link {', '.join(unlinked)}"


async def registered_commands() -> set[str]:
    """The qualified name of every slash command the bot's cogs register ("tarot new",
    "help"): every cog class of ``bot/discord/cogs``, added to a client as the bot does."""
    import bot.discord.cogs as package

    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for _, cog in inspect.getmembers(module, inspect.isclass):
            if issubclass(cog, commands.Cog) and cog.__module__ == module.__name__:
                await client.add_cog(cog(client))
    names = {
        command.qualified_name
        for command in client.tree.walk_commands()
        if not isinstance(command, app_commands.Group)
    }
    await client.close()
    return names


async def test_the_readme_table_lists_every_slash_command() -> None:
    registered = await registered_commands()
    assert {"tarot new", "help"} <= registered
    rows = re.findall(r"^\|\s*`/([^`]+)`", README.read_text(encoding="utf-8"), re.M)
    listed = [row.replace("\\|", "|") for row in rows]

    def names(row: str, name: str) -> bool:
        """``row`` ("tarot threads on|off") is the command ``name`` with its options."""
        return row == name or row.startswith(name + " ")

    missing = sorted(n for n in registered if not any(names(row, n) for row in listed))
    stale = [row for row in listed if not any(names(row, n) for n in registered)]
    assert not missing, f"README.md's command table lacks /{', /'.join(missing)}"
    assert not stale, f"README.md's command table lists /{', /'.join(stale)}, not a command"


def test_the_record_of_docs_records_replays_to_its_result() -> None:
    """The example record and the object ``replay`` prints for it, as docs/records.md shows
    them (the first two JSON blocks), are what the engine really does."""
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    record, result = re.findall(r"^```json\n(.*?)^```", text, re.M | re.S)[:2]
    done = subprocess.run(
        [sys.executable, "-m", "tarot_core", "replay", "-"],
        input=record,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(result)


def test_the_dockerfile_copies_what_exists_and_runs_the_bot() -> None:
    """No container engine runs here: the Dockerfile is read, not built. Its base image is
    the Python the project requires, every path it copies exists, it installs the project,
    and its command is the bot's entry point."""
    lines = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ").splitlines()
    steps = [line.split(None, 1) for line in lines if line.strip() and not line.startswith("#")]
    by_name: dict[str, list[str]] = {}
    for name, rest in steps:
        by_name.setdefault(name.upper(), []).append(rest.strip())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert by_name["FROM"] == ["python:3.11-slim"]
    assert project["requires-python"] == ">=3.11"
    copied = set()
    for rest in by_name["COPY"]:
        *sources, _ = shlex.split(rest)
        for source in sources:
            assert (ROOT / source).exists(), f"COPY {source}: no such file in the repository"
            copied.add(source.rstrip("/"))
    needed = {"pyproject.toml", project["readme"], "tarot_core", "bot"}
    assert needed <= copied, f"the image lacks {needed - copied}"
    assert any("pip install" in run and " ." in run for run in by_name["RUN"])
    command = json.loads(by_name["CMD"][-1])
    assert command == ["python", "-m", "bot"]
    assert importlib.util.find_spec("bot.__main__") is not None
    assert callable(importlib.import_module("bot.__main__").main)
