"""An independent reference scorer for ``tarot-deal/1`` records, written from docs/rules.md alone.

It deliberately imports nothing from ``tarot_core``: cards are handled as their text notation
(``T21``, ``EX``, ``KS``, ``10H``), points are counted in half points, and the trick winners
are worked out here from docs/rules.md §7. It trusts the record to be legal (the engine's replay
checks that) but checks that every card it attributes to a seat was in that seat's hands,
which catches a wrong seat attribution.

``reference_score(record)`` returns a dict shaped like the ``replay`` output of docs/records.md.
"""

from __future__ import annotations

from typing import Any

HAND_SIZE = {3: 24, 4: 18, 5: 15}
CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
POIGNEE_THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
TARGET_BY_OUDLERS = {0: 56, 1: 51, 2: 41, 3: 36}
BIDS = ("pass", "prise", "garde", "garde_sans", "garde_contre")
SUITS = "SHDC"
RANKS = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
RANKS.update({"J": 11, "C": 12, "Q": 13, "K": 14})
OUDLER_TEXTS = ("T1", "T21", "EX")
EXCUSE = "EX"
PETIT = "T1"


def is_trump(card: str) -> bool:
    return card.startswith("T")


def trump_rank(card: str) -> int:
    return int(card[1:])


def suit_of(card: str) -> str:
    """``S``/``H``/``D``/``C`` for a suit card; ``T`` for a trump; ``X`` for the Excuse."""
    if card == EXCUSE:
        return "X"
    if is_trump(card):
        return "T"
    return card[-1]


def suit_rank(card: str) -> int:
    return RANKS[card[:-1]]


def check_card(card: object) -> str:
    if not isinstance(card, str):
        raise ValueError(f"not a card: {card!r}")
    if card == EXCUSE:
        return card
    if card.startswith("T") and card[1:].isdigit() and 1 <= int(card[1:]) <= 21:
        if card[1:] != str(int(card[1:])):
            raise ValueError(f"not a card: {card!r}")
        return card
    if len(card) >= 2 and card[-1] in SUITS and card[:-1] in RANKS:
        return card
    raise ValueError(f"not a card: {card!r}")


def half_points(card: str) -> int:
    """docs/rules.md §1: oudler and King 4.5, Queen 3.5, Knight 2.5, Jack 1.5, others 0.5."""
    if card in OUDLER_TEXTS:
        return 9
    if is_trump(card):
        return 1
    return {"K": 9, "Q": 7, "C": 5, "J": 3}.get(card[:-1], 1)


def best_card_index(trick: list[str]) -> int:
    """docs/rules.md §7: the highest trump, else the highest card of the suit led (the suit of the
    first card that is not the Excuse). The Excuse itself never wins here."""
    trumps = [(trump_rank(c), i) for i, c in enumerate(trick) if is_trump(c)]
    if trumps:
        return max(trumps)[1]
    led = next(suit_of(c) for c in trick if c != EXCUSE)
    return max((suit_rank(c), i) for i, c in enumerate(trick) if suit_of(c) == led)[1]


def voided(outcome: str, players: int) -> dict[str, Any]:
    return {
        "outcome": outcome,
        "taker": None,
        "contract": None,
        "partner": None,
        "oudlers": None,
        "points": None,
        "target": None,
        "made": None,
        "petit_au_bout": None,
        "slam": None,
        "scores": [0] * players,
    }


def petit_sec(hand: list[str]) -> bool:
    trumps = [c for c in hand if is_trump(c)]
    return trumps == [PETIT] and EXCUSE not in hand


def points_value(half: int) -> int | float:
    return half // 2 if half % 2 == 0 else half / 2


