"""The pictures' words in the reader's language (``bot.pictures.jobs``), as the bot's worker
processes draw them."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from test_deal_picture import TABLES, played

from bot.pictures import jobs
from bot.pictures.deal_picture import layout_deal
from tarot_core import read_deal
from tarot_core.rules import Contract

SITS_OUT = {"six_players": "dealer_sits_out"}


def texts(record: dict[str, object], lang: str) -> list[str]:
    layout = layout_deal(record, lang=lang, labels=jobs.record_labels(record, lang))
    return [t.text for t in layout.texts]


def test_every_word_of_a_deal_s_picture_comes_from_the_reader_s_catalog() -> None:
    record = played(4, 3, Contract.GARDE)
    french = texts(record, "fr")
    assert "Mains distribuées" in french and "Plis" in french
    assert any(line.startswith("Place ") and ": Garde" in line for line in french)
    # French puts a space before the colon: the verdict's template is the catalog's.
    assert any(" points, il en fallait " in line and " : " in line for line in french)
    polish = texts(record, "pl")
    assert "Rozdane karty" in polish and "Lewy" in polish


def test_under_the_fixed_contracts_a_prise_is_the_petite() -> None:
    fixed = played(4, 5, Contract.PRISE, contracts="fixed")
    assert any(line.endswith(": Petite") for line in texts(fixed, "en"))
    usual = played(4, 5, Contract.PRISE)
    assert any(line.endswith(": Prise") for line in texts(usual, "en"))


@pytest.mark.parametrize(("players", "contract", "options"), TABLES)
def test_the_bots_deal_picture_draws_every_table_size(
    players: int, contract: Contract, options: dict[str, object]
) -> None:
    """What the bot runs in its workers for every score sheet and ``/history``."""
    record = played(players, 11, contract, **options)
    names = [f"Player {chr(65 + seat)}" for seat in range(players)]
    data = jobs.deal_picture(record, "fr", names)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    layout = layout_deal(record, lang="fr", names=names, labels=jobs.record_labels(record, "fr"))
    with Image.open(io.BytesIO(data)) as image:
        assert image.size == (layout.width, layout.height)
    shown = [t.text for t in layout.texts]
    assert all(name in shown for name in names)


@pytest.mark.parametrize(("players", "options"), [(6, {}), (6, SITS_OUT), (3, {}), (5, {})])
def test_the_bots_totals_chart_draws_a_game_of_every_size(
    players: int, options: dict[str, object]
) -> None:
    """A game's running totals, from the engine's scores of real deals (the dealer who sits
    out at six scores 0 in their deal), as the score sheet's chart."""
    totals: list[list[int]] = []
    running = [0] * players
    for seed in range(8):
        record = played(players, seed, Contract.GARDE, **options)
        result = read_deal(record).result
        assert result is not None
        running = [a + b for a, b in zip(running, result.scores, strict=True)]
        totals.append(list(running))
    names = [f"P{seat + 1}" for seat in range(players)]
    data = jobs.totals_chart(names, totals, "pl")
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and image.width > 400
