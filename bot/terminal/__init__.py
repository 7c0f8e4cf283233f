"""French Tarot in a terminal, against computer players, in the Discord texts' words and
languages (no Discord involved): ``main(argv)`` is ``python -m bot play``."""

from .command import main

__all__ = ["main"]
