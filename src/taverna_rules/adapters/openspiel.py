"""OpenSpiel games for every installed game.

:func:`register` registers with `OpenSpiel <https://openspiel.readthedocs.io>`_, for each
game :func:`taverna_rules.installed_games` lists, a Python game named
``python_<game id>`` (:func:`short_name`): ``python_taverna``, ``python_cavern_tavern``.
Each takes the parameter ``players`` (default 2, or the fewest the rules seat) and the
game's rule options by name (their defaults otherwise: ``{"players": 3, "tournament": 10}``
for Taverne, whose games end only by the options). It is zero-sum (the returns of
:meth:`Game.returns <taverna_rules.Game.returns>`: in [-1, 1], summing to 0, given at the
end), with imperfect information and explicit chance; sequential, or, for a game with
decisions that ask several seats at once (Taverne's attacks), *simultaneous*: there
``current_player()`` is ``PlayerId.SIMULTANEOUS``, each seat has its own legal actions (a
seat the decision does not ask has one, the game's ``Pass``, which does nothing) and
``apply_actions`` takes every seat's at once; the other nodes stay a single player's.

>>> import pyspiel
>>> from taverna_rules.adapters import openspiel
>>> names = openspiel.register()
>>> game = pyspiel.load_game("python_cavern_tavern", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the first secret task is dealt
True
>>> sum(p for _, p in state.chance_outcomes())
1.0
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player() in (0, 1)
True

An action is a number of the game's action codec (:func:`taverna_rules.action_space`:
``num_distinct_actions`` is its size; copies of a card are one number). A player's
observation tensor is :func:`taverna_rules.observe` of their seat (the layout of
:func:`taverna_rules.observation_layout`; the observer's ``dict`` names its blocks), and
the observation string lists its blocks that are not zero. ``max_game_length`` is
:meth:`ActionSpace.max_decisions <taverna_rules.ActionSpace.max_decisions>`, a bound on
the players' decisions.

**Chance.** The games play in the library's explicit chance mode
(:func:`taverna_rules.new_game` with ``chance="explicit"``; see
:mod:`taverna_rules.core.chance`): every draw of the game (a card from a deck, a roll of
dice, the dignitaries' places) is a chance node whose outcomes are the draw's, numbered
as :meth:`Game.chance_outcomes <taverna_rules.Game.chance_outcomes>` numbers them, with
their exact probabilities. Nothing random is decided ahead, so an algorithm that walks
the tree (expectimax, CFR, exact best responses) or plays ahead on a clone branches on
the cards to come instead of knowing them. ``max_chance_outcomes`` is the game module's
bound (:attr:`GameModule.max_chance_outcomes
<taverna_rules.GameModule.max_chance_outcomes>`); ``max_chance_nodes_in_history`` is
bounded like the players' decisions. What a player cannot see is still hidden in the
state (the others' hands): search that must not peek draws its worlds with
:meth:`TavernaState.resample_from_infostate`, as OpenSpiel's ``ISMCTSBot`` does.

**Information states** are keys (hex digests) of the log as the player has seen it, as
:func:`taverna_rules.information_state`'s are: equal exactly when the player cannot tell
two histories apart. They are chained event by event and kept with the state, so a key
costs microseconds however long the game, and :meth:`~TavernaState.resample_from_infostate`
keeps the resampling player's key: a sample has the real state's key for that player
(OpenSpiel's ``ISMCTSBot`` asserts it). A sample's game starts from the sampled position,
so for the *other* seats its keys start there (from the resampling player's key and what
each of them sees of the sampled position): what they saw before, in that world, is not
known. The same holds for its ``history()``, which is empty. The keys are not the texts
:func:`taverna_rules.information_state` returns, but for states played from the initial
state they part histories the same way (a test compares them). A resampled world draws
from a new seed (the library's sampled mode): it has no chance nodes of its own.

**Serialization.** OpenSpiel serializes a Python state as the pickle of its attributes:
here the game's id, the log (the game is replayed, without checks, when it loads) and the
keys; :func:`register` must have run before ``pyspiel.deserialize_game_and_state``.

The adapter needs the ``openspiel`` extra (``pip install 'taverna-rules[openspiel]'``);
the rest of the library never imports OpenSpiel or NumPy.
"""

from __future__ import annotations

import operator
import random
import warnings
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ImportError as exc:  # pragma: no cover - the extra is installed in development
    raise ImportError(
        "taverna_rules.adapters.openspiel needs OpenSpiel and NumPy: pip install 'taverna-rules[openspiel]'"
    ) from exc

