"""A period's first moment: Monday 00:00 UTC for a week, the 1st 00:00 UTC for a month."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.periods import parse_period, period_start


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


def test_a_monday_starts_its_own_week_at_midnight() -> None:
    assert period_start("week", utc(2026, 11, 23)) == utc(2026, 11, 23)
    assert period_start("week", utc(2026, 11, 23, 17, 5, 3)) == utc(2026, 11, 23)


def test_a_sunday_at_23_59_is_still_in_the_week_of_the_monday_before() -> None:
    assert period_start("week", utc(2026, 11, 29, 23, 59, 59)) == utc(2026, 11, 23)
    assert period_start("week", utc(2026, 11, 30)) == utc(2026, 11, 30)


def test_the_first_of_a_month_starts_it_and_the_last_second_is_still_in_it() -> None:
    assert period_start("month", utc(2026, 11, 1)) == utc(2026, 11, 1)
    assert period_start("month", utc(2026, 11, 30, 23, 59, 59)) == utc(2026, 11, 1)
    assert period_start("month", utc(2028, 2, 29, 12)) == utc(2028, 2, 1)


def test_december_gives_way_to_january() -> None:
    assert period_start("month", utc(2026, 12, 31, 23, 59, 59)) == utc(2026, 12, 1)
    assert period_start("month", utc(2027, 1, 1)) == utc(2027, 1, 1)
    # Friday 1 January 2027: its week began on Monday 28 December.
    assert period_start("week", utc(2027, 1, 1, 8)) == utc(2026, 12, 28)


def test_another_zone_is_read_as_its_moment_in_utc() -> None:
    paris = timezone(timedelta(hours=1))
    # Monday 00:30 in Paris is still Sunday in UTC: last week.
    assert period_start("week", datetime(2026, 11, 30, 0, 30, tzinfo=paris)) == utc(2026, 11, 23)
    with pytest.raises(ValueError):
        period_start("week", datetime(2026, 11, 30))


def test_a_commands_period_is_all_time_unless_a_week_or_a_month() -> None:
    assert parse_period(None) is None and parse_period("all") is None
    assert (parse_period("week"), parse_period("month")) == ("week", "month")
    with pytest.raises(ValueError):
        parse_period("year")
