"""``quote``: bad values in error messages read as ``repr`` when short, and are cut when long."""

from __future__ import annotations

import pytest

from tarot_core.quoting import one_line, quote


@pytest.mark.parametrize(
    "value",
    ["KS", "", "T22", "x" * 40, 7, -3, 2.5, True, None, [20, 30, 50], {"a": 1}, "it's"],
)
def test_short_values_read_exactly_as_repr(value: object) -> None:
    assert quote(value) == repr(value)


def test_a_long_string_is_cut_with_its_length() -> None:
    text = quote("X" * 100_000_000)
    assert text == "'" + "X" * 40 + "…' (100000000 characters)"


def test_escapes_are_never_cut_in_half_and_stay_on_one_line() -> None:
    text = quote("\n\x00é" * 50)
    assert "\n" not in text and text.endswith("…' (150 characters)")
    assert len(text) < 80
    body = text[1 : text.index("…")]
    assert body.replace("\\n", "").replace("\\x00", "").replace("é", "") == ""


def test_a_short_string_full_of_escapes_is_cut_too() -> None:
    assert quote("\x00" * 40) == "'" + "\\x00" * 10 + "…' (40 characters)"


def test_long_numbers_and_containers_are_cut() -> None:
    assert quote(10**100) == "1" + "0" * 38 + "… (101 digits)"
    assert quote(["X" * 1000]) == "['XXXXXXXXXXXXXXXXXXXX…' (1000 characters)]"
    many = quote(list(range(100_000)))
    assert many == "[0, 1, 2, 3, 4, 5, ...]"
    nested = quote({str(i): "Y" * 500 for i in range(1000)})
    assert len(nested) < 120 and nested.endswith("… (1000 items)")


def test_one_line_flattens_and_bounds_a_message() -> None:
    assert one_line("a\nb\r\nc") == "a b c"
    assert one_line("short") == "short"
    long = one_line("z" * 10_000)
    assert len(long) == 500 and long.endswith("…")
