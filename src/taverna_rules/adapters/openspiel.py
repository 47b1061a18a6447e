"""OpenSpiel games for every installed game (issue #12).

:func:`register` registers with `OpenSpiel <https://openspiel.readthedocs.io>`_, for each
game :func:`taverna_rules.installed_games` lists, a Python game named
``python_<game id>`` (:func:`short_name`): ``python_taverna``, ``python_cavern_tavern``.
Each takes the parameters ``players`` (default 2; the counts the rules seat) and
``seed_outcomes`` (default 1000, see *Chance* below), and is sequential, zero-sum (the
returns of :meth:`Game.returns <taverna_rules.Game.returns>`: in [-1, 1], summing to 0,
given at the end), with imperfect information.

>>> import pyspiel
>>> from taverna_rules.adapters import openspiel
>>> names = openspiel.register()
>>> game = pyspiel.load_game("python_cavern_tavern", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
>>> state.apply_action(7)  # the chance node draws the seed: outcome 7 is seed 7
>>> state.current_player()
0
>>> state.legal_actions() == sorted(state.legal_actions())
True

An action is a number of the game's action codec (:func:`taverna_rules.action_space`:
``num_distinct_actions`` is its size; copies of a card are one number). A player's
observation tensor is :func:`taverna_rules.observe` of their seat (the layout of
:func:`taverna_rules.observation_layout`; the observer's ``dict`` names its blocks), and
the observation string lists its blocks that are not zero. ``max_game_length`` is
:meth:`ActionSpace.max_decisions <taverna_rules.ActionSpace.max_decisions>`, a bound on
the players' decisions; the chance node comes on top of it
(``max_chance_nodes_in_history`` is 1).

**Chance: the limit of this version.** The library draws every random thing (every
shuffle and deal, and the dice Cavern Tavern rolls during play) from the game's seed.
Here chance is one explicit chance node, at the start, that chooses the seed among
``seed_outcomes`` equally likely seeds (outcome ``i`` is seed ``i``): that one node
decides everything random in the game, and after it the game is deterministic. No
player sees the seed (it is in no observation and no information state), so play is
fair. But it is not the game's own chance structure, and two uses are wrong with it:

- an algorithm that reads or enumerates the chance outcome (CFR, expectimax, exact best
  responses, anything that walks the tree from the root) treats every later die and card
  as fixed by the first move: in effect it plays with open decks;
- search that plays ahead on a clone of the real state knows the cards and dice to come.
  Search must draw its worlds with :meth:`TavernaState.resample_from_infostate`, which
  redraws every hidden card *and the seed* (:meth:`Game.determinize
  <taverna_rules.Game.determinize>`), as OpenSpiel's ``ISMCTSBot`` does.

A later version will put a chance node at each draw; a state asks whether chance comes
next in one place (``TavernaState._chance_next``), so that is where it will go.

**Information states** are keys (hex digests) of the log as the player has seen it, as
:func:`taverna_rules.information_state`'s are: equal exactly when the player cannot tell
two histories apart. They are chained event by event and kept with the state, so a key
costs microseconds however long the game, and :meth:`~TavernaState.resample_from_infostate`
keeps the resampling player's key: a sample has the real state's key for that player
(OpenSpiel's ``ISMCTSBot`` asserts it). A sample's game starts from the sampled position,
so for the *other* seats its keys start there (from the resampling player's key and what
each of them sees of the sampled position): what they saw before, in that world, is not
known. The same holds for its ``history()``, which is empty. The keys are not the texts
:func:`taverna_rules.information_state` returns, but for states played from the chance
node they part histories the same way (a test compares them).

**Serialization.** OpenSpiel serializes a Python state as the pickle of its attributes:
here the game's id, the log (the game is replayed, without checks, when it loads) and the
keys; :func:`register` must have run before ``pyspiel.deserialize_game_and_state``.

The adapter needs the ``openspiel`` extra (``pip install 'taverna-rules[openspiel]'``);
the rest of the library never imports OpenSpiel or NumPy.
"""

from __future__ import annotations

import operator
import random
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
from taverna_rules.core.observation import ObservationLayout, chain_key, digest
from taverna_rules.errors import OptionError
from taverna_rules.game import Game, new_game, replay
from taverna_rules.game_modules import GameModule, game_module, installed_games
from taverna_rules.observations import observation_layout, observe
from taverna_rules.rules import load_rules

