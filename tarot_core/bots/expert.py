"""Search: sample the hidden cards many times, play each candidate out in every sample, and
keep the best on average (perfect-information Monte Carlo), where the average is sure: the
rollouts see every card, so within two standard errors of their best the heuristic's choice,
a club player's principle, stands (``_principled``), in play and in the bidding window.

The budget is wall-clock time per decision (``think_ms``); ``max_samples`` caps the work so
that, when the cap binds first, a decision depends only on the seed.
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action, Bid, Misere, Play, Poignee
from ..cards import EXCUSE, HALF_POINTS, OUDLERS, Mask, mask_of
from ..deal import Deal, Phase, sitting_out, trick_status
from ..rules import Contract
from ..view import DealView
from ..view_check import check_view
from .endgame import ENDGAME_TRICKS, solve
from .equivalence import equivalent_groups
from .evaluation import THRESHOLD, min_trumps, strength, trump_count
from .heuristic import HeuristicBot, Table
from .knowledge import Knowledge, infer, lean
from .rollout import finish
from .signals import signal_card
from .taker_credit import TAKER_CREDIT, credited
from .worlds import WorldSampler, agreement

MIN_SAMPLES = 24
"""Samples taken before stopping early on a clear winner."""


class ExpertBot:
    def __init__(
        self, seed: int | None = None, *, think_ms: int = 1000, max_samples: int | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.think = think_ms / 1000
        self.max_samples = max_samples if max_samples is not None else 1_000_000
        self.heuristic = HeuristicBot(seed)

    def act(self, view: DealView) -> Action:
        """Raises ImpossibleView for a view no real deal can produce (no world to sample)."""
        check_view(view)
        assert view.seat is not None and view.legal, "asked to act with nothing to do"
        if view.phase == Phase.BIDDING:
            bids = [a for a in view.legal if isinstance(a, Bid)]
            window, default = bid_window(view, bids, self.heuristic.bid(view, mask_of(view.hand)))
            return self.search(view, window, default)
        if view.phase != Phase.PLAYING:
            return self.heuristic.decide(view)
        for action in view.legal:
            if isinstance(action, Misere):
                return action
        poignees = [a for a in view.legal if isinstance(a, Poignee)]
        if poignees and Table(view, infer(view)).attacking(view.seat):
            return poignees[-1]
        return self.search(view, [a for a in view.legal if isinstance(a, Play)])

    def search(
        self, view: DealView, candidates: list[Action], guide_bid: Action | None = None
    ) -> Action:
        """The best of ``candidates`` by the estimate; where the estimate cannot tell the
        heuristic's choice (``guide_bid`` when bidding) from it, the heuristic's."""
        if len(candidates) == 1:
            return candidates[0]
        assert view.seat is not None
        playing = view.phase == Phase.PLAYING
        guide = self.heuristic.decide(view) if playing else None
        know = infer(view)
        groups = (
            equivalent_groups(view, know, candidates)
            if playing
            else [[i] for i in range(len(candidates))]
        )
        if len(groups) == 1:
            return _member(view, candidates, groups[0], guide)
        reps = [candidates[g[0]] for g in groups]
        values = self.estimate(view, know, reps)
        means = [sum(v) / len(v) for v in values]
        best = max(range(len(reps)), key=means.__getitem__)
        if view.phase == Phase.BIDDING:
            best = _modest_bid(reps, values, best)
            if guide_bid is not None and guide_bid in reps:
                best = _principled(reps.index(guide_bid), values, best)
        banked = _banked(Table(view, know), reps, values, best)
        if banked != best:
            best = banked
        else:
            group_of = {candidates[i]: k for k, g in enumerate(groups) for i in g}
            if guide is not None and guide in group_of:
                best = _principled(group_of[guide], values, best)
            best = _signal_or(view, candidates, group_of, values, best)
        return _member(view, candidates, groups[best], guide)

    def estimate(
        self, view: DealView, know: Knowledge, candidates: list[Action]
    ) -> list[list[float]]:
        """Each candidate's score for this seat in the same sampled worlds, one list per
        candidate, until the budget is spent or one candidate is clearly ahead."""
        return self.estimate_lines(view, know, [(a,) for a in candidates])

    def estimate_lines(
        self, view: DealView, know: Knowledge, lines: list[tuple[Action, ...]]
    ) -> list[list[float]]:
        """``estimate`` for lines of actions applied in turn (the coach weighs a poignée
        shown or not before the same card)."""
        me = know.seat
        worlds = self.sampler(view, know)
        deadline = time.perf_counter() + self.think
        values: list[list[float]] = [[] for _ in lines]
        endgame = ENDGAME_TRICKS if self.think >= 0.5 else ENDGAME_TRICKS - 1
        exact = view.phase == Phase.PLAYING and len(view.hand) <= endgame
        credit = TAKER_CREDIT[view.rules.players] if view.phase == Phase.BIDDING else 0.0
        samples = 0
        while samples < self.max_samples:
            world = worlds.draw()
            seed = self.rng.getrandbits(32)
            for i, line in enumerate(lines):
                w = world.copy()
                for step in line:
                    w.apply(step)
                if exact:
                    values[i].append(solve(w, me))
                    continue
                finish(w, random.Random(seed))
                assert w.result is not None
                values[i].append(credited(w, me, credit) if credit else w.result.scores[me])
            samples += 1
            if time.perf_counter() >= deadline or (
                samples >= MIN_SAMPLES and samples % 8 == 0 and _settled(values)
            ):
                break
        return values

    def sampler(self, view: DealView, know: Knowledge) -> WorldSampler:
        """The worlds of one decision, likelier as the others' bids and the play seen (FFT
        signals, at 5 players who fed the taker) fit them."""
        me = know.seat
        leanings = lean(view, know)

        def weigh(world: Deal) -> float:
            return _bids_likelihood(world, me) * agreement(world, leanings)

        return WorldSampler(view, know, self.rng, weigh, BID_TRIES)


TAKE_MARGIN = 6
"""How far (in docs/rules.md §10 points) below the Prise band a hand the guide passes may
still be taken, when the search finds the Prise worth more than passing."""
BOLD_MARGIN = 3
"""How far below the Prise band the expert takes unless the search is sure it should pass:
the table's band passes more fair hands than strong players do (at 4 players its bids
leave one deal in five unplayed, theirs about one in ten)."""


def bid_window(view: DealView, bids: list[Bid], guide: Action) -> tuple[list[Action], Action]:
    """The bids the search chooses among, and the one that stands unless the search is sure
    of another: the guide's (the heuristic's, from the points table of docs/rules.md §10),
    the offered contract just below it, the Garde above a Prise (the same play at twice the
    stake, worth it when the search is sure the Prise is made), and passing; for a hand the
    guide passes but just short of a Prise, passing or the lowest contract offered (the
    lowest stands within ``BOLD_MARGIN`` of the band).

    The search alone bids what its rollouts value most, and they are too sure of a strong
    hand (every seat plays a sampled world as if it saw every card) and too wary of a fair
    one: left free, it bid a Garde contre on a Garde and passed one deal in six at 4
    players. The window keeps its bids where a strong player's are, whatever the budget,
    and lets the search decide what the table cannot: whether a borderline hand takes, and
    whether the guide's contract is one step too high for this hand."""
    if len(bids) <= 1 or not isinstance(guide, Bid):
        return list(bids), guide
    passing = [b for b in bids if b.contract == Contract.PASS]
    taking = sorted((b for b in bids if b.contract > Contract.PASS), key=lambda b: b.contract)
    if guide.contract == Contract.PAROLE or not passing:
        return [guide], guide
    if guide.contract == Contract.PASS:
        hand = mask_of(view.hand)
        short = THRESHOLD[Contract.PRISE] - strength(hand, view.rules.playing)
        if not taking or short > TAKE_MARGIN or trump_count(hand) < min_trumps(hand):
            return [guide], guide
        return [*passing, taking[0]], taking[0] if short <= BOLD_MARGIN else guide
    below = [b for b in taking if b.contract < guide.contract]
    above = [b for b in taking if guide.contract < b.contract <= Contract.GARDE]
    return [*passing, *below[-1:], guide, *above[:1]], guide


