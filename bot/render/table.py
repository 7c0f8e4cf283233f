"""Text blocks for a table, in the reader's language, from what the table service shows.

Every public function takes a ``TableSnapshot`` (whose view is the public one) and never a
seat's ``DealView``, so a public message cannot show a hidden card by construction; only
``private_text`` takes a seat's own view, for that seat's DM. Texts use Discord markdown;
player names are escaped so that a name cannot format (or ping) anything.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from tarot_core import (
    LEVELS,
    OPTIONS,
    Bid,
    Call,
    Contract,
    DealResult,
    DealView,
    Discard,
    Misere,
    Outcome,
    Phase,
    Play,
    Poignee,
    Rules,
    TrickView,
    sitting_out,
    trick_seats,
)
from tarot_core.rules import FIXED_VALUES, value_word
from tarot_core.scoring import contract_terms

from ..i18n import has, numbers, t
from ..tables.events import (
    AllPassed,
    ChienShown,
    ContractMade,
    DealFinished,
    EcartTrumps,
    Event,
    GameFinished,
    GameStarted,
    GameStopped,
    KingCalled,
    LobbyClosed,
    MisereDeclared,
    PlayerBack,
    PoigneeShown,
    Reminder,
    SeatReplaced,
    SlamAnnounced,
    StandIn,
)
from ..tables.snapshot import TableSnapshot
from .cards import card_long, card_short, cards_short, hand_lines, sort_for_display

log = logging.getLogger(__name__)

SEP = " · "
TURN_MARK = "▶"
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
_INERT = str.maketrans({**{c: "\\" + c for c in "\\*_~`|>[]"}, "@": "@\u200b"})
"""Markdown's characters escaped, ``@`` followed by a zero-width space (no ping)."""


# ----- small pieces ----------------------------------------------------------------------


def escape(name: str) -> str:
    """A player's name made inert: no markdown, no @everyone/@here ping."""
    return name.translate(_INERT)


def signed(value: int, locale: str | None = None) -> str:
    """Scores always carry their sign (``+20``, ``-20``), except zero, grouped the reader's
    way (``+1 234``; Babel). Without a locale, the plain ``+1234`` of callers that do not
    know their reader."""
    if locale is None:
        return f"{value:+d}" if value else "0"
    return numbers.signed(value, locale)


def number(value: float, locale: str | None) -> str:
    """Card points and other amounts in the reader's notation (45.5, 45,5; Babel)."""
    return numbers.decimal(value, locale)


def relative_time(timestamp: float) -> str:
    """Discord shows ``<t:UNIX:R>`` as "2 minutes ago" in the reader's own language."""
    return f"<t:{int(timestamp)}:R>"


def labelled(locale: str | None, label: str, text: str) -> str:
    """``**Label**: text``, with the space French puts before the colon."""
    return t(locale, "ui.labelled", label=label, text=text)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def contract_name(locale: str | None, contract: Contract, rules: Rules | None = None) -> str:
    """A bid's name: under the older fixed contracts the Prise is the Petite."""
    if contract == Contract.PRISE and rules is not None and rules.contracts == "fixed":
        return t(locale, "contract.petite")
    return t(locale, f"contract.{contract.text}")


def level_name(locale: str | None, level: str) -> str:
    return t(locale, f"level.{level}")


def poignee_level_name(locale: str | None, rules: Rules, shown: int) -> str:
    try:
        level = rules.poignee_level(shown)
    except ValueError:
        level = 0
    return t(locale, ("poignee.simple", "poignee.double", "poignee.triple")[level])


def seat_name(
    locale: str | None, table: TableSnapshot, seat: int | None, *, markdown: bool = True
) -> str:
    """A human's escaped name, a bot's name in the reader's language (numbered when two
    bots of one level sit at the table), or "Seat n" for an empty seat. Not escaped
    without ``markdown``: a picture shows the name as it is."""
    if seat is None or not 0 <= seat < len(table.seats):
        return "?"
    info = table.seats[seat]
    if info is None:
        return t(locale, "seat.n", seat=seat + 1)
    shown = escape(info.name) if markdown else info.name
    if info.level is None:
        return shown
    base = info.level.partition(":")[0]  # a challenge's "expert:100" is an expert
    name = t(locale, f"bot_name.{base}") if base in LEVELS else shown
    twins = [s for s in table.seats if s is not None and s.level == info.level]
    return t(locale, "bot_name.numbered", name=name, seat=seat + 1) if len(twins) > 1 else name


