"""The benchmark runner of taverna_rules: ``python -m benchmarks`` (``make bench``).

It measures, in one run on one machine:

* random 2- to 5-player Taverna games per second, and decisions per second;
* events folded per second when a finished game's log is replayed;
* the time to load the rules, cold (a fresh process) and warm (in-process);
* python-chess random playouts, the yardstick the project's speed goals refer to;

and prints a table, with the goal ratios marked "met" or "not met". Benchmarks are
not tests: nothing here asserts a speed.
"""

from .cli import main
from .report import render_table, to_json, write_json
from .runner import Config, Results, run_all

__all__ = ["Config", "Results", "main", "render_table", "run_all", "to_json", "write_json"]
