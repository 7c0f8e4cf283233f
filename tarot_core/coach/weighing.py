"""Weighing one decision: every option the seat had (or, where they are too many, the ones
a strong player would consider, with the one chosen), estimated by the expert's search from
that seat's view alone, in the same sampled worlds.

The options are those the expert itself weighs: cards grouped where they are one card to
the search (``bots.equivalence``), the bids of its window (``bots.expert.bid_window``) and the
one chosen, every card that may be called, the écart chosen against the heuristic's, a
slam announced or not, a poignée shown or not before the same card. The worlds are drawn
under a seed made from the view, so the same decision is weighed the same way every time,
and two deals that look the same from that seat are weighed alike.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from ..actions import Action, Bid, Call, DeclareSlam, Ecart, Play, Poignee
from ..bots import FOREVER_MS
from ..bots.equivalence import equivalent_groups
from ..bots.expert import ExpertBot, bid_window, paired_lead
from ..bots.heuristic import HeuristicBot, Table, choose_card
from ..bots.knowledge import infer
from ..cards import mask_of
from ..deal import Phase, sitting_out
from ..scoring import seat_scores
from ..serial import view_to_json
from ..view import DealView
from .decisions import Decision, Kind

SAMPLES = 48
"""Worlds per decision by default: a deal's review within about ten seconds of one worker
at 4 players (``python -m tarot_core review-bench``)."""

Line = tuple[Action, ...]


@dataclass(frozen=True)
class Weighed:
    """A decision's options (``shown``: what each option is, None for "no poignée"), the one
    chosen and the best by the estimate, and how far the best leads the chosen one in the
    seat's score points (paired mean and its standard error)."""

    shown: tuple[Action | None, ...]
    chosen: int
    best: int
    principle: int
    """The option a club player's principle (the heuristic) chooses."""
    values: tuple[tuple[float, ...], ...]
    """Each option's score for the seat in each sampled world (the same worlds)."""
    stake: int

    @property
    def samples(self) -> int:
        return len(self.values[0])

    def lead(self, a: int, b: int) -> tuple[float, float]:
        """How far option ``a`` leads option ``b`` on the same worlds: the mean and its
        standard error (0, 0 for an option against itself or nothing weighed)."""
        if a == b or self.samples == 0:
            return 0.0, 0.0
        return paired_lead(list(self.values[a]), list(self.values[b]))


def seed_of(view: DealView) -> int:
    """A seed from the view alone: the same view, the same worlds."""
    text = json.dumps(view_to_json(view), sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def options(decision: Decision) -> tuple[list[Line], list[Action | None], int, int]:
    """The lines to weigh, what each is, which one the seat chose, and which one a club
    player's principle (the heuristic) would choose."""
    view, chosen = decision.view, decision.chosen
    assert view.seat is not None
    heuristic = HeuristicBot(0)
    shown: list[Action | None]
    if decision.kind == Kind.POIGNEE:
        assert decision.then is not None
        shown = [None, *(a for a in view.legal if isinstance(a, Poignee))]
        if isinstance(chosen, Poignee):
            shown = [chosen if _size(a) == len(chosen.cards) else a for a in shown]
        lines: list[Line] = [(p, decision.then) if p else (decision.then,) for p in shown]
        theirs = heuristic.decide(view)
        principle = len(shown) - 1 if isinstance(theirs, Poignee) else 0
        return lines, shown, shown.index(chosen), principle
    assert chosen is not None
    if decision.kind == Kind.PLAY:
        plays: list[Action] = [a for a in view.legal if isinstance(a, Play)]
        know = infer(view)
        guide = Play(view.seat, choose_card(view, know, Table(view, know)))
        groups = equivalent_groups(view, know, plays)
        shown = []
        index = principle = 0
        for group in groups:
            members = [plays[i] for i in group]
            if guide in members:
                principle = len(shown)
            if chosen in members:
                index = len(shown)
                shown.append(chosen)
            else:
                shown.append(guide if guide in members else members[0])
    elif decision.kind == Kind.BID:
        bids = [a for a in view.legal if isinstance(a, Bid)]
        table_bid = heuristic.bid(view, mask_of(view.hand))
        window, _ = bid_window(view, bids, table_bid)
        shown = [*window, *([chosen] if chosen not in window else [])]
        index = shown.index(chosen)
        principle = shown.index(table_bid) if table_bid in shown else index
    elif decision.kind == Kind.ECART:
        assert isinstance(chosen, Ecart)
        theirs = heuristic.decide(view)
        assert isinstance(theirs, Ecart)
        same = set(theirs.cards) == set(chosen.cards)
        shown = [chosen] if same else [chosen, theirs]
        index = 0
        principle = len(shown) - 1
    else:  # a call, a slam
        kinds = (Call,) if decision.kind == Kind.CALL else (DeclareSlam,)
        shown = [a for a in view.legal if isinstance(a, kinds)]
        index = shown.index(chosen)
        theirs = heuristic.decide(view)
        principle = shown.index(theirs) if theirs in shown else index
    return [(a,) for a in shown if a is not None], shown, index, principle


def _size(poignee: Action | None) -> int:
    return len(poignee.cards) if isinstance(poignee, Poignee) else 0


def stake(view: DealView) -> int:
    """How many times a defender's score this seat's score moves by, as it knows: the
    taker's share (alone, or with a partner other than itself), else one. While bidding,
    the share it would have taking."""
    assert view.seat is not None
    me, rules = view.seat, view.rules
    skip = sitting_out(rules, view.dealer)
    taker = view.taker if view.phase != Phase.BIDDING else me
    if taker != me:
        return 1
    own = mask_of(view.hand) | mask_of(view.ecart or ()) | mask_of(view.chien or ())
    alone = view.called is not None and bool(own >> view.called & 1)
    if not rules.calls or alone:
        return abs(seat_scores(rules.players, me, None, 1, skip)[me])
    other = next(s for s in range(rules.players) if s not in (me, skip))
    return abs(seat_scores(rules.players, me, other, 1, skip)[me])


def weigh(decision: Decision, samples: int = SAMPLES) -> Weighed:
    """The decision's options estimated in ``samples`` sampled worlds at most (fewer when
    one option is clearly ahead early), under a seed from its view."""
    view = decision.view
    lines, shown, chosen, principle = options(decision)
    share = stake(view)
    if len(lines) == 1:
        return Weighed(tuple(shown), chosen, chosen, principle, ((),), share)
    bot = ExpertBot(seed_of(view), think_ms=FOREVER_MS, max_samples=samples)
    values = bot.estimate_lines(view, infer(view), lines)
    means = [sum(v) / len(v) for v in values]
    best = max(range(len(lines)), key=lambda i: (means[i], i == chosen))
    kept = tuple(tuple(v) for v in values)
    return Weighed(tuple(shown), chosen, best, principle, kept, share)