def picture_names(locale: str | None, table: TableSnapshot) -> list[str]:
    """Every seat's name as a deal's picture or a game's chart shows it."""
    return [seat_name(locale, table, seat, markdown=False) for seat in range(table.players)]


def _public(table: TableSnapshot) -> DealView | None:
    view = table.view
    if view is not None and view.seat is not None:
        raise ValueError("a public text was asked for with a seat's private view")
    return view


def deal_numbers(table: TableSnapshot) -> tuple[int, int]:
    """ "Deal n of m" counts the deals that count (voided deals are dealt again)."""
    m = table.deals_target
    n = table.deals_played if table.status != "playing" else table.deals_played + 1
    return max(1, min(n, m)), m


# ----- the lobby and the rules -----------------------------------------------------------


def rule_line(locale: str | None, name: str, value: object) -> str:
    """One option's value in words: ``rule.<name>.<value>`` where each value reads its own
    way, else ``rule.<name>`` with the value in it."""
    token = value_word(value, sep="-")
    if has(f"rule.{name}.{token}"):
        return t(locale, f"rule.{name}.{token}")
    shown = "/".join(map(str, value)) if isinstance(value, tuple) else str(value)
    return t(locale, f"rule.{name}", value=shown)


def rules_lines(locale: str | None, rules: Rules, *, only_changes: bool = False) -> list[str]:
    """The rule options of the registry that apply to the table's player count, or only
    those of them that differ from the defaults."""
    lines: list[str] = []
    if not only_changes:
        lines.append(t(locale, "rule.players", players=rules.players))
    for option in OPTIONS:
        if not option.applies_to(rules.players):
            continue
        value = getattr(rules, option.name)
        if not only_changes or value != option.default:
            lines.append(rule_line(locale, option.name, value))
    return lines


def rules_text(locale: str | None, rules: Rules) -> str:
    """Every option of a table, for ``/tarot rules``."""
    return "\n".join(f"- {line}" for line in rules_lines(locale, rules))


def _host_seat(table: TableSnapshot) -> int | None:
    for info in table.seats:
        if info is not None and info.user_id == table.host_id:
            return info.seat
    return None


def lobby_text(locale: str | None, table: TableSnapshot) -> str:
    """The lobby: seats (names or empty), host, players, deals, rule variants."""
    lines = [f"**{t(locale, 'lobby.title', players=table.players)}**"]
    host = _host_seat(table)
    if host is not None:
        lines.append(t(locale, "lobby.host", name=seat_name(locale, table, host)))
    lines.append(t(locale, "lobby.deals", deals=table.deals_target))
    lines += ["", f"**{t(locale, 'lobby.seats')}**"]
    for seat, info in enumerate(table.seats):
        if info is None:
            lines.append(t(locale, "lobby.empty_seat", seat=seat + 1))
            continue
        line = t(locale, "lobby.seat", seat=seat + 1, name=seat_name(locale, table, seat))
        if seat == host:
            line += " " + t(locale, "lobby.host_mark")
        lines.append(line)
    lines += ["", f"**{t(locale, 'lobby.rules')}**"]
    changes = rules_lines(locale, table.rules, only_changes=True)
    lines += [f"- {line}" for line in changes] or [t(locale, "lobby.rules_default")]
    lines.append("")
    if table.status != "lobby":
        lines.append(t(locale, "lobby.closed", status=t(locale, f"status.{table.status}")))
    elif all(info is not None for info in table.seats):
        lines.append(t(locale, "lobby.ready"))
    else:
        lines.append(t(locale, "lobby.hint"))
    return "\n".join(lines)


# ----- the public table ------------------------------------------------------------------


CardMarks = Callable[[int], str | None]
"""A card's face as message markup (the application's emoji, ``<:name:id>``), or None
while the faces are not uploaded: the card is then its text alone."""


