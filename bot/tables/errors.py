"""Refusals: every action a table does not take comes back as one, with the reason."""

from __future__ import annotations


class Refused(Exception):
    """An action the table refused; nothing changed.

    ``code`` names the reason for the presentation layer, which translates it with
    ``params`` (the player named, the seat, the engine's reason); ``str()`` says it in
    English, naming the card or the rule where there is one.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
