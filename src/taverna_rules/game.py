"""The :class:`Game` facade: the stable API that frontends embed.

A game is a rule set, a log of events and the state they fold to. ``apply`` asks the
kernel for the events an action causes and folds them; an illegal action raises and
changes nothing. ``undo`` steps back to the previous decision within the undo policy.
A :class:`Seat` is the game as one player sees it:
the two name each other, so they live in one module.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from taverna_rules._observe import information_key, observation_vector
from taverna_rules._shown import shown
from taverna_rules.core.action_space import action_space
from taverna_rules.core.arguments import check_chance, rules_module
from taverna_rules.core.chance import ChanceMode, Outcome, chance_mode
from taverna_rules.core.chance_steps import chance_outcomes
from taverna_rules.core.decide import decide_and_fold, pending_decision, pending_decisions, sealed_choices
from taverna_rules.core.determinize import determinize
from taverna_rules.core.engine import LOGGED, Decision, Trace
from taverna_rules.core.game_modules import GameModule, game_module, not_an_action
from taverna_rules.core.pending import for_seat, is_simultaneous, worded
from taverna_rules.core.prompts import prompt_in
from taverna_rules.core.records import Action, Event, Result
from taverna_rules.core.replay import as_log, check_openings, fold_checked, verify_log
from taverna_rules.core.views import redact_decision
from taverna_rules.errors import (
    DeterminizeError,
    IllegalActionError,
    OptionError,
    PositionError,
    ReplayError,
    UndoError,
    UnknownPlayerError,
)
from taverna_rules.playout import Playout

__all__ = ["Game", "Seat", "UndoPolicy", "new_game", "replay"]

UndoPolicy = Literal["never", "until_reveal", "always"]
_UNDO_POLICIES = ("never", "until_reveal", "always")


def _check_undo(undo: object) -> None:
    if not isinstance(undo, str) or undo not in _UNDO_POLICIES:
        raise OptionError(f"undo policy must be 'never', 'until_reveal' or 'always', not {shown(undo)}")


def _module_of(rules: object, error: type[Exception] = ReplayError) -> GameModule:
    """The game module of ``rules``; ``error`` (a log's rules: :class:`ReplayError`) for
    anything but a rule set of an installed game."""
    return rules_module(rules, error)


class Game:
    """A game in progress (or over): its rules, state, log and pending decision.

    Build one with :func:`new_game`, :func:`replay` or :meth:`from_position`.

    A game is not thread-safe: a server serializes the calls on each game (one lock per
    game); states, rules and events are immutable and may be shared (see
    :doc:`architecture`, "Threads and processes").
    """

    def __init__(
        self,
        rules: Any,
        events: Sequence[Event],
        *,
        undo: UndoPolicy = "until_reveal",
        marks: Sequence[tuple[int, Any]] | None = None,
    ) -> None:
        _check_undo(undo)
        module = _module_of(rules)
        self.rules = rules
        self.undo_policy: UndoPolicy = undo
        self._events: list[Event] = as_log(module, events)
        self._state = marks[-1][1] if marks else fold_checked(module, self._events)
        if self._state.rules != rules.fingerprint:
            raise ReplayError(
                f"the log was played with rules {self._state.rules[:12]}..., "
                f"these rules are {rules.fingerprint[:12]}..."
            )
        # (number of events, state) at each decision point, for undo.
        self._marks: list[tuple[int, Any]] = list(marks) if marks else [(len(self._events), self._state)]
        # Beside each mark, whether the step that led to it revealed something: worked
        # out once, when undo first asks (None until then; the first mark has no step).
        self._reveals: list[bool | None] = [None] * len(self._marks)
        self._decision: Decision | None = None
        self._decision_for: Any | None = None
        # A log redacted for a player folds to their view, which cannot be played on.
        self._view = module.visibility.is_view(self._state)
        #: Set to a list to record, for each effect node that :meth:`apply` resolves from
        #: then on, its ``(ref, path)`` (a :data:`~taverna_rules.core.engine.Trace`, for
        #: coverage tools); ``None``, the default, records nothing. Undo keeps the records;
        #: a :meth:`copy` does not trace.
        self.trace: Trace | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_position(cls, rules: Any, state: object, *, undo: UndoPolicy = "until_reveal") -> Game:
        """A game that resumes from ``state`` (see :mod:`taverna_rules.position`).

        The state must play: :class:`~taverna_rules.errors.PositionError` for a state of
        other rules, with nothing to come, inconsistent with the rules, or whose steps fail,
        run out before the end, or stop at a decision without a legal action.
        """
        module = _module_of(rules)
        if not isinstance(state, module.state_type):
            raise PositionError(
                f"a position is a {module.state_type.__name__} (from load_position()), not {shown(state)}"
            )
        assert isinstance(state, module.state_type)
        position: Any = state
        if position.rules != rules.fingerprint:
            raise PositionError(
                f"the position is for rules {position.rules[:12]}..., these are {rules.fingerprint[:12]}..."
            )
        if not position.stack and position.result is None:
            raise PositionError("nothing comes next: give the position a stack, e.g. stack: [end_game]")
        return cls(rules, module.resume(rules, position), undo=undo)

    # ------------------------------------------------------------------ reading
    @property
    def module(self) -> GameModule:
        """The module of the game these rules are for (:func:`taverna_rules.game_module`)."""
        return game_module(self.rules.game)

    @property
    def state(self) -> Any:
        """The current, immutable state."""
        return self._state

    @property
    def events(self) -> tuple[Event, ...]:
        """The log: every event so far, oldest first."""
        return tuple(self._events)

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every decision the game waits for: one on a turn, one for each seat still to
        choose at a simultaneous decision (they may act in any order, each through
        :meth:`apply` with ``player``); ``()`` once the game is over."""
        return pending_decisions(self.rules, self._state)

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` when the game is over."""
        decision = self._pending()
        if decision is not None and not decision.prompt:
            # Played on by apply, which leaves the prompt to be worded when it is read.
            decision = self._decision = worded(self.module, self.rules, self._state, decision)
        return decision

    def _pending(self) -> Decision | None:
        """The pending decision, its prompt perhaps not worded yet."""
        if self._decision_for is not self._state:
            self._decision = pending_decision(self.rules, self._state)
            self._decision_for = self._state
        return self._decision

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the pending decision (empty when the game is over)."""
        decision = self._pending()
        return decision.actions if decision is not None else ()

    @property
    def chance(self) -> ChanceMode:
        """The chance mode the game was set up with: ``"sampled"`` or ``"explicit"``
        (see :func:`new_game`)."""
        return chance_mode(self._state)

    def chance_outcomes(self) -> tuple[Outcome, ...]:
        """At a chance decision (explicit chance mode; :attr:`decision` has player
        :data:`~taverna_rules.core.chance.CHANCE`): every outcome, with the
        :class:`~taverna_rules.core.records.PickOutcome` action that picks it, its exact
        probability (a :class:`~fractions.Fraction`; they sum to 1) and the event it gives.
        ``()`` at a player's decision or once over. The events may show what a seat must
        not see (the card drawn into a hand): never send them to a player."""
        if self._view:
            return ()
        return chance_outcomes(self.rules, self._state)

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return bool(self._state.over)

    @property
    def result(self) -> Result | None:
        """The final result: standings, ties and the VP breakdown, once over."""
        result: Result | None = self._state.result
        return result

    def returns(self) -> tuple[float, ...]:
        """Every seat's return, by seat: :attr:`Result.returns
        <taverna_rules.core.records.Result.returns>` once over (in [-1, 1], summing to 0),
        zeros before."""
        result = self.result
        if result is None:
            return tuple(0.0 for _ in self._state.players)
        return result.returns

    def seat(self, player: int | str) -> Seat:
        """The game as ``player`` (a seat or a name) sees it: what a bot is given
        (:class:`~taverna_rules.Seat`)."""
        seat = self._seat(player)
        if seat is None:
            raise UnknownPlayerError("a seat is a seat number or a player's name, not None")
        return Seat(self, seat)

    def view(self, player: int | str | None) -> Any:
        """The state as ``player`` (seat or name; ``None``: spectator) may see it."""
        return self.module.visibility.redact_state(self._state, self._seat(player))

    def decision_for(self, player: int | str | None) -> Decision | None:
        """The pending decision as ``player`` may see it: the legal actions only for the
        player who decides (a spell to sell names a card of a hidden hand)."""
        seat = self._seat(player)
        decision = self.decision
        if decision is not None and is_simultaneous(self.module, decision):
            # At a simultaneous decision each seat still to choose has its own.
            decision = next((d for d in self.decisions if d.player == seat), decision)
        return None if decision is None else redact_decision(decision, seat)

    def events_for(self, player: int | str | None) -> list[Event]:
        """The log as ``player`` may see it."""
        return self.module.visibility.redact_events(self._events, self._seat(player))

    def _seat(self, player: int | str | None) -> int | None:
        if player is None:
            return None
        names = [p.name for p in self._state.players]
        if isinstance(player, str):
            if player not in names:
                raise UnknownPlayerError(f"no player named {shown(player)}; players: {names}")
            return names.index(player)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(names):
            raise UnknownPlayerError(f"no seat {shown(player)}; seats are 0 to {len(names) - 1}")
        return player

    # ------------------------------------------------------------------ in words
    def _lang(self, lang: str | None) -> str:
        languages = self.module.languages
        if lang is None:
            return languages[0]
        if not isinstance(lang, str) or lang not in languages:
            raise OptionError(
                f"{self.module.name.en} is written in {', '.join(map(repr, languages))}: "
                f"language must be one of them, not {shown(lang)}"
            )
        return lang

    def describe(self, action: Action, lang: str | None = None) -> str:
        """A label a person reads for ``action`` of the pending decision, in ``lang`` (one
        of the game's :attr:`~taverna_rules.GameModule.languages`; ``None``: its first):
        names as the rulebook and the board print them, players by name, numbers as
        printed (a table ``1`` to ``6``), never a content id (``Take the order Roast Boar
        from table 3``). Each option of a choice has its own label. An action that is no
        action of this game, or one these rules never offer (a card they do not have):
        :class:`~taverna_rules.errors.IllegalActionError`."""
        language = self._lang(lang)
        if not isinstance(action, Action) or type(action) not in self.module.actions.values():
            problem = f"describe takes an action of {self.module.name.en}"
            raise IllegalActionError(not_an_action(action, self.module, problem))
        if self.module.actions_of is not None:
            # a value no rule set of the game offers (a hero it has not) has no words either
            action_space(self.rules).encode(action)
        label: str = self.module.describe_action(self.rules, self._state, action, language)
        return label

    def prompt(self, decision: Decision | None = None, lang: str | None = None) -> str:
        """The prompt of ``decision`` (one of :attr:`decisions`, or as
        :meth:`decision_for` gives it; ``None``: :attr:`decision`) in ``lang`` (one of the
        game's :attr:`~taverna_rules.GameModule.languages`; ``None``: its first, the
        decision's own :attr:`~taverna_rules.Decision.prompt`): its decider's name, then the
        question (``Ann : prenez une carte client de la rangée``). A question the game
        words in one language only reads in that language. A decision that is not pending:
        :class:`~taverna_rules.errors.OptionError`."""
        language = self._lang(lang)
        if decision is None:
            decision = self.decision
        pending = {(d.player, d.kind) for d in self.decisions}
        if not isinstance(decision, Decision) or (decision.player, decision.kind) not in pending:
            raise OptionError(f"prompt takes a pending decision of this game, not {shown(decision)}")
        return prompt_in(self.module, self.rules, self._state, decision, language)

    def narration(
        self, player: int | str | None = None, *, lang: str | None = None, since: int = 0
    ) -> list[tuple[int, str]]:
        """The log in words as ``player`` (seat or name; ``None``: a spectator) sees it, from
        event number ``since`` on: each line with the number of events it follows (the
        game's :attr:`~taverna_rules.GameModule.narrate`; bookkeeping events have no line).
        A line names only what ``player`` may see: it is written from their view of the
        log."""
        language = self._lang(lang)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise OptionError(f"since is a number of events, 0 or more, not {shown(since)}")
        module = self.module
        state = None
        lines = []
        for index, event in enumerate(self.events_for(player)):
            state = module.evolve(state, event)
            if index >= since:
                line = module.narrate(self.rules, state, event, language)
                if line:
                    lines.append((index + 1, line))
        return lines

    def narrate(
        self, player: int | str | None = None, *, lang: str | None = None, since: int = 0
    ) -> list[str]:
        """The lines of :meth:`narration`, without their numbers: ``print("\\n".join(game.narrate()))``
        tells the game so far as a spectator saw it."""
        return [line for _, line in self.narration(player, lang=lang, since=since)]

    def board(self, player: int | str | None = None, *, lang: str | None = None) -> str:
        """The position as plain text, as ``player`` (seat or name; ``None``: a spectator)
        sees it (the game's :attr:`~taverna_rules.GameModule.board_text`): what
        ``print(game)`` shows for a spectator."""
        language = self._lang(lang)
        seat = self._seat(player)
        text: str = self.module.board_text(self.rules, self.view(seat), seat, language)
        return text

    def __str__(self) -> str:
        return self.board()

    # ------------------------------------------------------------------ playing
    def apply(self, action: Action, *, player: int | str | None = None) -> list[Event]:
        """Play ``action``; return its events. Illegal: :class:`IllegalActionError`, no change.

        ``player`` (a seat or a name) is who sends the action. A server passes it: an
        action from a seat that is not the one deciding is refused, and a refusal's
        message names only what that seat may see, so it can be sent back as it is.
        Without ``player`` the caller is trusted (it holds the whole game): a refusal is
        worded for the deciding player and lists their legal actions, which may name
        cards of their hidden hand.
        """
        seat = self._seat(player)
        if self._view:
            raise IllegalActionError(
                "this game is a player's view, folded from the log as they see it: it shows the "
                "view and the decision, but playing on needs the whole log (the hidden cards decide "
                "what comes next)"
            )
        new, state, pending = decide_and_fold(
            self.rules, self._state, action, self._pending(), trace=self.trace, player=seat, mode=LOGGED
        )
        self._events.extend(new)
        self._decision, self._decision_for = pending, state
        self._state = state
        self._marks.append((len(self._events), state))
        self._reveals.append(None)
        return new

    def can_undo(self) -> bool:
        """True when :meth:`undo` would step back.

        Under ``"until_reveal"`` (the default) undo steps back over a step of play (an
        action and the automatic steps after it) unless that step showed any seat or a
        spectator something hidden from them before: a card turned up or drawn into a
        hand, a spell cast from a hand, the choices of a simultaneous decision, and every
        chance outcome (a die rolled, a card drawn or a shuffle made from the seed; in the
        explicit chance mode, an outcome picked). What counts follows from the game's
        zones (:meth:`Visibility.reveals <taverna_rules.core.views.Visibility.reveals>`),
        worked out once for each step."""
        if self.undo_policy == "never" or len(self._marks) < 2:
            return False
        if self.undo_policy == "always":
            return True
        return not self._revealed()

    def _revealed(self) -> bool:
        """Whether the last step of play revealed something (kept with its mark)."""
        revealed = self._reveals[-1]
        if revealed is None:
            (start, before), (_, after) = self._marks[-2:]
            revealed = self.module.visibility.reveals(before, after, self._events[start:])
            self._reveals[-1] = revealed
        return revealed

    def undo(self) -> None:
        """Step back to the previous decision; :class:`UndoError` where the policy forbids."""
        if not self.can_undo():
            if self.undo_policy == "never":
                reason = "undo is switched off"
            elif len(self._marks) < 2:
                reason = "nothing to undo"
            else:
                reason = "the last action revealed hidden information"
            raise UndoError(f"cannot undo under the {self.undo_policy!r} policy: {reason}")
        self._marks.pop()
        self._reveals.pop()
        count, state = self._marks[-1]
        del self._events[count:]
        self._state = state

    def playout(self) -> Playout:
        """A :class:`~taverna_rules.playout.Playout` from the current state: the game
        played forward fast, without a log (for search); this game is left as it is.
        :class:`~taverna_rules.errors.IllegalActionError` for a view and for a game in the
        explicit chance mode (play out a determinized sample instead)."""
        if self._view:
            raise IllegalActionError("a player's view cannot be played out: it lacks the hidden cards")
        if self.chance == "explicit":
            # A playout draws nothing itself, and an unordered deck is no shuffle to draw from.
            raise IllegalActionError(
                "a game in the explicit chance mode is played out from a sample that draws from a "
                "seed: seat.playout(rng), or game.determinize(player, rng).playout()"
            )
        return Playout(self.rules, self._state, self._pending())

    def determinize(self, player: int | str, rng: random.Random) -> Game:
        """A game that ``player`` cannot tell from this one, drawn with ``rng``: what they
        see is the same, every hidden thing (the others' hands, the order of the decks)
        is redealt among the places they cannot see, the choices others have sealed at a
        simultaneous decision are chosen anew among their legal actions, and the seed is
        drawn anew, so the chance to come is unknown too. The sample depends on ``player``'s view and
        ``rng`` only, never on what is hidden; it plays to the end like any game (its log
        starts from the sampled position). For search that must not peek: information-set
        MCTS draws one at each iteration (:class:`~taverna_rules.bots.ISMCTSBot`).
        :class:`~taverna_rules.errors.DeterminizeError` for a player's view, a game
        that is over or one waiting on a chance decision (in the middle of an action)."""
        seat = self.seat(player).player
        if self._view:
            raise DeterminizeError("a player's view cannot be determinized: its hidden things are gone")
        if self.over:
            raise DeterminizeError("the game is over: there is nothing hidden left to play for")
        state = determinize(self.module.visibility, self._state, seat, rng, sealed_choices(self.rules))
        try:
            return Game.from_position(self.rules, state, undo=self.undo_policy)
        except PositionError as exc:
            # A game without position documents cannot start a log from a state; its
            # samples are played as playouts (Seat.playout) instead.
            raise DeterminizeError(f"the sample cannot start a game: {exc}") from None

    def copy(self) -> Game:
        """An independent game with the same log (states are immutable, so this is cheap)."""
        clone = Game.__new__(Game)
        clone.rules = self.rules
        clone.undo_policy = self.undo_policy
        clone._events = list(self._events)
        clone._state = self._state
        clone._marks = list(self._marks)
        clone._reveals = list(self._reveals)
        clone._decision = self._decision
        clone._decision_for = self._decision_for
        clone._view = self._view
        clone.trace = None
        return clone

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # States, events and rules are immutable: sharing them is a deep copy.
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        # The rule set, the log and the undo points (their states share structure, which
        # pickle keeps): nothing is recomputed on loading, and undo still works.
        return (_unpickle, (self.rules, tuple(self._events), self.undo_policy, tuple(self._marks)))

    def __repr__(self) -> str:
        names = ", ".join(p.name for p in self._state.players)
        status = "over" if self.over else f"{len(self._events)} events"
        return f"<Game [{names}] {status}>"


class Seat:
    """The game as the player at seat :attr:`player` sees it (from
    :meth:`taverna_rules.Game.seat`). It follows the game: read it again after the game
    moves on.

    A seat is what a bot, a learning agent or a remote player is given: the state as that
    player sees it, their pending decision, the log as they see it, their observation
    vector and, for search, games drawn at random among those they cannot tell apart. It
    never hands out what the player may not see (the others' hands, the order of the
    decks, the seed); search that wants to look ahead plays on a determinization.

    >>> import random
    >>> import taverna_rules as tr
    >>> game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    >>> seat = game.seat("Ann")
    >>> seat.legal_actions() == game.legal_actions()
    True
    >>> sample = seat.determinize(random.Random(5))
    >>> sample.view("Ann") == game.view("Ann")
    True
    """

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: int) -> None:
        self._game = game
        #: The seat (0 for the first player).
        self.player = player

    @property
    def rules(self) -> Any:
        """The rule set the game plays by."""
        return self._game.rules

    @property
    def module(self) -> GameModule:
        """The game module (:func:`taverna_rules.game_module`)."""
        return self._game.module

    @property
    def name(self) -> str:
        """The player's name."""
        name: str = self._game.state.players[self.player].name
        return name

    @property
    def state(self) -> Any:
        """The state as this player sees it (:meth:`taverna_rules.Game.view`)."""
        return self._game.view(self.player)

    @property
    def events(self) -> list[Event]:
        """The log as this player sees it."""
        return self._game.events_for(self.player)

    @property
    def decision(self) -> Decision | None:
        """The pending decision as this player sees it: with its actions when this player
        decides, without them when another does; ``None`` once the game is over."""
        return self._game.decision_for(self.player)

    def legal_actions(self) -> tuple[Action, ...]:
        """This player's legal actions; ``()`` when another player decides or the game is
        over."""
        decision = self.decision
        return decision.actions if decision is not None and decision.player == self.player else ()

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self._game.over

    @property
    def result(self) -> Result | None:
        """The final result once over (everything is public then)."""
        return self._game.result

    def returns(self) -> tuple[float, ...]:
        """Every seat's return (:meth:`taverna_rules.Game.returns`)."""
        return self._game.returns()

    def observe(self, *, numpy: bool | None = None) -> Any:
        """This player's observation vector (:func:`taverna_rules.observe`)."""
        return observation_vector(self._game, self.player, numpy)

    def information_state(self) -> str:
        """This player's information state (:func:`taverna_rules.information_state`)."""
        return information_key(self._game, self.player)

    def determinize(self, rng: random.Random) -> Game:
        """A game this player cannot tell from the real one, drawn with ``rng``
        (:meth:`taverna_rules.Game.determinize`)."""
        return self._game.determinize(self.player, rng)

    def playout(self, rng: random.Random) -> Playout:
        """A :class:`~taverna_rules.Playout` from a determinization drawn with ``rng``:
        the fast way for search to play a game forward without peeking (the sample is not
        checked as :meth:`determinize`'s game is: it is the real state redealt). At a
        simultaneous decision it waits for this seat first."""
        game = self._game
        if game.over:
            raise DeterminizeError("the game is over: there is nothing to play forward")
        sample = determinize(game.module.visibility, game.state, self.player, rng, sealed_choices(game.rules))
        # At a simultaneous decision the seat's own choice comes first: search keys its root
        # on this seat's actions, whatever the order the others are asked in.
        return Playout(game.rules, sample, for_seat(pending_decisions(game.rules, sample), self.player))

    def __repr__(self) -> str:
        return f"<Seat {self.player} ({self.name}) of {self._game!r}>"


def _unpickle(rules: Any, events: tuple[Event, ...], undo: UndoPolicy, marks: tuple[Any, ...]) -> Game:
    return Game(rules, events, undo=undo, marks=marks)


def new_game(
    rules: Any,
    players: Sequence[str],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    *,
    first_player: int | None = None,
    birthdays: Sequence[str | None] | None = None,
    played_on: str | dt.date | None = None,
    undo: UndoPolicy = "until_reveal",
    chance: ChanceMode = "sampled",
) -> Game:
    """Set up a new game of the rules' game (Taverna: 2 to 5 ``players``).

    ``players`` is a list of distinct names, each 1 to 64 printable characters with no
    space around it and not ``"?"``. ``seed`` (an int between -2**64 and 2**64) decides
    every shuffle and draw; ``options`` set rule options by name. ``first_player`` is a
    seat; for Taverna, without it, ``birthdays`` (one per player, ``MM-DD`` or ``None``)
    and ``played_on`` (``YYYY-MM-DD`` or a :class:`datetime.date`) pick the player with
    the most recent birthday, else seat 0, and birthdays also break a final tie.

    ``chance="explicit"`` sets the game up for search that branches on chance: nothing is
    drawn from the seed; each draw (a card from a deck, dice) is a chance decision of
    player :data:`~taverna_rules.core.chance.CHANCE` whose actions are
    :class:`~taverna_rules.core.records.PickOutcome`, with probabilities from
    :meth:`Game.chance_outcomes` (see :mod:`taverna_rules.core.chance`). The mode is
    recorded in the log. Every argument is checked before anything happens: a wrong type
    or value raises :class:`~taverna_rules.errors.OptionError`.
    """
    _check_undo(undo)
    module = _module_of(rules, OptionError)
    given = {"first_player": first_player, "birthdays": birthdays, "played_on": played_on}
    setup = {name: value for name, value in given.items() if value is not None}
    if check_chance(chance) != "sampled":
        if module.max_chance_outcomes is None:
            raise OptionError(f"game {module.id!r} has no explicit chance mode: its draws are not described")
        setup["chance"] = chance
    events = module.start(rules, players, seed, options, **setup)
    return Game(rules, events, undo=undo)


def replay(
    rules: Any, events: Iterable[Event], *, verify: bool = True, undo: UndoPolicy = "until_reveal"
) -> Game:
    """The game a log describes.

    With ``verify`` (the default) every event is checked: the opening is recomputed from
    the seed and each action's events must be what some legal action produces; a corrupt,
    reordered, truncated or redacted log raises :class:`ReplayError` naming the first bad
    event, and undo works over the whole replayed game. ``verify=False`` only folds (fast,
    for logs you produced yourself).
    """
    module = _module_of(rules)
    _check_undo(undo)
    log = as_log(module, events)
    check_openings(module, log)
    if verify:
        return Game(rules, log, undo=undo, marks=verify_log(module, rules, log))
    return Game(rules, log, undo=undo)