__all__ = ["TavernaGame", "TavernaObserver", "TavernaState", "register", "short_name"]

#: The default number of seeds the chance node chooses among.
SEED_OUTCOMES = 1000
#: The most seeds it may choose among (OpenSpiel counts chance outcomes in 32 bits).
MAX_SEED_OUTCOMES = 2**31 - 1


def short_name(game_id: str) -> str:
    """The OpenSpiel name of the game ``game_id``: ``python_<game id>``."""
    return f"python_{game_id}"


# ---------------------------------------------------------------------- shared parts
class _Spec:
    """What every state of one game (id, players, seed outcomes) shares: the rules, the
    action codec, the observation layout. One per parameters; a deep copy is the same
    object and a pickle names the parameters, so states copy and serialize cheaply."""

    __slots__ = (
        "_outcomes",
        "game_id",
        "layout",
        "module",
        "names",
        "players",
        "rules",
        "seed_outcomes",
        "space",
        "start_keys",
    )

    def __init__(self, game_id: str, players: int, seed_outcomes: int) -> None:
        self.game_id = game_id
        self.players = players
        self.seed_outcomes = seed_outcomes
        self.module: GameModule = game_module(game_id)
        self.rules: Any = load_rules(game_id)
        self.space: ActionSpace = action_space(self.rules)
        self.layout: ObservationLayout = observation_layout(self.rules, players)
        self.names = [f"player_{seat}" for seat in range(players)]
        self._outcomes: list[tuple[int, float]] | None = None
        #: The keys of each seat, then of the whole log, before anything is seen.
        self.start_keys = tuple(
            digest(f"taverna_rules {game_id}, {players} players, {whom}")
            for whom in [*(f"seat {seat}" for seat in range(players)), "all"]
        )

    def outcomes(self) -> list[tuple[int, float]]:
        """The seed's draw: each seed and its probability (listed on first use)."""
        if self._outcomes is None:
            chance = 1.0 / self.seed_outcomes
            self._outcomes = [(seed, chance) for seed in range(self.seed_outcomes)]
        return self._outcomes

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_spec, (self.game_id, self.players, self.seed_outcomes))


@cache
def _spec(game_id: str, players: int, seed_outcomes: int) -> _Spec:
    return _Spec(game_id, players, seed_outcomes)


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
    """One game of the library as an OpenSpiel game, for the parameters ``players`` and
    ``seed_outcomes``. Made by ``pyspiel.load_game`` after :func:`register`."""

    def __init__(self, game_id: str, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        module = game_module(game_id)
        rules = load_rules(game_id)
        counts = module.player_counts(rules)
        players = params.get("players", _default_players(counts))
        seed_outcomes = params.get("seed_outcomes", SEED_OUTCOMES)
        if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
            raise OptionError(f"{game_id} seats {counts} players, not {shown(players)}")
        if (
            isinstance(seed_outcomes, bool)
            or not isinstance(seed_outcomes, int)
            or not 1 <= seed_outcomes <= MAX_SEED_OUTCOMES
        ):
            raise OptionError(
                f"seed_outcomes is a whole number from 1 to {MAX_SEED_OUTCOMES}, not {shown(seed_outcomes)}"
            )
        self._spec = _spec(game_id, players, seed_outcomes)
        space = self._spec.space
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=seed_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=space.max_decisions(players),
        )
        super().__init__(_game_type(game_id), info, {"players": players, "seed_outcomes": seed_outcomes})

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
        """A new game: the chance node that draws the seed."""
        return TavernaState(self)

    def max_chance_nodes_in_history(self) -> int:
        """How many chance nodes a history holds: 1 (the seed), for now."""
        return 1

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
    counts = module.player_counts(load_rules(game_id))
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"{module.name.en} (taverna_rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
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
        parameter_specification={"players": _default_players(counts), "seed_outcomes": SEED_OUTCOMES},
    )


