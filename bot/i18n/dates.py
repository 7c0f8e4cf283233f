"""Dates written the reader's way (Babel), as numbers are: a day of a month, a month of a
year (``November 23``, ``23 novembre``; ``November 2026``, ``noviembre de 2026``)."""

from __future__ import annotations

from datetime import date

from babel.dates import format_skeleton

from .numbers import babel_locale


def day_of_month(day: date, locale: object) -> str:
    """The day and month, without the year: ``November 23``, ``23 listopada``."""
    return format_skeleton("MMMMd", day, locale=babel_locale(locale))


def month_of_year(day: date, locale: object) -> str:
    """The month and year of ``day``: ``November 2026``, ``novembre 2026``."""
    return format_skeleton("yMMMM", day, locale=babel_locale(locale))


__all__ = ["day_of_month", "month_of_year"]
