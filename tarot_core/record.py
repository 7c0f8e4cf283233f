"""``tarot-deal/1`` deal records (docs/records.md): write one from a deal, replay one into a deal.

Replay drives a fresh deal with the record's actions, so a record is checked by exactly the
rules that checked the game it came from.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .actions import Bid, Call, DeclareSlam, Ecart, IllegalAction, Misere, Poignee
from .cards import DECK_SIZE, Card, CardError, cards_of, display_key, format_card, parse_card
from .deal import Deal, Phase
from .quoting import quote
from .rules import MISERE_KINDS, PLAYER_COUNTS, PLAYERS_TEXT, Contract, Rules, RulesError
from .scoring import DealResult
from .serial import miseres_to_json

FORMAT = "tarot-deal/1"
PETIT_CHELEM = "petit_chelem"
"""A record's ``slam`` when a petit chelem was announced (docs/rules.md §11.3)."""


class RecordError(ValueError):
    """A record that is not a valid deal; ``step`` names where it goes wrong."""

    def __init__(self, step: str, reason: str) -> None:
        super().__init__(f"{step}: {reason}")
        self.step = step
        self.reason = reason


def _texts(mask: int) -> list[str]:
    return [format_card(c) for c in sorted(cards_of(mask), key=display_key)]


def to_record(deal: Deal) -> dict[str, Any]:
    """The record of a finished (played or voided) deal."""
    if not deal.done:
        raise ValueError("only a finished deal has a record")
    return {
        "format": FORMAT,
        "players": deal.n,
        "rules": deal.rules.options(),
        "dealer": deal.dealer,
        "hands": [_texts(h) for h in deal.dealt],
        "chien": _texts(deal.chien),
        "bids": [b.text for b in deal.bids],
        "called": format_card(deal.called) if deal.called is not None else None,
        "ecart": _texts(deal.ecart),
        "slam": PETIT_CHELEM if deal.petit_chelem else deal.slam,
        "poignees": {str(s): [format_card(c) for c in cards] for s, cards in deal.poignees.items()},
        "miseres": miseres_to_json(deal.rules, deal.miseres, deal.misere_kinds),
        "tricks": [[format_card(c) for c in trick] for trick in deal.tricks],
    }


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_list(step: str, value: object) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(step, "must be a list of cards")
    try:
        return [parse_card(token) for token in value]
    except CardError as e:
        raise RecordError(step, str(e)) from None


_EMPTY: dict[str, tuple[object, ...]] = {
    "bids": (None, []),
    "called": (None,),
    "ecart": (None, []),
    "slam": (None, False),
    "poignees": (None, {}),
    "miseres": (None, []),
    "tricks": (None, []),
}


def _absent(record: dict[str, Any], key: str, why: str) -> None:
    """Absent, or the field's own empty value (``0`` is not ``false`` here)."""
    value = record.get(key)
    if not any(value is e or (type(value) is type(e) and value == e) for e in _EMPTY[key]):
        raise RecordError(key, why)


