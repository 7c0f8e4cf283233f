"""Table texts from real games: the public text never names a card hidden at that moment
(over many random states at 3, 4 and 5 players), a DM names only what its seat may know,
the score sheet says the DealResult's numbers, and every event has a line in both
languages."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from builders import visible_cards
from render_support import garde_made

from bot.i18n import t
from bot.render import (
    action_label,
    event_line,
    lobby_text,
    private_text,
    score_sheet,
    standings_text,
    table_text,
)
from bot.render.cards import card_long, card_short
from bot.render.controls import MAX_LABEL
from bot.render.table import SEP, contract_name, number, seat_name, signed
from bot.tables.events import (
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
from bot.tables.snapshot import SeatInfo, TableSnapshot
from tarot_core import (
    Bid,
    Call,
    Contract,
    DealResult,
    Game,
    Outcome,
    Phase,
    Rules,
    ranks,
    sitting_out,
    trick_seats,
    view,
)
from tarot_core.cards import DECK_SIZE, parse_card

NAMES = ("Alice", "Bob", "Chloé", "Dmitri")
SINCE = 1_700_000_000.0
LOCALES = ("en", "fr")


def seats_for(players: int) -> tuple[SeatInfo, ...]:
    """Humans in the first seats, an expert bot in the last; the second human is away."""
    seats = [SeatInfo(i, 10 + i, NAMES[i], 1000 + i, None, away=i == 1) for i in range(players - 1)]
    seats.append(SeatInfo(players - 1, 99, "Expert bot", None, "expert"))
    return tuple(seats)


def snapshot_of(game: Game, status: str = "playing", turn: int = 0) -> TableSnapshot:
    rules = game.rules
    return TableSnapshot(
        channel_id=500,
        guild_id=77,
        game_id=1,
        status=status,
        host_id=1000,
        rules=rules,
        deals_target=game.target,
        seats=seats_for(rules.players),
        turn=turn,
        deal_number=len(game.deals),
        deals_played=game.played,
        totals=tuple(game.totals),
        view=view(game.current),
        turn_since=SINCE,
        deadline=SINCE + 120,
    )


def random_states(rules: Rules, seed: int, deals: int = 2) -> Iterator[tuple[Game, int]]:
    """A game played by uniformly random legal actions, after each action."""
    rng = random.Random(seed)
    game = Game(rules, deals=deals, seed=seed)
    turn = 0
    yield game, turn
    while not game.over:
        deal = game.current
        game.apply(rng.choice(view(deal, deal.to_act).legal))
        turn += 1
        yield game, turn


def mention_pattern(locale: str) -> tuple[re.Pattern[str], dict[str, int]]:
    """Every form of every card, longest first, not inside a longer number (``1★`` is not
    in ``21★``, "Trump 2" not in "Trump 21")."""
    forms = {card_short(c, locale): c for c in range(DECK_SIZE)}
    forms.update({card_long(c, locale): c for c in range(DECK_SIZE)})
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<!\d)(?:{alternatives})(?!\d)"), forms


PATTERNS = {locale: mention_pattern(locale) for locale in LOCALES}


def cards_named(text: str, locale: str) -> set[int]:
    pattern, forms = PATTERNS[locale]
    return {forms[m.group(0)] for m in pattern.finditer(text)}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_public_text_never_names_a_hidden_card(players: int) -> None:
    """Over every state of random games: the cards the public text names are among those
    the public view shows (plus the called card, whose name is public, not its holder);
    each DM names only cards its own seat's view shows."""
    states = 0
    for seed in range(6 if players != 3 else 4):
        rules = Rules(players=players, misere=seed % 2 == 1)
        for game, turn in random_states(rules, seed):
            deal = game.current
            public = view(deal)
            allowed = visible_cards(public) | ({public.called} if public.called else set())
            hidden_in_hands = {
                c for hand in deal.hands for c in range(DECK_SIZE) if hand >> c & 1
            } - allowed
            snap = snapshot_of(game, "finished" if game.over else "playing", turn)
            for locale in LOCALES:
                text = table_text(locale, snap)
                named = cards_named(text, locale)
                assert named <= allowed, (locale, text, named - allowed)
                assert not named & hidden_in_hands
            seat = deal.to_act if deal.to_act is not None else 0
            if seat < players - 1:  # a human seat: its DM
                own = view(deal, seat)
                callable_ = {a.card for a in own.legal if isinstance(a, Call)}
                mine = visible_cards(own) | allowed | callable_  # a call names any King
                for locale in LOCALES:
                    dm = private_text(locale, snap, own)
                    assert cards_named(dm, locale) <= mine, dm
                    assert set(own.hand) <= cards_named(dm, locale)
            states += 1
    assert states > 300


