"""``make demo``: a full game between greedy bots, narrated as a spectator sees it
(:meth:`Game.narrate <taverna_rules.Game.narrate>`), ending with the text board
(``print(game)``) and the scores (``--game cavern_tavern``, or ``make demo
GAME=cavern_tavern``, for another game), in any of the game's languages (``--lang fr``;
the game's first by default)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from taverna_rules.bots import GreedyBot
from taverna_rules.core.game_modules import DEFAULT_GAME, game_module, installed_games
from taverna_rules.dsl.text import TEXT_LANGUAGES, Text
from taverna_rules.game import Game, new_game
from taverna_rules.narration import score_table
from taverna_rules.rules import load_rules
from taverna_rules.tools._exit import run

__all__ = ["main", "main_exit"]

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")

#: The demo's own words around the game's: the score table's heading and columns.
_FRAME = {
    "scores": Text(
        en="Final scores ({score} by category)",
        fr="Scores finaux ({score} par catégorie)",
        nl="Eindscores ({score} per categorie)",
    ),
    "rank": Text(en="rank", fr="rang", nl="plaats"),
    "player": Text(en="player", fr="joueur", nl="speler"),
    "total": Text(en="total", fr="total", nl="totaal"),
}


def _frame(key: str, lang: str) -> str:
    # A game may speak a language the demo's words are not written in: English then.
    return _FRAME[key].get(lang if lang in TEXT_LANGUAGES else "en")


def _scores(game: Game, narration: Any, lang: str) -> str:
    """The score table, its columns headed in ``lang``, categories as the game names them."""
    assert game.result is not None
    headings = {key: _frame(key, lang) for key in ("rank", "player", "total")}
    if narration is not None:
        for standing in game.result.standings:
            for category, _ in standing.breakdown:
                headings[category] = narration.category(game.rules, category, lang)
    heading = _frame("scores", lang).format(score=game.module.score.get(lang))
    return f"{heading}\n\n{score_table(game.result, headings=headings)}"


def main(argv: Sequence[str] | None = None) -> int:
    """Play and print one game; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m taverna_rules.tools.demo",
        description="Play a full game between greedy bots, narrated as a spectator sees it, "
        "ending with the board and the scores, in any of the game's languages.",
    )
    parser.add_argument("--game", default=DEFAULT_GAME, choices=installed_games())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--lang", help="one of the game's languages (default: its first)")
    args = parser.parse_args(argv)

    rules = load_rules(game=args.game)
    module = game_module(args.game)
    counts = module.player_counts(rules)
    if args.players not in counts:
        parser.error(f"{module.name.get('en')} plays with {', '.join(map(str, counts))} players")
    lang = module.languages[0] if args.lang is None else args.lang
    if lang not in module.languages:
        parser.error(f"{module.name.get('en')} is written in {', '.join(module.languages)}, not {lang!r}")
    game = new_game(rules, NAMES[: args.players], seed=args.seed)
    bot = GreedyBot(args.seed)
    narration = module.narration
    out = sys.stdout
    opening = len(game.events)
    intro = narration.intro(rules, game.state, lang) if narration else []
    while (decision := game.decision) is not None:
        game.apply(bot.choose(game.seat(decision.player)))
    # Narrated from the spectator's view (hands stay hidden, as at a real table), once:
    # the game's introduction after the opening's lines.
    for number, line in game.narration(None, lang=lang):
        if intro and number > opening:
            out.write("\n".join(intro) + "\n")
            intro = []
        out.write(line + "\n")
    out.write(f"\n{game.board(lang=lang)}\n")
    out.write(f"\n{_scores(game, narration, lang)}\n")
    for line in narration.outro(rules, game.state, lang) if narration else ():
        out.write("\n" + line + "\n")
    return 0


def main_exit() -> None:
    """The console-script entry point: run :func:`main` and exit with its status (quietly
    when the reader of its output has gone)."""
    run(main)


if __name__ == "__main__":
    main_exit()
