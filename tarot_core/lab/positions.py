"""A suite of test positions with answers any strong player accepts, and the score of a bot level.

A position is written as a strong player would tell it: the cards some seats hold *now*
(the seat to act: its whole hand; the others: only what matters), the chien, the bids, the
call, the écart and the cards played so far. The cards nobody was given are dealt from a seed,
away from the suits and trumps a seat showed it lacks, and the whole history is replayed
through ``Deal.apply``, so every position is a legal deal by construction. A bot then sees
only ``view(deal, seat)``, exactly as in a game.

The data is ``positions.json`` beside this module (see ``load_positions`` for its fields).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from typing import Any

from ..actions import Action, Bid, Call, DeclareSlam, Discard, Ecart, IllegalAction, Play
from ..bots import DEFAULT_THINK_MS, LEVELS, make_bot
from ..cards import (
    EXCUSE,
    KINGS,
    PETIT,
    SUIT_LETTERS,
    SUIT_MASKS,
    TRUMP,
    TRUMPS,
    TRUMPS_ABOVE,
    Card,
    Mask,
    cards_of,
    format_card,
    led_suit,
    mask_of,
    parse_cards,
    suit_of,
)
from ..command_line import PLAYERS, THINK_MS, whole
from ..deal import Deal, Phase, trick_seats, trick_status
from ..rules import PLAYER_COUNTS, SIX_PLAYERS, Contract, Rules
from ..view import view
from .arena import close_bot

DEFAULT_LEVELS = ("random", "heuristic", "expert:32")
CATEGORIES = (
    "save_petit",
    "dont_expose_petit",
    "hunt_petit",
    "feed_sure_trick",
    "no_feed_before_ruff",
    "king",
    "excuse",
    "trump_choice",
    "bidding",
    "ecart",
)
_FILL_ATTEMPTS = 200


class PositionError(ValueError):
    """A position that does not describe a legal deal state, or an answer it cannot have."""


@dataclass(frozen=True)
class Position:
    id: str
    players: int
    category: str
    why: str
    accept: frozenset[str]
    """Accepted answers: card texts (``T1``) or bids (``pass``, ``garde``)."""
    reject: frozenset[str]
    """With ``accept`` empty: every legal answer but these is accepted."""
    hands: dict[int, tuple[Card, ...]]
    """Cards each listed seat holds at the position; the seat to act: its whole hand."""
    dealer: int
    chien: tuple[Card, ...]
    bids: tuple[Contract, ...]
    call: Card | None
    ecart: tuple[Card, ...]
    plays: tuple[Card, ...]
    seed: int
    six_players: str = "twelve_cards"
    """At 6 players: all six play, or the dealer sits out (the rule option of that name)."""
    ecart_void: frozenset[int] = frozenset()
    """At the écart: the suits the taker's écart must void."""
    ecart_keep: tuple[Card, ...] = ()
    """At the écart: cards that must not go in it."""
    ecart_no_singleton: bool = False
    """At the écart: no suit may be left with one card other than its King."""
    ecart_voids: int = 0
    """At the écart: how many suits, at least, the hand left is void of."""

    @property
    def at_ecart(self) -> bool:
        """The taker is to make its écart: the answer is a set of cards, judged by the
        ``ecart_`` rules."""
        return self.category == "ecart"

    @property
    def rules(self) -> Rules:
        return Rules(players=self.players, six_players=self.six_players)


