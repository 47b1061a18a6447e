"""Activating a sbire (l.228-291): it must move, exactly its die's regions along the path
(forks as the arrows allow); before or after moving, it may collect one ingredient of its
region, visit adjacent locations (each once), hunt the adjacent dragon once, and at the
city gates drop what it carries into the pantry and discard its wounds. Free actions are
offered throughout. In the last round, the end of each activation sends the sbire home
with its goods (l.431-433)."""

from __future__ import annotations

from taverna_rules.core.chance import faced_dice
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Action, Task
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons import steps as step
from taverna_rules.games.taverns_and_dragons.actions import (
    Collect,
    Drop,
    EndActivation,
    Heal,
    Hunt,
    Move,
    Visit,
)
from taverna_rules.games.taverns_and_dragons.flow import FLOW, ask, automatic
from taverna_rules.games.taverns_and_dragons.free import FREE, face_of
from taverna_rules.games.taverns_and_dragons.moves import (
    move,
    reach,
    route_text,
    visit,
    visit_refusal,
    visitable,
)
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState
from taverna_rules.games.taverns_and_dragons.table import collectable, dragon_space, region_of

__all__ = ["activation_actions"]


def activation_actions(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    """What the sbire of the activation under way may do now."""
    sbire = state.sbire
    index = state.sbires.index(sbire)
    me = state.players[seat]
    region = region_of(state, seat, sbire)
    out: list[Action] = []
    if not state.moved:
        out.extend(Move(route_text(r)) for r in reach(rules, state, seat, sbire, state.die))
    if state.collects:
        out.extend(Collect(kind) for kind, _ in collectable(rules, state, seat, sbire))
    out.extend(Visit(loc) for loc in visitable(rules, state, seat, sbire))
    space = dragon_space(rules, state)
    if not state.hunted and space and rules.adjacent(region, space) and me.energy:
        out.extend(Hunt(g) for g in range(1, min(rules.constants.hunting_dice, me.energy) + 1))
    if region == rules.gates:
        out.extend(Drop(kind) for kind in sorted(set(me.carried[index])))
        out.extend(Heal(n) for n in range(1, me.wounds[index] + 1))
    if state.moved:
        out.append(EndActivation())
    return tuple(out)


def _refusal(rules: RuleSet, state: GameState, task: Task, action: Action) -> str:
    if isinstance(action, Move):
        return "the sbire has moved" if state.moved else f"no route of {state.die} regions is {action.path!r}"
    if isinstance(action, Collect):
        return (
            "the sbire collected in this activation (l.269)"
            if not state.collects
            else "that ingredient is not in its region, or it has no free slot (l.271)"
        )
    if isinstance(action, Visit):
        return visit_refusal(rules, state, task.player, state.sbire, action.location)
    if isinstance(action, Hunt):
        return "a hunt takes 1 to 3 gems you have, once an activation, next to the dragon (l.297-299)"
    if isinstance(action, (Drop, Heal)) and region_of(state, task.player, state.sbire) != rules.gates:
        return "the sbire drops its goods and heals at the city gates only (l.258)"
    index = state.sbires.index(state.sbire)
    if isinstance(action, Drop):
        carried = state.players[task.player].carried[index]
        what = ", ".join(carried) or "nothing"
        return f"the sbire carries {what}, not {action.ingredient!r}"
    if isinstance(action, Heal):
        wounds = state.players[task.player].wounds[index]
        if not wounds:
            return "the sbire has no wound to heal"
        return f"the sbire has {wounds} wound(s): heal 1 to {wounds}, not {action.wounds!r}"
    if isinstance(action, EndActivation):
        return "the sbire must move first (l.234)"
    return ""


@FREE.decision(
    FLOW,
    step.ACTIVATION,
    lambda rules, state, task: activation_actions(rules, state, task.player),
    ask(
        "your sbire: move, collect, visit, hunt, drop goods at the gates, or end",
        "votre sbire : déplacez-le, collectez, visitez, chassez, déposez aux portes, ou terminez",
    ),
    _refusal,
    takes=(Move, Collect, Visit, Hunt, Drop, Heal, EndActivation),
)
def _activation(engine: Engine, task: Task, action: Action) -> None:
    """An activation (l.228-291): ``Move`` (once, at some point), ``Collect``, ``Visit``,
    ``Hunt``, ``Drop`` and ``Heal`` at the gates, ``EndActivation`` once moved."""
    state: GameState = engine.state
    seat, sbire = task.player, state.sbire
    if isinstance(action, EndActivation):
        engine.push(Task(step.ACTIVATION_END, seat))
        return
    if isinstance(action, Move):
        move(engine, seat, sbire, tuple(action.path.split("/")))
        engine.push(task)
    elif isinstance(action, Collect):
        token = (region_of(state, seat, sbire), action.ingredient) in state.tokens
        engine.emit(ev.IngredientCollected(seat, sbire, action.ingredient, token))
        engine.push(task)
    elif isinstance(action, Visit):
        engine.push(task)
        visit(engine, seat, sbire, action.location)
    elif isinstance(action, Hunt):
        rules: RuleSet = engine.rules
        engine.emit(ev.HuntBegun(seat, sbire, action.gems))
        engine.draw(
            faced_dice(
                rules.hunting_die,
                action.gems,
                lambda faces: ev.HuntingDiceRolled(tuple(face_of(f) for f in faces)),
            )
        )
        engine.push(Task(step.HUNT_WINDOW, seat), task)
    elif isinstance(action, Drop):
        engine.emit(ev.IngredientDropped(seat, sbire, action.ingredient))
        engine.push(task)
    elif isinstance(action, Heal):
        engine.emit(ev.WoundsHealed(seat, sbire, action.wounds))
        engine.push(task)


@automatic(step.ACTIVATION_END)
def _activation_end(engine: Engine, task: Task) -> None:
    """The end of an activation; in the last round the sbire is sent to the city gates and
    its ingredients go into the pantry (l.431-433, B23)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    seat, sbire = task.player, state.sbire
    if state.round >= rules.constants.rounds:
        if region_of(state, seat, sbire) != rules.gates:
            engine.emit(ev.SbireTeleported(seat, sbire, rules.gates))
        for kind in state.players[seat].carried[state.sbires.index(sbire)]:
            engine.emit(ev.IngredientDropped(seat, sbire, kind))
    engine.emit(ev.ActivationEnded(seat, sbire))
