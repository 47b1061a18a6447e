"""The reports on a game's reconstructed content:
``python -m taverna_rules.tools.balance --game GAME [--report NAME] [--bot SPEC]
[--players N]``.

Plays simulated games (every seat a random bot, then every seat a greedy bot, or the bots
named with ``--bot``, ISMCTS say) for every player count (or those named with
``--players``) and prints what the game measures of its content over them. The
``balance`` report, run by default: Taverna its spells (:mod:`taverna_rules.games.taverna.balance`),
Cavern Tavern its orders, items and cards
(:mod:`taverna_rules.games.cavern_tavern.balance`); Taverna's ``economy`` report its
coins, VP, track bonuses and supplies (:mod:`taverna_rules.games.taverna.economy`). What
to measure is the game's own (its module's ``reports``, each making a
:class:`~taverna_rules.core.balance.BalanceMeter`); this tool plays the games and feeds
the meter each decision and each finished game. The same seeds give the same figures.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules.bot_specs import make_bot
from taverna_rules.core.balance import BalanceMeter
from taverna_rules.core.game_modules import DEFAULT_GAME, game_module, installed_games
from taverna_rules.core.words import counted_noun
from taverna_rules.errors import OptionError
from taverna_rules.game import new_game
from taverna_rules.rules import load_rules
from taverna_rules.tools._exit import run

__all__ = ["BOTS", "DEFAULT_REPORT", "BalanceReport", "balance", "main", "main_exit", "meter_of"]

#: The bots of the report, in the order it prints them: every seat plays the same kind.
BOTS = ("random", "greedy")
#: The report run when none is named.
DEFAULT_REPORT = "balance"


@attrs.frozen
class BalanceReport:
    """The figures of one game's content over the games of one kind of bot."""

    #: The game's id.
    game: str
    #: The report's name among the game's ``reports`` (``balance`` by default).
    report: str
    #: The bot at every seat (a spec of :func:`~taverna_rules.bot_specs.make_bot`).
    bot: str
    #: The games played for each player count.
    games: int
    #: The first game's seed.
    seed: int
    #: The game's figures, one record per thing measured (its meter's ``figures()``).
    figures: tuple[Any, ...]
    #: Those figures as the game's fixed-width table.
    table: str

    def format_text(self) -> str:
        """The heading (bots and games), then the game's table."""
        return f"{self.bot} bots, {counted_noun(self.games, 'game')} for each player count\n{self.table}"


def meter_of(rules: Any, report: str = DEFAULT_REPORT) -> BalanceMeter:
    """A new meter of the report named ``report`` of the game of ``rules``;
    :class:`~taverna_rules.errors.OptionError` when its module gives no such report."""
    module = game_module(rules.game)
    make = module.reports.get(report) if isinstance(report, str) else None
    if make is None:
        known = ", ".join(map(repr, module.reports)) or "none"
        raise OptionError(
            f"{module.name.en} has no {shown(report)} report: its game module's reports are {known} "
            "(each makes a BalanceMeter, see taverna_rules.core.balance)"
        )
    return make(rules)


def balance(
    rules: Any,
    bot: str,
    games: int,
    seed: int = 0,
    report: str = DEFAULT_REPORT,
    players: Sequence[int] = (),
) -> BalanceReport:
    """Play ``games`` games per player count of the rules (``players``, or every count the
    game supports) with ``bot`` (``random``, ``greedy`` or any bot spec, say
    ``ismcts:iterations=50,depth=20``) at every seat, and measure them with the meter of
    the game's report ``report``. Game ``g`` has the seed ``seed + g``, and its seat ``i``
    a bot seeded ``seed + g + i``. A player count the game does not support raises
    :class:`~taverna_rules.errors.OptionError`."""
    meter = meter_of(rules, report)
    supported = game_module(rules.game).player_counts(rules)
    for count in players:
        if count not in supported:
            raise OptionError(
                f"{game_module(rules.game).name.en} is played by {', '.join(map(str, supported))} "
                f"players, not {count!r}"
            )
    for count in players or supported:
        for index in range(games):
            _play(rules, meter, bot, count, seed + index)
    return BalanceReport(rules.game, report, bot, games, seed, tuple(meter.figures()), meter.table())


def _play(rules: Any, meter: BalanceMeter, bot: str, players: int, seed: int) -> None:
    """Play one game, showing the meter each decision before it is made and the game at its end."""
    game = new_game(rules, [f"P{seat}" for seat in range(players)], seed=seed)
    bots = [make_bot(bot, seed + seat) for seat in range(players)]
    while not game.over:
        decision = game.decision
        assert decision is not None  # a game not over waits for a decision
        meter.decision(game.state, decision)
        game.apply(bots[decision.player].choose(game.seat(decision.player)))
    assert game.result is not None
    meter.finished(game.state, game.events, {s.player: s.total for s in game.result.standings})


def main(argv: Sequence[str] | None = None) -> int:
    """Print a report on a game's content (its balance report by default), for random then
    greedy bots, or the bots named with ``--bot``."""
    parser = argparse.ArgumentParser(
        prog="python -m taverna_rules.tools.balance",
        description="Play bot games for every player count and print a report on a game's content "
        "(its balance report by default; --report names another of the game's reports).",
    )
    parser.add_argument("--games", type=int, default=40, help="games for each player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default=DEFAULT_GAME, choices=installed_games())
    parser.add_argument("--report", default=DEFAULT_REPORT, help="the report to run (default: balance)")
    parser.add_argument(
        "--bot",
        action="append",
        metavar="SPEC",
        help="the bot at every seat, once per report: random, greedy or a spec such as "
        "ismcts:iterations=50,depth=20 (repeatable; default: random, then greedy)",
    )
    parser.add_argument(
        "--players",
        action="append",
        type=int,
        metavar="N",
        help="a player count to play (repeatable; default: every count the game supports)",
    )
    args = parser.parse_args(argv)
    rules = load_rules(args.game)
    try:
        meter_of(rules, args.report)
        bots = args.bot or BOTS
        for spec in bots:
            make_bot(spec, 0)
        for bot in bots:
            print(balance(rules, bot, args.games, args.seed, args.report, args.players or ()).format_text())
            print()
    except OptionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def main_exit() -> None:
    """The console-script entry point: run :func:`main` and exit with its status (quietly
    when the reader of its output has gone)."""
    run(main)


if __name__ == "__main__":
    main_exit()