def _cards(text: object, where: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise PositionError(f"{where}: cards are written as one string, like 'T21 KS EX'")
    try:
        return tuple(parse_cards(text.split()))
    except ValueError as e:
        raise PositionError(f"{where}: {e}") from e


def parse_position(raw: dict[str, Any]) -> Position:
    """One position from its JSON object.

    Fields: ``id``, ``players``, ``category``, ``why``, ``accept`` or ``reject`` (answers
    separated by spaces), ``hands`` (seat -> cards held now), ``dealer`` (default: the last
    seat, so seat 0 speaks and leads first), ``chien``, ``bids`` (in speaking order),
    ``call`` (5 and 6 players), ``ecart`` (default: the taker's lowest plain cards that the
    history does not need), ``play`` (every card played, in order), ``seed`` (for the unseen
    cards), ``six_players`` (``dealer_sits_out`` for a six-seat table where the dealer sits
    out; the dealer must then hold nothing).

    A position of category ``ecart`` stops where the taker makes its écart: the taker's hand
    is given with the chien taken in, and instead of ``accept`` or ``reject`` it has rules,
    one or more of: ``ecart_void`` (suit letters, ``"D C"``: the écart voids each of them),
    ``ecart_keep`` (cards that must not go in it), ``ecart_no_singleton`` (true: no suit
    is left with a single card other than its King) and ``ecart_voids`` (how many suits at
    least the hand left is void of, counting those it was dealt void of).
    """
    pid = str(raw.get("id", "?"))
    try:
        players = int(raw["players"])
        if players not in PLAYER_COUNTS:
            raise PositionError(f"{pid}: players must be one of {PLAYER_COUNTS}")
        category = str(raw["category"])
        if category not in CATEGORIES:
            raise PositionError(f"{pid}: unknown category {category!r}")
        why = str(raw["why"]).strip()
        if not why:
            raise PositionError(f"{pid}: the justification is empty")
        accept = frozenset(str(raw.get("accept", "")).split())
        reject = frozenset(str(raw.get("reject", "")).split())
        void, keep, no_singleton, voids = _ecart_rules(raw, pid)
        if category == "ecart":
            if accept or reject:
                raise PositionError(f"{pid}: an écart is judged by its ecart_ rules, not accept")
            if not (void or keep or no_singleton or voids):
                raise PositionError(f"{pid}: give at least one of the ecart_ rules")
        elif void or keep or no_singleton or voids:
            raise PositionError(f"{pid}: the ecart_ rules belong to positions of category ecart")
        elif bool(accept) == bool(reject):
            raise PositionError(f"{pid}: give exactly one of accept and reject")
        six = str(raw.get("six_players", "twelve_cards"))
        if six not in SIX_PLAYERS or (six != "twelve_cards" and players != 6):
            raise PositionError(f"{pid}: six_players is one of {SIX_PLAYERS}, at 6 players only")
        hands = {int(s): _cards(text, f"{pid} hand {s}") for s, text in raw["hands"].items()}
        bids = tuple(Contract.parse(b) for b in str(raw.get("bids", "")).split())
        call = _cards(raw["call"], f"{pid} call") if "call" in raw else ()
        return Position(
            id=pid,
            players=players,
            category=category,
            why=why,
            accept=accept,
            reject=reject,
            hands=hands,
            dealer=int(raw.get("dealer", players - 1)),
            chien=_cards(raw.get("chien", ""), f"{pid} chien"),
            bids=bids,
            call=call[0] if call else None,
            ecart=_cards(raw.get("ecart", ""), f"{pid} ecart"),
            plays=_cards(raw.get("play", ""), f"{pid} play"),
            seed=int(raw.get("seed", 0)),
            six_players=six,
            ecart_void=void,
            ecart_keep=keep,
            ecart_no_singleton=no_singleton,
            ecart_voids=voids,
        )
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, PositionError):
            raise
        raise PositionError(f"{pid}: malformed position: {e!r}") from e


def _ecart_rules(
    raw: dict[str, Any], pid: str
) -> tuple[frozenset[int], tuple[Card, ...], bool, int]:
    letters = str(raw.get("ecart_void", "")).split()
    wrong = [x for x in letters if x not in SUIT_LETTERS]
    if wrong:
        raise PositionError(
            f"{pid}: ecart_void names suits by {' '.join(SUIT_LETTERS)}: {wrong[0]}"
        )
    keep = _cards(raw.get("ecart_keep", ""), f"{pid} ecart_keep")
    no_singleton = raw.get("ecart_no_singleton", False)
    if not isinstance(no_singleton, bool):
        raise PositionError(f"{pid}: ecart_no_singleton is true or false")
    voids = raw.get("ecart_voids", 0)
    if not isinstance(voids, int) or isinstance(voids, bool) or not 0 <= voids <= 4:
        raise PositionError(f"{pid}: ecart_voids is a number of suits, from 0 to 4")
    return frozenset(SUIT_LETTERS.index(x) for x in letters), keep, no_singleton, voids


