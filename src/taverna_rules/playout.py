"""Playouts: a game played forward as fast as the engine goes, for search.

A :class:`Playout` holds a state and its pending decision, nothing else: no log, no undo
history, no prompts, and a refusal is a short :class:`~taverna_rules.errors.IllegalActionError`
without the worded reasons a :class:`~taverna_rules.Game` gives. It reaches exactly the
states a :class:`~taverna_rules.Game` reaches with the same actions (a property test holds
the two paths equal), so a bot may search with playouts and play its choice on the game.

>>> import random
>>> import taverna_rules as tr
>>> game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
>>> playout = game.playout()
>>> result = playout.play_random(random.Random(1))
>>> playout.over and game.state is not playout.state
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from taverna_rules._shown import shown
from taverna_rules.core.arguments import check_rng
from taverna_rules.core.chance import chance_mode
from taverna_rules.core.decide import pending_decision
from taverna_rules.core.engine import PLAYOUT, Decision, Engine
from taverna_rules.core.records import Action, Result
from taverna_rules.errors import IllegalActionError, OptionError

__all__ = ["Playout"]

#: A playout longer than this is a bug in a game module, not a long game.
MAX_DECISIONS = 100_000


class Playout:
    """A state played forward without a log: ``legal_actions()``, ``apply(action)``, until
    ``over``. Build one with :meth:`taverna_rules.Game.playout` (or from a rule set and a
    state the game waits in, as :func:`taverna_rules.load_position` gives)."""

    __slots__ = ("_engine", "_pending", "_state", "rules")

    def __init__(self, rules: Any, state: Any, pending: Decision | None = None) -> None:
        if chance_mode(state) == "explicit":
            # A playout draws from its seed; the explicit mode would stop it at every draw.
            raise IllegalActionError(
                "a game in the explicit chance mode is played out from a sample that draws from a seed "
                "(Seat.playout, or Game.determinize)"
            )
        #: The rule set.
        self.rules = rules
        self._state = state
        self._pending = pending if pending is not None else pending_decision(rules, state)
        # One engine plays every action of the playout (made at the first).
        self._engine: Engine | None = None

    @property
    def state(self) -> Any:
        """The current state (immutable)."""
        return self._state

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self._pending is None

    @property
    def result(self) -> Result | None:
        """The final result once over, else ``None``."""
        result: Result | None = self._state.result
        return result

    def returns(self) -> tuple[float, ...]:
        """Every seat's return, by seat (:meth:`taverna_rules.Game.returns`): zeros
        before the end."""
        result = self.result
        if result is None:
            return tuple(0.0 for _ in self._state.players)
        return result.returns

    @property
    def decision(self) -> Decision | None:
        """The pending decision (its prompt is empty: playouts word nothing)."""
        return self._pending

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the pending decision (empty once over)."""
        pending = self._pending
        return pending.actions if pending is not None else ()

    def apply(self, action: Action) -> None:
        """Play ``action``, one of :meth:`legal_actions`; anything else raises
        :class:`~taverna_rules.errors.IllegalActionError` and changes nothing."""
        pending = self._pending
        if pending is None:
            raise IllegalActionError(f"the game is over: {shown(action, wide=True)} cannot be played")
        # A type check first: ``in`` would compare with anything's own ``__eq__`` (an
        # array's answers an array).
        if not isinstance(action, Action) or not pending.offers(action):
            raise IllegalActionError(f"{shown(action, wide=True)} is not a legal action of {pending.kind!r}")
        engine = self._engine
        if engine is None:
            engine = self._engine = Engine(self.rules, self._state, mode=PLAYOUT)
        else:
            engine.again(self._state)
        engine.play(action, pending)  # a sampled game never stops at a draw
        self._state, self._pending = engine.state, engine.pending

    def play(self, choose: Callable[[Playout], Action]) -> Result:
        """Apply ``choose(self)`` until the game is over; return the result."""
        if not callable(choose):
            raise OptionError(f"choose is a function of the playout giving an action, not {shown(choose)}")
        for _ in range(MAX_DECISIONS):
            if self._pending is None:
                result = self.result
                assert result is not None
                return result
            self.apply(choose(self))
        raise RuntimeError(f"no end after {MAX_DECISIONS} decisions: a game module that never ends")

    def play_random(self, rng: random.Random) -> Result:
        """Play uniformly random legal actions to the end; return the result."""
        choice = check_rng(rng).choice
        return self.play(lambda playout: choice(playout.legal_actions()))

    def copy(self) -> Playout:
        """An independent playout from the same state."""
        return Playout(self.rules, self.state, self._pending)

    def __repr__(self) -> str:
        status = "over" if self._pending is None else f"waits for {self._pending.kind!r}"
        return f"<Playout {status}>"
