"""The end of the game (l.423-446): after the seventh round every player adds his heroes'
prestige, his trophies, his missions fulfilled (the module: his own and the common one)
and 1 a pantry ingredient (what sbires carry does not count). The most prestige wins; a
tie goes to the player who cooked the most prestigious recipe (the highest printed value,
B8; one who cooked nothing loses it); still tied, the victory is shared."""

from __future__ import annotations

from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Result, Standing, Task
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons import steps as step
from taverna_rules.games.taverns_and_dragons.effects import EVALUATOR
from taverna_rules.games.taverns_and_dragons.flow import automatic
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState

__all__ = ["best_recipe", "final_lines", "mission_points"]


def mission_points(rules: RuleSet, state: GameState, seat: int) -> int:
    """The prestige of ``seat``'s missions fulfilled: his own, and the common one."""
    shown = (state.mission,) if state.mission else ()
    return sum(
        rules.mission(m).prestige
        for m in (*state.players[seat].missions, *shown)
        if EVALUATOR.holds(rules.mission(m).condition, state, seat, rules)
    )


def final_lines(rules: RuleSet, state: GameState, seat: int) -> dict[str, int]:
    """What ``seat`` adds at the end, by category (l.437-442)."""
    me = state.players[seat]
    return {
        "heroes": sum(rules.hero(h).prestige for h in me.heroes),
        "trophies": sum(rules.trophy(t).prestige for t in me.trophies),
        "missions": mission_points(rules, state, seat),
        "pantry": len(me.pantry),
    }


def best_recipe(rules: RuleSet, state: GameState, seat: int) -> int:
    """The printed prestige of the most prestigious recipe ``seat`` cooked (B8; -1: none)."""
    return max((rules.recipe(r).prestige for r in state.players[seat].recipes), default=-1)


@automatic(step.END_GAME)
def _end(engine: Engine, task: Task) -> None:
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    played: dict[int, int] = {seat: p.prestige for seat, p in enumerate(state.players)}
    for seat, me in enumerate(state.players):
        engine.emit(ev.Revealed(seat, me.trophies, me.missions))
    lines = {seat: final_lines(rules, state, seat) for seat in range(len(state.players))}
    for seat, line in lines.items():
        engine.emit(ev.FinalScored(seat, line["heroes"], line["trophies"], line["missions"], line["pantry"]))
    final: GameState = engine.state
    keys = {seat: (p.prestige, best_recipe(rules, final, seat)) for seat, p in enumerate(final.players)}
    order = sorted(keys, key=lambda seat: (-keys[seat][0], -keys[seat][1], seat))
    standings = []
    for seat in order:
        rank = 1 + sum(1 for other in keys if keys[other] > keys[seat])
        tied = sum(1 for other in keys if keys[other] == keys[seat]) > 1
        breakdown = (("play", played[seat]), *sorted(lines[seat].items()))
        standings.append(
            Standing(seat, final.players[seat].name, rank, final.players[seat].prestige, breakdown, tied)
        )
    engine.emit(ev.GameEnded(Result(tuple(standings))))