def load_positions(text: str | None = None) -> list[Position]:
    """Every position of the suite (or of ``text``, a JSON list); ids must be unique."""
    if text is None:
        text = resources.files(__package__).joinpath("positions.json").read_text("utf-8")
    positions = [parse_position(raw) for raw in json.loads(text)]
    seen: set[str] = set()
    for p in positions:
        if p.id in seen:
            raise PositionError(f"{p.id}: the id is used twice")
        seen.add(p.id)
    return positions


# ----- building the deal ---------------------------------------------------------------


@dataclass
class _History:
    seats: list[int]
    """Who played each card of ``plays``."""
    lacks: list[Mask]
    """Per seat: cards it showed it does not hold (a suit it did not follow, trumps it could not
    play or overtrump with)."""
    to_act: int
    """The seat to play next, once the bidding is over."""


def _history(players: int, first: int, plays: Sequence[Card], skip: int = -1) -> _History:
    """Who played each card and what each seat showed it lacks; ``skip``: a dealer who sits
    out (one card fewer per trick)."""
    seats: list[int] = []
    lacks = [0] * players
    leader = first
    size = players - (skip >= 0)
    for start in range(0, len(plays), size):
        trick = plays[start : start + size]
        opener = next((i for i, c in enumerate(trick) if c != EXCUSE), len(trick))
        led = led_suit(trick)
        top = -1
        seated = zip(trick_seats(leader, len(trick), players, skip), trick, strict=True)
        for i, (seat, card) in enumerate(seated):
            seats.append(seat)
            s = suit_of(card)
            if card != EXCUSE and i > opener:
                if s != led and led != TRUMP:
                    lacks[seat] |= SUIT_MASKS[led]
                if s != TRUMP and s != led:
                    lacks[seat] |= TRUMPS
                if s == TRUMP and card < top:
                    lacks[seat] |= TRUMPS_ABOVE[top]
            if s == TRUMP:
                top = max(top, card)
        if len(trick) == size:
            leader = trick_status(leader, trick, players, skip)[2]
    done = len(plays) % size
    to_act = trick_seats(leader, done + 1, players, skip)[-1]
    return _History(seats, lacks, to_act)


def build(position: Position) -> Deal:
    """The deal at the position, replayed legally; PositionError when it cannot be."""
    p = position
    rules = p.rules
    n = p.players
    if not 0 <= p.dealer < n:
        raise PositionError(f"{p.id}: the dealer is a seat from 0 to {n - 1}")
    skip = p.dealer if rules.sits_out else -1
    if skip in p.hands and p.hands[skip]:
        raise PositionError(f"{p.id}: seat {skip} deals and sits out: it holds no cards")
    first = (p.dealer + 1) % n
    hist = _history(n, first, p.plays, skip)
    taker = _taker(p, rules)
    held = [mask_of(p.hands.get(s, ())) for s in range(n)]
    for seat, card in zip(hist.seats, p.plays, strict=True):
        held[seat] |= 1 << card
    chien = mask_of(p.chien)
    ecart = mask_of(p.ecart)
    shows_chien = taker is not None and p.bids and max(p.bids) <= Contract.GARDE
    if p.at_ecart and (not shows_chien or p.plays or p.ecart):
        raise PositionError(f"{p.id}: an écart position ends at a Prise or Garde, before play")
    if taker is not None and shows_chien:
        held[taker] = (held[taker] | ecart) & ~chien
    acting = hist.to_act if len(p.bids) >= rules.playing else (first + len(p.bids)) % n
    if p.at_ecart and taker is not None:
        acting = taker
    elif taker is not None and acting == taker and shows_chien and not p.ecart:
        raise PositionError(f"{p.id}: the taker is to act: give its écart")
    given = [c for m in [*held, chien] for c in cards_of(m)]
    if len(given) != len(set(given)):
        raise PositionError(f"{p.id}: a card is given twice (hands, chien, écart and play)")
    error: Exception | None = None
    rng = random.Random(p.seed)
    for _ in range(_FILL_ATTEMPTS):
        try:
            dealt = _fill(rules, held, chien, hist.lacks, set(given), rng, acting, skip)
        except PositionError as e:
            raise PositionError(f"{p.id}: {e}") from e
        if dealt is None:
            continue
        deal = Deal(rules, p.dealer, dealt[0], dealt[1])
        if deal.done:  # the filler made a petit sec: deal again
            continue
        try:
            _replay(deal, p, taker, held)
        except (ValueError, PositionError) as e:
            error = e
            continue
        _check_hand(deal, p)
        if p.at_ecart:
            _check_ecart_rules(deal, p)
        return deal
    raise PositionError(f"{p.id}: no legal deal fits this position ({error})")


