"""``make demo``: a full game between greedy bots, narrated as a spectator sees it
(:meth:`Game.narrate <taverna_rules.Game.narrate>`), ending with the text board
(``print(game)``) and the scores (``--game cavern_tavern``, or ``make demo
GAME=cavern_tavern``, for another game)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from taverna_rules.bots import GreedyBot
from taverna_rules.core.game_modules import DEFAULT_GAME, game_module, installed_games
from taverna_rules.game import new_game
from taverna_rules.narration import score_table
from taverna_rules.rules import load_rules

__all__ = ["main"]

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def main(argv: Sequence[str] | None = None) -> int:
    """Play and print one game; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=DEFAULT_GAME, choices=installed_games())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    rules = load_rules(game=args.game)
    module = game_module(args.game)
    counts = module.player_counts(rules)
    if args.players not in counts:
        parser.error(f"{module.name.get('en')} plays with {', '.join(map(str, counts))} players")
    game = new_game(rules, NAMES[: args.players], seed=args.seed)
    bot = GreedyBot(args.seed)
    narration = module.narration
    out = sys.stdout
    opening = len(game.events)
    intro = narration.intro(rules, game.state) if narration else []
    while (decision := game.decision) is not None:
        game.apply(bot.choose(game.seat(decision.player)))
    # Narrated from the spectator's view (hands stay hidden, as at a real table), once:
    # the game's introduction after the opening's lines.
    for number, line in game.narration(None):
        if intro and number > opening:
            out.write("\n".join(intro) + "\n")
            intro = []
        out.write(line + "\n")
    assert game.result is not None
    out.write(f"\n{game}\n")
    out.write("\nFinal scores (VP by category)\n\n")
    out.write(score_table(game.result) + "\n")
    for line in narration.outro(rules, game.state) if narration else ():
        out.write("\n" + line + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
