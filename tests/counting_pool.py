"""A process pool whose submitted jobs are counted by function: what the coach's tests
check to see that a kept review costs the workers nothing."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any


class CountingPool(Executor):
    """The real pool, with the jobs submitted to it counted by function."""

    def __init__(self, pool: Executor) -> None:
        self.pool = pool
        self.jobs: list[str] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.jobs.append(fn.__name__)
        return self.pool.submit(fn, *args, **kwargs)
