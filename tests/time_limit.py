"""Calling code that might hang (a bot searching for ever), under a time limit: a hang must
fail the test that found it, not stop the whole run."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar, cast

import pytest

T = TypeVar("T")


def within(seconds: float, call: Callable[[], T]) -> T:
    """``call()``'s value, or its exception; a test failure if it takes over ``seconds``.

    The call runs in a daemon thread, which is left behind if it hangs (Python cannot stop
    a thread); it ends with the test process."""
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as e:
            box["error"] = e

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        pytest.fail(f"no answer within {seconds} s: the call hangs")
    error = box.get("error")
    if isinstance(error, BaseException):
        raise error
    return cast(T, box["value"])
