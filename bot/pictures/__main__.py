"""Command line: ``python -m bot.pictures cards DIR`` writes every card face and emoji as PNG
files, ``python -m bot.pictures deal FILE OUT`` draws the picture of a ``tarot-deal/1``
record (PNG, JPEG or WebP, as OUT's extension says; ``--name`` gives the players' names),
so anyone can look at what the bot would show (a deal a user reported, a new face)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tarot_core import DECK_SIZE, RecordError
from tarot_core.cards import CARD_TEXT
from tarot_core.command_line import Parser, whole
from tarot_core.quoting import one_line

from ..i18n import LANGUAGES
from .faces import MIN_HEIGHT, card_face, emoji_images
from .files import format_of
from .png import png

DEFAULT_HEIGHT = 96
MAX_HEIGHT = 1024


def _picture_file(text: str) -> str:
    try:
        format_of(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def cmd_cards(args: argparse.Namespace) -> int:
    out = Path(args.dir)
    try:
        (out / "emojis").mkdir(parents=True, exist_ok=True)
        for card in range(DECK_SIZE):
            (out / f"{CARD_TEXT[card]}.png").write_bytes(
                png(card_face(card, args.height, args.lang))
            )
        emojis = emoji_images()
        for stem, data in emojis.items():
            (out / "emojis" / f"{stem}.png").write_bytes(data)
    except OSError as e:
        print(
            one_line(f"{e.filename or out}: cannot write the faces: {e.strerror}"), file=sys.stderr
        )
        return 2
    print(f"{out}: {DECK_SIZE} card faces ({args.height} px, {args.lang}), {len(emojis)} emojis")
    return 0


def _read_record(file: str) -> object:
    """The record's JSON, or ``RecordError`` / ``OSError`` saying why not."""
    if file == "-":
        raw = sys.stdin.buffer.read()
    else:
        raw = Path(file).read_bytes()
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise RecordError("JSON", f"malformed: not UTF-8 text ({e.reason})") from None
    except ValueError as e:
        raise RecordError("JSON", f"malformed: {e}") from None
    except RecursionError:
        raise RecordError("JSON", "malformed: nested too deeply") from None


def cmd_deal(args: argparse.Namespace) -> int:
    try:
        record = _read_record(args.file)
    except OSError as e:
        print(one_line(f"{args.file}: cannot read the record: {e.strerror}"), file=sys.stderr)
        return 2
    except RecordError as e:
        print(one_line(f"{args.file}: {e}"), file=sys.stderr)
        return 2
    names = args.name or []
    seats = record.get("players") if isinstance(record, dict) else None
    if names and isinstance(seats, int) and len(names) != seats:
        why = f"{len(names)} names for {seats} seats: give one --name per seat, or none"
        print(one_line(f"{args.file}: {why}"), file=sys.stderr)
        return 2
    from .jobs import deal_picture  # as the bot draws it: every word in --lang

    try:
        data = deal_picture(record, args.lang, names, format_of(args.out))
    except RecordError as e:
        print(one_line(f"{args.file}: {e}"), file=sys.stderr)
        return 2
    except Exception as e:  # a bug of ours must still not print a traceback
        print(one_line(f"{args.file}: could not be drawn (internal error: {e!r})"), file=sys.stderr)
        return 2
    try:
        Path(args.out).write_bytes(data)
    except OSError as e:
        print(one_line(f"{args.out}: cannot write the picture: {e.strerror}"), file=sys.stderr)
        return 2
    print(f"{args.out}: {len(data)} bytes")
    return 0


def parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="python -m bot.pictures",
        description="Draw what the bot shows, to look at it: every card face and emoji"
        " (cards), or the picture of a deal's record (deal).",
        allow_abbrev=False,
    )
    sub = p.add_subparsers(dest="command", required=True)

    c = sub.add_parser("cards", help="write the 78 card faces and every emoji as PNG files")
    c.add_argument("dir", help="where to write them (created if missing)")
    c.add_argument("--lang", choices=LANGUAGES, default="en", help="the reader's language")
    c.add_argument(
        "--height",
        type=whole(MIN_HEIGHT, MAX_HEIGHT),
        default=DEFAULT_HEIGHT,
        help=f"card height in pixels ({MIN_HEIGHT} to {MAX_HEIGHT})",
    )
    c.set_defaults(func=cmd_cards)

    d = sub.add_parser("deal", help="draw the picture of a tarot-deal/1 record")
    d.add_argument("file", help="the record's path, or - for standard input")
    d.add_argument(
        "out", type=_picture_file, help="the picture to write: a .png, .jpg/.jpeg or .webp file"
    )
    d.add_argument("--lang", choices=LANGUAGES, default="en", help="the reader's language")
    d.add_argument(
        "--name",
        action="append",
        metavar="NAME",
        help="a player's name, seat 1 first: one per seat, or none for Seat 1, Seat 2...",
    )
    d.set_defaults(func=cmd_deal)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        print("\nStopped.", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
