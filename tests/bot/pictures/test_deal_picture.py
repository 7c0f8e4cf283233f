"""The picture of a finished deal: it shows the cards the record says, where its layout says,
with each trick's winner framed, for every table size and every way a deal can end."""

from __future__ import annotations

import copy
import io
import random
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.i18n import LANGUAGES
from bot.i18n import t as text_in
from bot.i18n.numbers import decimal
from bot.pictures import fonts, jobs
from bot.pictures.deal_picture import (
    EXCUSE_MARK,
    FRAME,
    LEADER,
    LEGEND_SIZE,
    MARGIN,
    NAME_WIDTH,
    OUDLER_GOLD,
    SIDE_BAND,
    WINNER,
    DealLabels,
    DealLayout,
    deal_png,
    draw_deal,
    layout_deal,
)
from bot.pictures.faces import card_face
from tarot_core import Deal, Rules, read_deal, to_record
from tarot_core.actions import Bid, Call, DeclareSlam, Ecart
from tarot_core.cards import EXCUSE, PETIT, TRUMP, cards_of, display_key, format_card, suit_of
from tarot_core.deal import Phase
from tarot_core.dealing import deal as deal_cards
from tarot_core.lab.bench import random_ecart
from tarot_core.record import RecordError
from tarot_core.rules import Contract

Record = dict[str, Any]


def played(players: int, seed: int, contract: Contract, **options: object) -> Record:
    """The record of a seeded deal: the first speaker bids ``contract`` (PASS: everyone
    passes), the others pass, then random legal choices to the end."""
    rng = random.Random(seed)
    rules = Rules.from_options(players, options)
    dealer = seed % players
    deal = Deal(rules, dealer, *deal_cards(rng, rules, dealer))
    while deal.done:  # a petit sec: deal again
        deal = Deal(rules, dealer, *deal_cards(rng, rules, dealer))
    first = True
    while deal.phase < Phase.PLAYING and not deal.done:
        seat = deal.to_act
        if deal.phase == Phase.BIDDING:
            deal.apply(Bid(seat, contract if first else Contract.PASS))
            first = False
        elif deal.phase == Phase.CALLING:
            deal.apply(Call(seat, rng.choice(cards_of(deal.callable_cards()))))
        elif deal.phase == Phase.ECART:
            deal.apply(Ecart(seat, random_ecart(rng, deal)))
        else:
            deal.apply(DeclareSlam(seat, False))
    while not deal.done:
        seat = deal.to_act
        deal.play(seat, rng.choice(cards_of(deal.legal_cards(seat))))
    return to_record(deal)


def petit_sec_record() -> Record:
    """Four players, seat 1 dealt the Petit as its only trump and no Excuse."""
    suits = [c for c in range(TRUMP * 14)]
    others = [c for c in range(PETIT + 1, EXCUSE + 1)] + suits[17:]
    hands = [others[0:18], [PETIT, *suits[:17]], others[18:36], others[36:54]]
    chien = others[54:]
    return {
        "format": "tarot-deal/1",
        "players": 4,
        "dealer": 0,
        "hands": [[format_card(c) for c in h] for h in hands],
        "chien": [format_card(c) for c in chien],
    }


@pytest.fixture(scope="module")
def garde() -> Record:
    return played(4, 1, Contract.GARDE)


def _shows_face(image: Image.Image, box: tuple[int, int, int, int], card: int, lang: str) -> bool:
    """Whether ``box`` holds exactly ``card``'s face: every opaque pixel of the face is in
    the picture unchanged (the rounded corners blend with what is behind them)."""
    face = card_face(card, box[3] - box[1], lang)
    if face.size != (box[2] - box[0], box[3] - box[1]):
        return False
    opaque = face.getchannel("A").point(lambda a: 255 if a == 255 else 0)
    assert opaque.histogram()[255] > 0.9 * face.width * face.height  # not a vacuous test
    diff = ImageChops.difference(image.crop(box), face.convert("RGB"))
    return ImageChops.multiply(diff, opaque.convert("RGB")).getbbox() is None


