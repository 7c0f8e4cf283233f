"""The pictures the bot sends, as the jobs its worker processes run: plain functions of
plain data (picklable), each returning PNG bytes, with every word in the reader's language.

Drawing is CPU work: the Discord side runs these in the bot's process pool, never on the
event loop.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache
from typing import Any

from tarot_core import Rules, RulesError

from ..i18n import t
from ..i18n.catalog import text_of
from ..render.table import contract_name
from .charts import rating_chart
from .charts import totals_chart as draw_totals
from .deal_picture import DealLabels, deal_png, draw_deal
from .files import encode
from .png import png


@cache
def deal_labels(lang: str) -> DealLabels:
    """``DealLabels`` in ``lang``: each text field from the catalog key
    ``picture.deal.<field>``, the contracts' names from ``contract.<name>``, the slams from
    ``picture.slam.<kind>``."""
    defaults = DealLabels()
    texts: dict[str, Any] = {  # templates: the picture fills in their {fields}
        f.name: text_of(lang, f"picture.deal.{f.name}") or getattr(defaults, f.name)
        for f in dataclasses.fields(DealLabels)
        if isinstance(getattr(defaults, f.name), str)
    }
    texts["contracts"] = {c: t(lang, f"contract.{c.text}") for c in defaults.contracts}
    texts["slams"] = {kind: t(lang, f"picture.slam.{kind}") for kind in defaults.slams}
    return dataclasses.replace(defaults, **texts)


def record_labels(record: object, lang: str) -> DealLabels:
    """``deal_labels`` for this record: each contract named as the score sheet names it
    under the record's rules (``render.table.contract_name``)."""
    labels = deal_labels(lang)
    fields = record if isinstance(record, dict) else {}
    players = fields.get("players")
    if not isinstance(players, int):
        return labels  # not a record: deal_png refuses it with the reason
    try:
        rules = Rules.from_options(players, fields.get("rules"))
    except (RulesError, TypeError):
        return labels  # the same
    contracts = {c: contract_name(lang, c, rules) for c in labels.contracts}
    return dataclasses.replace(labels, contracts=contracts)


def deal_picture(
    record: object, lang: str, names: Sequence[str], file_format: str = "PNG"
) -> bytes:
    """A finished deal's picture, from its ``tarot-deal/1`` record (``RecordError`` if
    it is not one): a PNG for Discord, or the file format the command line is asked for."""
    labels = record_labels(record, lang)
    if file_format == "PNG":
        return deal_png(record, lang=lang, names=names, labels=labels)
    return encode(draw_deal(record, lang=lang, names=names, labels=labels), file_format)


def totals_chart(names: Sequence[str], history: Sequence[Sequence[int]], lang: str) -> bytes:
    """A game's chart: each player's running total after every deal."""
    title = t(lang, "picture.totals_title")
    axis = t(lang, "picture.deal_axis")
    return png(draw_totals(names, history, title=title, deal_label=axis, locale=lang))


def points_chart(running: Sequence[int], lang: str) -> bytes:
    """A player's points, summed over their recent games, oldest first (``/stats``)."""
    title = t(lang, "picture.points_title", games=len(running))
    axis = t(lang, "picture.game_axis")
    return png(rating_chart(running, title=title, x_label=axis, locale=lang))
