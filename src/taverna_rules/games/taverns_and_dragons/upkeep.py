"""The upkeep (l.384-419): once every die is placed, the dice come back, the locations
are cleared (the "Fermé" tokens of a 2-player game stay), the recipe row slides one place
and a recipe is revealed, and the King moves one day on: each icon he crosses resolves,
top to bottom (hydromel: heroes readied; a dragon wakes, the one in play leaving; magic:
the board's ingredients renewed; an event, with the module). After the seventh round the
game ends (l.429)."""

from __future__ import annotations

from taverna_rules.core import symbol_grid
from taverna_rules.core.chance import card_from
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Task
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons import steps as step
from taverna_rules.games.taverns_and_dragons.flow import automatic
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.setup import fill_board, reveal_recipe
from taverna_rules.games.taverns_and_dragons.state import GameState

__all__ = ["starting_grid"]


def starting_grid(rules: RuleSet, dragon: str, players: int) -> tuple[tuple[str, ...], ...]:
    """A dragon's grid as it wakes: its rows, the "4+" row only with 4 or more players
    (l.305)."""
    rows = rules.dragon(dragon).grid
    grid = symbol_grid.SymbolGrid.of(tuple(row.symbols for row in rows))
    active = tuple(i for i, row in enumerate(rows) if row.players <= players)
    return symbol_grid.start(grid, active)


@automatic(step.UPKEEP)
def _upkeep(engine: Engine, task: Task) -> None:
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    engine.emit(ev.RoundEnded(state.round))
    if state.round >= rules.constants.rounds:
        engine.push(Task(step.END_GAME))
        return
    engine.emit(ev.RowSlid(state.row[-1]))
    reveal_recipe(engine)
    icons = rules.day(state.round).icons
    engine.push(*(Task(step.DAY, args=(icon,)) for icon in icons), Task(step.ROUND_START))


@automatic(step.DAY)
def _day(engine: Engine, task: Task) -> None:
    """An icon of the days track the King crosses (l.391-419)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    icon = task.args[0]
    first = state.first
    if icon == "hydromel":
        engine.emit(ev.HeroesReadied())
    elif icon == "dragon":
        if state.dragon:
            engine.emit(ev.DragonLeft(state.dragon))
        if state.dragon_deck:
            players = len(state.players)
            event = engine.draw(
                card_from(state.dragon_deck, lambda d: ev.DragonAwoke(d, starting_grid(rules, d, players)))
            )
            assert isinstance(event, ev.DragonAwoke)
            engine.push(Task(EFFECT, first, f"dragon:{event.dragon}:appearance"))
    elif icon == "magic":
        if state.tokens:
            engine.emit(ev.BoardCleared(state.tokens))
        fill_board(engine)
    elif icon == "event" and state.option("events") and state.event_deck:
        which = rules.day(state.round).event or "a"
        event = engine.draw(card_from(state.event_deck, lambda e: ev.EventRevealed(e, which)))
        assert isinstance(event, ev.EventRevealed)
        engine.push(Task(EFFECT, first, f"event:{event.event}:{which}"))