BID_TRIES = 24
"""Draws tried for a world before settling for the likeliest one seen."""
BID_MARGIN = 8
"""How far (in docs/rules.md §10 points) beyond a bid's band a hand makes the bid unlikely,
not doubtful."""
UNLIKELY = 0.05
"""The weight of a bid from a hand far from its band (or a pass from a hand far above one)."""
DOUBTFUL = 0.25
"""The weight of a bid at the edge of its band, or of a Garde sans with few trumps."""


def _bids_likelihood(world: Deal, me: int) -> float:
    """How likely the others' calls are from the hands this world deals them: a pass says
    no hand for the next contract, a bid a hand near its band of docs/rules.md §10 (with enough
    trumps; many trumps and an oudler for a Garde sans or contre)."""
    offered = sorted(c for c in world.rules.bids if c > Contract.PASS)
    players = world.rules.playing
    weight = 1.0
    best = Contract.PASS
    for seat, bid in zip(world.speakers, world.bids, strict=True):
        if bid == Contract.PAROLE:  # commits to nothing
            continue
        if seat != me:
            weight *= _bid_odds(world.dealt[seat], players, bid, [c for c in offered if c > best])
        best = max(best, bid)
    return weight


def _bid_odds(hand: Mask, players: int, bid: Contract, above: list[Contract]) -> float:
    short = trump_count(hand) < min_trumps(hand)
    if bid == Contract.PASS:
        if short or not above:  # too few trumps to take: a pass whatever the points
            return 1.0
        excess = _score(hand, players, above[0]) - THRESHOLD[above[0]]
        return UNLIKELY if excess >= BID_MARGIN else DOUBTFUL if excess >= 0 else 1.0
    weight = UNLIKELY if short else 1.0
    deficit = THRESHOLD[bid] - _score(hand, players, bid)
    weight *= UNLIKELY if deficit > BID_MARGIN else DOUBTFUL if deficit > 0 else 1.0
    if bid >= Contract.GARDE_SANS:
        if trump_count(hand) < min_trumps(hand) + 3:
            weight *= DOUBTFUL
        if not hand & OUDLERS:
            weight *= DOUBTFUL
    return weight


