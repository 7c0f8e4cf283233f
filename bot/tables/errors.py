"""Refusals: every action a table does not take comes back as one, with the reason.

A new reason is a new ``RefusalCode`` member plus its ``refused.<code>`` text in each
catalog of ``bot/i18n`` (a test checks that every member has one).
"""

from __future__ import annotations

from enum import StrEnum


class RefusalCode(StrEnum):
    """Why the table service refused; each member compares equal to its text, which names
    the message ``refused.<code>`` in the catalogs."""

    NO_TABLE = "no_table"
    TABLE_EXISTS = "table_exists"
    BAD_PLAYERS = "bad_players"
    BAD_RULES = "bad_rules"
    BAD_DEALS = "bad_deals"
    BAD_LEVEL = "bad_level"
    BAD_SEAT = "bad_seat"
    NOT_LOBBY = "not_lobby"
    NOT_PLAYING = "not_playing"
    NOT_SEATED = "not_seated"
    NOT_HOST = "not_host"
    ALREADY_SEATED = "already_seated"
    TABLE_FULL = "table_full"
    NO_BOT = "no_bot"
    NO_BOT_SEAT = "no_bot_seat"
    SEATS_EMPTY = "seats_empty"
    EMPTY_SEAT = "empty_seat"
    HOST_SEAT = "host_seat"
    UNKNOWN_RULE = "unknown_rule"
    BAD_RULE_VALUE = "bad_rule_value"
    RULE_CONFLICT = "rule_conflict"
    """A value the option allows that the engine refuses beside the table's other rules."""
    STALE = "stale"
    OTHER_CHANNEL = "other_channel"
    """A control pressed in another channel than its table's (raised by the Discord layer)."""
    NOT_YOUR_TURN = "not_your_turn"
    NOT_YOUR_SEAT = "not_your_seat"
    NOT_AWAY = "not_away"
    NOT_HUMAN = "not_human"
    CHALLENGE = "challenge"
    """A challenge's attempt is played to its end by its member: never stopped, never
    handed to a bot."""
    NO_CHALLENGE = "no_challenge"
    CHALLENGE_CLOSED = "challenge_closed"
    ALREADY_PLAYED = "already_played"
    """One attempt per member and challenge."""
    ATTEMPT_UNDER_WAY = "attempt_under_way"
    """Another challenge is being played in the same member's DMs."""
    RESULTS_HIDDEN = "results_hidden"
    """A challenge's results, before the member has finished it and while it is open."""
    ILLEGAL = "illegal"
    STORAGE = "storage"
    ELSEWHERE = "elsewhere"
    """A DM click for a table another bot process runs, which did not take it in time."""
    UNANSWERED = "unanswered"
    """A DM click another bot process took for its table but never answered (it stopped
    in between): the move may or may not have been made."""


class Refused(Exception):
    """An action the table refused; nothing changed.

    ``code`` names the reason for the presentation layer, which translates it with
    ``params`` (the player named, the seat, the engine's reason); ``str()`` says it in
    English, naming the card or the rule where there is one. A code given as text becomes
    its ``RefusalCode``; one this service does not know (a newer wording) stays text.
    """

    def __init__(self, code: RefusalCode | str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code: RefusalCode | str = _known(code)
        self.message = message
        self.params = params


def _known(code: str) -> RefusalCode | str:
    try:
        return RefusalCode(code)
    except ValueError:
        return code
