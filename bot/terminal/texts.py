"""The terminal game's words: the Discord texts (``bot/render``, ``bot/i18n``) made plain
for a terminal, plus the ``terminal.*`` texts of the catalogs.

Seats are named as on Discord ("Expert bot 2"), the person "You"; a sentence whose subject
is the person takes its ``terminal.you.*`` form ("You take" rather than "You takes").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tarot_core import EXCUSE, PETIT, Card, Contract, DealResult, Rules, suit_card, trump

from ..i18n import t
from ..render.cards import card_long, cards_short, hand_lines
from ..render.table import (
    SEP,
    contract_name,
    event_line,
    labelled,
    poignee_level_name,
    score_breakdown,
    seat_name,
    signed,
    standings_text,
)
from ..tables.events import (
    ContractMade,
    DealFinished,
    Event,
    GameFinished,
    KingCalled,
    MisereDeclared,
    PoigneeShown,
    SlamAnnounced,
)
from ..tables.snapshot import SeatInfo, TableSnapshot
from ..tables.status import TableStatus

PERSON = 0
"""The person's seat (shown as seat 1)."""

INDENT = "  "


def plain(text: str) -> str:
    """A Discord text for a terminal: no bold markers."""
    return text.replace("**", "")


def names_table(lang: str, rules: Rules, levels: Mapping[int, str], deals: int) -> TableSnapshot:
    """A table holding only what the Discord texts read from one: the rules, the number of
    deals and who sits where (the person, then the computer players by level)."""
    seats = tuple(
        SeatInfo(seat, seat, t(lang, "terminal.you"), user_id=1, level=None)
        if seat == PERSON
        else SeatInfo(seat, seat, levels[seat], user_id=None, level=levels[seat])
        for seat in range(rules.players)
    )
    return TableSnapshot(
        channel_id=0,
        guild_id=None,
        game_id=0,
        status=TableStatus.PLAYING,
        host_id=1,
        rules=rules,
        deals_target=deals,
        seats=seats,
        turn=0,
        deal_number=0,
        deals_played=0,
        totals=(0,) * rules.players,
        view=None,
    )


class Texts:
    """Every line the terminal game prints, in one language."""

    def __init__(self, lang: str, rules: Rules, levels: Mapping[int, str], deals: int) -> None:
        self.lang = lang
        self.rules = rules
        self.table = names_table(lang, rules, levels, deals)

    def __call__(self, key: str, **params: object) -> str:
        return plain(t(self.lang, key, **params))

    def by(self, seat: int | None, key: str, **params: object) -> str:
        """``key``, or its ``terminal.you.`` form when the person is its subject."""
        if seat == PERSON:
            key = "terminal.you." + key.removeprefix("terminal.")
        return self(key, **params)

    def name(self, seat: int | None) -> str:
        return seat_name(self.lang, self.table, seat, markdown=False)

    def cards(self, cards: Iterable[Card]) -> str:
        return cards_short(cards, self.lang)

    def contract(self, contract: Contract) -> str:
        return contract_name(self.lang, contract, self.rules)

    def one_of(self, items: Sequence[str]) -> str:
        """``a, b or c`` in the reader's language."""
        *first, last = items
        return self("refused.list_or", items=", ".join(first), last=last) if first else last

    def hand(self, cards: Iterable[Card]) -> list[str]:
        return [INDENT + plain(line) for line in hand_lines(cards, self.lang)]

    def notation(self) -> str:
        examples = (suit_card(14, 0), suit_card(10, 1), trump(21), PETIT, EXCUSE)
        return self("terminal.notation", cards=", ".join(self.cards([c]) for c in examples))

    def totals(self, values: Sequence[int]) -> str:
        return SEP.join(
            self("score.line", name=self.name(seat), score=signed(v, self.lang))
            for seat, v in enumerate(values)
        )

    def event(self, event: Event) -> str:
        """A channel line, in its ``terminal.you.`` form when the person did it."""
        if isinstance(event, ContractMade) and event.taker == PERSON:
            return self("terminal.you.contract_made", contract=self.contract(event.contract))
        if isinstance(event, KingCalled) and event.taker == PERSON:
            return self("terminal.you.king_called", card=self.long(event.card))
        if isinstance(event, SlamAnnounced) and event.seat == PERSON:
            petit = "petit_chelem" if event.petit else "slam"
            return self(f"terminal.you.{petit}_announced")
        if isinstance(event, PoigneeShown) and event.seat == PERSON:
            level = self.poignee_level(len(event.cards))
            return self("terminal.you.poignee_shown", level=level, cards=self.cards(event.cards))
        if isinstance(event, MisereDeclared) and event.seat == PERSON:
            kind = f".{event.kind}" if event.kind else ""
            return self(f"terminal.you.misere_declared{kind}")
        return plain(event_line(self.lang, self.table, event))

    def long(self, card: Card) -> str:
        return card_long(card, self.lang)

    def poignee_level(self, shown: int) -> str:
        return poignee_level_name(self.lang, self.rules, shown)

    def score_sheet(self, number: int, event: DealFinished) -> list[str]:
        """A played deal's sheet as Discord gives it, under the deal's number as the
        headers count it (voided deals do not count)."""
        result = event.result
        lines = [self("score.title", n=number), self.taker_line(result)]
        lines += [plain(line) for line in score_breakdown(self.lang, self.table, result)]
        if self.rules.round_to_ten:
            lines.append(self("score.rounded"))
        lines.append(self.labelled("score.seats", self.totals(result.scores)))
        lines.append(self.labelled("score.totals", self.totals(event.totals)))
        return lines

    def labelled(self, label: str, text: str) -> str:
        return plain(labelled(self.lang, self(label), text))

    def taker_line(self, result: DealResult) -> str:
        """Who took what, with whom: the sheet's first line, the person named as "you"."""
        assert result.contract is not None
        name = self.name(result.taker)
        contract = self.contract(result.contract).lower()
        if result.partner is not None and result.partner == PERSON:
            return self("terminal.score.contract_you_partner", name=name, contract=contract)
        if result.partner is not None:
            partner = self.name(result.partner)
            return self.by(
                result.taker,
                "score.contract_partner",
                name=name,
                contract=contract,
                partner=partner,
            )
        key = "score.contract_alone" if self.rules.calls else "score.contract"
        return self.by(result.taker, key, name=name, contract=contract)

    def standings(self, event: GameFinished) -> list[str]:
        lines = plain(standings_text(self.lang, self.table, event)).split("\n")
        winners = [seat for seat, rank in enumerate(event.ranks) if rank == 1]
        if winners == [PERSON]:
            score = signed(event.totals[PERSON], self.lang)
            lines.append(self("terminal.you.game_finished", score=score))
        else:
            lines.append(self.event(event))
        return lines
