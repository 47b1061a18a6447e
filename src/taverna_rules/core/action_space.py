"""The action codec: every action a rule set can offer, numbered for learning and search.

Frameworks such as OpenSpiel and PettingZoo want a fixed set of actions numbered ``0``
to ``size - 1`` and, at each decision, a mask of the legal ones. A game module lists
every action its rules can ever offer (``GameModule.actions_of``) and how copies of one
thing collapse into one action (``GameModule.canonical``: ``CastSpell('charm#2')`` is
the same choice as ``CastSpell('charm#1')``); :func:`action_space` numbers that list, in
the module's order, once per rule set. The numbering depends only on the content, so
it is the same in every run and on every machine for the same rules fingerprint.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import attrs

from taverna_rules._shown import shown
from taverna_rules.core.arguments import resolve_options, rules_module
from taverna_rules.core.choices import Pass
from taverna_rules.core.contract import RuleSetLike
from taverna_rules.core.game_modules import game_module, not_an_action
from taverna_rules.core.records import Action, PickOutcome, action_problem
from taverna_rules.dsl.nodes import Node
from taverna_rules.errors import GameModuleError, IllegalActionError, OptionError

__all__ = ["ActionSpace", "action_space", "copies_as_one", "game_length", "widest_choice"]


class _Deciding(Protocol):
    """A :class:`~taverna_rules.Game` or a :class:`~taverna_rules.Playout`."""

    def legal_actions(self) -> tuple[Action, ...]: ...


class ActionSpace:
    """Every action one rule set can offer, numbered ``0`` to :attr:`size` ``- 1``.

    Get it with :func:`action_space` (or ``rules.action_space``); it is built once per
    rule set. Copies of one card or tile are one number: :meth:`encode` of either copy
    gives it, :meth:`decode` gives the copy-free form, and ``decode(n, game)`` the copy
    the game offers now.

    >>> import taverna_rules as tr
    >>> game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    >>> space = tr.action_space(game.rules)
    >>> legal = space.legal_indices(game)
    >>> [space.decode(n, game) for n in legal] == list(game.legal_actions())
    True
    """

    __slots__ = ("_bound", "_canonical", "_index", "_longest", "_types", "actions", "game", "rules")

    def __init__(
        self,
        game: str,
        rules: str,
        actions: Iterable[Action],
        canonical: Callable[[Action], Action],
        types: Any,
        longest: Mapping[int, int | None] | None = None,
        bound: Callable[[int, Mapping[str, Any] | None], int | None] | None = None,
    ) -> None:
        #: The game module's id and the fingerprint of the rules numbered.
        self.game = game
        self.rules = rules
        #: The actions in number order (each in its copy-free form).
        self.actions: tuple[Action, ...] = tuple(dict.fromkeys(actions))
        self._index = {action: number for number, action in enumerate(self.actions)}
        self._canonical = canonical
        self._types = types
        self._longest = dict(longest or {})
        self._bound = bound

    @property
    def size(self) -> int:
        """How many actions there are."""
        return len(self.actions)

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players the rules seat (the counts :meth:`max_decisions` knows)."""
        return tuple(sorted(self._longest))

    def max_decisions(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        """A bound on the decisions a game of ``players`` players takes with the rule
        ``options`` (the defaults when not given): the game's maximum length, for
        frameworks that size buffers by it. :class:`~taverna_rules.errors.OptionError`
        for a player count the rules do not seat, or options under which a game has no
        bound (a game without a turn limit, say)."""
        if type(players) is not int or players not in self._longest:
            raise OptionError(
                f"these {self.game} rules seat {self.player_counts} players, not {shown(players)}"
            )
        longest = (
            self._longest[players] if not options or self._bound is None else self._bound(players, options)
        )
        if longest is None:
            raise OptionError(
                f"a game of {self.game} has no bound on its length with these rule options "
                f"({dict(options or {}) or 'the defaults'}): choose options that end it"
            )
        return longest

    @property
    def idle(self) -> int:
        """The number of the one action of a seat that a simultaneous step of a framework
        does not ask, which does nothing: the game's :class:`~taverna_rules.Pass`, or for a
        game that never passes :attr:`size`, a number past the codec's own that a framework
        adds (:attr:`framework_size`)."""
        number = self._index.get(Pass())
        return self.size if number is None else number

    @property
    def framework_size(self) -> int:
        """How many action numbers a framework that asks every seat at once needs: the
        codec's, and one more for :attr:`idle` when the game never passes."""
        return self.size + (1 if self.idle == self.size else 0)

    def encode(self, action: Action) -> int:
        """The number of ``action``; :class:`IllegalActionError` for anything that is not
        one of these rules' actions."""
        problem = action_problem(action, self._types)
        if problem:
            raise IllegalActionError(not_an_action(action, game_module(self.game), problem))
        number = self._index.get(self._canonical(action))
        if number is None:
            name = game_module(self.game).name.en
            raise IllegalActionError(
                f"{shown(action, wide=True)} is not among the actions these {name} rules "
                f"({self.rules[:12]}) can offer: it has no number"
            )
        return number

    def decode(self, number: int, game: _Deciding | None = None) -> Action:
        """The action numbered ``number``; with ``game``, the legal action of its pending
        decision that has this number (the copy of a card it offers), or
        :class:`IllegalActionError` if it offers none."""
        # NumPy's integers are what learning frameworks pass: anything with __index__
        # (a bool is not a number here).
        value: int | None = None
        if not isinstance(number, bool) and hasattr(type(number), "__index__"):
            try:
                value = operator.index(number)
            except TypeError:  # an array of several numbers has __index__ and refuses it
                value = None
        if value is None or not 0 <= value < len(self.actions):
            raise IllegalActionError(
                f"action number {shown(number)} is out of range: 0 to {len(self.actions) - 1}"
            )
        action = self.actions[value]
        if game is None:
            return action
        for legal in _deciding(game).legal_actions():
            if self._canonical(legal) == action:
                return legal
        raise IllegalActionError(f"action number {value} ({shown(action)}) is not legal now")

    def legal_indices(self, game: _Deciding) -> tuple[int, ...]:
        """The numbers of the pending decision's legal actions, in the decision's order
        (copies of a card counted once); none at a chance decision (explicit chance mode),
        whose outcomes no player picks: see :meth:`Game.chance_outcomes
        <taverna_rules.Game.chance_outcomes>`."""
        # The game's own legal actions need no type checks, only their numbers (every
        # step of a learning loop asks for the mask); one the game module forgot to
        # number gets encode's error.
        index, canonical = self._index, self._canonical
        numbers: dict[int, None] = {}
        for action in _deciding(game).legal_actions():
            if type(action) is PickOutcome:
                return ()
            number = index.get(canonical(action))
            numbers[self.encode(action) if number is None else number] = None
        return tuple(numbers)

    def legal_mask(self, game: _Deciding) -> list[bool]:
        """``size`` booleans, true at the number of each legal action."""
        mask = [False] * len(self.actions)
        for number in self.legal_indices(game):
            mask[number] = True
        return mask

    def __repr__(self) -> str:
        return f"<ActionSpace {self.game} {self.rules[:12]}: {len(self.actions)} actions>"


def _deciding(game: object) -> _Deciding:
    """``game`` when it lists legal actions (a game, a seat, a playout);
    :class:`OptionError` otherwise."""
    if not callable(getattr(game, "legal_actions", None)) or isinstance(game, type):
        raise OptionError(f"game is a Game, a Seat or a Playout, not {shown(game)}")
    return game  # type: ignore[return-value]  # checked above, structurally


_SPACES: dict[tuple[str, str], ActionSpace] = {}
#: Rule sets numbered at once (each space holds a few hundred actions).
_KEEP = 64


def action_space(rules: RuleSetLike) -> ActionSpace:
    """The :class:`ActionSpace` of ``rules``, built once per rule set (by fingerprint);
    :class:`~taverna_rules.errors.OptionError` for anything but a rule set."""
    module = rules_module(rules)
    key = (rules.game, rules.fingerprint)
    space = _SPACES.get(key)
    if space is None:
        if module.actions_of is None:
            raise GameModuleError(f"game {module.id!r} does not number its actions (no actions_of)")
        if len(_SPACES) >= _KEEP:
            _SPACES.pop(next(iter(_SPACES)))
        if module.max_decisions is None:
            raise GameModuleError(f"game {module.id!r} gives no bound on a game's length (no max_decisions)")
        longest = {players: game_length(rules, players) for players in module.player_counts(rules)}

        def bounded(players: int, options: Mapping[str, Any] | None) -> int | None:
            return game_length(rules, players, options)

        space = _SPACES[key] = ActionSpace(
            module.id,
            rules.fingerprint,
            module.actions_of(rules),
            module.canonical,
            module.actions,
            longest,
            bounded,
        )
    return space


def game_length(rules: RuleSetLike, players: int, options: Mapping[str, Any] | None = None) -> int | None:
    """The game module's bound on the decisions of a game of ``players`` players with the
    rule ``options`` (every option at its value, the defaults where not given: see
    :func:`~taverna_rules.core.arguments.resolve_options`), or ``None`` when such a game
    has no bound or the module gives none."""
    module = rules_module(rules)
    if module.max_decisions is None:
        return None
    return module.max_decisions(rules, players, dict(resolve_options(rules, options)))


def copies_as_one(fields: Sequence[str]) -> Callable[[Action], Action]:
    """A ``canonical`` for game modules whose card and tile ids name copies ``kind#n``:
    each field in ``fields`` that an action has loses its ``#n``."""

    def canonical(action: Action) -> Action:
        changes = {
            name: value.split("#", 1)[0]
            for name in fields
            if isinstance(value := getattr(action, name, None), str) and "#" in value
        }
        return attrs.evolve(action, **changes) if changes else action

    return canonical


def widest_choice(rules: RuleSetLike) -> int:
    """The most options one effect of the content offers (``ChooseOption``'s range): the
    children of its widest ``choose``, or the yes and no of an ``optional``. Every
    effect is found by walking the rule set's fields, so a game lists none of them."""
    widest, seen = 2, set()
    pending: list[Any] = [rules]
    while pending:
        item = pending.pop()
        if isinstance(item, Node):
            widest = max([widest, *(len(n.children) for n in item.walk() if n.op == "choose")])
        elif isinstance(item, tuple | list):
            pending.extend(item)
        elif attrs.has(type(item)) and id(item) not in seen:
            seen.add(id(item))
            pending.extend(getattr(item, field.name) for field in attrs.fields(type(item)) if field.init)
    return widest
