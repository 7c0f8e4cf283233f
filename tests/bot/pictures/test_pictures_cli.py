"""``python -m bot.pictures cards DIR`` as a real subprocess: the 78 faces and every emoji as
PNG files anyone can look at; a bad argument is refused in one line with exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.pictures.faces import EMOJI_SIZE, emoji_images
from tarot_core.cards import CARD_TEXT

ROOT = Path(__file__).resolve().parents[3]


def pictures(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.pictures", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def test_cards_writes_every_face_by_its_notation_and_every_emoji_by_its_stem(
    tmp_path: Path,
) -> None:
    out = tmp_path / "faces"  # created by the command
    done = pictures("cards", str(out), "--lang", "fr", "--height", "60")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"{out}: 78 card faces (60 px, fr), 98 emojis\n"
    assert sorted(p.name for p in out.glob("*.png")) == sorted(f"{c}.png" for c in CARD_TEXT)
    for card in ("KS", "T21", "EX", "10H"):
        with Image.open(out / f"{card}.png") as face:
            assert (face.format, face.mode, face.size) == ("PNG", "RGBA", (40, 60))
    written = {p.stem: p.read_bytes() for p in (out / "emojis").glob("*.png")}
    assert written == emoji_images()
    with Image.open(out / "emojis" / "c13R.png") as emoji:
        assert emoji.size == (EMOJI_SIZE, EMOJI_SIZE)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "python -m bot.pictures: the following arguments are required: command"),
        (
            ("cards",),
            "python -m bot.pictures cards: the following arguments are required: dir",
        ),
        (
            ("cards", "x", "--lang", "de"),
            "python -m bot.pictures cards: argument --lang: invalid choice: 'de'"
            " (choose from 'en', 'fr', 'es', 'pl')",
        ),
        (
            ("cards", "x", "--height", "8"),
            "python -m bot.pictures cards: argument --height: choose 16 to 1024, not 8",
        ),
        (
            ("cards", "x", "--height", "big"),
            "python -m bot.pictures cards: argument --height: not a whole number: 'big'",
        ),
        (("draw",), "python -m bot.pictures: argument command: invalid choice: 'draw'"),
    ],
)
def test_a_bad_argument_is_refused_in_one_line(args: tuple[str, ...], message: str) -> None:
    done = pictures(*args)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(message)
    assert done.stderr.count("\n") == 1


def test_a_directory_that_cannot_be_made_is_refused_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    done = pictures("cards", str(blocker / "faces"))
    assert (done.returncode, done.stdout) == (2, "")
    assert (
        done.stderr == f"{blocker / 'faces' / 'emojis'}: cannot write the faces: Not a directory\n"
    )
