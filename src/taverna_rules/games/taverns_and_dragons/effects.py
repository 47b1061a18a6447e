"""Taverns & Dragons' effect ops at run time: one executor per primitive op of its
vocabulary (:mod:`taverna_rules.games.taverns_and_dragons.vocabulary`), whom ``for_each``
falls on, what ``{count: ...}`` counts, whether an effect would do something, where a
task's ref points, and the core's :class:`~taverna_rules.core.effects.EffectRuntime`.

An op that needs choices asks them one at a time, each answer kept in its task's ``args``
(the first is the sbire, for an op that acts on one): the op's *stages* say what is still
to choose, and the one decision ``pick`` offers it; a choice with one option is taken
without asking, a choice with none leaves the effect doing nothing. "Your sbire" is the
sbire of the activation under way, else the one activated this turn, else the one its
player chooses.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from taverna_rules.core._registry import Registry
from taverna_rules.core.chance import card_from, faced_dice
from taverna_rules.core.choices import ChoosePlayer, Pass
from taverna_rules.core.effects import (
    APPLICABILITY_OF_CONTROLS,
    EFFECT,
    EffectRuntime,
    Executor,
    control_applies,
)
from taverna_rules.core.engine import Engine
from taverna_rules.core.for_each import ForEach
from taverna_rules.core.records import Action, Task
from taverna_rules.dsl.evaluate import Evaluator
from taverna_rules.dsl.nodes import Count, Node, Table
from taverna_rules.dsl.ops import MAX_REPEAT
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons import steps as step
from taverna_rules.games.taverns_and_dragons.actions import (
    ChooseFace,
    ChooseHero,
    ChooseIngredient,
    ChooseLocation,
    ChooseRegion,
    ChooseSbire,
    Move,
    Reroll,
    Search,
)
from taverna_rules.games.taverns_and_dragons.flow import FLOW, ask, automatic, decision, in_words
from taverna_rules.games.taverns_and_dragons.moves import move, reach, route_text, visit, visitable
from taverna_rules.games.taverns_and_dragons.ruleset import INGREDIENTS, RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState
from taverna_rules.games.taverns_and_dragons.table import (
    dragon_space,
    fire_left,
    free_slots,
    frost_left,
    gems_left,
    gold_left,
    places,
    region_of,
    runes_left,
    stock,
    wounds_left,
)
from taverna_rules.games.taverns_and_dragons.vocabulary import VOCABULARY

__all__ = [
    "COUNTERS",
    "EVALUATOR",
    "EXECUTORS",
    "PICKS",
    "RUNTIME",
    "applicable",
    "context_sbire",
    "hero_usable",
    "resolve_ref",
    "targets",
]


def _counted(kind: str) -> Callable[[GameState, int], int]:
    return lambda s, p: s.players[p].pantry.count(kind)


#: What ``{count: ...}`` counts, for a player.
COUNTERS: dict[str, Callable[[GameState, int], int]] = {
    "gold": lambda s, p: s.players[p].gold,
    "energy": lambda s, p: s.players[p].energy,
    "runes": lambda s, p: s.players[p].runes,
    "prestige": lambda s, p: s.players[p].prestige,
    "heroes": lambda s, p: len(s.players[p].heroes),
    "trophies": lambda s, p: len(s.players[p].trophies),
    "recipes": lambda s, p: len(s.players[p].recipes),
    "pantry": lambda s, p: len(s.players[p].pantry),
    "pantry_kinds": lambda s, p: len(set(s.players[p].pantry)),
    "mushrooms": _counted("mushroom"),
    "plants": _counted("plant"),
    "spices": _counted("spice"),
    "eggs": _counted("egg"),
    "meats": _counted("meat"),
    "wounds": lambda s, p: sum(s.players[p].wounds),
    "carried": lambda s, p: sum(len(c) for c in s.players[p].carried),
    "damage": lambda s, p: s.players[p].damage,
}


def _hero_prestige(rules: RuleSet, state: GameState, seat: int) -> int:
    return sum(rules.hero(h).prestige for h in state.players[seat].heroes)


def _recipe_prestige(rules: RuleSet, state: GameState, seat: int) -> int:
    return sum(rules.recipe(r).prestige for r in state.players[seat].recipes)


def _at_gates(rules: RuleSet, state: GameState, seat: int) -> int:
    return sum(region == rules.gates for region in state.players[seat].regions)


EVALUATOR = Evaluator(
    COUNTERS,
    rules_counters={
        "hero_prestige": _hero_prestige,
        "recipe_prestige": _recipe_prestige,
        "sbires_at_gates": _at_gates,
    },
)
EXECUTORS: Registry[Executor] = Registry("op executor")


def resolve_ref(rules: RuleSet, ref: str) -> Node:
    """The effect a task's ref names: ``hero:<id>:ability`` or ``:bonus``,
    ``location:<id>``, ``dragon:<id>:appearance``, ``:special`` or ``:row:<n>``,
    ``event:<id>:a`` or ``:b``, ``tavern:<id>:<n>`` (a space of its power track)."""
    kind, _, rest = ref.partition(":")
    ident, _, part = rest.partition(":")
    if kind == "hero":
        hero = rules.hero(ident)
        return hero.ability if part == "ability" else hero.bonus
    if kind == "location":
        return rules.location(ident).effect
    if kind == "dragon":
        dragon = rules.dragon(ident)
        if part.startswith("row:"):
            return dragon.grid[int(part[4:])].reward
        return dragon.appearance if part == "appearance" else dragon.special
    if kind == "event":
        event = rules.event(ident)
        return event.a if part == "a" else event.b
    if kind == "tavern":
        return rules.tavern(ident).power[int(part)]
    raise KeyError(f"no effect at {ref!r}")


def _amount(rules: RuleSet, state: GameState, player: int, node: Node, name: str = "amount") -> int:
    value = node.arg(name, 1)
    assert isinstance(value, int | Count | Table), f"{node.op}.{name}"
    return EVALUATOR.evaluate(value, state, player, rules)


# ----------------------------------------------------------------------------- your sbire
def context_sbire(state: GameState, player: int) -> str:
    """The sbire "your sbire" names for ``player`` without asking: the one of the
    activation under way, else the one activated this turn (``""``: none)."""
    if state.active == player:
        return state.sbire
    if state.turn == player and state.focus:
        return state.focus
    return ""


#: The ops that act on one of the player's sbires (their first choice is it).
SBIRE_OPS = frozenset(
    {
        "wound",
        "heal",
        "teleport",
        "collect_to_pantry",
        "duplicate_ingredient",
        "swap_ingredients",
        "step",
        "visit",
        "damage",
        "pantry_drop",
        "frost",
        "extra_collect",
        "second_activation",
    }
)


def _needs_sbire(node: Node) -> bool:
    if node.op in ("gain_ingredient", "lose_ingredient"):
        return node.arg("to", node.arg("from", "pantry")) == "sbire"
    return node.op in SBIRE_OPS or node.op == "dungeon"


def _sbires(rules: RuleSet, state: GameState, player: int, node: Node) -> tuple[str, ...]:
    """The sbires the op may act on: the one in context, else each it would do something
    for."""
    ctx = context_sbire(state, player)
    if ctx:
        return (ctx,)
    return tuple(s for s in state.sbires if _applies_on(rules, state, player, node, s))


# ----------------------------------------------------------------------------- stages
#: What an op still asks, from its answers so far: ``stage(rules, state, task, node)`` is
#: ``None`` once it has every answer, else the options of its next question.
Stage = Callable[[RuleSet, GameState, Task, Node], tuple[Action, ...] | None]
PICKS: dict[str, Stage] = {}


def _answer(action: Action) -> str:
    if isinstance(action, ChooseSbire):
        return action.sbire
    if isinstance(action, ChooseIngredient):
        return action.ingredient
    if isinstance(action, ChooseRegion):
        return action.region
    if isinstance(action, Move):
        return action.path
    if isinstance(action, ChooseLocation):
        return action.location
    if isinstance(action, ChooseHero):
        return action.hero
    if isinstance(action, ChooseFace):
        return f"{action.face}>{action.to}"
    if isinstance(action, ChoosePlayer):
        return str(action.seat)
    raise TypeError(type(action).__name__)


def _choosing(op: str, stage: Stage) -> Callable[[Executor], Executor]:
    """Register the executor of ``op``, run once ``stage`` has every answer: before that,
    its next question is asked (taken at once with one option, dropped with none)."""

    def register(perform: Executor) -> Executor:
        def run(engine: Engine, task: Task, node: Node) -> None:
            options = stage(engine.rules, engine.state, task, node)
            if options is None:
                perform(engine, task, node)
            elif len(options) == 1:
                engine.push(task.replace(args=(*task.args, _answer(options[0]))))
            elif options:
                engine.push(Task(step.PICK, task.player, task.ref, task.path, task.args))

        PICKS[op] = stage
        EXECUTORS.add(op, run)
        return perform

    return register


def _with_sbire(then: Stage | None = None) -> Stage:
    """A stage asking first for the sbire, then ``then``'s questions."""

    def stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
        if not task.args:
            return tuple(ChooseSbire(s) for s in _sbires(rules, state, task.player, node))
        return then(rules, state, task, node) if then else None

    return stage