from taverna_rules._shown import shown
from taverna_rules.core.action_space import ActionSpace, action_space
from taverna_rules.core.arguments import resolve_options, rule_options
from taverna_rules.core.chance import CHANCE
from taverna_rules.core.game_modules import GameModule, describe_fields, game_module, installed_games
from taverna_rules.core.observation import ObservationLayout, chain_key, digest
from taverna_rules.core.records import PickOutcome
from taverna_rules.errors import IllegalActionError, OptionError, TavernaError
from taverna_rules.game import Game, new_game, replay
from taverna_rules.observations import observation_layout, observe
from taverna_rules.rules import load_rules

__all__ = ["TavernaGame", "TavernaObserver", "TavernaState", "register", "short_name"]

if int(pyspiel.PlayerId.CHANCE) != CHANCE:  # pragma: no cover - both say -1
    raise ImportError(f"OpenSpiel's chance player is {int(pyspiel.PlayerId.CHANCE)}, the library's {CHANCE}")


def short_name(game_id: str) -> str:
    """The OpenSpiel name of the game ``game_id``: ``python_<game id>``."""
    return f"python_{game_id}"


# ---------------------------------------------------------------------- shared parts
class _Spec:
    """What every state of one game (id, players) shares: the rules, the action codec, the
    observation layout. One per parameters; a deep copy is the same
    object and a pickle names the parameters, so states copy and serialize cheaply."""

    __slots__ = (
        "game_id",
        "layout",
        "module",
        "names",
        "options",
        "players",
        "rules",
        "simultaneous",
        "space",
        "start_keys",
    )

    def __init__(self, game_id: str, players: int, options: tuple[tuple[str, Any], ...] = ()) -> None:
        self.game_id = game_id
        self.players = players
        #: The rule options every game is played with.
        self.options = options
        self.module: GameModule = game_module(game_id)
        self.rules: Any = load_rules(game_id)
        self.space: ActionSpace = action_space(self.rules)
        self.layout: ObservationLayout = observation_layout(self.rules, players)
        self.names = [f"player_{seat}" for seat in range(players)]
        #: The decision kinds that ask several seats at once (OpenSpiel's simultaneous nodes).
        self.simultaneous = frozenset(
            kind for kind, d in self.module.decisions.items() if d.seats is not None
        )
        #: The keys of each seat, then of the whole log, before anything is seen.
        self.start_keys = tuple(
            digest(f"taverna_rules {game_id}, {players} players, {whom}")
            for whom in [*(f"seat {seat}" for seat in range(players)), "all"]
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_spec, (self.game_id, self.players, self.options))


@cache
def _spec(game_id: str, players: int, options: tuple[tuple[str, Any], ...] = ()) -> _Spec:
    return _Spec(game_id, players, options)


