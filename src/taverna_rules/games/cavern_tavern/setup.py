"""Setting up a game of Cavern Tavern (rulebook, "Setup", "Start Play" and "Start of
game"): the supply and the decks, a secret task for each player, the white die for the
last player, everyone's starting roll and the ingredients it takes from the Cellar, and
an order face up on each table of the Main Area.

:func:`start_events` checks every argument of a new game before anything happens (the
core's :mod:`~taverna_rules.core.arguments`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from taverna_rules._shown import shown
from taverna_rules._version import VERSION
from taverna_rules.core.arguments import (
    check_chance,
    check_first_player,
    check_players,
    check_seed,
    resolve_options,
)
from taverna_rules.core.chance import card_from
from taverna_rules.core.decide import run_flow
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Task
from taverna_rules.core.resume import reopen
from taverna_rules.errors import OptionError
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.board import refill_table, rolled
from taverna_rules.games.cavern_tavern.evolve import evolve
from taverna_rules.games.cavern_tavern.flow import automatic
from taverna_rules.games.cavern_tavern.ruleset import RuleSet
from taverna_rules.games.cavern_tavern.state import GameState

__all__ = ["OPENINGS", "cellar_place", "dice_of", "opening", "seat_order", "start_events"]

#: The events a Cavern Tavern log starts with: a new game, or a game resumed from a position.
OPENINGS = (ev.GameStarted, ev.PositionLoaded)


def start_events(
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    first_player: int | None = None,
    chance: str = "sampled",
) -> list[ev.Event]:
    """The events that open a game, up to its first decision. ``first_player`` is the
    seat who most recently was in a tavern brawl (seat 0 when not given)."""
    if not isinstance(rules, RuleSet):
        raise OptionError(
            f"rules is a Cavern Tavern RuleSet (from load_rules('cavern_tavern')), not {shown(rules)}"
        )
    names = check_players(rules.supported_players(), players)
    started = ev.GameStarted(
        rules=rules.fingerprint,
        players=names,
        seed=check_seed(seed),
        first_player=check_first_player(first_player, len(names)) or 0,
        options=resolve_options(rules, options),
        game=rules.game,
        engine=VERSION,
        packs=tuple((pack.id, pack.version) for pack in rules.packs),
        chance=check_chance(chance),
    )
    return run_flow(rules, evolve(None, started), [started])


def opening(rules: RuleSet, first: ev.Event) -> list[ev.Event]:
    """The opening ``first`` gives, recomputed: from a :class:`GameStarted`'s seed and
    arguments, or a checked position and the steps it runs."""

    def restart(e: ev.GameStarted) -> list[ev.Event]:
        return start_events(rules, e.players, e.seed, dict(e.options), e.first_player, e.chance)

    return reopen(rules, first, ev.GameStarted, ev.PositionLoaded, restart)


def seat_order(state: GameState) -> tuple[int, ...]:
    """The seats in turn order, from the first player to their left."""
    count = len(state.players)
    return tuple((state.first + i) % count for i in range(count))


def dice_of(rules: RuleSet, state: GameState, seat: int) -> int:
    """How many dice ``seat`` rolls: their own, and the white die if they have it."""
    return rules.constants.dice_per_player + (1 if state.players[seat].white else 0)


def cellar_place(rules: RuleSet, value: int) -> str:
    """The Cellar place a die of ``value`` goes to."""
    return next(p.id for p in rules.places if p.area == "cellar" and p.dice_sum == value)


def _copies(rules: RuleSet) -> tuple[str, ...]:
    return tuple(sorted(f"{item.id}#{n}" for item in rules.items for n in range(1, item.copies + 1)))


@automatic("setup")
def _setup(engine: Engine, task: Task) -> None:
    rules: RuleSet = engine.rules
    c = rules.constants
    supply = [i for i in rules.ingredient_ids for _ in range(c.ingredient_copies)]
    supply += [rules.potion.id] * c.potion_copies
    engine.emit(
        ev.BoardSetUp(
            supply=tuple(sorted(supply)),
            tables=c.tables,
            order_deck=tuple(sorted(o.id for o in rules.orders)),
            item_deck=_copies(rules),
            nasty_deck=tuple(sorted(n.id for n in rules.nasty_says)),
            secret_box=tuple(sorted(s.id for s in rules.secret_tasks)),
        )
    )
    state: GameState = engine.state
    order = seat_order(state)
    for seat in order:
        box = engine.state.secret_box
        if box:
            engine.draw(card_from(box, partial(ev.SecretDealt, seat)))
    # "The last player takes the White Die" (Start Play).
    engine.emit(ev.WhiteDieGiven(order[-1]))
    white = state.option("starting_roll_with_white_die", True)
    takes: list[Task] = []
    for seat in order:
        count = c.dice_per_player + (1 if white and seat == order[-1] else 0)
        dice = engine.draw(rolled(seat, count))
        assert isinstance(dice, ev.DiceRolled)
        takes += [Task("effect", seat, f"place:{cellar_place(rules, value)}") for value in dice.dice]
    engine.push(*takes, Task("deal_orders"), Task("round_start"))


@automatic("deal_orders")
def _deal_orders(engine: Engine, task: Task) -> None:
    """After the starting ingredients: a face-up order on each table of the Main Area."""
    for table in range(len(engine.state.tables)):
        refill_table(engine, table)


@automatic("round_start")
def _round_start(engine: Engine, task: Task) -> None:
    """A round: everyone rolls all their dice; the first player begins."""
    state: GameState = engine.state
    engine.emit(ev.RoundStarted(state.round + 1))
    for seat in seat_order(state):
        count = dice_of(engine.rules, engine.state, seat)
        engine.draw(rolled(seat, count))
    engine.push(Task("turn", engine.state.first))
