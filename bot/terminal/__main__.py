"""``python -m bot.terminal [options]``: the same game as ``python -m bot play``."""

import sys

from . import main

sys.exit(main(sys.argv[1:]))
