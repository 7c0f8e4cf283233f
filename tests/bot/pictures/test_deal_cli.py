"""``python -m bot.pictures deal FILE OUT`` as a user runs it: a real process, a PNG for a good
record, one line on standard error and status 2 for anything else."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, features

from tarot_core import Rules, to_record
from tarot_core.lab.bench import random_deal

ROOT = Path(__file__).resolve().parents[3]
TIMEOUT = 60


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.pictures", "deal", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = random.Random(3)
    deal = random_deal(rng, Rules(players=4), 0)
    while deal.result is None or deal.result.outcome != "played":
        deal = random_deal(rng, Rules(players=4), 0)
    path = tmp_path_factory.mktemp("records") / "rec.json"
    path.write_text(json.dumps(to_record(deal)), encoding="utf-8")
    return path


def test_a_good_record_writes_its_picture(record_file: Path, tmp_path: Path) -> None:
    from bot.pictures.deal_picture import draw_deal

    out = tmp_path / "out.png"
    done = _run(str(record_file), str(out), "--lang", "fr")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    data = out.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(out) as image:
        record = json.loads(record_file.read_text(encoding="utf-8"))
        assert image.size == draw_deal(record, lang="fr").size


def test_a_bad_record_is_one_line_and_status_2(record_file: Path, tmp_path: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    record["tricks"][0][0] = "T22"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    out = tmp_path / "out.png"
    done = _run(str(bad), str(out))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "trick 1" in done.stderr
    assert not out.exists()


def test_a_missing_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    out = tmp_path / "out.png"
    done = _run(str(tmp_path / "nowhere.json"), str(out))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "nowhere.json" in done.stderr
    assert not out.exists()


def _magic(data: bytes, file_format: str) -> bool:
    """Whether ``data`` starts as a file of ``file_format`` does (a WebP: RIFF, four bytes
    of size, WEBP)."""
    if file_format == "WEBP":
        return data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    return data.startswith({"PNG": b"\x89PNG\r\n\x1a\n", "JPEG": b"\xff\xd8\xff"}[file_format])


@pytest.mark.parametrize(
    ("name", "file_format"),
    [
        ("out.png", "PNG"),
        ("out.jpg", "JPEG"),
        ("out.jpeg", "JPEG"),
        ("OUT.JPG", "JPEG"),
        pytest.param(
            "out.webp",
            "WEBP",
            marks=pytest.mark.skipif(not features.check("webp"), reason="Pillow without WebP"),
        ),
    ],
)
def test_the_file_is_in_the_format_its_extension_names(
    record_file: Path, tmp_path: Path, name: str, file_format: str
) -> None:
    """Issue 22: ``deal FILE x.jpg`` wrote PNG bytes into x.jpg."""
    from bot.pictures.deal_picture import draw_deal

    out = tmp_path / name
    done = _run(str(record_file), str(out))
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    data = out.read_bytes()
    assert _magic(data, file_format), data[:12]
    record = json.loads(record_file.read_text(encoding="utf-8"))
    with Image.open(out) as image:
        assert image.format == file_format
        assert image.size == draw_deal(record).size
        if file_format == "JPEG":
            assert image.mode == "RGB"


@pytest.mark.parametrize("name", ["out.gif", "out.bmp", "out.png.txt", "out", "out."])
def test_any_other_extension_is_refused_in_one_line_and_nothing_written(
    record_file: Path, tmp_path: Path, name: str
) -> None:
    out = tmp_path / name
    done = _run(str(record_file), str(out))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "must end in .png, .jpg, .jpeg" in done.stderr and str(out) in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_players_names_are_drawn_when_given(record_file: Path, tmp_path: Path) -> None:
    from bot.pictures import jobs

    names = ["Alice", "Bruno", "Chloé", "Dmitri"]
    out = tmp_path / "named.png"
    done = _run(str(record_file), str(out), *[arg for n in names for arg in ("--name", n)])
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    record = json.loads(record_file.read_text(encoding="utf-8"))
    assert out.read_bytes() == jobs.deal_picture(record, "en", names)
    assert out.read_bytes() != jobs.deal_picture(record, "en", ())


def test_a_name_for_each_seat_or_none(record_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "named.png"
    done = _run(str(record_file), str(out), "--name", "Alice", "--name", "Bruno")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"{record_file}: 2 names for 4 seats: give one --name per seat, or none\n"
    assert not out.exists()
