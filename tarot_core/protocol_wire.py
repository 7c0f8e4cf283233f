"""The bot protocol's wire (docs/bot-protocol.md): its version and how a message becomes a
line. Both sides use it, ``protocol`` answering and ``bots.external`` asking, and it imports
neither, so that they need not import each other."""

from __future__ import annotations

import json
from typing import Any

PROTOCOL_VERSION = 1


def encode(message: dict[str, Any]) -> str:
    """One message as one line (ASCII only, so no encoding can garble it)."""
    return json.dumps(message) + "\n"