def _taker(p: Position, rules: Rules) -> int | None:
    """The seat of the highest bid once all have spoken (the seats after the dealer in turn;
    a dealer who sits out speaks last, so never)."""
    if not p.bids or max(p.bids) <= Contract.PASS or len(p.bids) < rules.playing:
        return None
    return (p.dealer + 1 + p.bids.index(max(p.bids))) % p.players


def _fill(
    rules: Rules,
    held: list[Mask],
    chien: Mask,
    lacks: list[Mask],
    given: set[Card],
    rng: random.Random,
    full: int,
    skip: int,
) -> tuple[list[Mask], Mask] | None:
    """Deal the unseen cards at random among the seats (and chien) with room that may hold
    them; a dealer who sits out (``skip``) gets none."""
    n = rules.players
    slots = [*held, chien]
    sizes = [0 if s == skip else rules.hand_size for s in range(n)] + [rules.chien_size]
    room = [sizes[i] - slots[i].bit_count() for i in range(n + 1)]
    if min(room) < 0:
        raise PositionError("a hand or the chien holds too many cards")
    if room[full]:
        raise PositionError(f"seat {full} is to act: give its whole hand ({room[full]} missing)")

    free = [c for c in range(78) if c not in given]
    rng.shuffle(free)
    # The most constrained cards first: those the fewest slots may take.
    free.sort(key=lambda c: sum(1 for i in range(n) if lacks[i] >> c & 1))
    free.reverse()
    for card in free:
        ok = [i for i in range(n + 1) if room[i] > 0 and not (i < n and lacks[i] >> card & 1)]
        if not ok:
            return None
        i = rng.choice(ok)
        slots[i] |= 1 << card
        room[i] -= 1
    return slots[:n], slots[n]


def _replay(deal: Deal, p: Position, taker: int | None, held: list[Mask]) -> None:
    try:
        for contract in p.bids:
            deal.apply(Bid(deal.to_act, contract))
        if deal.phase == Phase.CALLING:
            if p.call is None:
                raise PositionError(
                    f"{p.id}: at 5 and 6 players the taker calls a card: give 'call'"
                )
            deal.apply(Call(deal.to_act, p.call))
        if deal.phase == Phase.ECART and p.at_ecart:
            return
        if deal.phase == Phase.ECART:
            assert taker is not None
            for card in p.ecart or _auto_ecart(deal, p, taker):
                deal.apply(Discard(taker, card))
        if deal.phase == Phase.SLAM:
            deal.apply(DeclareSlam(deal.to_act, False))
        for card in p.plays:
            deal.apply(Play(deal.to_act, card))
    except IllegalAction as e:
        raise PositionError(f"{p.id}: the history is illegal: {e.about_seat}") from e


def _auto_ecart(deal: Deal, p: Position, taker: int) -> list[Card]:
    """The taker's lowest discardable plain cards that the position does not show it holding."""
    keep = mask_of(p.hands.get(taker, ())) | mask_of(p.plays)
    options = [c for c in cards_of(deal.discardable() & ~keep)]
    options.sort(key=lambda c: (c >= PETIT, c % 14))
    return options[: deal.ecart_needed()]