def reference_score(record: dict[str, Any], detail: dict[str, Any] | None = None) -> dict[str, Any]:
    """Score a finished deal record per docs/rules.md §7-§8.

    If ``detail`` is a dict, it is filled with intermediate facts (trick winners, seats of
    each card, who owned the Excuse, whether the Excuse won the last trick, the hand score
    ``s``, ...) for tests that count rare cases.
    """
    n = record["players"]
    rules = record.get("rules") or {}
    gcm = rules.get("garde_contre_multiplier", 6)
    poignee_bonus = list(rules.get("poignee_bonus", [20, 30, 40]))
    misere_on = rules.get("misere", False)
    dealer = record["dealer"]
    hands = [[check_card(c) for c in hand] for hand in record["hands"]]
    chien = [check_card(c) for c in record["chien"]]
    if len(hands) != n or any(len(h) != HAND_SIZE[n] for h in hands):
        raise ValueError("wrong hand sizes")
    if len(chien) != CHIEN_SIZE[n]:
        raise ValueError("wrong chien size")
    if len({c for h in hands for c in h} | set(chien)) != 78:
        raise ValueError("the deal is not the 78 cards")
    d = detail if detail is not None else {}

    # Voided deals (docs/rules.md §2 petit sec, §3 all pass).
    if any(petit_sec(h) for h in hands):
        d["outcome"] = "petit_sec"
        return voided("petit_sec", n)
    bids = record["bids"]
    if len(bids) != n:
        raise ValueError("one bid per seat")
    taker: int | None = None
    contract = "pass"
    for i, bid in enumerate(bids):
        seat = (dealer + 1 + i) % n
        if bid != "pass":
            if BIDS.index(bid) <= BIDS.index(contract):
                raise ValueError("bids must increase")
            taker, contract = seat, bid
    if taker is None:
        d["outcome"] = "passed"
        return voided("passed", n)

    multiplier = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": gcm}[contract]

    # 5 players: the partner is the holder of the called card as dealt, unless the taker
    # holds it or it lies in the chien (then the taker plays alone).
    partner: int | None = None
    if n == 5:
        called = record["called"]
        holders = [s for s in range(n) if called in hands[s]]
        if holders and holders[0] != taker:
            partner = holders[0]
    taker_side = {taker} if partner is None else {taker, partner}

    def side(seat: int) -> str:
        return "taker" if seat in taker_side else "defence"

    # The cards each seat holds when play starts (the taker takes the chien at prise/garde).
    ecart = [check_card(c) for c in (record.get("ecart") or [])]
    holding = [set(h) for h in hands]
    if contract in ("prise", "garde"):
        holding[taker] |= set(chien)
        if len(ecart) != CHIEN_SIZE[n] or not set(ecart) <= holding[taker]:
            raise ValueError("bad écart")
        holding[taker] -= set(ecart)
        set_aside, set_aside_side = ecart, "taker"
    elif contract == "garde_sans":
        set_aside, set_aside_side = chien, "taker"
    else:
        set_aside, set_aside_side = chien, "defence"

    # Who played each card, and who won each trick (before the last-trick Excuse rule).
    tricks = [[check_card(c) for c in t] for t in record["tricks"]]
    if len(tricks) != HAND_SIZE[n] or any(len(t) != n for t in tricks):
        raise ValueError("wrong number of tricks or cards")
    slam_announced = bool(record.get("slam"))
    leader = taker if slam_announced else (dealer + 1) % n
    seats_of: list[list[int]] = []
    winners: list[int] = []
    excuse_seat: int | None = None
    excuse_trick: int | None = None
    for t, trick in enumerate(tricks):
        seats = [(leader + i) % n for i in range(n)]
        for seat, card in zip(seats, trick, strict=True):
            if card not in holding[seat]:
                raise ValueError(f"trick {t + 1}: seat {seat} does not hold {card}")
            holding[seat].remove(card)
            if card == EXCUSE:
                excuse_seat, excuse_trick = seat, t
        winner = seats[best_card_index(trick)]
        seats_of.append(seats)
        winners.append(winner)
        leader = winner
    last = len(tricks) - 1

    # The Excuse in the last trick (docs/rules.md §7): it wins that trick if its owner's side won
    # every earlier trick; otherwise it changes sides.
    excuse_wins_last = False
    excuse_changes_sides = False
    if excuse_trick == last:
        assert excuse_seat is not None
        owner_side = side(excuse_seat)
        if all(side(w) == owner_side for w in winners[:last]):
            excuse_wins_last = True
            winners[last] = excuse_seat
        else:
            excuse_changes_sides = True

    # Card points and oudlers of each side, in half points.
    half = {"taker": 0, "defence": 0}
    oudlers = {"taker": 0, "defence": 0}

    def give(side_name: str, card: str, value: int | None = None) -> None:
        half[side_name] += half_points(card) if value is None else value
        if card in OUDLER_TEXTS:
            oudlers[side_name] += 1

    for card in set_aside:
        give(set_aside_side, card)
    for t, trick in enumerate(tricks):
        won_by = side(winners[t])
        for seat, card in zip(seats_of[t], trick, strict=True):
            if card != EXCUSE:
                give(won_by, card)
                continue
            owner = side(seat)
            other = "defence" if owner == "taker" else "taker"
            if t == last and excuse_changes_sides:
                give(other, card)  # 4.5 and an oudler to the other side, no exchange
            elif t == last and excuse_wins_last:
                give(owner, card)
            else:
                give(owner, card, 8)  # the owner's side counts 4 for the Excuse ...
                half[won_by] += 1  # ... and the trick's winner gets a 0.5 card in exchange
    if half["taker"] + half["defence"] != 182:
        raise AssertionError(f"points do not add up to 91: {half}")
    if oudlers["taker"] + oudlers["defence"] != 3:
        raise AssertionError(f"oudlers do not add up to 3: {oudlers}")

    target = TARGET_BY_OUDLERS[oudlers["taker"]]
    made = half["taker"] >= 2 * target
    diff = (abs(half["taker"] - 2 * target) + 1) // 2  # a half point rounds up
    sign = 1 if made else -1

    # Petit au bout (docs/rules.md §8).
    petit_trick = next((t for t, trick in enumerate(tricks) if PETIT in trick), None)
    # In the last trick; or, when a side wins every trick and its Excuse wins the last one,
    # in the last or the penultimate trick. Either way, for the side that wins the last trick.
    au_bout = petit_trick == last or (excuse_wins_last and petit_trick == last - 1)
    pab_side = side(winners[last]) if au_bout else None
    pab = {"taker": 10, "defence": -10, None: 0}[pab_side]

    # Chelem.
    taker_all = all(side(w) == "taker" for w in winners)
    defence_all = all(side(w) == "defence" for w in winners)
    if slam_announced:
        slam = "announced_made" if taker_all else "announced_failed"
        chelem = 400 if taker_all else -200
    elif taker_all:
        slam, chelem = "made", 200
    elif defence_all:
        slam, chelem = "defence", -200
    else:
        slam, chelem = None, 0

    # Poignées: level from the number of cards shown; never multiplied; to the winning side.
    poignees = record.get("poignees") or {}
    poignee_total = 0
    for cards in poignees.values():
        if not cards:
            continue  # a seat listed with no cards showed nothing
        level = POIGNEE_THRESHOLDS[n].index(len(cards))
        poignee_total += poignee_bonus[level]

    s = sign * (25 + diff) * multiplier + pab * multiplier + sign * poignee_total + chelem

    scores = [0] * n
    for seat in range(n):
        if seat == taker:
            scores[seat] = s * (n - 1) if partner is None else 2 * s
        elif seat == partner:
            scores[seat] = s
        else:
            scores[seat] = -s
    miseres = record.get("miseres") or []
    if miseres and not misere_on:
        raise ValueError("misère declared at a table without misère")
    for m in miseres:
        for seat in range(n):
            scores[seat] += 10 * (n - 1) if seat == m else -10
    assert sum(scores) == 0

    d.update(
        outcome="played",
        taker=taker,
        partner=partner,
        contract=contract,
        multiplier=multiplier,
        winners=winners,
        seats_of=seats_of,
        excuse_seat=excuse_seat,
        excuse_trick=excuse_trick,
        excuse_wins_last=excuse_wins_last,
        excuse_changes_sides=excuse_changes_sides,
        petit_trick=petit_trick,
        points_half=half["taker"],
        diff=diff,
        s=s,
        poignee_total=poignee_total,
        chelem=chelem,
        taker_all=taker_all,
        defence_all=defence_all,
    )
    return {
        "outcome": "played",
        "taker": taker,
        "contract": contract,
        "partner": partner,
        "oudlers": oudlers["taker"],
        "points": points_value(half["taker"]),
        "target": target,
        "made": made,
        "petit_au_bout": pab_side,
        "slam": slam,
        "scores": scores,
    }
