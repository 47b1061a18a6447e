"""``make demo``: a full game between random bots, narrated, ending with the scores."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from taverna_rules.adapters.bots import RandomBot
from taverna_rules.adapters.narrate import card_text, describe_event, score_table
from taverna_rules.game import new_game
from taverna_rules.games.taverna.events import CustomerRevealed, Event, SpellDrawn, TurnStarted, VPScored
from taverna_rules.rules import load_rules

__all__ = ["main"]

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def _routine(event: Event, in_setup: bool) -> bool:
    """Events the table summary already shows: the opening deal and the people scoring."""
    if isinstance(event, SpellDrawn | CustomerRevealed):
        return in_setup
    return isinstance(event, VPScored) and event.category == "people"


def main(argv: Sequence[str] | None = None) -> int:
    """Play and print one game; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    rules = load_rules()
    game = new_game(rules, NAMES[: args.players], seed=args.seed)
    bot = RandomBot(args.seed)
    out = sys.stdout
    shown = 0

    def flush() -> None:
        nonlocal shown
        # Narrate from the spectator's view: hands stay hidden, as at a real table.
        log = game.events_for(None)
        for event in log[shown:]:
            if _routine(event, game.state.turn is None and game.state.customers_played == 0):
                continue
            if isinstance(event, TurnStarted):
                n = len(game.state.players)
                turns = rules.constants.turns_for(n)
                round_ = min(game.state.customers_played // n + 1, turns)
                out.write(
                    f"\n-- {game.state.players[event.player].name}'s turn, round {round_} of {turns} --\n"
                )
                continue
            line = describe_event(rules, game.state, event)
            if line:
                out.write(line + "\n")
        shown = len(log)

    flush()
    out.write(f"Each player is dealt {rules.constants.spell_hand} spells, kept secret.\n")
    out.write("The row: " + ", ".join(f"{c} ({card_text(rules, c)})" for c in game.state.row) + ".\n")
    while not game.over:
        game.apply(bot.choose(game))
        flush()
    assert game.result is not None
    out.write("\nFinal scores (VP by category)\n\n")
    out.write(score_table(game.result) + "\n")
    out.write("\nCoins left: " + ", ".join(f"{p.name} {p.coins}" for p in game.state.players) + "\n")
    out.write(
        "\nReconstructed content (customer cards, board layouts, track bonuses, spells) is ours,\n"
        "not the printed game's: see docs/content.rst.\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