def _check_hand(deal: Deal, p: Position) -> None:
    if deal.done:
        raise PositionError(f"{p.id}: the deal is over")
    seat = deal.to_act
    if seat not in p.hands:
        raise PositionError(f"{p.id}: seat {seat} is to act: give its whole hand")
    if deal.hands[seat] != mask_of(p.hands[seat]):
        raise PositionError(f"{p.id}: seat {seat}'s hand is not the whole hand given")


def _check_ecart_rules(deal: Deal, p: Position) -> None:
    hand = deal.hands[deal.to_act]
    missing = [c for c in p.ecart_keep if not hand >> c & 1]
    if missing:
        raise PositionError(f"{p.id}: ecart_keep names {format_card(missing[0])}, not in hand")
    for suit in p.ecart_void:
        if hand & SUIT_MASKS[suit] & KINGS:
            raise PositionError(
                f"{p.id}: a King cannot be discarded, so {SUIT_LETTERS[suit]} cannot be voided"
            )
    if ecart_example(p, deal, meets=True) is None:
        raise PositionError(f"{p.id}: no legal écart meets its rules")


# ----- écarts ----------------------------------------------------------------------------


def ecart_meets_rules(position: Position, hand: Mask, ecart: Mask) -> bool:
    """Whether the écart ``ecart``, made from ``hand`` (the taker's, chien taken in), keeps the
    position's rules; its legality is the engine's to judge."""
    left = hand & ~ecart
    if any(left & SUIT_MASKS[s] for s in position.ecart_void):
        return False
    if ecart & mask_of(position.ecart_keep):
        return False
    if sum(1 for m in SUIT_MASKS if not left & m) < position.ecart_voids:
        return False
    if position.ecart_no_singleton:
        for suit_mask in SUIT_MASKS:
            rest = left & suit_mask
            if rest.bit_count() == 1 and not rest & KINGS:
                return False
    return True


def ecart_is_legal(deal: Deal, cards: Sequence[Card]) -> bool:
    try:
        deal.copy().apply(Ecart(deal.to_act, tuple(cards)))
    except IllegalAction:
        return False
    return True


def ecart_example(position: Position, deal: Deal, *, meets: bool) -> tuple[Card, ...] | None:
    """A legal écart at the position that keeps its rules (``meets``) or breaks them, None if
    there is none: every set of the cards that may go in it is tried in turn."""
    hand = deal.hands[deal.to_act]
    for cards in combinations(cards_of(deal.discardable()), deal.ecart_needed()):
        if ecart_meets_rules(position, hand, mask_of(cards)) == meets and ecart_is_legal(
            deal, cards
        ):
            return cards
    return None


# ----- answers and scores ----------------------------------------------------------------


def answer_text(action: Action) -> str | None:
    """The text of an answer (a card played, a bid, an écart's cards in order), None for any
    other action."""
    if isinstance(action, Play):
        return format_card(action.card)
    if isinstance(action, Bid):
        return action.contract.text
    if isinstance(action, Ecart):
        return ecart_text(action.cards)
    return None


def ecart_text(cards: Iterable[Card]) -> str:
    return " ".join(format_card(c) for c in sorted(cards))


def legal_answers(deal: Deal) -> set[str]:
    out = {answer_text(a) for a in deal.legal_actions(deal.to_act)}
    return {a for a in out if a is not None}


def accepted(position: Position, deal: Deal) -> set[str]:
    """The accepted answers that are legal at the position."""
    legal = legal_answers(deal)
    if position.accept:
        return legal & position.accept
    return legal - position.reject


def is_accepted(position: Position, deal: Deal, answer: str) -> bool:
    """Whether ``answer`` (``answer_text``) is accepted: one of ``accepted``, or at the écart
    a legal écart that keeps the position's rules."""
    if not position.at_ecart:
        return answer in accepted(position, deal)
    try:
        cards = parse_cards(answer.split())
    except ValueError:
        return False
    return ecart_is_legal(deal, cards) and ecart_meets_rules(
        position, deal.hands[deal.to_act], mask_of(cards)
    )