def no_marks(card: int) -> str | None:
    return None


def _card_shown(locale: str | None, card: int, marks: CardMarks) -> str:
    """A played card: its face, then its short text (the face alone does not read aloud)."""
    mark = marks(card)
    short = card_short(card, locale)
    return f"{mark} {short}" if mark else short


def _trick_cards(
    locale: str | None,
    table: TableSnapshot,
    view: DealView,
    trick: TrickView,
    marks: CardMarks = no_marks,
) -> str:
    """Who played each card of ``trick`` (of ``view``'s deal), in the engine's order: a
    dealer who sits out is passed over."""
    skip = sitting_out(view.rules, view.dealer)
    seats = trick_seats(trick.leader, len(trick.cards), view.players, skip)
    return SEP.join(
        t(
            locale,
            "table.played",
            name=seat_name(locale, table, seat),
            card=_card_shown(locale, card, marks),
        )
        for seat, card in zip(seats, trick.cards, strict=True)
    )


_TURN_KEYS = {
    Phase.BIDDING: "table.turn.bid",
    Phase.CALLING: "table.turn.call",
    Phase.ECART: "table.turn.ecart",
    Phase.SLAM: "table.turn.slam",
    Phase.PLAYING: "table.turn.play",
}


def _seat_lines(locale: str | None, table: TableSnapshot, view: DealView | None) -> list[str]:
    lines = []
    for seat in range(table.players):
        info = table.seats[seat]
        parts = [t(locale, "table.seat", seat=seat + 1, name=seat_name(locale, table, seat))]
        if view is not None and seat == view.dealer:
            parts.append(t(locale, "table.dealer"))
            if sitting_out(view.rules, view.dealer) == seat:  # docs/rules.md §11.1
                parts.append(t(locale, "seat.sits_out"))
        if info is not None and info.away:
            parts.append(t(locale, "table.away"))
        parts.append(t(locale, "table.total", total=signed(table.totals[seat], locale)))
        mark = TURN_MARK if view is not None and seat == view.to_act else "•"
        lines.append(f"{mark} " + SEP.join(parts))
    return lines


def _auction(locale: str | None, table: TableSnapshot, view: DealView) -> str:
    """Every call in the order spoken, by whom (an open auction or parole: not one each)."""
    bids = [
        t(
            locale,
            "table.bid",
            name=seat_name(locale, table, seat),
            contract=contract_name(locale, bid, table.rules),
        )
        for seat, bid in zip(view.speakers, view.bids, strict=True)
    ]
    text = SEP.join(bids) if bids else t(locale, "table.auction_none")
    return labelled(locale, t(locale, "table.auction"), text)