def _pick_options(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    node = resolve_ref(rules, task.ref).at(task.path)
    return PICKS[node.op](rules, state, task, node) or ()


def _pick_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    node = resolve_ref(rules, task.ref).at(task.path)
    text = VOCABULARY.render(node, lang)
    return in_words(lang, f"choose: {text}", f"choisissez : {text}")


@decision(
    step.PICK,
    _pick_options,
    _pick_prompt,
    takes=(
        ChooseSbire,
        ChooseIngredient,
        ChooseRegion,
        Move,
        ChooseLocation,
        ChooseHero,
        ChooseFace,
        ChoosePlayer,
    ),
)
def _pick(engine: Engine, task: Task, action: Action) -> None:
    """An effect asks a choice: the sbire it acts on (``ChooseSbire``), an ingredient
    (``ChooseIngredient``), a region, a route (``Move``), a location, a hero, a hunting
    die's face (``ChooseFace``) or a player (``ChoosePlayer``); the effect goes on with it."""
    engine.push(Task(EFFECT, task.player, task.ref, task.path, (*task.args, _answer(action))))


# ----------------------------------------------------------------------------- resources
def gain(engine: Engine, player: int, what: str, amount: int, why: str = "") -> None:
    """``player`` gains (``amount`` > 0) or gives back (< 0) gold, energy, runes or
    prestige: what the reserve holds at most, what he has at most (prestige never below 0,
    B17); nothing happens for nothing."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    me = state.players[player]
    if what == "prestige":
        points = max(amount, -me.prestige)
        if points:
            engine.emit(ev.PrestigeScored(player, points, why))
        return
    if what == "runes":
        amount = min(amount, runes_left(rules, state))
        if amount > 0:
            engine.emit(ev.RunesGained(player, amount, why))
    elif what == "gold":
        change = min(amount, gold_left(rules, state)) if amount > 0 else -min(-amount, me.gold)
        if change:
            engine.emit(
                ev.GoldGained(player, change, why) if change > 0 else ev.GoldLost(player, -change, why)
            )
    else:
        change = min(amount, gems_left(rules, state)) if amount > 0 else -min(-amount, me.energy)
        if change:
            engine.emit(
                ev.EnergyGained(player, change, why) if change > 0 else ev.EnergyLost(player, -change, why)
            )


def _signed(op: str, what: str, sign: int) -> None:
    def run(engine: Engine, task: Task, node: Node) -> None:
        amount = _amount(
            engine.rules, engine.state, task.player, node, "points" if what == "prestige" else "amount"
        )
        gain(engine, task.player, what, sign * amount)

    EXECUTORS.add(op, run)


for _op, _what, _sign in (
    ("gain_gold", "gold", 1),
    ("lose_gold", "gold", -1),
    ("gain_energy", "energy", 1),
    ("lose_energy", "energy", -1),
    ("gain_runes", "runes", 1),
    ("score", "prestige", 1),
):
    _signed(_op, _what, _sign)


# ----------------------------------------------------------------------------- ingredients
def _kinds(node: Node) -> tuple[str, ...]:
    value = node.arg("ingredient", "any")
    if value == "any":
        return INGREDIENTS
    if isinstance(value, tuple):
        return tuple(str(v) for v in value)
    return (str(value),)


def _gain_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    to_sbire = node.arg("to", "pantry") == "sbire"
    args = task.args
    if to_sbire and not args:
        return tuple(ChooseSbire(s) for s in _sbires(rules, state, task.player, node))
    if len(args) == (1 if to_sbire else 0):
        if to_sbire and not free_slots(rules, state, task.player, args[0]):
            return ()
        return tuple(ChooseIngredient(k) for k in _kinds(node) if stock(rules, state, k))
    return None


@_choosing("gain_ingredient", _gain_stage)
def _gain_ingredient(engine: Engine, task: Task, node: Node) -> None:
    sbire = task.args[0] if node.arg("to", "pantry") == "sbire" else ""
    engine.emit(ev.IngredientGained(task.player, task.args[-1], sbire))


def _lose_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    from_sbire = node.arg("from", "pantry") == "sbire"
    args = task.args
    if from_sbire and not args:
        return tuple(ChooseSbire(s) for s in _sbires(rules, state, task.player, node))
    if len(args) == (1 if from_sbire else 0):
        me = state.players[task.player]
        held = me.carried[state.sbires.index(args[0])] if from_sbire else me.pantry
        return tuple(ChooseIngredient(k) for k in sorted(set(held)))
    return None


@_choosing("lose_ingredient", _lose_stage)
def _lose_ingredient(engine: Engine, task: Task, node: Node) -> None:
    sbire = task.args[0] if node.arg("from", "pantry") == "sbire" else ""
    engine.emit(ev.IngredientLost(task.player, task.args[-1], sbire))


def _carried_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if len(task.args) == 1:
        carried = state.players[task.player].carried[state.sbires.index(task.args[0])]
        return tuple(ChooseIngredient(k) for k in sorted(set(carried)) if stock(rules, state, k))
    return None


@_choosing("duplicate_ingredient", _with_sbire(_carried_stage))
def _duplicate(engine: Engine, task: Task, node: Node) -> None:
    engine.emit(ev.IngredientStacked(task.player, task.args[0], task.args[1]))


def _region_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if len(task.args) == 1:
        region = region_of(state, task.player, task.args[0])
        found = {kind for where, kind in state.tokens if where == region}
        printed = rules.region(region).ingredient
        if printed and stock(rules, state, printed):
            found.add(printed)
        return tuple(ChooseIngredient(k) for k in sorted(found))
    return None


@_choosing("collect_to_pantry", _with_sbire(_region_stage))
def _collect_to_pantry(engine: Engine, task: Task, node: Node) -> None:
    sbire, kind = task.args
    region = region_of(engine.state, task.player, sbire)
    token = (region, kind) in engine.state.tokens
    engine.emit(ev.IngredientCollected(task.player, sbire, kind, token, pantry=True))


def _partners(rules: RuleSet, state: GameState, me: int, sbire: str) -> list[tuple[int, str]]:
    """The other players' sbires in ``sbire``'s region that have a token to give (l.501)."""
    region = region_of(state, me, sbire)
    return [
        (seat, s)
        for seat in range(len(state.players))
        for s in state.sbires
        if seat != me and region_of(state, seat, s) == region and _givable(rules, state, seat, s)
    ]


def _swap_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    """Swap: my ingredient, the other player, his sbire there, his ingredient."""
    args = task.args
    me = task.player
    if len(args) == 1:
        return tuple(ChooseIngredient(k) for k in _givable(rules, state, me, args[0]))
    others = _partners(rules, state, me, args[0])
    if len(args) == 2:
        return tuple(ChoosePlayer(seat) for seat in sorted({seat for seat, _ in others}))
    if len(args) == 3:
        return tuple(ChooseSbire(s) for seat, s in others if seat == int(args[2]))
    if len(args) == 4:
        return tuple(ChooseIngredient(k) for k in _givable(rules, state, int(args[2]), args[3]))
    return None


def _carried(state: GameState, seat: int, sbire: str) -> tuple[str, ...]:
    return state.players[seat].carried[state.sbires.index(sbire)]


def _givable(rules: RuleSet, state: GameState, seat: int, sbire: str) -> tuple[str, ...]:
    """The ingredients ``sbire`` may give in a swap (l.501): the token it gets needs a
    slot, the one the given token frees or a free one (a token stacked on another frees
    none, l.509)."""
    if free_slots(rules, state, seat, sbire):
        return tuple(sorted(set(_carried(state, seat, sbire))))
    return _room_makers(state, seat, sbire)


@_choosing("swap_ingredients", _with_sbire(_swap_stage))
def _swap(engine: Engine, task: Task, node: Node) -> None:
    sbire, mine, other, other_sbire, theirs = task.args
    engine.emit(ev.IngredientsSwapped(task.player, sbire, mine, int(other), other_sbire, theirs))


@_choosing("pantry_drop", _with_sbire())
def _pantry_drop(engine: Engine, task: Task, node: Node) -> None:
    sbire = task.args[0]
    for kind in _carried(engine.state, task.player, sbire):
        engine.emit(ev.IngredientDropped(task.player, sbire, kind))


# ----------------------------------------------------------------------------- wounds
@_choosing("wound", _with_sbire())
def _wound(engine: Engine, task: Task, node: Node) -> None:
    times = min(_amount(engine.rules, engine.state, task.player, node), MAX_REPEAT)
    engine.push(*(Task(step.WOUND, task.player, args=(task.args[0],)) for _ in range(max(0, times))))


@automatic(step.WOUND)
def _take_wound(engine: Engine, task: Task) -> None:
    """A wound on the sbire (l.325-327): on a free slot; with none, an ingredient it
    carries is discarded for it (the player's choice, one whose slot it frees); with
    neither, or no wound token left, nothing (B12, B21)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    sbire = task.args[0]
    if not wounds_left(rules, state):
        return
    if free_slots(rules, state, task.player, sbire):
        engine.emit(ev.WoundTaken(task.player, sbire))
        return
    kinds = _room_makers(state, task.player, sbire)
    if len(kinds) == 1:
        engine.emit(ev.WoundTaken(task.player, sbire, kinds[0]))
    elif kinds:
        engine.push(Task(step.WOUND_DISCARD, task.player, args=(sbire,)))


def _room_makers(state: GameState, seat: int, sbire: str) -> tuple[str, ...]:
    """The ingredients whose discard frees a slot for a wound (l.327): not a token stacked
    on another (l.509), which leaves its slot taken (the fold gives up a stacked token
    first when the sbire holds its kind twice)."""
    carried = _carried(state, seat, sbire)
    stacked = state.players[seat].stacked[state.sbires.index(sbire)]
    return tuple(sorted({k for k in carried if not (stacked and carried.count(k) > 1)}))


def _discards(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return tuple(ChooseIngredient(k) for k in _room_makers(state, task.player, task.args[0]))


@decision(
    step.WOUND_DISCARD,
    _discards,
    ask(
        "a wound and no free slot: discard an ingredient your sbire carries",
        "une blessure sans emplacement libre : défaussez un ingrédient porté par votre sbire",
    ),
    takes=(ChooseIngredient,),
)
def _wound_discard(engine: Engine, task: Task, action: ChooseIngredient) -> None:
    """A wound on a sbire with no free slot: the ingredient discarded for it (l.327)."""
    engine.emit(ev.WoundTaken(task.player, task.args[0], action.ingredient))


@_choosing("heal", _with_sbire())
def _heal(engine: Engine, task: Task, node: Node) -> None:
    sbire = task.args[0]
    wounds = engine.state.players[task.player].wounds[engine.state.sbires.index(sbire)]
    if wounds:
        engine.emit(ev.WoundsHealed(task.player, sbire, wounds))


@_choosing("frost", _with_sbire())
def _frost(engine: Engine, task: Task, node: Node) -> None:
    state: GameState = engine.state
    sbire = task.args[0]
    if frost_left(engine.rules, state) and not state.players[task.player].frozen[state.sbires.index(sbire)]:
        engine.emit(ev.SbireFrozen(task.player, sbire))


# ----------------------------------------------------------------------------- the map
def _teleport_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if len(task.args) == 1 and node.arg("to") == "any":
        here = region_of(state, task.player, task.args[0])
        return tuple(ChooseRegion(r.id) for r in rules.regions if r.id != here)
    return None


@_choosing("teleport", _with_sbire(_teleport_stage))
def _teleport(engine: Engine, task: Task, node: Node) -> None:
    rules: RuleSet = engine.rules
    sbire = task.args[0]
    to = task.args[1] if node.arg("to") == "any" else rules.gates
    if region_of(engine.state, task.player, sbire) != to:
        engine.emit(ev.SbireTeleported(task.player, sbire, to))


def _step_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if len(task.args) == 1:
        regions = node.arg("regions", 1)
        assert isinstance(regions, int)
        sbire = task.args[0]
        return tuple(
            Move(route_text(r))
            for r in reach(rules, state, task.player, sbire, regions - rules.sbire(sbire).moves)
        )
    return None


@_choosing("step", _with_sbire(_step_stage))
def _step(engine: Engine, task: Task, node: Node) -> None:
    move(engine, task.player, task.args[0], tuple(task.args[1].split("/")), frost=False)


def _visit_args(node: Node) -> tuple[tuple[str, ...], bool]:
    waive = node.arg("waive", ())
    return (tuple(str(w) for w in waive) if isinstance(waive, tuple) else ()), bool(node.arg("dragon", False))


def _visit_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if len(task.args) == 1:
        waive, dragon = _visit_args(node)
        return tuple(
            ChooseLocation(loc) for loc in visitable(rules, state, task.player, task.args[0], waive, dragon)
        )
    return None


@_choosing("visit", _with_sbire(_visit_stage))
def _visit(engine: Engine, task: Task, node: Node) -> None:
    waive, _ = _visit_args(node)
    visit(engine, task.player, task.args[0], task.args[1], waive)


def _fire_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if not task.args:
        if not fire_left(rules, state):
            return ()
        most = places(rules, state)
        return tuple(ChooseLocation(loc) for i, loc in enumerate(state.locations) if state.used[i] < most)
    return None


@_choosing("fire", _fire_stage)
def _fire(engine: Engine, task: Task, node: Node) -> None:
    engine.emit(ev.FireSet(task.args[0]))


# ----------------------------------------------------------------------------- the hunt
def _face_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if task.args:
        return None
    faces = node.arg("faces", ())
    assert isinstance(faces, tuple)
    targets = ["+".join(str(s) for s in face) for face in faces if isinstance(face, tuple)]
    return tuple(ChooseFace(f, to) for f in sorted(set(state.hunting)) for to in targets if to != f)


@_choosing("set_hunting_die", _face_stage)
def _set_face(engine: Engine, task: Task, node: Node) -> None:
    face, _, to = task.args[0].partition(">")
    engine.emit(ev.HuntingDieTurned(face, to))


@EXECUTORS.register("add_hunting_die")
def _add_die(engine: Engine, task: Task, node: Node) -> None:
    rules: RuleSet = engine.rules
    if engine.state.hunting:
        engine.draw(
            faced_dice(rules.hunting_die, 1, lambda faces: ev.HuntingDiceRolled(("+".join(faces[0]),)))
        )


def _damage_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if not task.args:
        sbires = _sbires(rules, state, task.player, node)
        return tuple(ChooseSbire(s) for s in sbires if _dragon_near(rules, state, task.player, s))
    return None


def _dragon_near(rules: RuleSet, state: GameState, seat: int, sbire: str) -> bool:
    space = dragon_space(rules, state)
    return bool(space) and rules.adjacent(region_of(state, seat, sbire), space)


@_choosing("damage", _damage_stage)
def _damage(engine: Engine, task: Task, node: Node) -> None:
    symbol = str(node.arg("symbol"))
    engine.emit(ev.HuntStruck((*engine.state.strikes, symbol)))
    engine.push(Task(step.STRIKE, task.player))


# ----------------------------------------------------------------------------- activations
@EXECUTORS.register("extra_collect")
def _extra_collect(engine: Engine, task: Task, node: Node) -> None:
    if engine.state.active == task.player:
        engine.emit(ev.ExtraCollect(task.player))


@EXECUTORS.register("second_activation")
def _second_activation(engine: Engine, task: Task, node: Node) -> None:
    """The campfire (l.536): the sbire's die rerolled and a second activation with it at
    once; the first goes on after it (a task keeps where it was)."""
    state: GameState = engine.state
    if state.active != task.player:
        return
    rules: RuleSet = engine.rules
    outer = (
        state.sbire,
        str(state.die),
        str(state.moved),
        str(state.collects),
        "/".join(state.visited),
        str(state.hunted),
    )
    engine.draw(
        faced_dice(rules.action_die, 1, lambda dice: ev.SecondActivation(task.player, state.sbire, dice[0]))
    )
    engine.push(Task(step.ACTIVATION, task.player), Task(step.RESUME, task.player, args=outer))


@automatic(step.RESUME)
def _resume(engine: Engine, task: Task) -> None:
    sbire, die, moved, collects, visited, hunted = task.args
    engine.emit(
        ev.ActivationResumed(
            task.player,
            sbire,
            int(die),
            moved == "True",
            int(collects),
            tuple(v for v in visited.split("/") if v),
            hunted == "True",
        )
    )


# ----------------------------------------------------------------------------- dice
@EXECUTORS.register("raise_dice")
def _raise(engine: Engine, task: Task, node: Node) -> None:
    rules: RuleSet = engine.rules
    top = max(rules.action_die)
    amount = _amount(rules, engine.state, task.player, node)
    dice = engine.state.players[task.player].dice
    raised = tuple(min(top, d + amount) for d in dice)
    if raised != dice:
        engine.emit(ev.DiceChanged(task.player, raised))


def _match_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if task.args:
        return None
    return tuple(ChoosePlayer(seat) for seat, p in enumerate(state.players) if seat != task.player and p.dice)


@_choosing("match_dice", _match_stage)
def _match(engine: Engine, task: Task, node: Node) -> None:
    """Verte-feuille (l.529, B20): your available dice take the values of the other
    player's, matched in sorted order as far as both have dice."""
    state: GameState = engine.state
    mine = sorted(state.players[task.player].dice)
    theirs = sorted(state.players[int(task.args[0])].dice)
    changed = tuple(theirs[i] if i < len(theirs) else d for i, d in enumerate(mine))
    if changed != tuple(mine):
        engine.emit(ev.DiceChanged(task.player, changed))


@EXECUTORS.register("reroll_dice")
def _reroll_dice(engine: Engine, task: Task, node: Node) -> None:
    if engine.state.players[task.player].dice:
        engine.push(Task(step.REROLL_DICE, task.player))


def _rerollable(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    left = list(state.players[task.player].dice)
    for die in state.rerolls:
        left.remove(die)
    return (*(Reroll(d) for d in sorted(set(left))), Pass())


def _rerolled(player: int, die: int, dice: tuple[int, ...]) -> ev.DieRerolled:
    return ev.DieRerolled(player, die, dice[0])


@decision(
    step.REROLL_DICE,
    _rerollable,
    ask(
        "set aside a die to reroll, or roll those set aside",
        "mettez de côté un dé à relancer, ou relancez ceux mis de côté",
    ),
    takes=(Reroll, Pass),
)
def _reroll_choice(engine: Engine, task: Task, action: Reroll | Pass) -> None:
    """Reroll one or more available dice (l.559): ``Reroll(die)`` sets one aside, ``Pass``
    rolls those set aside together."""
    rules: RuleSet = engine.rules
    if isinstance(action, Reroll):
        engine.emit(ev.RerollMarked(task.player, action.die))
        engine.push(task)
        return
    for die in engine.state.rerolls:
        engine.draw(faced_dice(rules.action_die, 1, partial(_rerolled, task.player, die)))


# ----------------------------------------------------------------------------- places
@EXECUTORS.register("dungeon")
def _dungeon(engine: Engine, task: Task, node: Node) -> None:
    """The dungeon (l.545-549): its tokens in the bag, one drawn at a time; gold or
    prestige is gained and the player goes on or stops; a wound ends the search."""
    rules: RuleSet = engine.rules
    drawn = task.args
    pool = tuple(sorted(t.id for t in rules.dungeon if t.id not in drawn))
    if not pool:
        return
    event = engine.draw(card_from(pool, lambda token: ev.DungeonTokenDrawn(task.player, token)))
    assert isinstance(event, ev.DungeonTokenDrawn)
    token = next(t for t in rules.dungeon if t.id == event.token)
    if token.kind == "wound":
        sbire = context_sbire(engine.state, task.player) or engine.state.sbires[0]
        engine.push(*(Task(step.WOUND, task.player, args=(sbire,)) for _ in range(token.amount)))
        return
    gain(engine, task.player, "gold" if token.kind == "gold" else "prestige", token.amount, "dungeon")
    if len(pool) > 1:
        engine.push(Task(step.DUNGEON, task.player, task.ref, task.path, (*drawn, token.id)))


@decision(
    step.DUNGEON,
    lambda rules, state, task: (Search(True), Search(False)),
    ask("search the dungeon further, or stop", "poursuivez la fouille du donjon, ou arrêtez-vous"),
    takes=(Search,),
)
def _search(engine: Engine, task: Task, action: Search) -> None:
    """In the dungeon: ``Search(True)`` draws another token, ``Search(False)`` stops (l.547)."""
    if action.more:
        engine.push(Task(EFFECT, task.player, task.ref, task.path, task.args))


@EXECUTORS.register("forge")
def _forge(engine: Engine, task: Task, node: Node) -> None:
    state: GameState = engine.state
    if not state.players[task.player].forge and state.forge_pool:
        engine.draw(card_from(state.forge_pool, lambda token: ev.ForgeTokenDrawn(task.player, token)))


# ----------------------------------------------------------------------------- heroes
def hero_usable(rules: RuleSet, state: GameState, seat: int, hero: str) -> bool:
    """Whether ``seat`` could use ``hero``'s ability now (ready or not): its moment has
    come (a sbire activated this turn, a hunt's dice rolled, l.365) and it would do
    something."""
    found = rules.hero(hero)
    if found.when == "sbire" and not context_sbire(state, seat):
        return False
    if found.when == "hunt" and not (state.hunting and state.active == seat):
        return False
    return applicable(rules, state, seat, found.ability)


def _copies(node: Node) -> bool:
    return any(n.op in ("copy_ability", "ready_hero") for n in node.walk())


def _copy_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if task.args:
        return None
    everyone = sorted({*state.market, *(h for p in state.players for h in p.heroes)})
    return tuple(
        ChooseHero(h)
        for h in everyone
        if not _copies(rules.hero(h).ability) and hero_usable(rules, state, task.player, h)
    )


@_choosing("copy_ability", _copy_stage)
def _copy(engine: Engine, task: Task, node: Node) -> None:
    """The Mentaliste (l.517): the ability of any hero, exhausted or not, of any player or
    the market (not one that copies or readies: that could go on for ever)."""
    hero = task.args[0]
    engine.emit(ev.AbilityCopied(task.player, hero))
    engine.push(Task(EFFECT, task.player, f"hero:{hero}:ability"))


def _ready_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if task.args:
        return None
    return tuple(
        ChooseHero(h) for h in state.players[task.player].exhausted if not _copies(rules.hero(h).ability)
    )


@_choosing("ready_hero", _ready_stage)
def _ready(engine: Engine, task: Task, node: Node) -> None:
    engine.emit(ev.HeroReadied(task.player, task.args[0]))


def _swap_hero_stage(rules: RuleSet, state: GameState, task: Task, node: Node) -> tuple[Action, ...] | None:
    if not task.args:
        return tuple(ChooseHero(h) for h in state.players[task.player].heroes) if state.market else ()
    if len(task.args) == 1:
        return tuple(ChooseHero(h) for h in state.market)
    return None


@_choosing("swap_hero", _swap_hero_stage)
def _swap_hero(engine: Engine, task: Task, node: Node) -> None:
    """The Panthéon (l.587, B19): one of your heroes into the market's place of the one
    you take, which arrives ready."""
    engine.emit(ev.HeroesSwapped(task.player, task.args[0], task.args[1]))


# ----------------------------------------------------------------------------- for_each
def targets(state: GameState, player: int, players: str) -> tuple[int, ...]:
    """Whom a ``for_each`` of ``players`` falls on for ``player``."""
    count = len(state.players)
    others = tuple((player + i) % count for i in range(1, count))
    if players in ("opponents", "chosen_opponent"):
        return others
    if players == "all":
        return state.order() if state.first >= 0 else tuple(range(count))
    prestige = [p.prestige for p in state.players]
    best = min(prestige) if players == "lowest_prestige" else max(prestige)
    return tuple(seat for seat in state.order() if prestige[seat] == best)


# ----------------------------------------------------------------------------- applicability
def _applies_on(rules: RuleSet, state: GameState, player: int, node: Node, sbire: str) -> bool:
    """Whether the sbire op ``node`` would do something on ``player``'s ``sbire``."""
    me = state.players[player]
    index = state.sbires.index(sbire)
    op = node.op
    if op == "gain_ingredient":
        return bool(free_slots(rules, state, player, sbire)) and any(
            stock(rules, state, k) for k in _kinds(node)
        )
    if op == "lose_ingredient":
        return bool(me.carried[index])
    if op == "heal":
        return bool(me.wounds[index])
    if op == "wound":
        return bool(wounds_left(rules, state))
    if op == "frost":
        return bool(frost_left(rules, state)) and not me.frozen[index]
    if op in ("duplicate_ingredient", "pantry_drop"):
        return bool(me.carried[index])
    if op == "swap_ingredients":
        # someone to swap with: a sbire of another player in the region, and a token each
        return bool(_givable(rules, state, player, sbire)) and bool(_partners(rules, state, player, sbire))
    if op == "collect_to_pantry":
        task = Task(EFFECT, player, args=(sbire,))
        return bool(_region_stage(rules, state, task, node))
    if op == "visit":
        waive, dragon = _visit_args(node)
        return bool(visitable(rules, state, player, sbire, waive, dragon))
    if op == "damage":
        return _dragon_near(rules, state, player, sbire)
    if op in ("extra_collect", "second_activation"):
        return state.active == player and state.sbire == sbire
    if op == "step":
        # one region further once the activation's move is made: a step first would stand
        # for the move its die compels (l.234, l.244)
        return not (state.active == player and state.sbire == sbire and not state.moved)
    return True


def applicable(rules: RuleSet, state: GameState, player: int, node: Node) -> bool:
    """Whether resolving ``node`` for ``player`` would change anything now."""
    op = node.op
    if op in APPLICABILITY_OF_CONTROLS:
        return control_applies(
            node,
            lambda child: applicable(rules, state, player, child),
            lambda cond: EVALUATOR.holds(cond, state, player, rules),
            lambda repeat: EVALUATOR.bounded(repeat, "times", state, player, MAX_REPEAT, rules),
        )
    if op == "for_each":
        return bool(FOR_EACH.takers(rules, state, player, node))
    me = state.players[player]
    if _needs_sbire(node):
        if op == "dungeon":
            return True
        ctx = context_sbire(state, player)
        sbires = (ctx,) if ctx else state.sbires
        return any(_applies_on(rules, state, player, node, s) for s in sbires)
    if op in ("gain_gold", "gain_energy", "gain_runes"):
        left = {"gain_gold": gold_left, "gain_energy": gems_left, "gain_runes": runes_left}[op](rules, state)
        return left > 0 and _amount(rules, state, player, node) > 0
    if op in ("lose_gold", "lose_energy"):
        return (me.gold if op == "lose_gold" else me.energy) > 0 and _amount(rules, state, player, node) > 0
    if op == "score":
        points = _amount(rules, state, player, node, "points")
        return points > 0 or (points < 0 and me.prestige > 0)
    if op == "gain_ingredient":
        return any(stock(rules, state, k) for k in _kinds(node))
    if op == "lose_ingredient":
        return bool(me.pantry)
    if op in ("reroll_dice", "raise_dice"):
        return bool(me.dice) and (op == "reroll_dice" or min(me.dice) < max(rules.action_die))
    if op == "match_dice":
        return bool(me.dice) and bool(_match_stage(rules, state, Task(EFFECT, player), node))
    if op in ("set_hunting_die", "add_hunting_die"):
        return (
            bool(state.hunting)
            and state.active == player
            and (op == "add_hunting_die" or bool(_face_stage(rules, state, Task(EFFECT, player), node)))
        )
    if op == "forge":
        return not me.forge and bool(state.forge_pool)
    if op == "swap_hero":
        return bool(me.heroes) and bool(state.market)
    if op == "copy_ability":
        return bool(_copy_stage(rules, state, Task(EFFECT, player), node))
    if op == "ready_hero":
        return bool(_ready_stage(rules, state, Task(EFFECT, player), node))
    if op == "fire":
        return bool(_fire_stage(rules, state, Task(EFFECT, player), node))
    return True


def _words(rules: RuleSet, node: Node, lang: str) -> str:
    return VOCABULARY.render(node, lang)


#: Whom a ``for_each`` falls on, and the chosen player's decision.
FOR_EACH = ForEach(targets, applicable, resolve_ref, step.CHOOSE_PLAYER)


FOR_EACH.register(
    FLOW,
    ask("choose a player", "choisissez un joueur"),
    """``for_each: {players: chosen_opponent}``: the player picks another, who then acts as
    "you" in the effect: ``ChoosePlayer``.""",
)


RUNTIME = EffectRuntime(
    EXECUTORS, EVALUATOR, resolve_ref, _words, controls={"for_each": FOR_EACH.control}, applicable=applicable
)
RUNTIME.install(FLOW)
