"""Labels for the controls the engine offers (buttons and select options).

Labels are plain text (Discord does not render markdown in them) and at most 80
characters, so names here are not escaped.
"""

from __future__ import annotations

from tarot_core import Action, Bid, Call, DeclareSlam, Discard, Ecart, Misere, Play, Poignee, Rules

from ..i18n import t
from .cards import card_short
from .table import contract_name, poignee_level_name

MAX_LABEL = 80


def action_label(locale: str | None, rules: Rules, action: Action) -> str:
    """The label of the control for one legal action (from ``DealView.legal``)."""
    if isinstance(action, Bid):
        return contract_name(locale, action.contract, rules)
    if isinstance(action, Call):
        return t(locale, "button.call", card=card_short(action.card, locale))
    if isinstance(action, Discard):
        return card_short(action.card, locale)
    if isinstance(action, Ecart):
        return t(locale, "button.confirm_ecart")
    if isinstance(action, DeclareSlam):
        if action.petit:
            return t(locale, "button.petit_chelem")
        return t(locale, "button.slam_yes" if action.announce else "button.slam_no")
    if isinstance(action, Poignee):
        level = poignee_level_name(locale, rules, len(action.cards))
        return t(locale, "button.poignee", level=level)
    if isinstance(action, Misere):
        return t(locale, f"button.misere.{action.kind}" if action.kind else "button.misere")
    if isinstance(action, Play):
        return card_short(action.card, locale)
    raise TypeError(f"no label for {action!r}")
