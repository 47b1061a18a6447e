"""How a command-line tool ends: with its status, and quietly when its reader has gone.

``taverna schema | head`` closes the pipe after ten lines; a tool still writing then gets
``BrokenPipeError``, and Python would print a traceback (and another on the final flush).
A reader who stops early is normal use, so the tool stops there without a word.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

__all__ = ["run"]


def run(main: Callable[[], int]) -> NoReturn:
    """Exit with ``main()``'s status; 1, silently, when standard output's reader has gone."""
    try:
        status = main()
        sys.stdout.flush()  # a broken pipe shows here, not at the interpreter's exit
    except BrokenPipeError:
        # The interpreter flushes stdout again as it exits: point it at /dev/null first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    sys.exit(status)
