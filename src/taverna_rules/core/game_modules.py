"""Game modules: every game the engine plays, found by a stable id.

A game module is a :class:`GameModule` object that a package names in the entry-point
group ``taverna_rules.games`` (in its ``pyproject.toml``)::

    [project.entry-points."taverna_rules.games"]
    taverna = "taverna_rules.games.taverna:GAME"

so a separate package ships a game the way pytest plugins ship plugins. The bundled games
register the same way (their modules are under :mod:`taverna_rules.games`).
:func:`installed_games` lists the ids, :func:`game_module` returns a module. This module
knows no game: it reads the entry points and never imports a game by name.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from importlib.resources.abc import Traversable
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules.content.model import Names
from taverna_rules.content.spec import ContentSpec
from taverna_rules.core.balance import BalanceMeter
from taverna_rules.core.card_texts import RulesText
from taverna_rules.core.contract import (
    FlowParts,
    OpeningParts,
    RuleSetLike,
    SimultaneousState,
    StateLike,
    contract_problems,
)
from taverna_rules.core.observation import ObservationWriter
from taverna_rules.core.positions import PositionFormat
from taverna_rules.core.records import Action, ChoiceCommitted, Event
from taverna_rules.core.views import Visibility, Zone
from taverna_rules.dsl.vocabulary import Vocabulary
from taverna_rules.errors import GameModuleError, PositionError

__all__ = [
    "DEFAULT_GAME",
    "ENTRY_POINTS",
    "GameModule",
    "bundled_games",
    "describe_fields",
    "game_module",
    "installed_games",
    "not_an_action",
    "players_text",
]

#: The entry-point group games register in.
ENTRY_POINTS = "taverna_rules.games"
#: The game of the calls that name none (``tr.load_rules()``, ``tr.events_from_json(text)``):
#: Taverna, the engine's first game, so that code written for it keeps working.
DEFAULT_GAME = "taverna"
#: The games this package bundles, found by name even when its metadata is missing (a
#: source checkout run without installing): they declare the same entry points.
_BUNDLED = {
    "taverna": "taverna_rules.games.taverna:GAME",
    "cavern_tavern": "taverna_rules.games.cavern_tavern:GAME",
    "taverne": "taverna_rules.games.taverne:GAME",
    "taverns_and_dragons": "taverna_rules.games.taverns_and_dragons:GAME",
}


def _no_start(*args: Any, **kwargs: Any) -> list[Any]:
    raise GameModuleError("this game module has no opening")  # refused at construction


def _no_effects(rules: Any, ref: str) -> Any:
    raise KeyError(f"this game names no effects: {ref!r}")


def _no_positions(rules: Any, state: Any) -> Any:
    raise PositionError("this game does not load positions")


def _spaced(name: str) -> str:
    """``PickCard`` as ``Pick card``."""
    spaced = re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()
    return spaced[:1].upper() + spaced[1:]


def _named(rules: Any, value: object, lang: str) -> str:
    """A value of an action in words: a content id by its name (when the rules name it)."""
    if isinstance(value, str):
        name_of = getattr(rules, "name_of", None)
        return str(name_of(value, lang)) if callable(name_of) else value
    if isinstance(value, tuple | list):
        return ", ".join(_named(rules, item, lang) for item in value) or "none"
    return "none" if value is None else str(value)


def describe_fields(rules: Any, state: Any, action: Any, lang: str) -> str:
    """The default label of an action: its kind in words, then its values, content ids by
    their names (``Sell spell: Forged Deed``); a game labels its actions better with its
    own :attr:`GameModule.describe_action`."""
    fields = attrs.astuple(action, recurse=False) if attrs.has(type(action)) else ()
    values = [_named(rules, value, lang) for value in fields]
    kind = _spaced(type(action).__name__)
    return f"{kind}: {', '.join(values)}" if values else kind


def _silent(rules: Any, state: Any, event: Any, lang: str) -> str | None:
    return None


def players_text(rules: Any, state: Any, viewer: int | None, lang: str) -> str:
    """The default text board: the players, in seat order (``viewer``'s marked)."""
    return "\n".join(
        f"{'*' if seat == viewer else ' '} {player.name}" for seat, player in enumerate(state.players)
    )


Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


#: The score of a game that names none: points.
POINTS = Names(en="points", fr="points", nl="punten")


@attrs.frozen(eq=False, kw_only=True)
class GameModule:
    """Everything the engine asks of one game, under its stable ``id``.

    Each registry is the game's own (a second entry under a name is refused): its action
    and event types by wire name, its automatic flow steps and decision kinds by step
    kind (a :class:`~taverna_rules.core.engine.Flow`), and the executors of its primitive
    effect ops by op name. Its rule set and state are its own classes with what the core
    reads of them (:mod:`taverna_rules.core.contract`: ``rules.game`` and ``fingerprint``;
    the state's ``rules``, ``players`` each with a ``name``, ``seed``, ``stack``,
    ``result`` and ``over``, and for simultaneous decisions ``commits``): ``mypy`` flags a
    :attr:`rules_type` or :attr:`state_type` that lacks them, and the module is refused
    when it loads, naming each missing field. Required: :attr:`id`, :attr:`name`,
    :attr:`actions`, :attr:`events`, :attr:`evolve`, :attr:`rules_type`, :attr:`state_type`,
    the :attr:`flow` (or its :attr:`steps` and :attr:`decisions`) and the :attr:`opener`
    (or :attr:`start`, :attr:`opening` and :attr:`openings`); every other field has a
    default. See :doc:`writing_a_game`.
    """

    #: The stable id: in logs, in entry points, in ``cards/<id>/`` and ``schemas/<id>/``.
    id: str
    name: Names
    actions: Mapping[str, type[Action]]
    events: Mapping[str, type[Event]]
    #: ``evolve(state, event) -> state``: how the game's state folds each of its events.
    evolve: Callable[[Any, Any], Any]
    #: The class of the game's rule set (``rules.game`` is this module's id): it has what
    #: the core reads (:class:`~taverna_rules.core.contract.RuleSetLike`).
    rules_type: type[RuleSetLike]
    #: The class of the game's state, with what the core reads
    #: (:class:`~taverna_rules.core.contract.StateLike`; with simultaneous decisions
    #: :class:`~taverna_rules.core.contract.SimultaneousState`).
    state_type: type[StateLike]
    #: The game's :class:`~taverna_rules.Flow`, whose registries are :attr:`steps` and
    #: :attr:`decisions` (or give those two).
    flow: FlowParts | None = None
    #: The automatic steps by step kind (from :attr:`flow` when not given).
    steps: Mapping[str, Callable[..., Any]] = attrs.field(factory=dict)
    #: The decision kinds by step kind (from :attr:`flow` when not given).
    decisions: Mapping[str, Any] = attrs.field(factory=dict)
    #: The game's :class:`~taverna_rules.Opening`, which gives :attr:`start`,
    #: :attr:`opening` and :attr:`openings` (or give those three).
    opener: OpeningParts | None = None
    #: ``start(rules, players, seed, options, **setup) -> events``: a new game's opening
    #: events, every argument checked (:class:`~taverna_rules.errors.OptionError`).
    start: Callable[..., list[Any]] = _no_start
    #: ``opening(rules, first) -> events``: the opening that a log's first event gives,
    #: recomputed (verified replay compares it with the log), or a
    #: :class:`~taverna_rules.errors.ReplayError` saying why ``first`` starts no game.
    opening: Callable[[Any, Any], list[Any]] = _no_start
    #: The event types a log starts with.
    openings: tuple[type, ...] = ()
    #: The languages its rules text and content names are written in (English alone by
    #: default).
    languages: tuple[str, ...] = ("en",)
    #: The executors of its primitive effect ops, by op name (none for a game without
    #: effects).
    ops: Mapping[str, Callable[..., Any]] = attrs.field(factory=dict)
    #: What is hidden from whom (:class:`~taverna_rules.core.views.Visibility`); by
    #: default the seed of the draws to come, hidden from everyone (every state has one).
    visibility: Visibility = attrs.field(factory=lambda: Visibility((Zone("seed", "seed", "hidden"),)))
    #: ``resolve(rules, ref) -> node``: the effect a step's ``ref`` names in the content.
    resolve: Callable[[Any, str], Any] = _no_effects
    #: ``resume(rules, state) -> events``: the log of a game resumed from a position.
    resume: Callable[[Any, Any], list[Any]] = _no_positions
    #: ``react(engine, event)``: called with every event the engine emits, after it is
    #: folded; a game's triggers schedule their effects from here with
    #: :meth:`Engine.react <taverna_rules.core.engine.Engine.react>` (bounded by the game).
    react: Callable[[Any, Any], None] | None = None
    #: Actions that, when a decision offers nothing else, are taken by themselves, but only
    #: when the player who decides holds nothing another seat cannot see (by the zones of
    #: :attr:`visibility`): whether the lone action is a pass may hang on what they hide,
    #: and asking only some players would show it. Anyone else is asked as usual.
    passes: tuple[Any, ...] = ()
    #: ``integrity(rules, state) -> problems``: what is inconsistent in a state (none:
    #: ``[]``), checked on positions and by the conformance kit after every action.
    integrity: Callable[[Any, Any], list[str]] = lambda rules, state: []
    #: Upcasters: ``(event type, version) -> function`` turning an event's JSON fields of
    #: that version into the next version's (a log written by an older engine still reads).
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = attrs.field(
        factory=dict
    )
    #: The game's part of the conformance kit (:mod:`taverna_rules.tools.conformance`),
    #: made on first use: an object with ``public(rules, names)`` (names never tracked as
    #: secrets), ``ledger(rules, game)`` (an object whose ``opening`` lists problems of
    #: the opening and whose ``check(state, new_events)`` lists what was created or lost)
    #: and ``tally(rules)`` (coverage); ``None``: the generic checks only.
    conformance: Callable[[], Any] | None = None
    #: The game's content (:class:`~taverna_rules.content.spec.ContentSpec`): its file
    #: kinds, schemas and builder, through which :func:`taverna_rules.load_rules` and
    #: :func:`taverna_rules.validate` with ``game=`` load ``cards/<id>/`` and packs;
    #: ``None`` for a game whose rules are built in Python.
    content: ContentSpec | None = None
    #: What the game scores in, as tables and reports head a score (Taverna's "VP").
    score: Names = POINTS
    #: How the server's page draws the game: a JavaScript module (a file of the game's
    #: package, ``resources.files(package) / "board.js"``) exporting ``draw(container,
    #: view, context)``; it may import the page's helpers from ``/static/util.js``.
    #: ``None``: the page shows the game's text board (:attr:`board_text`).
    drawing: Traversable | None = None
    #: ``board_facts(rules) -> facts``: what the page's drawing reads of the content and
    #: no view repeats (names, card texts, a board's layout), as JSON-ready data served at
    #: ``/api/boards/<fingerprint>`` (the ``hints`` a drawing is given); ``None``: none.
    board_facts: Callable[[Any], Mapping[str, Any]] | None = None
    #: The game's effect DSL (:class:`~taverna_rules.dsl.vocabulary.Vocabulary`): the core's
    #: control ops and its own primitive ops (one executor each in :attr:`ops`), counts
    #: and rules-text words, in the game's languages; ``None`` for a game without effects.
    vocabulary: Vocabulary | None = None
    #: Its position documents (:class:`~taverna_rules.core.positions.PositionFormat`),
    #: read and written by :func:`taverna_rules.load_position` and
    #: :func:`taverna_rules.dump_position` and resumed with :attr:`resume`; ``None``: none.
    positions: PositionFormat | None = None
    #: ``actions_of(rules) -> actions``: every action the rules can ever offer, each in
    #: its :attr:`canonical` form, in a stable order: the numbering of
    #: :func:`~taverna_rules.action_space`; ``None``: the game does not number its actions.
    actions_of: Callable[[Any], Iterable[Any]] | None = None
    #: ``canonical(action) -> action``: the one form of actions that are the same choice
    #: (copies of a card, say); the identity by default.
    canonical: Callable[[Any], Any] = lambda action: action
    #: ``player_counts(rules) -> counts``: how many players the rules seat.
    player_counts: Callable[[Any], tuple[int, ...]] = lambda rules: (2,)
    #: The rules text of its cards (:class:`~taverna_rules.core.card_texts.RulesText`), for
    #: :func:`taverna_rules.rules_text.card_texts` and ``taverna rules-text``.
    rules_text: RulesText | None = None
    #: The narrated demo's frame, in a language of :attr:`languages`: an object with
    #: ``intro(rules, state, lang)`` and ``outro(rules, state, lang)`` giving the lines after
    #: the opening and after the scores, and ``category(rules, category, lang)`` naming a VP
    #: category in the score table; ``None``: none (the events' lines are :attr:`narrate`'s;
    #: a ``describe(rules, state, event)`` it has, as games written before :attr:`narrate`
    #: had, stands for it).
    narration: Any = None
    #: ``describe_action(rules, state, action, lang) -> label``: an action in words a
    #: person reads, in ``lang`` (one of :attr:`languages`), for the player deciding in
    #: ``state``: names as the rulebook and the board print them, never content ids,
    #: seats or zero-based numbers (:meth:`Game.describe <taverna_rules.Game.describe>`);
    #: by default the action's kind and its values by name (:func:`describe_fields`).
    describe_action: Callable[[Any, Any, Any, str], str] = describe_fields
    #: ``narrate(rules, state, event, lang) -> line or None``: the line of the log for
    #: ``event``, where ``state`` is the state the event led to as the reader sees it (a
    #: seat's view, or a spectator's), ``None`` for bookkeeping
    #: (:meth:`Game.narrate <taverna_rules.Game.narrate>`); by default no line.
    narrate: Callable[[Any, Any, Any, str], str | None] = _silent
    #: ``board_text(rules, state, viewer, lang) -> text``: the position in a few lines of
    #: plain text, from ``state`` as ``viewer`` (a seat, ``None``: a spectator) sees it
    #: (``print(game)``, :meth:`Game.board <taverna_rules.Game.board>`); by default the
    #: players' names (:func:`players_text`).
    board_text: Callable[[Any, Any, int | None, str], str] = players_text
    #: ``heuristic(rules, state, seat) -> float``: how well a seat stands (higher is
    #: better), for bots that look one step ahead
    #: (:class:`~taverna_rules.bots.GreedyBot`); ``None``: every state looks alike.
    heuristic: Callable[[Any, Any, int], float] | None = None
    #: ``observe(rules, view, decision, seat, writer)``: write what ``seat`` sees, from
    #: ``view`` (the state as the seat sees it) and ``decision`` (the pending decision as
    #: the seat sees it, or ``None``), into the
    #: :class:`~taverna_rules.core.observation.ObservationWriter`, the same blocks in the
    #: same order for every state of a game (:func:`taverna_rules.observe`); ``None``:
    #: the observation is read from the state's fields
    #: (:func:`~taverna_rules.core.state_observation.observe_state`).
    observe: Callable[[Any, Any, Any, int, ObservationWriter], None] | None = None
    #: ``max_decisions(rules, players, options) -> int | None``: a bound on the decisions a
    #: game of ``players`` players takes with the rule ``options`` (a mapping of every
    #: option to its value), ``None`` when such a game has none (no turn limit)
    #: (:attr:`ActionSpace.max_decisions <taverna_rules.ActionSpace.max_decisions>`), for
    #: frameworks that size buffers by the longest game; the conformance kit checks every
    #: game it plays stays under it.
    max_decisions: Callable[[Any, int, Mapping[str, Any]], int | None] | None = None
    #: ``max_chance_outcomes(rules, players) -> int``: the most outcomes a chance decision
    #: of the explicit chance mode can have (OpenSpiel sizes chance nodes by it); ``None``
    #: for a game whose draws are not all described by
    #: :class:`~taverna_rules.core.chance.Chance`, which then has the sampled mode only.
    max_chance_outcomes: Callable[[Any, int], int] | None = None
    #: The reports on the game's content, by name: each ``make(rules) -> meter`` gives a
    #: new :class:`~taverna_rules.core.balance.BalanceMeter` measuring it over simulated
    #: games (:mod:`taverna_rules.tools.balance` plays them); ``balance`` is the report
    #: run by default. Empty: the game has no report.
    reports: Mapping[str, Callable[[Any], BalanceMeter]] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        self._take_parts()
        describe = getattr(self.narration, "describe", None)
        if self.narrate is _silent and callable(describe):
            # A game written before the narrate hook said its lines in narration.describe.
            object.__setattr__(
                self, "narrate", lambda rules, state, event, lang: describe(rules, state, event)
            )
        if self.content is not None and self.content.game != self.id:
            raise GameModuleError(f"game {self.id!r} declares the content of game {self.content.game!r}")
        if self.vocabulary is not None:
            primitives = {name for name, spec in self.vocabulary.ops.items() if spec.kind == "primitive"}
            if primitives != set(self.ops):
                raise GameModuleError(
                    f"game {self.id!r}: ops without an executor {sorted(primitives - set(self.ops))}, "
                    f"executors without an op {sorted(set(self.ops) - primitives)}"
                )
        lacking = contract_problems(self.rules_type, RuleSetLike, "the rule set")
        lacking += contract_problems(self.state_type, StateLike, "the state")
        if ChoiceCommitted.TYPE in self.events:
            lacking += contract_problems(self.state_type, SimultaneousState, "the state")
        if lacking:
            raise GameModuleError(f"game {self.id!r}: " + "; ".join(dict.fromkeys(lacking)))
        for kind, spec in self.decisions.items():
            missing = [t.TYPE for t in getattr(spec, "takes", ()) if self.actions.get(t.TYPE) is not t]
            if missing:
                raise GameModuleError(
                    f"game {self.id!r}: the decision {kind!r} takes {', '.join(missing)}, which its "
                    "actions do not register (add the type to its action table, and to its "
                    "action space if it numbers its actions)"
                )
        zones = {zone.name for zone in self.visibility.zones}
        if ChoiceCommitted.TYPE in self.events and "commits" not in zones:
            raise GameModuleError(
                f"game {self.id!r} has simultaneous decisions: declare Zone('commits', 'commits', "
                "'owner', pairs=True) in its visibility, or every view shows the others' choices"
            )
        for cls in self.events.values():
            for field, zone in cls.ZONES.items():
                if zone not in zones and not zone.startswith("*"):
                    raise GameModuleError(
                        f"game {self.id!r}: event {cls.TYPE}.{field} names the zone {zone!r}, "
                        f"which its visibility does not declare ({', '.join(sorted(zones)) or 'none'})"
                    )

    def _take_parts(self) -> None:
        """:attr:`steps` and :attr:`decisions` from :attr:`flow`, :attr:`start`,
        :attr:`opening` and :attr:`openings` from :attr:`opener`, unless given."""
        if self.flow is not None:
            if not self.steps:
                object.__setattr__(self, "steps", self.flow.steps)
            if not self.decisions:
                object.__setattr__(self, "decisions", self.flow.decisions)
        opener = self.opener
        if opener is not None:
            if self.start is _no_start:
                object.__setattr__(self, "start", opener.start)
            if self.opening is _no_start:
                object.__setattr__(self, "opening", opener.opening)
            if not self.openings:
                object.__setattr__(self, "openings", opener.openings)
        if self.start is _no_start or self.opening is _no_start or not self.openings:
            raise GameModuleError(
                f"game {self.id!r} has no opening: give opener=Opening(...), "
                "or start=, opening= and openings="
            )
        if self.flow is None and not self.steps and not self.decisions:
            raise GameModuleError(f"game {self.id!r} has no steps: give flow=FLOW, or steps= and decisions=")

    def __repr__(self) -> str:
        return f"<GameModule {self.id!r}: {len(self.actions)} actions, {len(self.events)} events>"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    # Read once a process: scanning the installed packages' metadata takes milliseconds.
    found = {ep.name: ep for ep in entry_points(group=ENTRY_POINTS)}
    for name, value in _BUNDLED.items():
        found.setdefault(name, EntryPoint(name=name, value=value, group=ENTRY_POINTS))
    return found


def bundled_games() -> tuple[str, ...]:
    """The ids of the games this package bundles, sorted (every other installed game comes
    from a package of its own)."""
    return tuple(sorted(_BUNDLED))


def installed_games() -> tuple[str, ...]:
    """The ids of the installed games, sorted (the entry points are read once a process:
    a game installed while it runs is found after a restart)."""
    return tuple(sorted(_entry_points()))


def game_module(ident: str) -> GameModule:
    """The game module registered under ``ident``; :class:`GameModuleError` for an id no
    installed package registers, or an entry point that fails to load or is no
    :class:`GameModule` of that id."""
    loaded = _LOADED.get(ident) if isinstance(ident, str) else None
    if loaded is not None:  # every action asks: the fast path is one lookup
        return loaded
    points = _entry_points()
    if not isinstance(ident, str) or ident not in points:
        raise GameModuleError(f"no game {shown(ident)} is installed; games: {', '.join(sorted(points))}")
    module = _LOADED[ident] = _load(points[ident])
    return module


_LOADED: dict[str, GameModule] = {}


@cache
def _load(point: EntryPoint) -> GameModule:
    try:
        module_name, _, attribute = point.value.partition(":")
        loaded = getattr(importlib.import_module(module_name), attribute)
    except Exception as exc:  # a third-party plugin may fail in any way: say which one
        raise GameModuleError(f"game {point.name!r} ({point.value}) failed to load: {exc!r}") from exc
    if not isinstance(loaded, GameModule) or loaded.id != point.name:
        raise GameModuleError(
            f"game {point.name!r} ({point.value}) is not the GameModule {point.name!r}: {shown(loaded)}"
        )
    return loaded


def not_an_action(action: object, module: GameModule, problem: str) -> str:
    """The message refusing ``action``, which is no action of ``module``'s game because of
    ``problem``: when it is another installed game's action, the message names both games
    (``SeatCustomer(...) is not an action of Cavern Tavern: it is an action of Taverna``);
    the search runs only on a refusal."""
    other = foreign_action(action, module)
    if other:
        return f"{shown(action, wide=True)} is not an action of {module.name.en}: {other}"
    return f"{shown(action, wide=True)} is not an action: {problem}"


def foreign_action(action: object, module: GameModule) -> str:
    """When ``action`` is an action of another installed game than ``module``'s, which
    game's it is (and this game's action of the same name, if any); ``""`` otherwise.
    Actions of two games may share a name and never a type."""
    cls = type(action)
    name = getattr(cls, "TYPE", "")
    if not isinstance(name, str) or module.actions.get(name) is cls:
        return ""
    for ident in installed_games():
        other = game_module(ident)
        if other is not module and other.actions.get(name) is cls:
            own = module.actions.get(name)
            hint = f": use {own.__module__}.{own.__name__}" if own is not None else ""
            return f"it is an action of {other.name.en}{hint}"
    return ""
