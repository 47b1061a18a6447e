"""PettingZoo environments for every installed game: agent-environment-cycle and parallel.

:func:`env` makes a :class:`TavernaEnv`: a `PettingZoo <https://pettingzoo.farama.org>`_
agent-environment-cycle environment over one :class:`~taverna_rules.Game`. Its agents are
``player_0``, ``player_1``, ... (seat order, and the players' names in the game); only
the deciding agent acts, so :attr:`~TavernaEnv.agent_selection` is always the seat of the
pending decision. Each agent observes a dict:

- ``"observation"``: :func:`taverna_rules.observe` of its seat, a ``float32`` vector laid
  out as :attr:`TavernaEnv.layout` says (:func:`taverna_rules.observation_layout`),
  written from what that seat may see only;
- ``"action_mask"``: ``int8``, 1 at the number of each legal action of the agent's
  decision (:meth:`ActionSpace.legal_mask <taverna_rules.ActionSpace.legal_mask>`), all 0
  for an agent that is not deciding.

An action is a number of the game's action codec (:func:`taverna_rules.action_space`,
``Discrete(codec.size)``). Rewards are 0 until the end, then each seat's
:meth:`Game.returns <taverna_rules.Game.returns>` (in [-1, 1], summing to 0), so an
agent's cumulative reward is its return; every agent is then terminated, none ever
truncated (every game ends within :meth:`ActionSpace.max_decisions
<taverna_rules.ActionSpace.max_decisions>` decisions).

>>> from taverna_rules.adapters.pettingzoo import env
>>> table = env(game="cavern_tavern", players=2)
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     observation, reward, terminated, truncated, info = table.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = table.action_space(agent).sample(observation["action_mask"])
...     table.step(action)
>>> sum(table.game.returns())
0.0

:func:`parallel_env` makes a :class:`TavernaParallelEnv`, PettingZoo's parallel API over
the same game: every live agent gives an action at each step. The agents a pending
decision asks (all of them at a simultaneous decision, such as Taverne's attacks) play
theirs, in seat order; the others' mask holds one action that does nothing
(:attr:`ActionSpace.idle <taverna_rules.ActionSpace.idle>`: the game's ``Pass``, or for a
game that never passes a number past the codec's, which the parallel environment adds).

>>> from taverna_rules.adapters.pettingzoo import parallel_env
>>> table = parallel_env(game="taverne", players=3, tournament=3)
>>> observations, infos = table.reset(seed=7)
>>> while table.agents:
...     actions = {
...         agent: table.action_space(agent).sample(observations[agent]["action_mask"])
...         for agent in table.agents
...     }
...     observations, rewards, terminations, truncations, infos = table.step(actions)
>>> table.game.over
True

The environments need the ``pettingzoo`` extra (``pip install
'taverna-rules[pettingzoo]'``); the rest of the library never imports PettingZoo,
Gymnasium or NumPy.
"""

from __future__ import annotations

import operator
import random
from typing import Any

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
except ImportError as exc:  # pragma: no cover - the extra is installed in development
    raise ImportError(
        "taverna_rules.adapters.pettingzoo needs PettingZoo, Gymnasium and NumPy: "
        "pip install 'taverna-rules[pettingzoo]'"
    ) from exc

from taverna_rules._shown import shown
from taverna_rules.core.action_space import ActionSpace, action_space
from taverna_rules.core.observation import ObservationLayout
from taverna_rules.errors import IllegalActionError, OptionError, UnknownPlayerError
from taverna_rules.game import Game, new_game
from taverna_rules.observations import observation_layout, observe
from taverna_rules.rules import load_rules

__all__ = ["TavernaEnv", "TavernaParallelEnv", "env", "parallel_env", "raw_env"]

#: What an agent observes: its ``"observation"`` vector and its ``"action_mask"``.
Observation = dict[str, npt.NDArray[Any]]

#: The render modes :class:`TavernaEnv` knows.
RENDER_MODES = ("ansi",)


def _name(game_id: str) -> str:
    return f"taverna_rules_{game_id}_v0"