def table_text(locale: str | None, table: TableSnapshot, marks: CardMarks = no_marks) -> str:
    """The public table: seats with dealer, away and turn markers, whose turn (since when),
    the auction, the contract, the called card, the chien when shown, poignées, the current
    and the last trick (with the cards' faces, ``marks``), running totals, deal n of m. The
    lobby before the game starts."""
    view = _public(table)
    if view is None:
        return lobby_text(locale, table)
    if table.status in ("playing", "lobby"):
        n, m = deal_numbers(table)
        title = t(locale, "table.title", n=n, m=m)
    else:
        title = t(locale, "table.title_done", status=t(locale, f"status.{table.status}"))
    lines = [f"**{title}**", *_seat_lines(locale, table, view), ""]
    playing = table.status == "playing"
    if playing and view.to_act is not None and view.phase in _TURN_KEYS:
        since = (
            relative_time(table.turn_since)
            if table.turn_since is not None
            else t(locale, "table.turn.now")
        )
        who = seat_name(locale, table, view.to_act)
        line = f"{TURN_MARK} " + t(locale, _TURN_KEYS[view.phase], name=who, since=since)
        lines.append(line)
        if table.deadline is not None:
            lines.append(t(locale, "table.stand_in_at", when=relative_time(table.deadline)))
    if view.phase == Phase.BIDDING or view.taker is None:
        lines.append(_auction(locale, table, view))
    else:
        lines.append(_contract_line(locale, table, view))
        if view.called is not None:
            lines.append(t(locale, "table.called", card=card_long(view.called, locale)))
        if view.slam_announced or view.petit_chelem_announced:
            key = "table.petit_chelem" if view.petit_chelem_announced else "table.slam"
            lines.append(t(locale, key, name=seat_name(locale, table, view.taker)))
        if view.chien is not None:
            lines.append(t(locale, "table.chien", cards=cards_short(view.chien, locale)))
        elif view.contract in (Contract.GARDE_SANS, Contract.GARDE_CONTRE):
            contract = contract_name(locale, view.contract, view.rules)
            lines.append(t(locale, "table.chien_hidden", contract=contract))
        if view.ecart_trumps:
            trumps = cards_short(view.ecart_trumps, locale)
            lines.append(t(locale, "table.ecart_trumps", cards=trumps))
    for seat, shown in sorted(view.poignees.items()):
        level = poignee_level_name(locale, table.rules, len(shown))
        name = seat_name(locale, table, seat)
        shown_text = cards_short(shown, locale)
        lines.append(t(locale, "table.poignee", level=level, name=name, cards=shown_text))
    kinds = view.misere_kinds or (None,) * len(view.miseres)
    for seat, kind in zip(view.miseres, kinds, strict=True):
        key = f"table.misere.{kind}" if kind else "table.misere"
        lines.append(t(locale, key, name=seat_name(locale, table, seat)))
    for seat, dealt in sorted(view.petit_sec.items()):
        name = seat_name(locale, table, seat)
        lines.append(t(locale, "table.petit_sec", name=name, cards=cards_short(dealt, locale)))
    if view.petit_imprenable is not None:  # public once the protected Petit is played
        name = seat_name(locale, table, view.petit_imprenable)
        lines.append(t(locale, "table.petit_imprenable", name=name))
    if view.phase == Phase.PLAYING:
        trick_no = len(view.tricks) + 1
        if view.current is not None and view.current.cards:
            trick = _trick_cards(locale, table, view, view.current, marks)
            lines.append(labelled(locale, t(locale, "table.trick", n=trick_no), trick))
        elif trick_no <= table.rules.tricks:
            lines.append(t(locale, "table.trick_empty", n=trick_no))
    if view.tricks:
        last = view.tricks[-1]
        head = t(locale, "table.last_trick", name=seat_name(locale, table, last.winner))
        lines.append(labelled(locale, head, _trick_cards(locale, table, view, last, marks)))
    if table.status == "finished":
        lines.append(t(locale, "table.finished"))
    elif table.status == "stopped":
        lines.append(t(locale, "table.stopped"))
    return "\n".join(lines).rstrip()


def _contract_line(locale: str | None, table: TableSnapshot, view: DealView) -> str:
    assert view.taker is not None and view.contract is not None
    name = seat_name(locale, table, view.taker)
    contract = contract_name(locale, view.contract, view.rules)
    if view.partner_known and view.partner is not None:
        partner = seat_name(locale, table, view.partner)
        return t(locale, "table.contract_partner", name=name, contract=contract, partner=partner)
    return t(locale, "table.contract", name=name, contract=contract)


# ----- events ----------------------------------------------------------------------------


