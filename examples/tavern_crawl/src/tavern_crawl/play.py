"""How Tavern Crawl is played: its state, actions and events, how each event folds, its
steps (the setup, a turn, the end) and the executors of its ops.

A turn: roll a die (a draw during play), walk that many taverns on along the street, then
go in (``Enter``: the tavern's card acts) or walk on (``WalkOn``: 1 coin). After the last
round the most points win; equal points share the rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from tavern_crawl.rules import VOCABULARY, RuleSet
from taverna_rules.core import (
    CORE_FOLDS,
    Action,
    ChooseOption,
    Engine,
    Event,
    Flow,
    Result,
    Standing,
    Task,
    action_table,
    dice,
    event_table,
    registrar,
)
from taverna_rules.core.effects import APPLICABILITY_OF_CONTROLS, EFFECT, EffectRuntime, control_applies
from taverna_rules.core.opening import GameOpened, Opening
from taverna_rules.dsl.evaluate import Evaluator
from taverna_rules.dsl.nodes import Count, Node, Table
from taverna_rules.dsl.ops import MAX_REPEAT

__all__ = [
    "ACTIONS",
    "EVENTS",
    "EXECUTORS",
    "FLOW",
    "OPENING",
    "Crawler",
    "Enter",
    "State",
    "WalkOn",
    "evolve",
]

# ----------------------------------------------------------------------------- wiring: the tables
ACTIONS = action_table()
ACTIONS.add(ChooseOption.TYPE, ChooseOption)  # a tavern's card may offer a choice
EVENTS = event_table()
EVENTS.add(GameOpened.TYPE, GameOpened)  # the core's opening event (a new game)
FLOW = Flow()


# ----------------------------------------------------------------------------- rules: the state
@attrs.frozen
class Crawler:
    """A player: where on the street, coins and points."""

    name: str
    at: int = 0
    coins: int = 0
    points: int = 0


@attrs.frozen
class State:
    """A game at one moment. ``rules``, ``players``, ``seed``, ``draws``, ``chance``,
    ``options``, ``stack`` and ``result`` are what the core reads of every game."""

    rules: str
    players: tuple[Crawler, ...]
    seed: int = 0
    draws: int = 0
    chance: str = "sampled"
    options: tuple[tuple[str, Any], ...] = ()
    round: int = 1
    stack: tuple[Task, ...] = ()
    result: Result | None = None

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self.result is not None


# ----------------------------------------------------------------------------- rules: actions and events
@registrar(ACTIONS)
@attrs.frozen
class Enter(Action):
    """Go into the tavern you stand at: its card acts."""


@registrar(ACTIONS)
@attrs.frozen
class WalkOn(Action):
    """Walk on: take 1 coin."""


# ----------------------------------------------------------------------------- rules: the events of play
@registrar(EVENTS)
@attrs.frozen
class Walked(Event):
    """``player`` rolled ``die`` and walked that many taverns on (a draw)."""

    player: int
    die: int
    at: int


@registrar(EVENTS)
@attrs.frozen
class CoinsChanged(Event):
    """``player`` gained (or paid, below 0) coins."""

    player: int
    amount: int


@registrar(EVENTS)
@attrs.frozen
class Scored(Event):
    """``player`` scored points."""

    player: int
    points: int


@registrar(EVENTS)
@attrs.frozen
class RoundEnded(Event):
    """Everyone has played: the next round begins."""

    round: int


@registrar(EVENTS)
@attrs.frozen
class Ended(Event):
    """The game is over: its result."""

    result: Result


# ----------------------------------------------------------------------------- wiring: positions
@registrar(EVENTS)
@attrs.frozen
class Loaded(Event):
    """A game resumed from a position: the whole state."""

    ZONES: ClassVar[Mapping[str, str]] = {"state": "*state"}
    state: State


# ----------------------------------------------------------------------------- rules: the fold
def _player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def evolve(state: State | None, event: Event) -> State:
    """The state after ``event``: pure, no chance."""
    if state is None:
        if isinstance(event, Loaded):
            return event.state
        assert isinstance(event, GameOpened), "a game starts with GameOpened or Loaded"
        crawlers = tuple(Crawler(name) for name in event.players)
        return State(event.rules, crawlers, event.seed, options=event.options, chance=event.chance)
    if isinstance(event, Walked):
        return attrs.evolve(_player(state, event.player, at=event.at), draws=state.draws + 1)
    if isinstance(event, CoinsChanged):
        return _player(state, event.player, coins=state.players[event.player].coins + event.amount)
    if isinstance(event, Scored):
        return _player(state, event.player, points=state.players[event.player].points + event.points)
    if isinstance(event, RoundEnded):
        return attrs.evolve(state, round=event.round)
    if isinstance(event, Ended):
        return attrs.evolve(state, result=event.result)
    folded: State = CORE_FOLDS[type(event)](state, event)
    return folded


# ----------------------------------------------------------------------------- wiring: a new game
OPENING = Opening(Loaded, first=lambda rules, players: (Task("setup"),))


# ----------------------------------------------------------------------------- rules: a turn
@FLOW.automatic("setup")
def _setup(engine: Engine, task: Task) -> None:
    """Everyone starts with the game's coins; the first player begins."""
    for seat in range(len(engine.state.players)):
        engine.emit(CoinsChanged(seat, engine.rules.coins))
    engine.push(Task("turn", 0))


