"""A refusal in the reader's language.

``Refused`` carries a ``code``, an English message and ``params`` (the player to act, the
seat, the engine's reason, the host-only action...). The text is ``refused.<code>`` filled
with those params; names are escaped, a host action and bot levels are translated, and the
player to act is named from the snapshot when there is one (a bot by its translated name).
A refusal whose params do not fill its text (an older or newer wording) says the English
message through ``refused.generic`` rather than a wrong or half-filled sentence.
"""

from __future__ import annotations

import re

from tarot_core.bots import LEVELS

from ..i18n import has, t
from ..i18n.catalog import CATALOGS, DEFAULT, placeholders
from ..tables.errors import Refused
from ..tables.snapshot import TableSnapshot
from .table import escape, level_name, seat_name

_COUNT = re.compile(r"^(\d+) seats?\b")
"""``seats_empty`` says its count only in its message."""


def refusal_text(locale: str | None, refused: Refused, table: TableSnapshot | None = None) -> str:
    """What to tell the user whose action was refused (ephemerally)."""
    code, message = refused.code, refused.message
    params: dict[str, object] = dict(getattr(refused, "params", {}) or {})
    key = f"refused.{code}"
    if code == "not_your_turn":
        if table is not None and table.to_act is not None:
            params["name"] = seat_name(locale, table, table.to_act)
        elif "name" in params:
            params["name"] = escape(str(params["name"]))
    elif code == "not_host":
        action = params.get("action")
        if not isinstance(action, str) or not has(f"host_action.{action}"):
            return t(locale, "refused.not_host")
        key = "refused.not_host_action"
        params["action"] = t(locale, f"host_action.{action}")
    elif code == "bad_level":
        params["level"] = repr(str(params.get("level", "?")))
        params["levels"] = ", ".join(level_name(locale, level) for level in LEVELS)
    elif code == "seats_empty" and "count" not in params:
        match = _COUNT.match(message)
        if match:
            params["count"] = int(match.group(1))
    if not has(key):
        return t(locale, "refused.generic", reason=message)
    if not placeholders(CATALOGS[DEFAULT][key]) <= params.keys():
        return t(locale, "refused.generic", reason=message)
    return t(locale, key, **params)