def event_line(locale: str | None, table: TableSnapshot, event: Event) -> str:
    """One line for the channel; "" for an event this module does not know (logged)."""

    def name(seat: int | None) -> str:
        return seat_name(locale, table, seat)

    if isinstance(event, GameStarted):
        return t(locale, "event.game_started", name=name(event.dealer))
    if isinstance(event, ContractMade):
        contract = contract_name(locale, event.contract, table.rules)
        return t(locale, "event.contract_made", name=name(event.taker), contract=contract)
    if isinstance(event, AllPassed):
        return t(locale, "event.all_passed")
    if isinstance(event, KingCalled):
        card = card_long(event.card, locale)
        return t(locale, "event.king_called", name=name(event.taker), card=card)
    if isinstance(event, ChienShown):
        return t(locale, "event.chien_shown", cards=cards_short(event.cards, locale))
    if isinstance(event, EcartTrumps):
        return t(locale, "event.ecart_trumps", cards=cards_short(event.cards, locale))
    if isinstance(event, SlamAnnounced):
        key = "event.petit_chelem_announced" if event.petit else "event.slam_announced"
        return t(locale, key, name=name(event.seat))
    if isinstance(event, PoigneeShown):
        level = poignee_level_name(locale, table.rules, len(event.cards))
        cards = cards_short(event.cards, locale)
        return t(locale, "event.poignee_shown", name=name(event.seat), level=level, cards=cards)
    if isinstance(event, MisereDeclared):
        key = f"event.misere_declared.{event.kind}" if event.kind else "event.misere_declared"
        return t(locale, key, name=name(event.seat))
    if isinstance(event, DealFinished):
        return _deal_line(locale, table, event)
    if isinstance(event, GameFinished):
        winners = [s for s, rank in enumerate(event.ranks) if rank == 1]
        score = signed(event.totals[winners[0]], locale) if winners else "0"
        if len(winners) == 1:
            return t(locale, "event.game_finished", name=name(winners[0]), score=score)
        names = ", ".join(name(s) for s in winners)
        return t(locale, "event.game_finished_tie", names=names, score=score)
    if isinstance(event, GameStopped):
        if event.reason == "idle":
            return t(locale, "event.game_stopped.idle")
        seat = table.seat_of(event.by) if event.by is not None else None
        if seat is None:
            return t(locale, "event.game_stopped.host_anon")
        return t(locale, "event.game_stopped.host", name=name(seat))
    if isinstance(event, LobbyClosed):
        reason = "expired" if event.reason == "expired" else "cancelled"
        return t(locale, f"event.lobby_closed.{reason}")
    if isinstance(event, Reminder):
        when = relative_time(event.deadline)
        return t(locale, "event.reminder", mention=mention(event.user_id), when=when)
    if isinstance(event, StandIn):
        level = level_name(locale, event.level)
        return t(locale, "event.stand_in", name=name(event.seat), level=level)
    if isinstance(event, PlayerBack):
        return t(locale, "event.player_back", name=name(event.seat))
    if isinstance(event, SeatReplaced):
        # The seat already holds the bot: the human is named by their mention.
        level = level_name(locale, event.level)
        return t(locale, "event.seat_replaced", name=mention(event.user_id), level=level)
    log.warning("no channel line for %s", type(event).__name__)
    return ""


def _deal_line(locale: str | None, table: TableSnapshot, event: DealFinished) -> str:
    result = event.result
    if result.outcome == Outcome.PASSED:
        return t(locale, "event.deal_passed", n=event.number)
    if result.outcome != Outcome.PLAYED or result.contract is None:
        return t(locale, "event.deal_petit_sec", n=event.number)
    return t(
        locale,
        "event.deal_made" if result.made else "event.deal_lost",
        n=event.number,
        name=seat_name(locale, table, result.taker),
        contract=contract_name(locale, result.contract, table.rules).lower(),
    )


# ----- score sheet and standings ---------------------------------------------------------


def _score_lines(locale: str | None, table: TableSnapshot, values: Sequence[int]) -> str:
    return SEP.join(
        t(locale, "score.line", name=seat_name(locale, table, seat), score=signed(v, locale))
        for seat, v in enumerate(values)
    )


def score_sheet(locale: str | None, table: TableSnapshot, event: DealFinished) -> str:
    """A deal's score sheet: contract, points, oudlers, target, made or not and by how
    much, each bonus, the deal's value, each seat's score and the running totals."""
    result = event.result
    lines = [f"**{t(locale, 'score.title', n=event.number)}**"]
    if result.outcome != Outcome.PLAYED:
        key = "score.void.passed" if result.outcome == Outcome.PASSED else "score.void.petit_sec"
        lines.append(t(locale, key))
    else:
        lines += _played_lines(locale, table, result)
        if table.rules.round_to_ten:  # the seats' scores below are not s × seats
            lines.append(t(locale, "score.rounded"))
    seats = _score_lines(locale, table, result.scores)
    lines.append(labelled(locale, t(locale, "score.seats"), seats))
    lines.append(
        labelled(locale, t(locale, "score.totals"), _score_lines(locale, table, event.totals))
    )
    return "\n".join(lines)


