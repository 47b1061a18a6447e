"""The benchmark runner of taverna_rules: ``python -m benchmarks`` (``make bench``).

It measures, in one run on one machine:

* for every bundled game (Taverna, Cavern Tavern, Taverne, Taverns & Dragons): random
  games per second at each of its player counts, and decisions per second; events folded
  per second when a finished game's log is replayed; random playouts from mid-game, the
  inner loop of search; and the memory a game takes;
* the time to load Taverna's rules, cold (a fresh process) and warm (in-process);
* python-chess random playouts, the yardstick the project's speed goals refer to;
* for comparison without a goal: the tests' toy dice race through the same engine (its
  fixed cost), and OpenSpiel's random games when it is installed (the ``openspiel`` extra);

and prints a table, headed by the build that runs (pure Python or compiled with mypyc),
with issue #28's goals (decisions a second over python-chess's plies a second, the target
chosen by the build) and the others marked "met" or "not met". Benchmarks are not tests:
nothing here asserts a speed.
"""

from .cli import main
from .report import render_table, to_json, write_json
from .runner import Config, Results, run_all

__all__ = ["Config", "Results", "main", "render_table", "run_all", "to_json", "write_json"]