def _score(hand: Mask, players: int, contract: Contract) -> float:
    """The docs/rules.md §10 strength that decides ``contract``: without the chien for the
    Gardes sans and contre."""
    return strength(hand, players, without_chien=contract >= Contract.GARDE_SANS)


BID_NOISE = 1.0
"""Standard errors (paired, on the same worlds) a Garde must beat a Prise by: within the
estimate's noise, the Prise risks less on an optimistic estimate."""


def _modest_bid(candidates: list[Action], values: list[list[float]], best: int) -> int:
    """A Prise (or Pousse) when the best contract is a Garde that does not beat it beyond
    the noise of the estimate, and it does as well as passing; else ``best``. Taking the
    maximum of noisy estimates would turn every optimistic Prise into a Garde. The Gardes
    sans and contre are left to the means: demoting them within their (larger) noise cost
    13 points a deal at 5 players (arena, expert:32, 40 sets)."""
    bids = [a.contract if isinstance(a, Bid) else Contract.PASS for a in candidates]
    floor = max(
        (sum(values[i]) / len(values[i]) for i, b in enumerate(bids) if b == Contract.PASS),
        default=-math.inf,
    )
    if not Contract.PASS < bids[best] <= Contract.GARDE or len(values[best]) < 2:
        return best
    for i in sorted(range(len(bids)), key=bids.__getitem__):
        if not Contract.PASS < bids[i] < bids[best] or sum(values[i]) / len(values[i]) < floor:
            continue
        lead, error = paired_lead(values[best], values[i])
        if lead <= BID_NOISE * error:
            return i
    return best


SIGNAL_NOISE = 1.0
"""Standard errors (paired, on the same worlds) a signal card may trail the best by and
still be played: within the estimate's noise, telling partner is worth more."""


def _signal_or(
    view: DealView,
    candidates: list[Action],
    group_of: dict[Action, int],
    values: list[list[float]],
    best: int,
) -> int:
    """The group of the candidate giving an FFT signal (``signals.signal_card``) when it is
    as good as group ``best`` within the noise of the estimate, else ``best``."""
    legal = mask_of(a.card for a in candidates if isinstance(a, Play))
    card = signal_card(view, legal) if legal else None
    if card is None:
        return best
    i = group_of.get(Play(view.seat, card), best) if view.seat is not None else best
    if i == best or len(values[best]) < 2:
        return best
    mean, error = paired_lead(values[best], values[i])
    return i if mean <= SIGNAL_NOISE * error else best


