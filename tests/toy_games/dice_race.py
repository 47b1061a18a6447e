"""A dice race (push your luck), the toy game of chance during play.

On your turn, roll a die as often as you like: each roll adds to your turn's pot, but a 1
loses the pot and ends your turn. Hold to bank the pot. The first to bank the target wins.
Every roll is drawn during play from the seed and the draw counter, and recorded as an
event: fold and replay read it, a view never shows the seed.

Its numbers are also content (``cards/dice_race/base/``, a ``race`` file kind with English
names only) loaded through the same pipeline as Taverna's cards: :data:`CONTENT`.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from taverna_rules import Names
from taverna_rules.content.problems import Problem
from taverna_rules.content.schema_source import COUNT, list_of, names_schema, obj, options_kind
from taverna_rules.content.spec import Built, ContentSpec
from taverna_rules.core import (
    Action,
    Engine,
    Event,
    Flow,
    Result,
    Task,
    action_table,
    dice,
    registrar,
)
from toy_games.common import Started, ToyRules, ended, fold_shared, toy_events, toy_module

__all__ = ["CONTENT", "GAME", "RULES"]

RULES = ToyRules("dice_race", "dice-race-v1", (20,))
ACTIONS = action_table()
EVENTS = toy_events()
FLOW = Flow()


@attrs.frozen
class Racer:
    name: str
    score: int = 0


@attrs.frozen
class RaceState:
    rules: str
    players: tuple[Racer, ...]
    seed: int = 0
    draws: int = 0
    pot: int = 0
    stack: tuple[Task, ...] = ()
    result: Result | None = None

    @property
    def over(self) -> bool:
        return self.result is not None


@registrar(ACTIONS)
@attrs.frozen
class Roll(Action):
    """Roll the die."""


@registrar(ACTIONS)
@attrs.frozen
class Hold(Action):
    """Bank the pot and pass the die."""


@registrar(EVENTS)
@attrs.frozen
class DieRolled(Event):
    """A roll during play: a 1 loses the pot."""

    player: int
    value: int


@registrar(EVENTS)
@attrs.frozen
class Banked(Event):
    """The pot banked."""

    player: int
    points: int


def evolve(state: RaceState | None, event: Event) -> RaceState:
    if state is None:
        if not isinstance(event, Started):
            raise ValueError("a dice race starts with Started")
        racers = tuple(Racer(name) for name in event.players)
        return RaceState(event.rules, racers, event.seed, stack=(Task("turn", 0),))
    if isinstance(event, DieRolled):
        pot = 0 if event.value == 1 else state.pot + event.value
        return attrs.evolve(state, draws=state.draws + 1, pot=pot)
    if isinstance(event, Banked):
        racer = state.players[event.player]
        players = list(state.players)
        players[event.player] = attrs.evolve(racer, score=racer.score + event.points)
        return attrs.evolve(state, players=tuple(players), pot=0)
    folded: RaceState = fold_shared(state, event)
    return folded


def _legal(rules: ToyRules, state: RaceState, task: Task) -> tuple[Action, ...]:
    return (Roll(), Hold()) if state.pot else (Roll(),)


def _prompt(rules: ToyRules, state: RaceState, task: Task) -> str:
    return f"roll or hold (pot {state.pot})"


@FLOW.decision("turn", _legal, _prompt, takes=(Roll, Hold))
def _turn(engine: Engine, task: Task, action: Action) -> None:
    """Roll the die, or hold and bank the pot."""
    player, state = task.player, engine.state
    following = Task("turn", (player + 1) % len(state.players))
    if isinstance(action, Hold):
        engine.emit(Banked(player, state.pot))
        won = engine.state.players[player].score >= engine.rules.numbers[0]
        engine.push(Task("end") if won else following)
        return
    rolled = engine.draw(dice(1, lambda faces: DieRolled(player, faces[0])))
    assert isinstance(rolled, DieRolled)
    engine.push(following if rolled.value == 1 else Task("turn", player))


@FLOW.automatic("end")
def _end(engine: Engine, task: Task) -> None:
    state = engine.state
    engine.emit(ended([p.name for p in state.players], [p.score for p in state.players]))


def build(built: Built) -> ToyRules | None:
    """The rules of a race from its merged content (None when there is no race file)."""
    race = built.merged.singles.get("race")
    if race is None:
        built.problems.append(Problem("missing-kind", "no 'race' file in the content"))
        return None
    constants = race.data["constants"]
    players = tuple(sorted(constants["players"]))
    return ToyRules("dice_race", built.fingerprint, (constants["target"],), players, built.packs)


CONTENT = ContentSpec(
    game="dice_race",
    kinds={
        "race": (
            {
                "constants": obj(
                    {
                        "target": {**COUNT, "minimum": 1},
                        "players": {**list_of({"type": "integer", "minimum": 2, "maximum": 6}, "seats")},
                    },
                    ["target", "players"],
                )
            },
            ["constants"],
            "The race: the score to bank, the player counts.",
        ),
        "options": options_kind(names_schema(("en",))),
    },
    item_lists={"options": (("options", "options", "id"),)},
    build=build,
    cards=Path(__file__).parent / "cards" / "dice_race",
    singletons=("race",),
    constants_kind="race",
    names={"options": "option"},
)

GAME = toy_module(
    "dice_race",
    Names(en="Dice race"),
    ACTIONS,
    EVENTS,
    FLOW,
    evolve,
    RaceState,
    (),
    CONTENT,
)
