"""PNG bytes of a picture: what Discord gets as an attachment or an emoji."""

from __future__ import annotations

import io

from PIL import Image


def png(image: Image.Image) -> bytes:
    """The picture as PNG at zlib's default level: ``optimize`` (level 9 and a search)
    saves about 7% of the bytes for eight times the time (90 ms against 11 for a deal's
    picture), and the picture must be ready with its score sheet."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()