class _Log:
    """The library's game a state plays. A deep copy is :meth:`Game.copy
    <taverna_rules.Game.copy>` (states are immutable and shared); a pickle is the game's id
    and its log, replayed without checks when it loads (20 to 30 kB for a whole game,
    rather than the rule set and every undo point)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Log:
        return _Log(self.game.copy())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replayed, (self.game.rules.game, self.game.events))


def _replayed(game_id: str, events: Sequence[Any]) -> _Log:
    return _Log(replay(load_rules(game_id), events, verify=False))


# ---------------------------------------------------------------------- the game
class TavernaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """One game of the library as an OpenSpiel game, for the parameter ``players``. Made
    by ``pyspiel.load_game`` after :func:`register`."""

    def __init__(self, game_id: str, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        module = game_module(game_id)
        rules = load_rules(game_id)
        counts = module.player_counts(rules)
        players = params.pop("players", _default_players(counts))
        if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
            raise OptionError(f"{game_id} seats {counts} players, not {shown(players)}")
        bound = module.max_chance_outcomes
        if bound is None:
            raise OptionError(f"game {game_id!r} has no explicit chance mode, which OpenSpiel games need")
        options = resolve_options(rules, params)
        self._spec = _spec(game_id, players, options)
        space = self._spec.space
        info = pyspiel.GameInfo(
            num_distinct_actions=space.framework_size if self._spec.simultaneous else space.size,
            max_chance_outcomes=bound(rules, players),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=space.max_decisions(players, dict(options)),
        )
        super().__init__(_game_type(game_id), info, {"players": players, **dict(options)})

    @property
    def rules(self) -> Any:
        """The rule set the game plays by (:func:`taverna_rules.load_rules`)."""
        return self._spec.rules

    @property
    def action_codec(self) -> ActionSpace:
        """The action codec (:func:`taverna_rules.action_space`): action numbers are its."""
        return self._spec.space

    @property
    def layout(self) -> ObservationLayout:
        """The layout of the observation tensor (:func:`taverna_rules.observation_layout`)."""
        return self._spec.layout

    def new_initial_state(self) -> TavernaState:
        """A new game, at its first draw (a chance node)."""
        return TavernaState(self)

    def max_chance_nodes_in_history(self) -> int:
        """A bound on the chance nodes of a history: the bound on the players' decisions,
        which every draw of the games stays under (a test plays random games against it)."""
        spec = self._spec
        return int(spec.space.max_decisions(spec.players, dict(spec.options)))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> TavernaObserver:
        """An observer for ``iig_obs_type``: the default (one player's private and the public
        information, without perfect recall) gives the observation tensor and string;
        with perfect recall, the information state string (and no tensor). Other types
        (public only, every player's private information) are refused with
        ``ValueError``."""
        if params:
            raise ValueError(f"observers of {self._spec.game_id} take no parameters, not {shown(params)}")
        perfect_recall = False
        if iig_obs_type is not None:
            if (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                raise ValueError(
                    f"{short_name(self._spec.game_id)} observes what one player sees (public and "
                    "their own private information), not public_info="
                    f"{iig_obs_type.public_info}, private_info={iig_obs_type.private_info}"
                )
            perfect_recall = bool(iig_obs_type.perfect_recall)
        return TavernaObserver(self._spec, perfect_recall=perfect_recall)


def _default_players(counts: Sequence[int]) -> int:
    return 2 if 2 in counts else counts[0]


def _game_type(game_id: str) -> Any:
    module = game_module(game_id)
    rules = load_rules(game_id)
    counts = module.player_counts(rules)
    simultaneous = any(kind.seats is not None for kind in module.decisions.values())
    params: dict[str, Any] = {"players": _default_players(counts)}
    params.update((option.id, option.default) for option in rule_options(rules))
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"{module.name.en} (taverna_rules)",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS
        if simultaneous
        else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


# ---------------------------------------------------------------------- the state
class TavernaState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A state of a :class:`TavernaGame`: a :class:`~taverna_rules.Game` in explicit chance
    mode, played with the actions' numbers and the chance outcomes' indices."""

    def __init__(self, game: TavernaGame) -> None:
        super().__init__(game)
        spec: _Spec = game._spec
        self._spec = spec
        self._log = _Log(new_game(spec.rules, spec.names, options=dict(spec.options), chance="explicit"))
        # Information state keys: one per seat, then one of the whole log (for __str__),
        # each covering the log's first ``_keyed[i]`` events (extended when asked).
        self._keys = list(spec.start_keys)
        self._keyed = [0] * (spec.players + 1)

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Game:
        """A copy of the library's game this state plays."""
        return self._log.game.copy()

    def current_player(self) -> int:
        """The deciding seat; ``PlayerId.CHANCE`` (the library's
        :data:`~taverna_rules.core.chance.CHANCE`) at a chance node, ``PlayerId.TERMINAL``
        once the game is over."""
        decision = self._log.game.decision
        if decision is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if decision.kind in self._spec.simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return int(decision.player)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._log.game.over

    def returns(self) -> list[float]:
        """Each seat's return: :meth:`Game.returns <taverna_rules.Game.returns>` (zeros
        before the end)."""
        return list(self._log.game.returns())

    def _legal_actions(self, player: int) -> list[int]:
        """The numbers of ``player``'s legal actions, in ascending order: the deciding
        player's; at a simultaneous node, each seat's own, and for a seat the decision does
        not ask, the one action that does nothing (the game's pass)."""
        game = self._log.game
        space = self._spec.space
        decision = game.decision
        if decision is None or decision.kind not in self._spec.simultaneous:
            return sorted(space.legal_indices(game))
        for asked in game.decisions:
            if asked.player == player:
                return sorted({space.encode(action) for action in asked.actions})
        return [self._idle()]

    def _idle(self) -> int:
        """The number of the action of a seat a simultaneous node does not ask."""
        return self._spec.space.idle

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node (:meth:`Game.chance_outcomes
        <taverna_rules.Game.chance_outcomes>`' indices) and their probabilities."""
        if not self._chance_next():
            raise ValueError("this state is no chance node")
        return [(o.action.index, float(o.probability)) for o in self._log.game.chance_outcomes()]

    def _chance_next(self) -> bool:
        """True when chance acts next: the game waits on a draw."""
        decision = self._log.game.decision
        return decision is not None and decision.player == CHANCE

    def _action_to_string(self, player: int, action: int) -> str:
        """The label of the action numbered ``action`` (:meth:`Game.describe
        <taverna_rules.Game.describe>`; for a number the pending decision does not offer,
        the default label of its copy-free form), or the chance outcome."""
        number = operator.index(action)
        if player == pyspiel.PlayerId.CHANCE:
            return f"outcome {number}"
        game = self._log.game
        space = self._spec.space
        try:
            return game.describe(space.decode(number, game))
        except IllegalActionError:
            module = self._spec.module
            return describe_fields(game.rules, game.state, space.decode(number), module.languages[0])

    def __str__(self) -> str:
        """The text board of the whole state (every hand shown, as OpenSpiel's games show
        every card), under a line saying how many players, events, and who decides, and
        over the key of the whole log: OpenSpiel's tools (``get_all_states``) key states by
        this text, and two histories may meet at one board (a chance node resolving one
        action or another)."""
        spec = self._spec
        head = f"{spec.module.name.en}, {spec.players} players"
        game = self._log.game
        decision = game.decision
        names = [p.name for p in game.state.players]
        if decision is None:
            status = f"over, returns {list(game.returns())}"
        else:
            status = "chance" if decision.player == CHANCE else f"{names[decision.player]} to decide"
        board = spec.module.board_text(game.rules, game.state, None, spec.module.languages[0])
        return f"{head}, {len(game.events)} events, {status}\n{board}\nlog {self._key(spec.players)}"

    # ------------------------------------------------------------------ information
    def _key(self, index: int) -> str:
        """The key of what seat ``index`` has seen (``players``: the whole log), chained
        over the events not yet counted."""
        key = self._keys[index]
        game = self._log.game
        events = game.events
        start = self._keyed[index]
        if start < len(events):
            whole = index == self._spec.players
            redact = game.module.visibility.redact_event
            seen = events[start:] if whole else (redact(event, index) for event in events[start:])
            key = chain_key(key, seen)
            self._keys[index] = key
            self._keyed[index] = len(events)
        return key

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> TavernaState:
        """A state that ``player_id`` cannot tell from this one: the game determinized for
        them (:meth:`Game.determinize <taverna_rules.Game.determinize>`: every card hidden
        from them redealt, the seed drawn anew) with a generator seeded from one call of
        ``probability_sampler`` (a number in [0, 1), as ``pyspiel.UniformProbabilitySampler``
        gives). Its information state for ``player_id`` is this state's; it draws from a new
        seed (no chance nodes). At a chance node and once the game is over: a clone."""
        seat = operator.index(player_id)
        spec = self._spec
        if not 0 <= seat < spec.players:
            raise ValueError(f"no seat {shown(player_id)}; seats are 0 to {spec.players - 1}")
        if self._log.game.over or self._chance_next():
            clone: TavernaState = self.clone()
            return clone
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        sample = self._log.game.determinize(seat, rng)
        state = TavernaState(self.get_game())
        state._log = _Log(sample)
        mine = self._key(seat)
        state._keys = [
            mine if other == seat else digest(f"{mine}\nresampled for seat {seat}, seen by seat {other}")
            for other in range(spec.players)
        ]
        state._keys.append(spec.start_keys[spec.players])
        state._keyed = [0] * (spec.players + 1)
        # The sample's log starts with the position as it is now, which the resampling
        # player has already seen: their key goes on from the events after it.
        state._keyed[seat] = len(sample.events)
        return state

    # ------------------------------------------------------------------ playing
    def _apply_action(self, action: int) -> None:
        """Play the action numbered ``action``, or, at a chance node, pick the outcome of
        that index (:class:`~taverna_rules.IllegalActionError`, a ``ValueError``, for a
        number that is neither)."""
        number = operator.index(action)
        game = self._log.game
        if self._chance_next():
            game.apply(PickOutcome(number))
            return
        decision = game.decision
        assert decision is not None, "the game is over"
        game.apply(self._spec.space.decode(number, game), player=decision.player)

    def _apply_actions(self, actions: Sequence[int]) -> None:
        """At a simultaneous node, every seat's action at once: each seat the decision asks
        commits its own (the choices are revealed, or sealed, after the last), the others'
        pass is nothing."""
        game = self._log.game
        space = self._spec.space
        asked = {decision.player: decision for decision in game.decisions}
        if len(actions) != self._spec.players:
            raise ValueError(f"{len(actions)} actions for {self._spec.players} players")
        for seat, action in enumerate(actions):
            number = operator.index(action)
            if seat not in asked:
                if number != self._idle():
                    raise IllegalActionError(
                        f"seat {seat} is not asked here: its action is the pass, not {number}"
                    )
                continue
            wanted = space.decode(number)
            chosen = next((a for a in asked[seat].actions if space.encode(a) == number), wanted)
            game.apply(chosen, player=seat)


# ---------------------------------------------------------------------- observations
class TavernaObserver:
    """An observer as OpenSpiel's Python games make them (``make_py_observer``). Without
    perfect recall: :attr:`tensor` is :func:`taverna_rules.observe` of the seat, a NumPy
    ``float32`` vector, and :attr:`dict` views it by the layout's blocks; the string lists
    the blocks that are not zero. With perfect recall: no tensor, and the string is the
    seat's information state."""

    def __init__(self, spec: _Spec, *, perfect_recall: bool) -> None:
        self._spec = spec
        self.perfect_recall = perfect_recall
        #: The observation of the last :meth:`set_from` (``None`` with perfect recall).
        self.tensor: npt.NDArray[np.float32] | None = None
        #: The tensor's blocks, by the layout's names (views of :attr:`tensor`).
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if not perfect_recall:
            tensor = np.zeros(spec.layout.size, np.float32)
            self.tensor = tensor
            self.dict = {name: tensor[where] for name, where in spec.layout}

    def set_from(self, state: TavernaState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        if self.tensor is not None:
            self.tensor[:] = observe(state._log.game, operator.index(player), numpy=True)

    def string_from(self, state: TavernaState, player: int) -> str:
        """``player``'s information state (perfect recall) or observation, as a text."""
        seat = operator.index(player)
        if self.perfect_recall:
            return state._key(seat)
        values = observe(state._log.game, seat, numpy=False)
        parts = []
        for name, where in self._spec.layout:
            block = values[where]
            if any(block):
                shown_values = " ".join(f"{value:g}" for value in block)
                parts.append(f"{name}={shown_values}" if len(block) == 1 else f"{name}=[{shown_values}]")
        return "; ".join(parts)


# ---------------------------------------------------------------------- registration
#: The games registered so far: their OpenSpiel classes, by game id.
_REGISTERED: dict[str, type[TavernaGame]] = {}


def register() -> tuple[str, ...]:
    """Register every installed game with OpenSpiel (``python_taverna``,
    ``python_cavern_tavern``, ...; see :func:`short_name`) and return their names. Importing
    this module calls it, as OpenSpiel's own Python games register on import; calling it
    again is harmless: it registers only games installed since. A game that cannot be
    described to OpenSpiel (its rules do not load) is said in a warning, and the others
    are registered."""
    for game_id in installed_games():
        if game_id in _REGISTERED:
            continue
        try:
            game_type = _game_type(game_id)
        except TavernaError as exc:
            warnings.warn(f"taverna_rules.adapters.openspiel: {exc}", stacklevel=2)
            continue
        creator = _creator(game_id)
        pyspiel.register_game(game_type, creator)
        _REGISTERED[game_id] = creator
    return tuple(sorted(short_name(game_id) for game_id in _REGISTERED))


def _creator(game_id: str) -> type[TavernaGame]:
    # A class, as OpenSpiel's own Python games register: the registry keeps its creator
    # until the process ends, after Python has shut down, and a function that it alone
    # held would be freed then, without the GIL (a fatal error at exit). A class refers to
    # itself (through its __mro__), so letting go of it frees nothing.
    def init(self: TavernaGame, params: Mapping[str, Any] | None = None) -> None:
        TavernaGame.__init__(self, game_id, params)

    name = "Python" + "".join(word.title() for word in game_id.split("_"))
    return type(name, (TavernaGame,), {"__init__": init, "__doc__": f"{game_id} as an OpenSpiel game."})


# OpenSpiel's own Python games register when their module is imported: so do these. A
# game that fails to load is said, not raised: the others stay usable.
register()