def _played_lines(locale: str | None, table: TableSnapshot, result: DealResult) -> list[str]:
    assert result.contract is not None and result.points is not None
    name = seat_name(locale, table, result.taker)
    contract = contract_name(locale, result.contract, table.rules).lower()
    if result.partner is not None:
        partner = seat_name(locale, table, result.partner)
        head = t(locale, "score.contract_partner", name=name, contract=contract, partner=partner)
    elif table.rules.calls:  # the taker called a card and kept it
        head = t(locale, "score.contract_alone", name=name, contract=contract)
    else:
        head = t(locale, "score.contract", name=name, contract=contract)
    return [head, *score_breakdown(locale, table, result)]


def score_breakdown(locale: str | None, table: TableSnapshot, result: DealResult) -> list[str]:
    """A played deal's sheet after the line naming the taker: points and oudlers against
    the target, made or lost, the base, each bonus, the deal's value and the misères."""
    assert result.contract is not None and result.points is not None
    points = number(result.points, locale)
    target = number(result.target, locale) if result.target is not None else "?"
    diff = number(result.diff, locale)
    lines = [
        t(locale, "score.points", points=points, oudlers=result.oudlers, target=target),
        t(locale, "score.made" if result.made else "score.lost", diff=diff),
    ]
    base, pab = contract_terms(
        table.rules, result.contract, result.diff, bool(result.made), result.petit_au_bout
    )
    shown = signed(base, locale)
    if table.rules.contracts == "fixed":  # the older scoring: a value, not a multiplier
        value = FIXED_VALUES[result.contract]
        lines.append(t(locale, "score.base_fixed", value=value, diff=diff, base=shown))
    else:
        m = result.multiplier
        lines.append(t(locale, "score.base", diff=diff, multiplier=m, base=shown))
    if result.petit_au_bout is not None:
        bonus = signed(pab, locale)
        lines.append(t(locale, f"score.petit_au_bout.{result.petit_au_bout}", bonus=bonus))
    if result.poignee_bonus:
        lines.append(t(locale, "score.poignee", bonus=signed(result.poignee_bonus, locale)))
    if result.slam is not None:
        bonus = signed(result.chelem_bonus, locale)
        lines.append(t(locale, f"score.slam.{result.slam}", bonus=bonus))
    lines.append(t(locale, "score.hand", score=signed(result.hand_score, locale)))
    for seat, value in enumerate(result.misere_scores):
        if value > 0:
            who = seat_name(locale, table, seat)
            lines.append(t(locale, "score.misere", name=who, bonus=signed(value, locale)))
    return lines


def standings_text(locale: str | None, table: TableSnapshot, event: GameFinished) -> str:
    """The final standings, best first; equal totals share a rank."""
    lines = [f"**{t(locale, 'standings.title')}**"]
    for seat in sorted(range(len(event.totals)), key=lambda s: (event.ranks[s], s)):
        rank = event.ranks[seat]
        line = t(
            locale,
            "standings.line",
            rank=rank,
            name=seat_name(locale, table, seat),
            score=signed(event.totals[seat], locale),
        )
        lines.append(f"{MEDALS[rank]} {line}" if rank in MEDALS else line)
    return "\n".join(lines)


# ----- the private DM --------------------------------------------------------------------


