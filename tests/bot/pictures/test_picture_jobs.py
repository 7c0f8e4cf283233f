"""The pictures' words in the reader's language (``bot.pictures.jobs``), as the bot's worker
processes draw them."""

from __future__ import annotations

from test_deal_picture import played

from bot.pictures import jobs
from bot.pictures.deal_picture import layout_deal
from tarot_core.rules import Contract


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
