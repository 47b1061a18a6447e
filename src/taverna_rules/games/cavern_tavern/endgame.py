"""The end of a game of Cavern Tavern (rulebook, "Ending the game"): after the tenth
round, the secret tasks and the orders kept face down are shown, and each player loses
the points of their place on the Nasty track, scores 1 VP an ingredient if they have no
open order, loses 10 for each unfinished "Nasty the Dwarf Says" card not drawn in the
last round, and scores their secret task. The most VP wins; ties go to the better
reputation with Nasty (higher on his track), then to more orders served, and are
otherwise shared."""

from __future__ import annotations

from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Result, Standing, Task
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.board import reveal_orders, score
from taverna_rules.games.cavern_tavern.flow import automatic
from taverna_rules.games.cavern_tavern.ruleset import RuleSet, SecretTask
from taverna_rules.games.cavern_tavern.setup import seat_order
from taverna_rules.games.cavern_tavern.state import GameState, Player

__all__ = ["ranking", "tie_key"]


@automatic("end_game")
def _end_game(engine: Engine, task: Task) -> None:
    rules: RuleSet = engine.rules
    c = rules.constants
    engine.emit(ev.SecretsRevealed(tuple(p.secret for p in engine.state.players)))
    for seat in seat_order(engine.state):
        reveal_orders(engine, seat)
    nasty = rules.track("nasty")
    secrets: list[Task] = []
    for seat in seat_order(engine.state):
        me = engine.state.players[seat]
        score(engine, seat, -nasty.penalty[me.nasty] if me.nasty < len(nasty.penalty) else 0, "nasty")
        if me.order is None:
            score(engine, seat, len(me.ingredients) * c.ingredient_vp, "ingredients")
        unfinished = sum(1 for _, drawn in me.demands if drawn < c.rounds)
        score(engine, seat, -unfinished * c.unfinished_nasty, "nasty_says")
        if me.shown and rules.has(SecretTask, me.shown):
            secrets.append(Task(EFFECT, seat, f"secret:{me.shown}"))
    engine.push(*secrets, Task("finish"))


def tie_key(player: Player) -> tuple[int, int, int]:
    """How players compare at the end, best first: VP, then reputation with Nasty (the
    fewer spaces down his track the better), then orders served."""
    return (-player.score, player.nasty, -player.orders_served)


def ranking(state: GameState) -> Result:
    """The final standings: ranks shared by players who tie on every count."""
    keys = [tie_key(p) for p in state.players]
    order = sorted(range(len(state.players)), key=lambda seat: (keys[seat], seat))
    standings = []
    for seat in order:
        player = state.players[seat]
        rank = 1 + sum(1 for key in keys if key < keys[seat])
        tied = keys.count(keys[seat]) > 1
        standings.append(Standing(seat, player.name, rank, player.score, player.vp, tied))
    return Result(tuple(standings))


@automatic("finish")
def _finish(engine: Engine, task: Task) -> None:
    engine.emit(ev.GameEnded(ranking(engine.state)))