def test_public_text_contents() -> None:
    game = Game(Rules(players=4), deals=2, seed=11)
    snap = snapshot_of(game)
    dealer = game.current.dealer
    en = table_text("en", snap)
    assert "**French Tarot: deal 1 of 2**" in en
    assert f"{dealer + 1}. {snap.seats[dealer].name if dealer < 3 else 'Expert bot'}" in en
    assert " · dealer · " in en and " · away · " in en
    assert "<t:1700000000:R>" in en and "<t:1700000120:R>" in en
    assert "to bid" in en and "Auction" in en
    fr = table_text("fr", snap)
    assert "donne 1 sur 2" in fr and "donneur" in fr and "Bot expert" in fr
    # Once the auction is over: the contract, then tricks with who played what.
    rng = random.Random(1)
    while game.current.phase < Phase.PLAYING or not game.current.tricks:
        deal = game.current
        game.apply(rng.choice(view(deal, deal.to_act).legal))
    text = table_text("en", snapshot_of(game))
    assert " takes: " in text and "Last trick (won by " in text
    last = game.current.tricks[-1]
    assert all(card_short(c, "en") in text for c in last)


def test_public_functions_refuse_a_private_view() -> None:
    game = Game(Rules(players=4), seed=3)
    snap = snapshot_of(game)
    private = view(game.current, 0)
    with pytest.raises(ValueError):
        table_text("en", TableSnapshot(**{**snap.__dict__, "view": private}))
    with pytest.raises(ValueError):
        private_text("en", snap, view(game.current))


def test_lobby_text() -> None:
    rules = Rules(players=5, garde_contre_multiplier=8, shuffle="cut")
    seats = seats_for(5)
    snap = TableSnapshot(
        channel_id=1,
        guild_id=None,
        game_id=2,
        status="lobby",
        host_id=1000,
        rules=rules,
        deals_target=5,
        seats=(seats[0], None, seats[2], None, seats[4]),
        turn=0,
        deal_number=0,
        deals_played=0,
        totals=(0,) * 5,
        view=None,
    )
    en = lobby_text("en", snap)
    assert "1. Alice (host)" in en and "2. (empty)" in en and "5. Expert bot" in en
    assert "Garde contre counts ×8" in en and "gathered and cut" in en
    assert "Misère" not in en  # unchanged options are not listed
    assert table_text("en", snap) == en
    fr = lobby_text("fr", snap)
    assert "1. Alice (hôte)" in fr and "2. (libre)" in fr and "×8" in fr
    default = lobby_text("en", TableSnapshot(**{**snap.__dict__, "rules": Rules(players=5)}))
    assert "FFT rules, no variant." in default


def test_names_are_escaped() -> None:
    game = Game(Rules(players=3), seed=1)
    snap = snapshot_of(game)
    odd = SeatInfo(0, 1, "*bold* @everyone", 1000, None)
    snap = TableSnapshot(**{**snap.__dict__, "seats": (odd, *snap.seats[1:])})
    text = table_text("en", snap)
    assert "\\*bold\\*" in text and "@everyone" not in text


def finished_deals(
    players: int, seed: int, contracts: str = "fft", **options: object
) -> Iterator[tuple[Game, DealFinished]]:
    totals = [0] * players
    seen = 0
    rules = Rules.from_options(players, {"misere": True, "contracts": contracts, **options})
    for game, _ in random_states(rules, seed, deals=3):
        done = [d for d in game.deals if d.result is not None]
        for number_, deal in enumerate(done[seen:], start=seen + 1):
            assert deal.result is not None
            totals = [a + b for a, b in zip(totals, deal.result.scores, strict=True)]
            yield game, DealFinished(number_, deal.result, tuple(totals))
        seen = len(done)


def as_int(text: str) -> int:
    """A score as the reader sees it, thousands grouped (``-1,000``, ``+1 234``)."""
    return int(re.sub(r"[,\u202f\xa0]", "", text))


def seat_values(line: str) -> list[int]:
    """``**Label**: Alice +10 · Bob -1,000`` -> ``[10, -1000]``."""
    return [as_int(part.rsplit(" ", 1)[1]) for part in line.split(":", 1)[1].split(" · ")]


