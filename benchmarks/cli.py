"""``python -m benchmarks``'s command: run the benchmarks (:mod:`.runner`), print the table
and write the JSON (:mod:`.report`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .report import render_table, write_json
from .runner import config_from, parse_args, run_all
from .strength_bench import GAMES, GOAL_BEATS, strength_figures

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks, print the table, write JSON if asked; return the exit status."""
    args = parse_args(argv)
    config = config_from(args)

    def progress(text: str) -> None:
        print(f"  {text} ...", file=sys.stderr, flush=True)

    results = run_all(config, progress)
    print(render_table(results))
    for game in GAMES if args.strength else ():
        progress(f"ISMCTS against greedy bots, {args.strength} games of {game}")
        strength = strength_figures(args.strength, args.strength_seconds, seed=args.seed, game=game)
        print(
            f"\nISMCTS ({strength.seconds:g} s a decision) against three greedy bots, 4-player {game}, "
            f"{strength.games} games, seats rotating:\n"
            f"  beats a greedy bot in {strength.beats:.0%} of {strength.pairings} pairings "
            f"(95% CI {strength.low:.0%}-{strength.high:.0%}); first place in {strength.wins:.0%} of games\n"
            f"Goal: beats greedy in >= {GOAL_BEATS:.0%}: {'met' if strength.met else 'not met'}"
        )
    if args.json:
        write_json(results, args.json)
        print(f"\nfigures written to {args.json}")
    return 0