# ---------------------------------------------------------------------- the state
class TavernaState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A state of a :class:`TavernaGame`: the chance node that draws the seed, then a
    :class:`~taverna_rules.Game` played with the actions' numbers."""

    def __init__(self, game: TavernaGame) -> None:
        super().__init__(game)
        spec: _Spec = game._spec
        self._spec = spec
        # None until the chance node has drawn the seed.
        self._log: _Log | None = None
        # Information state keys: one per seat, then one of the whole log (for __str__),
        # each covering the log's first ``_keyed[i]`` events (extended when asked).
        self._keys = list(spec.start_keys)
        self._keyed = [0] * (spec.players + 1)

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Game | None:
        """A copy of the library's game this state plays (``None`` at the chance node)."""
        return None if self._log is None else self._log.game.copy()

    def current_player(self) -> int:
        """The deciding seat; ``PlayerId.CHANCE`` at a chance node, ``PlayerId.TERMINAL``
        once the game is over."""
        if self._chance_next():
            return int(pyspiel.PlayerId.CHANCE)
        assert self._log is not None
        decision = self._log.game.decision
        if decision is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(decision.player)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._log is not None and self._log.game.over

    def returns(self) -> list[float]:
        """Each seat's return: :meth:`Game.returns <taverna_rules.Game.returns>` (zeros
        before the end)."""
        if self._log is None:
            return [0.0] * self._spec.players
        return list(self._log.game.returns())

    def _legal_actions(self, player: int) -> list[int]:
        """The numbers of the deciding player's legal actions, in ascending order."""
        assert self._log is not None
        return sorted(self._spec.space.legal_indices(self._log.game))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node and their probabilities."""
        if not self._chance_next():
            raise ValueError("this state is no chance node")
        return list(self._spec.outcomes())

    def _chance_next(self) -> bool:
        """True when chance acts next. Today chance acts once, to draw the seed before the
        game is set up; a chance node at each draw of the game will be asked for here, its
        outcomes in :meth:`chance_outcomes` and its resolution in :meth:`_apply_action`."""
        return self._log is None

    def _action_to_string(self, player: int, action: int) -> str:
        """The action numbered ``action`` (its copy-free form), or the seed it draws."""
        number = operator.index(action)
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {number}"
        return repr(self._spec.space.decode(number))

    def __str__(self) -> str:
        spec = self._spec
        head = f"{spec.module.name.en}, {spec.players} players"
        if self._log is None:
            return f"{head}: chance draws the seed (one of {spec.seed_outcomes})"
        game = self._log.game
        decision = game.decision
        if decision is None:
            status = f"over, returns {list(game.returns())}"
        else:
            status = f"{decision.kind} for seat {decision.player}"
        return f"{head}, {len(game.events)} events, {status}\nlog {self._key(spec.players)}"

    # ------------------------------------------------------------------ information
    def _key(self, index: int) -> str:
        """The key of what seat ``index`` has seen (``players``: the whole log), chained
        over the events not yet counted."""
        key = self._keys[index]
        if self._log is None:
            return key
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
        gives). Its information state for ``player_id`` is this state's. At the chance
        node and once the game is over nothing is hidden to redraw: a clone."""
        seat = operator.index(player_id)
        spec = self._spec
        if not 0 <= seat < spec.players:
            raise ValueError(f"no seat {shown(player_id)}; seats are 0 to {spec.players - 1}")
        if self._log is None or self._log.game.over:
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
        """Play the action numbered ``action``, or, at the chance node, set the game up
        with the seed it draws."""
        number = operator.index(action)
        if self._chance_next():
            spec = self._spec
            if not 0 <= number < spec.seed_outcomes:
                raise ValueError(f"chance outcome {number} is out of range: 0 to {spec.seed_outcomes - 1}")
            self._log = _Log(new_game(spec.rules, spec.names, seed=number))
            return
        assert self._log is not None
        game = self._log.game
        decision = game.decision
        assert decision is not None, "the game is over"
        game.apply(self._spec.space.decode(number, game), player=decision.player)


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
        """Write ``player``'s observation of ``state`` into :attr:`tensor` (zeros at the
        chance node)."""
        if self.tensor is None:
            return
        log = state._log
        if log is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = observe(log.game, operator.index(player), numpy=True)

    def string_from(self, state: TavernaState, player: int) -> str:
        """``player``'s information state (perfect recall) or observation, as a text."""
        seat = operator.index(player)
        if self.perfect_recall:
            return state._key(seat)
        log = state._log
        if log is None:
            return "chance: the seed is not drawn yet"
        values = observe(log.game, seat, numpy=False)
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
    ``python_cavern_tavern``, ...; see :func:`short_name`) and return their names. Calling
    it again registers only games installed since."""
    for game_id in installed_games():
        if game_id in _REGISTERED:
            continue
        creator = _REGISTERED[game_id] = _creator(game_id)
        pyspiel.register_game(_game_type(game_id), creator)
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