@FLOW.automatic("turn")
def _turn(engine: Engine, task: Task) -> None:
    """Roll a die and walk that many taverns on (the street is a ring), then choose."""
    rules: RuleSet = engine.rules
    me = engine.state.players[task.player]
    engine.draw(dice(1, lambda faces: Walked(task.player, faces[0], (me.at + faces[0]) % len(rules.taverns))))
    engine.push(Task("go_in", task.player), Task("next", task.player))


def _choices(rules: RuleSet, state: State, task: Task) -> tuple[Action, ...]:
    tavern = rules.taverns[state.players[task.player].at]
    return (Enter(), WalkOn()) if applicable(rules, state, task.player, tavern.effect) else (WalkOn(),)


def _prompt(rules: RuleSet, state: State, task: Task) -> str:
    tavern = rules.taverns[state.players[task.player].at]
    return f"at {tavern.name.en}: go in ({VOCABULARY.render(tavern.effect)}) or walk on (1 coin)"


@FLOW.decision("go_in", _choices, _prompt, takes=(Enter, WalkOn))
def _go_in(engine: Engine, task: Task, action: Action) -> None:
    """Go in (``Enter``: the tavern's card acts) or walk on (``WalkOn``: 1 coin)."""
    if isinstance(action, Enter):
        at = engine.state.players[task.player].at
        engine.push(Task(EFFECT, task.player, engine.rules.taverns[at].id))
    else:
        engine.emit(CoinsChanged(task.player, 1))


@FLOW.automatic("next")
def _next(engine: Engine, task: Task) -> None:
    """The next player; after the last, the next round, or the end after the last round."""
    state: State = engine.state
    seat = task.player + 1
    if seat < len(state.players):
        engine.push(Task("turn", seat))
    elif state.round < engine.rules.rounds:
        engine.emit(RoundEnded(state.round + 1))
        engine.push(Task("turn", 0))
    else:
        engine.emit(Ended(_result(state)))


def _result(state: State) -> Result:
    points = [p.points for p in state.players]
    order = sorted(range(len(points)), key=lambda seat: -points[seat])
    return Result(
        tuple(
            Standing(
                seat,
                state.players[seat].name,
                1 + sum(1 for other in points if other > points[seat]),
                points[seat],
                (("points", points[seat]),),
                points.count(points[seat]) > 1,
            )
            for seat in order
        )
    )


# ----------------------------------------------------------------------------- rules: the ops
EVALUATOR = Evaluator({"coins": lambda state, seat: state.players[seat].coins})
EXECUTORS: dict[str, Any] = {}


def _amount(node: Node, state: State, seat: int, name: str) -> int:
    value = node.arg(name)
    assert isinstance(value, int | Count | Table)
    return EVALUATOR.evaluate(value, state, seat)


def _gain(engine: Engine, task: Task, node: Node) -> None:
    engine.emit(CoinsChanged(task.player, _amount(node, engine.state, task.player, "amount")))


def _pay(engine: Engine, task: Task, node: Node) -> None:
    amount = _amount(node, engine.state, task.player, "amount")
    if engine.state.players[task.player].coins >= amount:
        engine.emit(CoinsChanged(task.player, -amount))


def _score(engine: Engine, task: Task, node: Node) -> None:
    engine.emit(Scored(task.player, _amount(node, engine.state, task.player, "points")))


EXECUTORS.update(gain_coins=_gain, pay_coins=_pay, score=_score)


def applicable(rules: RuleSet, state: State, seat: int, node: Node) -> bool:
    """Whether the effect can act now: a payment needs the coins; the control ops apply as
    in every game (``control_applies``: a ``seq`` needs each part, a ``choose`` one)."""
    if node.op in APPLICABILITY_OF_CONTROLS:
        return control_applies(
            node,
            lambda child: applicable(rules, state, seat, child),
            lambda cond: EVALUATOR.holds(cond, state, seat, rules),
            lambda repeat: EVALUATOR.bounded(repeat, "times", state, seat, MAX_REPEAT, rules),
        )
    if node.op == "pay_coins":
        return state.players[seat].coins >= _amount(node, state, seat, "amount")
    return True


# ----------------------------------------------------------------------------- wiring: the effect runtime
def _resolve(rules: RuleSet, ref: str) -> Node:
    return next(t.effect for t in rules.taverns if t.id == ref)


RUNTIME = EffectRuntime(
    EXECUTORS,
    EVALUATOR,
    _resolve,
    lambda rules, node, lang: VOCABULARY.render(node, lang),
    applicable=applicable,
)
RUNTIME.install(FLOW)