@pytest.mark.parametrize(
    ("players", "contracts"), [(3, "fft"), (4, "fft"), (5, "fft"), (4, "pousse"), (4, "fixed")]
)
def test_score_sheet_says_the_results_numbers(players: int, contracts: str) -> None:
    """Its lines add up to the deal's value, under each way of scoring contracts (fixed:
    a value plus the difference, the petit au bout a tenth of the value)."""
    sheets = 0
    for seed in range(3):
        for game, event in finished_deals(players, seed, contracts):
            result = event.result
            snap = snapshot_of(game)
            text = score_sheet("en", snap, event)
            lines = text.splitlines()
            assert seat_values(lines[-2]) == list(result.scores)
            assert seat_values(lines[-1]) == list(event.totals)
            assert lines[0] == f"**Deal {event.number}: score sheet**"
            if result.outcome == "played":
                assert result.points is not None
                points = re.search(r"Points: ([\d.]+) with (\d) oudlers?; needed (\d+)", text)
                assert points is not None
                assert float(points.group(1)) == result.points
                assert int(points.group(2)) == result.oudlers
                assert int(points.group(3)) == result.target
                verdict = "Made" if result.made else "Lost"
                assert f"{verdict} by {result.diff}." in text
                value = re.search(r"Deal value: ([+-]?[\d,]+)", text)
                assert value is not None and as_int(value.group(1)) == result.hand_score
                parts = [
                    as_int(v)
                    for v in re.findall(r"^(?:Base|Petit|Poign|Slam).*?([+-]?[\d,]+)$", text, re.M)
                ]
                assert sum(parts) == result.hand_score, text
            fr = score_sheet("fr", snap, event)
            assert seat_values(fr.splitlines()[-1].replace(" : ", ": ")) == list(event.totals)
            if result.points is not None:
                assert f"Points : {number(result.points, 'fr')} avec" in fr
            sheets += 1
    assert sheets >= 6


def test_score_sheet_bonuses() -> None:
    game = Game(Rules(players=4), seed=2)
    snap = snapshot_of(game)
    result = DealResult(
        outcome=Outcome.PLAYED,
        scores=(1140, -380, -400, -360),
        taker=0,
        contract=Contract.GARDE,
        oudlers=3,
        points_half=173,
        target=36,
        made=True,
        petit_au_bout="taker",
        slam="announced_made",
        diff=51,
        multiplier=2,
        hand_score=(25 + 51) * 2 + 20 + 20 + 400,
        poignee_bonus=20,
        chelem_bonus=400,
        misere_scores=(0, 30, -10, -10),
    )
    event = DealFinished(3, result, result.scores)
    en = score_sheet("en", snap, event)
    for line in (
        "Alice took a garde.",
        "Points: 86.5 with 3 oudlers; needed 36.",
        "Made by 51.",
        "Base: (25 + 51) × 2 = +152",
        "Petit au bout for the taker: +20",
        "Poignée: +20",
        "Slam announced and made: +400",
        "Deal value: +592",
        "Misère (Bob): +30",
    ):
        assert line in en.splitlines(), (line, en)
    fr = score_sheet("fr", snap, event)
    assert "Points : 86,5 avec 3 bouts ; il en fallait 36." in fr
    assert "Chelem annoncé et réussi : +400" in fr
    passed = DealFinished(1, DealResult(Outcome.PASSED, (0, 0, 0, 0)), (0, 0, 0, 0))
    assert "Everybody passed" in score_sheet("en", snap, passed)
    assert "Tout le monde a passé" in score_sheet("fr", snap, passed)


def test_standings() -> None:
    game = Game(Rules(players=4), seed=2)
    totals = (-50, 150, -50, -50)
    event = GameFinished(totals, ranks(totals))
    text = standings_text("en", snapshot_of(game, "finished"), event)
    assert text.splitlines()[1:] == [
        "🥇 1. Bob +150",
        "🥈 2. Alice -50",
        "🥈 2. Chloé -50",
        "🥈 2. Expert bot -50",
    ]
    assert event_line("fr", snapshot_of(game), event).endswith("Bob gagne avec +150.")