class _Table:
    """What both environments share: the rules, the codec, the layout, the spaces, the game
    and its seeds, the text render."""

    metadata: dict[str, Any]
    possible_agents: list[str]
    render_mode: str | None

    def _set_up(
        self, game: Any, players: int, render_mode: str | None, options: dict[str, Any], *, idle: bool = False
    ) -> None:
        rules = load_rules(game=game) if isinstance(game, str) else game
        if type(players) is not int:
            raise OptionError(f"players is a number of players, not {shown(players)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode is None or 'ansi', not {shown(render_mode)}")
        #: The rule set the games are played by.
        self.rules: Any = rules
        #: The observation vector's layout (:func:`taverna_rules.observation_layout`):
        #: the name and slice of each block. Checks the rules and the player count.
        self.layout: ObservationLayout = observation_layout(rules, players)
        #: The action codec (:func:`taverna_rules.action_space`): ``decode(n, game)`` is
        #: the game's action numbered ``n``, ``encode(action)`` the number of an action.
        self.codec: ActionSpace = action_space(rules)
        #: How many action numbers the agents have: the codec's, and for the parallel API of
        #: a game that never passes, one more: the idle action (:attr:`ActionSpace.idle`).
        self.width = self.codec.framework_size if idle else self.codec.size
        #: The rule options every game is set up with.
        self.options: dict[str, Any] = dict(options)
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": _name(rules.game)}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # Set the options up once now, so that a wrong one fails here, not at reset().
        new_game(rules, self.possible_agents, seed=0, options=self.options)
        #: Each agent's observation space (its own objects, so that each seeds apart): a
        #: dict of ``"observation"`` (any finite ``float32``: counts, coins and VP have no
        #: fixed bound, and VP may go below 0) and ``"action_mask"`` (0 or 1 at each
        #: action number).
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.width,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        #: Each agent's action space: ``Discrete(width)``.
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(self.width) for agent in self.possible_agents
        }
        self._game: Game | None = None
        # Draws a game's seed at a reset without one; reseeded by a reset with one.
        self._rng: random.Random | None = None

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(codec.size)`` (the same object at every
        call)."""
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Game:
        """The game being played (the whole game, hidden cards included: for the trainer's
        bookkeeping, never for an agent's input). :class:`RuntimeError` before
        :meth:`reset`."""
        if self._game is None:
            raise RuntimeError("the environment has no game yet: call reset() first")
        return self._game

    def seat(self, agent: str) -> int:
        """The seat of ``agent`` (``player_2`` is seat 2);
        :class:`~taverna_rules.errors.UnknownPlayerError` for a name that is no agent."""
        return self._seat(agent)

    def _observed(self, seat: int, legal: Any) -> Observation:
        mask = np.zeros(self.width, dtype=np.int8)
        mask[list(legal)] = 1
        return {"observation": observe(self.game, seat, numpy=True), "action_mask": mask}

    def _new_game(self, seed: int | None) -> None:
        """A new game, with ``seed`` or one drawn (see ``reset``)."""
        if seed is None:
            if self._rng is None:
                self._rng = random.Random()
            number: Any = self._rng.getrandbits(63)
        else:
            number = _as_int(seed)
        # new_game checks the seed before the generator takes it.
        self._game = new_game(self.rules, self.possible_agents, seed=number, options=self.options)
        if seed is not None:
            self._rng = random.Random(number)

    # ------------------------------------------------------------------ rendering
    def render(self) -> str | None:
        """In ``"ansi"`` mode, the table as text: a line saying whose decision it is (the
        final standings once the game is over), then the text board as a spectator sees
        it (:meth:`Game.board <taverna_rules.Game.board>`, what ``print(game)`` shows).
        Without a render mode: ``None``, with Gymnasium's warning."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render mode: make the env with 'ansi'")
            return None
        game = self.game
        head = f"{game.module.name.get('en')}, {len(self.possible_agents)} players"
        result = game.result
        if result is not None:
            winners = " and ".join(result.winners)
            lines = [f"{head}: over, {winners} {'wins' if len(result.winners) == 1 else 'win'}"]
            returns = game.returns()
            score = game.module.score.get("en")
            lines += [
                f"  {s.rank}{'=' if s.tied else ' '} {s.name}: {s.total} {score}, "
                f"return {returns[s.player]:+.2f}"
                for s in result.standings
            ]
        else:
            asked = ", ".join(self.possible_agents[d.player] for d in game.decisions)
            lines = [f"{head}: {asked} to decide"]
        return "\n".join([*lines, game.board()])

    def close(self) -> None:
        """Release what the environment holds: nothing but the game, which stays
        readable."""

    # ------------------------------------------------------------------ helpers
    def _seat(self, agent: object) -> int:
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise UnknownPlayerError(f"no agent {shown(agent)}; agents: {', '.join(self.possible_agents)}")
        return seat

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.metadata['name']}: {len(self.possible_agents)} players>"