def read_deal(record: object) -> Deal:
    """Replay a record move by move; the finished deal, or RecordError at the first fault."""
    if not isinstance(record, dict):
        raise RecordError("record", "must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError("format", f"must be {FORMAT!r}, not {quote(record.get('format'))}")
    players = record.get("players")
    if not _int(players) or players not in PLAYER_COUNTS:
        raise RecordError("players", f"must be {PLAYERS_TEXT}, not {quote(players)}")
    try:
        rules = Rules.from_options(players, record.get("rules"))
    except (RulesError, TypeError) as e:
        raise RecordError("rules", str(e)) from None
    dealer = record.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise RecordError("dealer", f"must be a seat from 0 to {players - 1}, not {quote(dealer)}")
    deal = Deal(rules, dealer, *_read_cards(record, rules, dealer))
    if deal.petit_sec_seats:
        seat = deal.petit_sec_seats[0]
        why = f"bidding after a petit sec is invalid (seat {seat} holds the Petit sec)"
        _absent(record, "bids", why)
        _nothing_after(record, "the deal was annulled for a petit sec")
        return deal
    _bidding(deal, record.get("bids"))
    if deal.done:
        _nothing_after(record, "every seat passed")
        return deal
    _call(deal, record.get("called"))
    _ecart(deal, record.get("ecart"))
    slam = record.get("slam", False)
    if slam is None:
        slam = False
    if not isinstance(slam, bool) and slam != PETIT_CHELEM:
        raise RecordError("slam", f'must be true, false or "petit_chelem", not {quote(slam)}')
    assert deal.taker is not None
    petit = slam == PETIT_CHELEM
    _act("slam", deal, DeclareSlam(deal.taker, petit or slam is True, petit))
    _play(deal, record)
    return deal


def _read_cards(record: dict[str, Any], rules: Rules, dealer: int) -> tuple[list[int], int]:
    hands = record.get("hands")
    n = rules.players
    if not isinstance(hands, list) or len(hands) != n:
        raise RecordError("hands", f"must be a list of {n} hands")
    owner: dict[Card, str] = {}
    masks = []
    for seat, hand in enumerate(hands):
        cards = _card_list(f"hands (seat {seat})", hand)
        if rules.sits_out and seat == dealer:  # docs/rules.md §11.1: the dealer gets no cards
            if cards:
                raise RecordError(
                    "hands",
                    f"seat {seat} deals and sits out: its hand must be [], not {len(cards)} cards",
                )
            masks.append(0)
            continue
        if len(cards) != rules.hand_size:
            raise RecordError(
                "hands", f"seat {seat} has {len(cards)} cards, expected {rules.hand_size}"
            )
        masks.append(_claim(owner, cards, f"seat {seat}", "hands"))
    chien = _card_list("chien", record.get("chien"))
    if len(chien) != rules.chien_size:
        raise RecordError("chien", f"has {len(chien)} cards, expected {rules.chien_size}")
    chien_mask = _claim(owner, chien, "the chien", "chien")
    assert len(owner) == DECK_SIZE
    return masks, chien_mask


def _claim(owner: dict[Card, str], cards: list[Card], who: str, step: str) -> int:
    mask = 0
    for card in cards:
        if card in owner:
            raise RecordError(step, f"{format_card(card)} is dealt twice ({owner[card]} and {who})")
        owner[card] = who
        mask |= 1 << card
    return mask


def _nothing_after(record: dict[str, Any], why: str) -> None:
    for key in ("called", "ecart", "slam", "poignees", "miseres", "tricks"):
        _absent(record, key, f"must be empty: {why}")


def _bidding(deal: Deal, bids: object) -> None:
    n = deal.size
    rules = deal.rules
    if rules.auction == "open" or rules.parole:
        _auction(deal, bids)
        return
    each = "one per seat but the dealer" if rules.sits_out else "one per seat"
    if not isinstance(bids, list):
        raise RecordError("bids", f"must be a list of {n} bids, {each}, not {quote(bids)}")
    if len(bids) != n:
        raise RecordError("bids", f"expected {n} bids, {each}, not {len(bids)}")
    _calls(deal, bids)


def _auction(deal: Deal, bids: object) -> None:
    """``auction: open`` or ``parole`` (docs/records.md): every call in the order spoken, as
    many as the auction took; the engine works out who made each."""
    if not isinstance(bids, list):
        raise RecordError("bids", f"must be a list of the calls in order, not {quote(bids)}")
    for i in range(len(bids)):
        if deal.phase != Phase.BIDDING:
            raise RecordError(
                f"bid {i + 1}", f"the auction is over after {i} calls ({_ended(deal)})"
            )
        _calls(deal, bids[i : i + 1], i)
    if deal.phase == Phase.BIDDING:
        raise RecordError(
            "bids",
            f"the auction is not over after {len(bids)} calls: seat {deal.to_act} speaks next",
        )


def _ended(deal: Deal) -> str:
    if deal.taker is None:
        return "every seat passed"
    return f"seat {deal.taker} took {deal.contract.text}"


def _calls(deal: Deal, bids: list[Any], start: int = 0) -> None:
    for i, text in enumerate(bids, start):
        step = f"bid {i + 1} (seat {deal.to_act})"
        try:
            contract = Contract.parse(text) if isinstance(text, str) else None
        except ValueError:
            contract = None
        if contract is None:
            raise RecordError(step, f"unknown bid {quote(text)}")
        _act(step, deal, Bid(deal.to_act, contract))


def _act(
    step: str, deal: Deal, action: Bid | Call | Ecart | DeclareSlam | Poignee | Misere
) -> None:
    try:
        deal.apply(action)
    except IllegalAction as e:
        raise RecordError(step, e.about_seat) from None


def _call(deal: Deal, called: object) -> None:
    assert deal.taker is not None
    if not deal.rules.calls:
        if called is not None:
            raise RecordError("called", f"there is no call at {deal.n} players")
        return
    if called is None:
        raise RecordError("called", f"a {deal.n}-player deal with a taker needs the called card")
    try:
        card = parse_card(called)
    except CardError as e:
        raise RecordError("called", str(e)) from None
    _act("called", deal, Call(deal.taker, card))


def _ecart(deal: Deal, ecart: object) -> None:
    assert deal.taker is not None
    if deal.contract > Contract.GARDE:
        if ecart not in (None, []):
            raise RecordError("ecart", f"there is no écart at {deal.contract.text}")
        return
    if ecart is None:
        ecart = []
    cards = _card_list("ecart", ecart)
    if len(cards) != deal.rules.chien_size:
        raise RecordError("ecart", f"has {len(cards)} cards, expected {deal.rules.chien_size}")
    _act("ecart", deal, Ecart(deal.taker, tuple(cards)))


def _announcements(
    deal: Deal, record: dict[str, Any]
) -> tuple[dict[int, list[Card]], dict[int, list[str | None]]]:
    n = deal.n
    poignees = record.get("poignees")
    if poignees is None:
        poignees = {}
    if not isinstance(poignees, dict):
        raise RecordError(
            "poignees", f"must be an object from seat to cards, not {quote(poignees)}"
        )
    shown: dict[int, list[Card]] = {}
    for key, cards in poignees.items():
        if not (isinstance(key, str) and key in {str(s) for s in range(n)}):
            raise RecordError("poignees", f"{quote(key)} is not a seat")
        if cards != []:  # a seat listed with no cards showed nothing
            if int(key) == deal.skip:
                raise RecordError("poignees", f"seat {key} deals and sits out: it shows none")
            shown[int(key)] = _card_list(f"poignee (seat {int(key)})", cards)
    miseres = record.get("miseres")
    if miseres is None:
        miseres = []
    if deal.rules.misere == "split":
        split = _split_miseres(miseres, n)
        _none_for(deal.skip, split)
        return shown, split
    if not isinstance(miseres, list) or not all(_int(s) for s in miseres):
        raise RecordError("miseres", f"must be a list of seats, not {quote(miseres)}")
    for seat in miseres:
        if not 0 <= seat < n:
            raise RecordError("miseres", f"{quote(seat)} is not a seat")
    if len(set(miseres)) != len(miseres):
        raise RecordError("miseres", "names a seat twice")
    _none_for(deal.skip, miseres)
    return shown, {seat: [None] for seat in miseres}


def _none_for(skip: int, seats: Iterable[int]) -> None:
    """A dealer who sits out (docs/rules.md §11.1) declares no misère."""
    if skip in seats:
        raise RecordError("miseres", f"seat {skip} deals and sits out: it declares none")


def _split_miseres(miseres: object, n: int) -> dict[int, list[str | None]]:
    """``misere: "split"``: each seat's kinds, in the order the record lists them."""
    if not isinstance(miseres, list):
        raise RecordError("miseres", f"must be a list of objects, not {quote(miseres)}")
    out: dict[int, list[str | None]] = {}
    for i, item in enumerate(miseres):
        step = f"miseres[{i}]"
        if not isinstance(item, dict) or set(item) != {"seat", "kind"}:
            raise RecordError(
                step, f'must be an object {{"seat": ..., "kind": ...}}, not {quote(item)}'
            )
        seat, kind = item["seat"], item["kind"]
        if not _int(seat) or not 0 <= seat < n:
            raise RecordError(f"{step}.seat", f"{quote(seat)} is not a seat")
        if kind not in MISERE_KINDS:
            raise RecordError(f"{step}.kind", f'must be "trumps" or "faces", not {quote(kind)}')
        if kind in out.get(seat, []):
            raise RecordError(step, f"names seat {seat}'s misère of {kind} twice")
        out.setdefault(seat, []).append(kind)
    return out


def _play(deal: Deal, record: dict[str, Any]) -> None:
    poignees, miseres = _announcements(deal, record)
    tricks = record.get("tricks")
    if not isinstance(tricks, list):
        raise RecordError("tricks", "must be a list of tricks")
    n, total = deal.size, deal.rules.tricks
    for t, trick in enumerate(tricks, start=1):
        if t > total:
            raise RecordError(f"trick {t}", f"too many tricks: a deal has {total}")
        if not isinstance(trick, list):
            raise RecordError(f"trick {t}", f"must be a list of {n} cards, not {quote(trick)}")
        if len(trick) != n:
            raise RecordError(f"trick {t}", f"has {len(trick)} cards, expected {n}")
        for i, token in enumerate(trick, start=1):
            seat = deal.to_act
            if not deal.started >> seat & 1:
                for kind in miseres.get(seat, ()):
                    what = "misere" if kind is None else f"misere {kind}"
                    _act(f"{what} (seat {seat})", deal, Misere(seat, kind))
                if seat in poignees:
                    _act(f"poignee (seat {seat})", deal, Poignee(seat, tuple(poignees[seat])))
            step = f"trick {t}, card {i} (seat {seat})"
            try:
                card = parse_card(token)
            except CardError as e:
                raise RecordError(step, str(e)) from None
            try:
                deal.play(seat, card)
            except IllegalAction as e:
                raise RecordError(step, e.about_seat) from None
    if not deal.done:
        raise RecordError("tricks", f"too few tricks: {len(tricks)} of {total}")


def replay(record: object) -> DealResult:
    deal = read_deal(record)
    assert deal.result is not None
    return deal.result


def replay_text(text: str) -> DealResult:
    try:
        record = json.loads(text)
    except ValueError as e:
        raise RecordError("JSON", f"malformed: {e}") from None
    except RecursionError:
        raise RecordError("JSON", "malformed: nested too deeply") from None
    return replay(record)