def all_events() -> list[Event]:
    result = garde_made()
    return [
        GameStarted(0),
        ContractMade(1, Contract.GARDE_SANS),
        AllPassed(),
        KingCalled(0, parse_card("KH")),
        ChienShown((parse_card("T5"), parse_card("KS"), parse_card("2D"))),
        EcartTrumps((parse_card("T3"),)),
        SlamAnnounced(0),
        PoigneeShown(2, tuple(range(56, 66))),
        MisereDeclared(3),
        DealFinished(1, result, result.scores),
        DealFinished(2, DealResult(Outcome.PASSED, (0,) * 4), result.scores),
        DealFinished(3, DealResult(Outcome.PETIT_SEC, (0,) * 4), result.scores),
        GameFinished((60, -20, -20, -20), (1, 2, 2, 2)),
        GameFinished((20, 20, -20, -20), (1, 1, 3, 3)),
        GameStopped("host", 1000),
        GameStopped("host", 555),
        GameStopped("idle"),
        LobbyClosed("cancelled"),
        LobbyClosed("expired"),
        Reminder(0, 1000, SINCE),
        StandIn(1, 1001, "heuristic"),
        PlayerBack(1, 1001),
        SeatReplaced(2, 1002, "expert"),
    ]


def test_every_event_has_a_line_in_both_languages() -> None:
    events = all_events()
    assert {type(e) for e in events} == set(Event.__subclasses__())
    snap = snapshot_of(Game(Rules(players=4), seed=1))
    for event in events:
        en, fr = event_line("en", snap, event), event_line("fr", snap, event)
        assert en and fr and en != fr, event
        assert "{" not in en + fr
    lines = {type(e).__name__: event_line("en", snap, e) for e in events[:10]}
    assert lines["KingCalled"] == "Alice calls King of Hearts."
    assert lines["ChienShown"] == "The chien: 5★ K♠ 2♦."
    assert lines["PoigneeShown"].startswith("Chloé shows a simple poignée: 1★ 2★")
    assert event_line("en", snap, Reminder(0, 1000, SINCE)) == (
        "<@1000>, it is your turn: a bot will play for you <t:1700000000:R>."
    )
    assert event_line("fr", snap, GameStopped("host", 1000)).startswith(
        "La partie a été arrêtée par Alice"
    )


def test_control_labels() -> None:
    for players in (3, 5):
        for game, _ in random_states(Rules(players=players, misere=True), 4, deals=1):
            deal = game.current
            if deal.to_act is None:
                continue
            for action in view(deal, deal.to_act).legal:
                for locale in LOCALES:
                    label = action_label(locale, game.rules, action)
                    assert label and len(label) <= MAX_LABEL and "{" not in label
    assert action_label("fr", Rules(), Bid(0, Contract.GARDE)) == t("fr", "contract.garde")
    assert action_label("fr", Rules(), Call(0, parse_card("KH"))) == "Appeler R♥"


def test_signed_and_numbers() -> None:
    assert (signed(5), signed(-5), signed(0)) == ("+5", "-5", "0")
    assert (number(45.5, "fr"), number(45.5, "en"), number(41, "fr")) == ("45,5", "45.5", "41")


def test_under_fixed_contracts_the_prise_is_the_petite_and_the_base_a_value() -> None:
    game = Game(Rules.from_options(4, {"contracts": "fixed"}), seed=2)
    snap = snapshot_of(game)
    result = DealResult(
        outcome=Outcome.PLAYED,
        scores=(3 * 46, -46, -46, -46),
        taker=0,
        contract=Contract.PRISE,
        oudlers=2,
        points_half=94,
        target=41,
        made=True,
        petit_au_bout="taker",
        diff=6,
        multiplier=1,
        hand_score=10 + 6 + 10 + 20,  # petit au bout under fixed: ±value (docs/rules.md §11.4)
        poignee_bonus=20,
    )
    en = score_sheet("en", snap, DealFinished(1, result, result.scores))
    assert "Alice took a petite." in en
    assert "Base: 10 + 6 = +16" in en
    assert "Petit au bout for the taker: +10\n" in en  # not a tenth of it
    assert contract_name("fr", Contract.PRISE, Rules()) == "Prise"
    assert contract_name("fr", Contract.POUSSE, snap.rules) == "Pousse"


def test_a_score_sheet_rounded_to_ten_says_so_and_shows_the_rounded_scores() -> None:
    shown = 0
    for game, event in finished_deals(4, 1, round_to_ten=True):
        text = score_sheet("en", snapshot_of(game), event)
        if event.result.outcome == "played":
            assert "Scores rounded to ten" in text
            lines = text.splitlines()
            assert seat_values(lines[-2]) == list(event.result.scores)
            assert all(
                v % 10 == 0
                for seat, v in enumerate(event.result.scores)
                if seat != event.result.taker
            )
            shown += 1
    assert shown


