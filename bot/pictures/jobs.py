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

from tarot_core.rules import Contract

from ..i18n import t
from ..i18n.catalog import text_of
from .charts import rating_chart
from .charts import totals_chart as draw_totals
from .deal_picture import DealLabels, deal_png
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
    """``deal_labels`` for this record: under the older fixed contracts the Prise is the
    Petite, as the score sheet says."""
    labels = deal_labels(lang)
    rules = record.get("rules") if isinstance(record, dict) else None
    if isinstance(rules, dict) and rules.get("contracts") == "fixed":
        contracts = {**labels.contracts, Contract.PRISE: t(lang, "contract.petite")}
        labels = dataclasses.replace(labels, contracts=contracts)
    return labels


def deal_picture(record: object, lang: str, names: Sequence[str]) -> bytes:
    """A finished deal's picture, from its ``tarot-deal/1`` record (``RecordError`` if
    it is not one)."""
    return deal_png(record, lang=lang, names=names, labels=record_labels(record, lang))


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