PRINCIPLE_NOISE = 2.0
"""Standard errors (paired, on the same worlds) the heuristic's card may trail the best by
and still be played."""


def _principled(choice: int, values: list[list[float]], best: int) -> int:
    """The heuristic's card (candidate ``choice``) when the estimate cannot tell it from
    ``best``.

    Where the rollouts see no difference, the difference is often one they cannot see: every
    seat of a sampled world plays as if it saw every card, so drawing trumps "now" to hunt
    a Petit nobody has located is worth no more to them than drawing later, and a Petit
    kept out of an overtrump is lost later anyway in worlds where every defender's hand is
    known. The heuristic plays what a club player would: among cards the estimate does not
    set clearly apart, that is the one to play."""
    if choice == best or len(values[best]) < 2:
        return best
    lead, error = paired_lead(values[best], values[choice])
    return choice if lead <= PRINCIPLE_NOISE * error else best


def _member(
    view: DealView, candidates: list[Action], group: list[int], guide: Action | None
) -> Action:
    """The card to play from a group of equivalent ones: the heuristic's, the FFT signal,
    or the lowest (they are one to the search, not to a partner reading signals)."""
    members = [candidates[i] for i in group]
    if guide is not None and guide in members:
        return guide
    legal = mask_of(a.card for a in members if isinstance(a, Play))
    card = signal_card(view, legal) if len(members) > 1 and legal else None
    return next((a for a in members if isinstance(a, Play) and a.card == card), members[0])


BANK_NOISE = 2.0
"""Standard errors (paired, on the same worlds) within which two cards are one to the
estimate: the last to play then banks the points now."""


def _banked(table: Table, candidates: list[Action], values: list[list[float]], best: int) -> int:
    """Last to play, the trick's winner is settled by the card played: among the cards as
    good as ``best`` within the noise of the estimate, the one that gives the most points to
    the trick if its own side wins it (a King fed to a partner's sure trick), the fewest if
    the other side does. The rollouts play the rest of the deal as if every card were seen,
    and so value keeping a King "for later" that a player would bank now; where the
    estimates cannot tell the cards apart, the points now decide. The Excuse, which goes
    back to its owner's side, and a trick whose winner's side is not known yet (a partner
    not revealed) are left to the estimate."""
    if table.view.phase != Phase.PLAYING or table.after or len(values[best]) < 2:
        return best
    skip = sitting_out(table.view.rules, table.view.dealer)
    mine = table.attacking(table.me)
    scored: list[tuple[int, int]] = []
    for i, action in enumerate(candidates):
        if not isinstance(action, Play) or action.card == EXCUSE:
            continue
        if i != best:
            lead, error = paired_lead(values[best], values[i])
            if lead > BANK_NOISE * error:
                continue
        _, _, winner, _ = trick_status(table.leader, (*table.cards, action.card), table.n, skip)
        side = table.attacking(winner)
        if winner != table.me and (mine is None or side is None):
            return best
        ours = winner == table.me or side == mine
        points = HALF_POINTS[action.card]
        scored.append((points if ours else -points, i))
    if not scored:
        return best
    top = max(key for key, _ in scored)
    if any(i == best and key == top for key, i in scored):
        return best
    return next(i for key, i in scored if key == top)


def _settled(values: list[list[float]]) -> bool:
    """The best candidate leads the runner-up by three standard errors on the same worlds."""
    means = [sum(v) / len(v) for v in values]
    order = sorted(range(len(values)), key=means.__getitem__, reverse=True)
    mean, error = paired_lead(values[order[0]], values[order[1]])
    return mean > 3 * error + 1e-9


def paired_lead(a: list[float], b: list[float]) -> tuple[float, float]:
    """How far ``a`` leads ``b`` on the same worlds: the mean of the differences and its
    standard error (infinite from a single world)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    k = len(diffs)
    mean = sum(diffs) / k
    if k < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean, math.sqrt(var / k)