def test_an_open_auction_names_who_said_each_call() -> None:
    """A seat outbid speaks again: the auction line follows the speakers, not the seats
    round the table once."""
    game = Game(Rules.from_options(4, {"auction": "open"}), seed=5)
    deal = game.current
    first = (deal.dealer + 1) % 4
    assert first == 1
    said = [
        Contract.PRISE,
        Contract.PASS,
        Contract.GARDE,
        Contract.PASS,
        Contract.GARDE_SANS,  # the first seat, outbid, speaks again
        Contract.GARDE_CONTRE,  # the third, the second having passed
    ]
    for contract in said:
        seat = deal.to_act
        assert seat is not None
        game.apply(Bid(seat, contract))
    snap = snapshot_of(game)
    assert snap.view is not None
    assert snap.view.speakers == (1, 2, 3, 0, 1, 3)
    text = table_text("en", snap)
    names = [seat_name("en", snap, s) for s in snap.view.speakers]
    calls = [f"{name}: {c.text.replace('_', ' ')}" for name, c in zip(names, said, strict=True)]
    line = next(x for x in text.splitlines() if names[0] in x and "sans" in x.casefold())
    for call in calls:
        assert call.casefold() in line.casefold(), (call, line)


def test_a_protected_petit_is_named_where_the_view_shows_it() -> None:
    """The public table names the holder once the view does (after the Petit is played);
    the holder's own DM says its Petit is protected."""
    from dataclasses import replace

    game = Game(Rules.from_options(4, {"petit_imprenable": True}), seed=3)
    snap = snapshot_of(game)
    assert snap.view is not None
    assert "petit imprenable" not in table_text("en", snap).casefold()
    shown = replace(snap, view=replace(snap.view, petit_imprenable=2))
    assert f"(petit imprenable): {seat_name('en', shown, 2)}" in table_text("en", shown)
    own = replace(view(game.current, 2), petit_imprenable=2)
    assert "Your Petit is protected" in private_text("en", snap, own)
    other = view(game.current, 1)
    assert "Your Petit is protected" not in private_text("en", snap, other)


def test_a_trick_names_its_players_past_a_dealer_who_sits_out() -> None:
    """Six seats, the dealer sitting out: the table and the DM name each card's player
    in the engine's order, which passes over the dealer."""
    from dataclasses import replace

    rules = Rules.from_options(6, {"six_players": "dealer_sits_out"})
    for game, _ in random_states(rules, seed=5, deals=1):
        current, trick = view(game.current), game.current.trick
        if len(trick) != rules.playing - 1:
            continue
        skip = sitting_out(rules, current.dealer)
        seats = trick_seats(game.current.leader, len(trick), rules.players, skip)
        if seats[-1] != (seats[0] + len(seats) - 1) % rules.players:  # passed the dealer
            break
    else:
        raise AssertionError("no trick passing over the dealer")
    trick = current.current
    assert trick is not None and current.dealer not in seats
    seated = tuple(SeatInfo(i, i, f"P{i + 1}", 1000 + i, None) for i in range(6))
    five = snapshot_of(Game(Rules(players=5)))
    snap = replace(five, rules=rules, seats=seated, totals=(0,) * 6, view=current)
    names = [f"P{seat + 1}" for seat in seats]
    played = SEP.join(
        f"{name} {card_short(card, 'en')}" for name, card in zip(names, trick.cards, strict=True)
    )
    assert played in table_text("en", snap)
    seat = game.current.to_act
    assert seat is not None
    assert played in private_text("en", snap, view(game.current, seat))


def test_a_taker_who_kept_the_called_card_played_alone_at_six_with_the_dealer_out() -> None:
    """Five play at six seats when the dealer sits out: the taker calls a card, so the
    sheet says so when no partner came, as at five."""
    from dataclasses import replace

    rules = Rules.from_options(6, {"six_players": "dealer_sits_out"})
    seated = tuple(SeatInfo(i, i, f"P{i + 1}", 1000 + i, None) for i in range(6))
    snap = replace(snapshot_of(Game(Rules(players=5))), rules=rules, seats=seated)
    scores = (0, 120, -30, -30, -30, -30)
    result = replace(garde_made(), scores=scores, taker=1)
    sheet = score_sheet("en", snap, DealFinished(1, result, scores))
    assert "P2 took a garde and played alone." in sheet.splitlines()