def private_text(
    locale: str | None,
    table: TableSnapshot,
    view: DealView,
    *,
    last_deal: DealFinished | None = None,
    standings: GameFinished | None = None,
    seated: bool = True,
    marks: CardMarks = no_marks,
) -> str:
    """One seat's DM (and "My hand"): the table line, the auction's best bid or the
    contract, the hand by suit, and on its turn what it must do; while others act only
    "waiting for the others" (the table names who), so their moves need no edit. The
    deal just finished (``last_deal``) and the game's ``standings`` are shown once known;
    a seat no longer ``seated`` (given to a bot) is told so. ``view`` must be that seat's
    own view."""
    seat = view.seat
    if seat is None:
        raise ValueError("a DM needs the seat's own view, not the public one")
    n, m = deal_numbers(table)
    if table.challenge_id is not None:  # its channel is the member's DMs: no channel named
        title = t(locale, "dm.title_challenge", id=table.challenge_id, n=n, m=m, seat=seat + 1)
    else:
        channel = f"<#{table.channel_id}>"
        title = t(locale, "dm.title", channel=channel, n=n, m=m, seat=seat + 1)
    lines = [f"**{title}**"]
    if last_deal is not None:
        lines.append(_dm_deal_result(locale, table, last_deal, seat))
    if standings is not None:
        lines += ["", standings_text(locale, table, standings), ""]
    if view.taker is not None and view.contract is not None:
        who = seat_name(locale, table, view.taker)
        contract = contract_name(locale, view.contract, view.rules)
        key = "dm.best_bid" if view.phase == Phase.BIDDING else "dm.contract"
        lines.append(t(locale, key, contract=contract, name=who))
    if view.called is not None:
        lines.append(t(locale, "dm.called", card=card_long(view.called, locale)))
    lines += ["", f"**{t(locale, 'dm.hand')}**", *hand_lines(view.hand, locale)]
    if view.petit_imprenable == seat:
        lines.append(t(locale, "dm.petit_imprenable"))
    if sitting_out(view.rules, view.dealer) == seat:
        lines.append(t(locale, "dm.sits_out"))
    if view.ecart:
        lines.append(t(locale, "dm.ecart", cards=cards_short(view.ecart, locale)))
    lines.append("")
    if not seated:
        lines.append(t(locale, "dm.replaced"))
    elif table.status != "playing":
        lines.append(t(locale, "dm.game_over"))
    elif view.phase == Phase.DONE or view.to_act is None:
        pass
    elif view.to_act != seat:
        lines.append(t(locale, "dm.waiting_others"))
    else:
        if view.phase == Phase.PLAYING and view.current is not None and view.current.cards:
            lines.append(
                t(locale, "dm.trick", cards=_trick_cards(locale, table, view, view.current, marks))
            )
        lines += _what_to_do(locale, table, view)
    return "\n".join(lines).rstrip()


def _dm_deal_result(
    locale: str | None, table: TableSnapshot, event: DealFinished, seat: int
) -> str:
    """The deal just finished, as the channel says it, with this seat's score and total."""
    mine = signed(event.result.scores[seat], locale)
    total = signed(event.totals[seat], locale)
    return t(
        locale, "dm.deal_result", deal=_deal_line(locale, table, event), score=mine, total=total
    )


def _what_to_do(locale: str | None, table: TableSnapshot, view: DealView) -> list[str]:
    legal = view.legal
    if view.phase == Phase.BIDDING:
        bids = [contract_name(locale, a.contract, view.rules) for a in legal if isinstance(a, Bid)]
        return [t(locale, "dm.do.bid", choices=", ".join(bids))]
    if view.phase == Phase.CALLING:
        calls = [card_long(a.card, locale) for a in legal if isinstance(a, Call)]
        return [t(locale, "dm.do.call", choices=", ".join(calls))]
    if view.phase == Phase.ECART:
        count = table.rules.chien_size - len(view.ecart or ())
        discards = sort_for_display(a.card for a in legal if isinstance(a, Discard))
        cards = cards_short(discards, locale)
        return [t(locale, "dm.do.ecart", count=count, choices=cards)]
    if view.phase == Phase.SLAM:
        return [t(locale, "dm.do.slam")]
    plays = cards_short(sort_for_display(a.card for a in legal if isinstance(a, Play)), locale)
    lines = [t(locale, "dm.do.play", choices=plays)]
    poignees = [
        poignee_level_name(locale, table.rules, len(a.cards))
        for a in legal
        if isinstance(a, Poignee)
    ]
    if poignees:
        lines.append(t(locale, "dm.do.poignee", choices=", ".join(poignees)))
    if any(isinstance(a, Misere) for a in legal):
        lines.append(t(locale, "dm.do.misere"))
    return lines


__all__ = [
    "contract_name",
    "escape",
    "event_line",
    "level_name",
    "lobby_text",
    "number",
    "private_text",
    "relative_time",
    "rules_lines",
    "rules_text",
    "score_breakdown",
    "score_sheet",
    "seat_name",
    "signed",
    "standings_text",
    "table_text",
]