def bot_answer(level: str, deal: Deal, *, seed: int = 1, think_ms: int = 1000) -> str:
    """The bot's card, bid or écart at the deal; an announcement it makes first (a poignée)
    is applied to a copy and the bot asked again, and so is each card of an écart it makes
    card by card."""
    bot = make_bot(level, seed=seed, think_ms=think_ms)
    deal = deal.copy()
    discards: list[Card] = []
    try:
        for _ in range(4 + deal.rules.chien_size):
            action = bot.act(view(deal, deal.to_act))
            text = answer_text(action)
            if text is not None:
                return text
            deal.apply(action)
            if isinstance(action, Discard):
                discards.append(action.card)
                if deal.phase != Phase.ECART:
                    return ecart_text(discards)
    finally:
        close_bot(bot)  # a cmd: level's program, one per position
    raise PositionError("the bot never played a card, bid or made its écart")


def position_seed(position: Position) -> int:
    """The bot's seed at a position: fixed, so that a score is reproducible, and different
    from one position to the next, so that the random level does not always pick alike."""
    return zlib.crc32(position.id.encode("utf-8"))


@dataclass(frozen=True)
class Score:
    level: str
    solved: dict[str, int]
    total: dict[str, int]
    failed: tuple[str, ...]
    seconds: float

    @property
    def solved_count(self) -> int:
        return sum(self.solved.values())

    @property
    def total_count(self) -> int:
        return sum(self.total.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "solved": self.solved_count,
            "positions": self.total_count,
            "by_category": {c: [self.solved[c], self.total[c]] for c in self.total},
            "failed": list(self.failed),
            "seconds": round(self.seconds, 2),
        }


def score(level: str, positions: Iterable[Position], *, think_ms: int = 1000) -> Score:
    """How many positions ``level`` solves (its answer is accepted), per category."""
    start = time.perf_counter()
    solved: dict[str, int] = {}
    total: dict[str, int] = {}
    failed: list[str] = []
    for p in positions:
        deal = build(p)
        answer = bot_answer(level, deal, seed=position_seed(p), think_ms=think_ms)
        ok = is_accepted(p, deal, answer)
        total[p.category] = total.get(p.category, 0) + 1
        solved[p.category] = solved.get(p.category, 0) + ok
        if not ok:
            failed.append(p.id)
    return Score(level, solved, total, tuple(failed), time.perf_counter() - start)


# ----- command line ----------------------------------------------------------------------


def _level(text: str) -> str:
    if text not in LEVELS and not text.startswith(("expert:", "cmd:")):
        raise argparse.ArgumentTypeError(f"choose {', '.join(LEVELS)} or expert:N, not {text!r}")
    return text


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--level",
        type=_level,
        action="append",
        help="a level to score (repeatable; default: random, heuristic, expert:32)",
    )
    p.add_argument(
        "--think-ms", type=THINK_MS, default=DEFAULT_THINK_MS, help="the plain expert's budget"
    )
    p.add_argument("--category", choices=CATEGORIES, action="append", help="only these")
    p.add_argument(
        "--players", type=PLAYERS, choices=PLAYER_COUNTS, action="append", help="only these"
    )
    p.add_argument("--limit", type=whole(0), default=None, help="only the first N positions")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--verbose", action="store_true", help="name the positions each level fails")


def run_cli(args: argparse.Namespace) -> int:
    """``python -m tarot_core positions``: one score line per level, then per category."""
    try:
        positions = load_positions()
    except PositionError as e:
        print(f"positions: {e}", file=sys.stderr)
        return 2
    if args.category:
        positions = [p for p in positions if p.category in args.category]
    if args.players:
        positions = [p for p in positions if p.players in args.players]
    if args.limit is not None:
        positions = positions[: args.limit]
    scores = [
        score(level, positions, think_ms=args.think_ms) for level in args.level or DEFAULT_LEVELS
    ]
    if args.json:
        print(json.dumps({"positions": len(positions), "levels": [s.to_json() for s in scores]}))
        return 0
    for s in scores:
        print(f"{s.level}: solves {s.solved_count}/{s.total_count} positions ({s.seconds:.1f} s)")
        for c in CATEGORIES:
            if c in s.total:
                print(f"  {c}: {s.solved[c]}/{s.total[c]}")
        if args.verbose and s.failed:
            print(f"  failed: {' '.join(s.failed)}")
    return 0