def _frame(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The colour just outside a card's left edge, mid-height: where a mark's frame is."""
    return tuple(image.getpixel((box[0] - 2, (box[1] + box[3]) // 2)))  # type: ignore[arg-type]


def _texts(layout: DealLayout) -> list[str]:
    return [t.text for t in layout.texts]


def test_every_card_drawn_is_its_face_where_the_layout_says(garde: Record) -> None:
    image = draw_deal(garde)
    layout = layout_deal(garde)
    assert image.size == (layout.width, layout.height)
    for key, (card, box) in layout.cards.items():
        assert box[0] >= 0 and box[2] <= image.width and box[1] >= 0 and box[3] <= image.height
        assert _shows_face(image, box, card, "en"), (key, format_card(card))


def test_the_hands_are_the_dealt_ones_in_display_order(garde: Record) -> None:
    deal = read_deal(garde)
    layout = layout_deal(garde)
    for seat in range(4):
        placed = sorted(
            (box[0], card)
            for (area, s, _), (card, box) in layout.cards.items()
            if area == "hand" and s == seat
        )
        assert [card for _, card in placed] == sorted(cards_of(deal.dealt[seat]), key=display_key)
    chien = [card for (area, _, _), (card, _) in layout.cards.items() if area == "chien"]
    assert sorted(chien) == cards_of(deal.chien)


def test_no_two_cards_or_frames_overlap(garde: Record) -> None:
    boxes = list(layout_deal(garde).boxes.values())
    grown = [(x0 - FRAME, y0 - FRAME, x1 + FRAME, y1 + FRAME) for x0, y0, x1, y1 in boxes]
    for i, a in enumerate(grown):
        for b in grown[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_the_tricks_are_the_engines_with_the_winners_framed(garde: Record) -> None:
    deal = read_deal(garde)
    image = draw_deal(garde)
    layout = layout_deal(garde)
    excuse_marked = False
    for t, trick in enumerate(deal.tricks):
        cells = {
            seat: (card, box)
            for (area, i, seat), (card, box) in layout.cards.items()
            if area == "trick" and i == t
        }
        assert sorted(card for card, _ in cells.values()) == sorted(trick)
        assert len({box[0] for _, box in cells.values()}) == 1  # one column per trick
        for seat, (card, box) in cells.items():
            colour = _frame(image, box)
            if seat == deal.winners[t]:
                assert colour == WINNER, (t, seat)
            elif card == EXCUSE:
                assert colour == EXCUSE_MARK
                excuse_marked = True
            else:
                assert colour not in (WINNER, EXCUSE_MARK), (t, seat)
    assert excuse_marked  # the seed plays the Excuse in a trick it does not win
    winners = [c for c, _ in layout.cards.values() if _frame(image, _) == WINNER]
    assert len(winners) == len(deal.tricks)
    # Nothing outside the tricks is framed.
    for (area, _, _), (_, box) in layout.cards.items():
        if area != "trick":
            assert _frame(image, box) != WINNER


def test_the_ecart_is_shown_for_a_garde_not_for_a_garde_sans(garde: Record) -> None:
    deal = read_deal(garde)
    layout = layout_deal(garde)
    ecart = [card for (area, _, _), (card, _) in layout.cards.items() if area == "ecart"]
    assert sorted(ecart) == cards_of(deal.ecart) and len(ecart) == 6
    assert "Écart" in _texts(layout)
    sans = layout_deal(played(4, 1, Contract.GARDE_SANS))
    assert not [key for key in sans.cards if key[0] == "ecart"]
    assert "Écart" not in _texts(sans)
    assert len([key for key in sans.cards if key[0] == "chien"]) == 6


TABLES = [
    (3, Contract.PRISE, {}),
    (4, Contract.GARDE, {}),
    (5, Contract.GARDE, {}),
    (6, Contract.GARDE, {}),  # twelve cards each, all six play (the default at six)
    (6, Contract.GARDE, {"six_players": "dealer_sits_out"}),
]
"""Every table size, and both ways six play."""


@pytest.mark.parametrize(("players", "contract", "options"), TABLES)
def test_every_table_size_draws_every_card(
    players: int, contract: Contract, options: dict[str, object]
) -> None:
    record = played(players, 7, contract, **options)
    deal = read_deal(record)
    layout = layout_deal(record)
    image = draw_deal(record)
    assert 900 <= image.width <= 1400 and image.height < 1400
    for seat in range(players):
        hand = [key for key in layout.cards if key[:2] == ("hand", seat)]
        assert len(hand) == len(cards_of(deal.dealt[seat]))
    tricks = [key for key in layout.cards if key[0] == "trick"]
    assert len(tricks) == len(deal.tricks) * deal.size
    if deal.skip >= 0:
        assert not any(key[2] == deal.skip for key in tricks)
        assert "deals and sits out" in _texts(layout)
    if deal.rules.calls:
        assert deal.called is not None
        assert layout.cards[("called", 0, 0)][0] == deal.called
    for card, box in layout.cards.values():
        assert min(box[0], box[1]) >= 0 and box[2] <= image.width and box[3] <= image.height
        assert _shows_face(image, box, card, "en")


def test_a_passed_deal_shows_the_hands_and_says_so() -> None:
    record = played(4, 5, Contract.PASS)
    layout = layout_deal(record)
    assert "Everyone passed: no deal" in _texts(layout)
    assert {key[0] for key in layout.cards} == {"hand", "chien"}
    assert len(layout.cards) == 78
    draw_deal(record)


def test_a_petit_sec_shows_the_hands_and_names_who_held_it() -> None:
    record = petit_sec_record()
    layout = layout_deal(record, names=["A", "Bea", "C", "D"])
    assert "Bea held the Petit sec: no deal" in _texts(layout)
    hand = [
        card for (area, seat, _), (card, _) in layout.cards.items() if area == "hand" and seat == 1
    ]
    assert [c for c in hand if suit_of(c) == TRUMP] == [PETIT]
    image = draw_deal(record)
    for card, box in layout.cards.values():
        assert _shows_face(image, box, card, "en")


def test_a_bad_record_raises_record_error(garde: Record) -> None:
    bad = copy.deepcopy(garde)
    bad["tricks"][3][1], bad["tricks"][4][1] = bad["tricks"][4][1], bad["tricks"][3][1]
    short = {**garde, "tricks": garde["tricks"][:-1]}
    records: list[object] = [bad, {"format": "tarot-deal/2"}, [], short]
    for record in records:
        with pytest.raises(RecordError):
            draw_deal(record)
        with pytest.raises(RecordError):
            deal_png(record)


@pytest.mark.parametrize(
    "name",
    [
        "李小龍 🀄",
        "Zoë 🎉👨‍👩‍👧",
        "\ud800 lone surrogate",
        "\u202eright to left\x00\x07",
        "x" * 500,
        "W" * 40,
        "",
        "   ",
        "نرد",
    ],
)
def test_any_name_draws_and_fits_its_column(garde: Record, name: str) -> None:
    names = [name, "Bob", name, "Dee"]
    layout = layout_deal(garde, names=names)
    draw_deal(garde, names=names)
    drawn = [t for t in layout.texts if t.bold and t.size == 18 and t.xy[0] < NAME_WIDTH]
    for text in drawn:
        assert fonts.bold(18).getlength(text.text) <= NAME_WIDTH - 14
    if not name.strip():
        assert "Seat 1" in _texts(layout)
    if len(name) > 40:
        assert any(t.endswith("…") for t in _texts(layout))


def test_labels_and_language_are_the_callers(garde: Record) -> None:
    labels = DealLabels(
        chien="Le chien",
        ecart="L'écart",
        contracts={Contract.GARDE: "la Garde"},
        takes="{name} joue {contract}",
    )
    deal = read_deal(garde)
    assert deal.taker is not None
    layout = layout_deal(garde, lang="fr", labels=labels)
    texts = _texts(layout)
    assert f"Seat {deal.taker + 1} joue la Garde" in texts
    assert {"Le chien", "L'écart"} <= set(texts)
    assert "Chien" not in texts
    image = draw_deal(garde, lang="fr", labels=labels)
    for card, box in layout.cards.values():
        assert _shows_face(image, box, card, "fr")


def test_the_png_is_small_and_is_the_picture(garde: Record) -> None:
    data = deal_png(garde)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) < 200_000
    with Image.open(io.BytesIO(data)) as png:
        assert png.size == draw_deal(garde).size
        assert png.mode == "P"


def _scores_shown(layout: DealLayout) -> list[str]:
    """The scores in the name column, top to bottom (bold 22 px, the name cell's last line)."""
    return [t.text for t in layout.texts if t.bold and t.size == 22 and t.xy[0] == MARGIN]


@pytest.mark.parametrize(("players", "contract", "options"), TABLES)
def test_every_seat_has_its_score_and_its_number_from_1(
    players: int, contract: Contract, options: dict[str, object]
) -> None:
    """Issue 22: at six, the dealer who sits out had no score. Every seat, the one who sits
    out too, shows the engine's score, in seat order; seats count from 1."""
    record = played(players, 7, contract, **options)
    result = read_deal(record).result
    assert result is not None and len(result.scores) == players
    layout = layout_deal(record)
    assert _scores_shown(layout) == [decimal(score, "en", sign=True) for score in result.scores]
    texts = _texts(layout)
    assert all(f"Seat {n}" in texts for n in range(1, players + 1))
    assert "Seat 0" not in texts and f"Seat {players + 1}" not in texts


def test_the_dealer_who_sits_out_scores_0_under_their_name() -> None:
    record = played(6, 4, Contract.GARDE, six_players="dealer_sits_out")
    deal = read_deal(record)
    assert deal.skip == 4 and deal.result is not None
    names = ["Ana", "Ben", "Cyd", "Dan", "Eve", "Fox"]
    layout = layout_deal(record, names=names)
    (eve,) = [t for t in layout.texts if t.text == "Eve"]
    (sits,) = [t for t in layout.texts if t.text == "deals and sits out"]
    (score,) = [t for t in layout.texts if t.size == 22 and eve.xy[1] < t.xy[1] < eve.xy[1] + 60]
    assert score.text == decimal(deal.result.scores[4], "en", sign=True) == "0"
    assert sits.xy[1] - eve.xy[1] < 10  # the same row


@pytest.mark.parametrize(("players", "contract", "options"), TABLES)
def test_the_card_that_led_each_trick_is_marked(
    players: int, contract: Contract, options: dict[str, object]
) -> None:
    """Issue 22: who led each trick was not shown. A triangle over exactly one card of each
    trick: the engine's leader's."""
    record = played(players, 7, contract, **options)
    deal = read_deal(record)
    layout = layout_deal(record)
    assert layout.leads == [("trick", t, deal.leaders[t]) for t in range(len(deal.tricks))]
    image = draw_deal(record)
    for (area, t, seat), (_, box) in layout.cards.items():
        if area != "trick":
            continue
        above = image.getpixel(((box[0] + box[2]) // 2, box[1] - FRAME - 5))
        assert (above == LEADER) == (seat == deal.leaders[t]), (t, seat)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("players", "contract", "options"), [TABLES[0], TABLES[4]])
def test_a_legend_says_what_each_mark_means_in_the_readers_language(
    lang: str, players: int, contract: Contract, options: dict[str, object]
) -> None:
    """Issue 22: the frames had no legend. Each mark the picture uses has its sample and
    its words from the reader's catalog, inside the picture."""
    record = played(players, 7, contract, **options)
    layout = layout_deal(record, lang=lang, labels=jobs.record_labels(record, lang))
    samples = {(s.kind, s.colour) for s in layout.legend}
    expected = {("frame", WINNER), ("lead", LEADER), ("band", SIDE_BAND), ("frame", OUDLER_GOLD)}
    if EXCUSE_MARK in layout.marks.values():
        expected.add(("frame", EXCUSE_MARK))
    assert samples == expected
    texts = _texts(layout)
    words = ["winner", "leader", "side", "oudler"]
    if EXCUSE_MARK in layout.marks.values():
        words.append("excuse")
    for word in words:
        assert text_in(lang, f"picture.deal.legend_{word}") in texts, word
    image = draw_deal(record, lang=lang, labels=jobs.record_labels(record, lang))
    legend = [text for text in layout.texts if (text.size, text.anchor) == (LEGEND_SIZE, "lm")]
    assert len(legend) == len(words)
    for text in legend:
        right = text.xy[0] + fonts.regular(LEGEND_SIZE).getlength(text.text)
        assert right <= layout.width - MARGIN, text.text
    for swatch in layout.legend:
        x0, y0, x1, y1 = swatch.box
        assert x1 <= layout.width - MARGIN
        colours = {image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)}
        assert swatch.colour in colours, swatch


def test_a_deal_without_tricks_has_no_legend() -> None:
    layout = layout_deal(played(4, 5, Contract.PASS))
    assert layout.legend == [] and layout.leads == []
