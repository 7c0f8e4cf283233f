"""Picture files named by their extension: ``python -m bot.pictures deal`` writes the format
its output's name says (PNG, JPEG, or WebP when Pillow was built with it), never PNG bytes
under a ``.jpg`` name."""

from __future__ import annotations

import io
from pathlib import PurePath

from PIL import Image, features

from tarot_core.rules import or_list

from .png import png

FORMATS: dict[str, str] = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
"""Each extension (lower case) and the format Pillow writes for it."""
if features.check("webp"):
    FORMATS[".webp"] = "WEBP"
JPEG_QUALITY = 92
"""High enough that the cards' edges and small numbers keep no visible ringing."""


def format_of(path: str) -> str:
    """The format ``path``'s extension names; ``ValueError`` saying which ones exist if none."""
    suffix = PurePath(path).suffix.lower()
    if suffix not in FORMATS:
        known = or_list(list(FORMATS))
        named = f"'{suffix}'" if suffix else "no extension"
        raise ValueError(f"{path}: the picture's name must end in {known}, not {named}")
    return FORMATS[suffix]


def encode(image: Image.Image, file_format: str) -> bytes:
    """``image`` as the bytes of a ``file_format`` file (one of ``FORMATS``' values)."""
    if file_format == "PNG":
        return png(image)
    out = io.BytesIO()
    if file_format == "JPEG":  # no alpha, no palette in a JPEG
        image.convert("RGB").save(out, format="JPEG", quality=JPEG_QUALITY)
    elif file_format == "WEBP":
        image.save(out, format="WEBP", lossless=True)
    else:
        raise ValueError(f"not a picture format this writes: {file_format!r}")
    return out.getvalue()