class TavernaEnv(_Table, AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """A game of ``players`` players of ``game`` (a game id of
    :func:`taverna_rules.installed_games`, or a rule set from
    :func:`taverna_rules.load_rules`, for a game with packs), as a PettingZoo AEC
    environment (see the module's documentation). ``options`` are the game's rule options
    by name (``favours_on_any_turn=True``), checked here, once; ``render_mode`` is
    ``None`` or ``"ansi"``.

    Call :meth:`reset` before anything else. An illegal action number raises
    :class:`~taverna_rules.errors.IllegalActionError` and changes nothing; a wrong game,
    player count, option or render mode raises
    :class:`~taverna_rules.errors.OptionError` (a game that is not installed:
    :class:`~taverna_rules.errors.GameModuleError`).
    """

    # PettingZoo reads the class's metadata; each instance names its own game.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": _name("taverna"),
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self, game: Any = "taverna", players: int = 2, render_mode: str | None = None, **options: Any
    ) -> None:
        AECEnv.__init__(self)
        self._set_up(game, players, render_mode, options)
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]
        self._skip_agent_selection: str | None = None

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now: its seat's observation vector
        (:func:`taverna_rules.observe`, from what that seat may see) and its action mask
        (all 0 unless it is the agent to act)."""
        game = self.game
        seat = self._seat(agent)
        decision = game.decision
        legal = self.codec.legal_indices(game) if decision is not None and decision.player == seat else ()
        return self._observed(seat, legal)

    # ------------------------------------------------------------------ playing
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Set up a new game. With ``seed`` (an int) the game is
        ``taverna_rules.new_game(rules, agents, seed=seed)`` with the environment's rule
        options, the same game for the same seed, and the seeds of the following resets
        without one are drawn from a generator seeded with it; without ``seed``, from that
        generator (seeded from the system at first use). ``options`` is accepted for
        PettingZoo's API and not read: the rule options are given to :func:`env`."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._select()

    def step(self, action: int | None) -> None:
        """Play action number ``action`` for :attr:`agent_selection`; ``None`` for an agent
        that is terminated (PettingZoo's way to let it go). A number that is not one of
        the agent's legal actions, or no number, raises
        :class:`~taverna_rules.errors.IllegalActionError` and changes nothing."""
        game = self.game
        agent = self.agent_selection
        if agent not in self.terminations:
            raise IllegalActionError("the game is over and every agent has left: call reset() for a new one")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        # decode raises, and nothing has changed, when the number is not a legal one.
        move = self.codec.decode(_action_number(action, self.codec.size), game)
        game.apply(move, player=seat)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if game.over:
            self.rewards = dict(zip(self.agents, game.returns(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        decision = self.game.decision
        if decision is not None:
            self.agent_selection = self.possible_agents[decision.player]


class TavernaParallelEnv(_Table, ParallelEnv):  # type: ignore[misc]  # no type information
    """A game of ``players`` players of ``game`` as a PettingZoo parallel environment (see
    the module's documentation): every live agent acts at each step, the agents a pending
    decision does not ask with the game's ``Pass``. The arguments and errors are
    :class:`TavernaEnv`'s."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": _name("taverna"),
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": True,
    }

    def __init__(
        self, game: Any = "taverna", players: int = 2, render_mode: str | None = None, **options: Any
    ) -> None:
        self._set_up(game, players, render_mode, options, idle=True)
        #: The number of the action of an agent a step does not ask (the game's ``Pass``, or
        #: one past the codec's numbers for a game that never passes).
        self.idle = self.codec.idle
        self.agents: list[str] = []

    def _legal(self) -> dict[int, tuple[int, ...]]:
        """The legal action numbers of each seat the pending decisions ask."""
        game = self.game
        return {
            d.player: tuple(sorted({self.codec.encode(action) for action in d.actions}))
            for d in game.decisions
        }

    def _observations(self) -> dict[str, Observation]:
        legal = self._legal()
        return {
            agent: self._observed(self._seat(agent), legal.get(self._seat(agent), (self.idle,)))
            for agent in self.possible_agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Set up a new game (``seed`` as :meth:`TavernaEnv.reset` takes it; ``options`` is
        accepted for PettingZoo's API and not read) and give every agent's observation and
        an empty info."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[Any, Any, Any, Any, Any]:
        """Play every agent's action at once: those the pending decisions ask, in seat
        order; every other agent's must be the idle action (the game's ``Pass``). An agent
        missing, a number that is not legal for its agent, or an idle agent's other number
        raise :class:`~taverna_rules.errors.IllegalActionError`, and nothing changes. Gives
        the observations, rewards (each seat's return at the end, else 0), terminations
        (all, at the end), truncations (none) and infos of the live agents; the agents are
        gone once the game is over."""
        if not self.agents:
            raise IllegalActionError("the game is over and every agent has left: call reset() for a new one")
        game = self.game
        legal = self._legal()
        numbers: dict[int, int] = {}
        for agent in self.agents:
            if agent not in actions:
                raise IllegalActionError(f"no action for {agent}: every live agent acts at each step")
            seat = self._seat(agent)
            number = _action_number(actions[agent], self.width)
            allowed = legal.get(seat, (self.idle,))
            if number not in allowed:
                what = (
                    "its legal actions" if seat in legal else f"the idle action {self.idle} (it is not asked)"
                )
                raise IllegalActionError(f"{agent} plays {number}, which is not one of {what}")
            numbers[seat] = number
        offered = {d.player: d.actions for d in game.decisions}
        for seat in sorted(legal):
            # The copy of a card the seat's own decision offers (several seats may be asked).
            action = next(a for a in offered[seat] if self.codec.encode(a) == numbers[seat])
            game.apply(action, player=seat)
        agents = list(self.agents)
        over = game.over
        returns = game.returns()
        rewards = {agent: float(returns[self._seat(agent)]) if over else 0.0 for agent in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        observations = self._observations()
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def _as_int(value: Any) -> Any:
    """An integer of NumPy as a Python int; anything else as it is (for the caller's check)."""
    if isinstance(value, bool):
        return value
    try:
        return operator.index(value)
    except TypeError:
        return value


def _action_number(action: object, size: int) -> int:
    number = _as_int(action)
    if type(number) is not int:
        raise IllegalActionError(f"an action is a number from 0 to {size - 1}, not {shown(action)}")
    return number


def env(
    game: Any = "taverna", players: int = 2, render_mode: str | None = None, **options: Any
) -> TavernaEnv:
    """A :class:`TavernaEnv`: ``players`` players of ``game`` (a game id or a rule set),
    with the rule ``options`` by name. PettingZoo's environments wrap their raw
    environment in checks; this one checks the order of calls and the legality of
    actions itself, so it is returned as it is (no wrapper hides :attr:`TavernaEnv.game`).

    >>> env(game="cavern_tavern", players=3).metadata["name"]
    'taverna_rules_cavern_tavern_v0'
    """
    return TavernaEnv(game, players, render_mode, **options)


#: PettingZoo's name for the environment without wrappers: :class:`TavernaEnv` itself.
raw_env = TavernaEnv


def parallel_env(
    game: Any = "taverna", players: int = 2, render_mode: str | None = None, **options: Any
) -> TavernaParallelEnv:
    """A :class:`TavernaParallelEnv`: ``players`` players of ``game`` (a game id or a rule
    set), with the rule ``options`` by name, under PettingZoo's parallel API.

    >>> parallel_env(game="taverne", players=4, tournament=5).metadata["is_parallelizable"]
    True
    """
    return TavernaParallelEnv(game, players, render_mode, **options)
