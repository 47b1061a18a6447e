"""The conformance kit: random legal games that prove a rule set (a game module, an
expansion) plays. The checks below are described for Taverna; for any game, views are
judged by its zones, integrity by its module's ``integrity``, and conservation by its
``conformance`` ledger.

:func:`run_checks` plays ``games`` random legal games for each player count of a rule set
and checks each one:

``play``
    the game sets up, every decision offers a legal action, no action raises, and the
    game ends with a result within :data:`MAX_DECISIONS` decisions (and within the game
    module's ``max_decisions``, when it gives one);
``replay``
    folding the log (:func:`~taverna_rules.games.taverna.evolve.fold`) and replaying it with
    verification (:func:`taverna_rules.replay`) give exactly the live final state;
``round_trip``
    every pending decision (with its legal actions), every action played, every event,
    the whole log and the final state come back equal from their JSON;
``views``
    what each player and a spectator see (the redacted new events after every action,
    the pending decision, the final view and the fold of their log) names no card of
    another player's spell hand, of a deck, of the face-down favour reserve or of the
    spells others discarded face down, and never the seed;
``integrity``
    after every action the state is consistent (the game module's ``integrity``; for
    Taverna :func:`~taverna_rules.games.taverna.integrity.state_problems`) and nothing is
    created or lost (the game's ledger; for Taverna: customer tiles and cards, spell
    cards, royal favours, privilege and guild tokens are each somewhere exactly once, and
    each player's coins follow the log's ledger);
``undo``
    after every action, undo is refused when the step revealed something and offered
    otherwise, and undoing gives back the state and the log from before the action. The
    kit reads what a step revealed on its own, from the events (not from the states'
    zones, as the game does): a chance outcome (one it picked, or the draw counter
    moved), or, for some seat or a spectator, the step's events as they see them naming a
    card hidden from them before, or another seat's hidden choice;
``refusals``
    every few decisions, an action played by a seat the decision does not ask, and an
    action legal earlier in the game but not now, are refused with
    :class:`~taverna_rules.errors.IllegalActionError` and change nothing;
``positions``
    for a game with position documents, every sixty decisions and at the end the state
    comes back equal from its YAML and JSON documents, and a game resumed from it waits
    for the same decision;
``chance``
    for a game with an explicit chance mode (its module's ``max_chance_outcomes``), one
    game in four more for each player count is played in that mode, chance picking
    outcomes by their probabilities: every chance decision lists its outcomes, each
    likelier than 0, summing to exactly 1, no more than the module's bound, and a game
    makes no more chance decisions than its bound on decisions; every other check holds
    in that mode too.

The checks are the same for every game module: views come from the game's zones
(:class:`~taverna_rules.core.views.Visibility`), serialization from its tables, and what
the game alone knows (its ledger, the names that are public, the coverage of its content)
from its module's ``conformance`` hooks.

A game stops at its first failure; the other games go on. Each :class:`Failure` names the
game's seed and options: the game is reproducible from them, because the seed decides the
setup and the choices of the :class:`~taverna_rules.bots.RandomBot` that plays
every seat (``play_out(new_game(rules, player_names(n), seed, options), RandomBot(seed))``
is the same game). ``run_checks(rules, games=1, seed=failure.seed,
player_counts=[failure.player_count], options=dict(failure.options))`` plays it again.

The report also tells what the games exercised (:class:`Coverage`): spells cast, favours
used, dignitary levels activated, customer cards played, track bonus positions reached,
royal scorings chosen, and how often each effect op of the content was resolved by the
players' actions (through the kernel's optional :data:`~taverna_rules.core.engine.Trace`
of :attr:`Game.trace <taverna_rules.Game.trace>`). Content never exercised is a warning to
play more games or check the card, not a failure.

>>> import taverna_rules as tr
>>> report = run_checks(tr.load_rules(), games=1, player_counts=[2])
>>> report.ok, report.games_played
(True, ((2, 1),))
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from taverna_rules.bots import Bot, RandomBot
from taverna_rules.core.chance import CHANCE, ChanceMode, waits_for_chance
from taverna_rules.core.coverage import Coverage, CoverageTable, OpTally, Options, counted
from taverna_rules.core.engine import Trace
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.records import HIDDEN, Action, ChoiceCommitted, Event
from taverna_rules.core.replay import fold
from taverna_rules.core.serialize import (
    action_from_json,
    action_to_json,
    decision_from_json,
    decision_to_json,
    event_from_json,
    event_to_dict,
    event_to_json,
    events_from_json,
    events_to_json,
    json_strings,
    state_from_json,
    state_to_json,
)
from taverna_rules.core.views import STATE_ZONE, redact_decision
from taverna_rules.errors import IllegalActionError, OptionError
from taverna_rules.game import Game, new_game, replay
from taverna_rules.position import dump_position, load_position

__all__ = [
    "CHECKS",
    "MAX_DECISIONS",
    "POSITION_CHECKS",
    "SPOT_CHECKS",
    "ConformanceReport",
    "Coverage",
    "CoverageTable",
    "Failure",
    "GameCheck",
    "OpTally",
    "check_game",
    "counted",
    "game_seed",
    "player_names",
    "run_checks",
]

#: The checks made on every game, in the order they run.
CHECKS = ("play", "replay", "round_trip", "views", "integrity", "undo", "refusals", "positions", "chance")
#: Refusals are checked every this many decisions, and position round trips (slower: a
#: YAML document of the whole state is read) every ``POSITION_CHECKS``.
SPOT_CHECKS = 13
POSITION_CHECKS = 60
#: A game that has not ended after this many decisions fails the ``play`` check.
MAX_DECISIONS = 10_000


def game_seed(seed: int, players: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of ``players`` players in a run seeded ``seed``.

    It is ``seed + index`` for every player count, so game 0 of a run seeded with a
    failure's seed is the failing game (a player count gives another game from one seed).
    """
    return seed + index


def player_names(count: int) -> list[str]:
    """The names the games of ``count`` players are played with: ``P1``, ``P2``..."""
    return [f"P{seat + 1}" for seat in range(count)]


def _options_text(options: Options) -> str:
    return json.dumps(dict(options), sort_keys=True, default=repr)


# ----------------------------------------------------------------------------- results
@attrs.frozen
class Failure:
    """A check that failed on one game, and what reproduces that game.

    ``decision`` is the number of decisions made when the failure showed (``None`` for a
    failure at setup, before any decision).
    """

    #: One of :data:`CHECKS`.
    check: str
    player_count: int
    #: The game's own seed (see :func:`game_seed`).
    seed: int
    message: str
    #: The rule options the game was started with, sorted by name.
    options: Options = ()
    decision: int | None = None
    #: The chance mode the game was played in.
    chance: str = "sampled"

    def reproduction(self) -> str:
        """One line that reproduces the game: ``seed=1234 players=3 options={...}`` (and
        ``chance=explicit`` for a game in that mode)."""
        mode = " chance=explicit" if self.chance == "explicit" else ""
        return f"seed={self.seed} players={self.player_count} options={_options_text(self.options)}{mode}"

    def to_json(self) -> dict[str, Any]:
        """The failure as JSON-ready data."""
        return {
            "check": self.check,
            "players": self.player_count,
            "seed": self.seed,
            "options": json.loads(_options_text(self.options)),
            "decision": self.decision,
            "chance": self.chance,
            "message": self.message,
            "reproduce": self.reproduction(),
        }


@attrs.frozen
class ConformanceReport:
    """The outcome of :func:`run_checks`: failures, games played and coverage."""

    #: The fingerprint of the rules checked.
    rules: str
    #: The seed of the run (each game's seed is :func:`game_seed` of it).
    seed: int
    #: The games asked for per player count.
    games: int
    #: The rule options every game was started with, sorted by name.
    options: Options
    #: ``(player count, games played)`` for each player count checked.
    games_played: tuple[tuple[int, int], ...]
    failures: tuple[Failure, ...]
    coverage: Coverage

    @property
    def ok(self) -> bool:
        """True when no check failed."""
        return not self.failures

    def failures_for(self, players: int) -> tuple[Failure, ...]:
        """The failures of the games of ``players`` players."""
        return tuple(f for f in self.failures if f.player_count == players)

    def format_text(self) -> str:
        """A readable summary: games and failures per player count, the coverage table with
        the items never exercised, and each failure with the line that reproduces it."""
        total = sum(count for _, count in self.games_played)
        status = "OK" if self.ok else f"FAILED ({len(self.failures)} failing games)"
        lines = [
            f"Conformance of rules {self.rules[:12]}: {status}",
            f"  {total} random games, seed {self.seed}, options {_options_text(self.options)}",
        ]
        for players, played in self.games_played:
            failed = len(self.failures_for(players))
            lines.append(f"  {players} players: {played} games, {failed} failed")
        lines.append("")
        lines.append("Coverage (times exercised, across all games):")
        for table in self.coverage.tables:
            done = len(table.exercised)
            lines.append(f"  {table.title} ({done} of {len(table.counts)}):")
            shown = [f"{item} {count}" for item, count in table.counts if count]
            lines.extend(_wrap(shown, "    "))
            if table.not_exercised:
                lines.extend(_wrap(list(table.not_exercised), "    not exercised: "))
        warnings = self.coverage.not_exercised
        lines.append(
            f"  warning: {len(warnings)} items never exercised; play more games or check them"
            if warnings
            else "  every item was exercised"
        )
        if self.failures:
            lines.append("")
            lines.append("Failures:")
            for failure in self.failures:
                at = "at setup" if failure.decision is None else f"after {failure.decision} decisions"
                lines.append(f"  [{failure.check}] {failure.player_count} players, {at}: {failure.message}")
                lines.append(f"    reproduce: {failure.reproduction()}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (the same for the same rules, seed and arguments)."""
        return {
            "ok": self.ok,
            "rules": self.rules,
            "seed": self.seed,
            "games": self.games,
            "options": json.loads(_options_text(self.options)),
            "games_played": [
                {"players": players, "games": played, "failed": len(self.failures_for(players))}
                for players, played in self.games_played
            ],
            "failures": [failure.to_json() for failure in self.failures],
            "coverage": self.coverage.to_json(),
            "not_exercised": [{"table": key, "item": item} for key, item in self.coverage.not_exercised],
        }


def _wrap(words: list[str], prefix: str, width: int = 100) -> list[str]:
    """``words`` joined by commas in lines of at most ``width`` characters."""
    if not words:
        return []
    lines: list[str] = []
    line = prefix
    indent = " " * len(prefix)
    for index, word in enumerate(words):
        piece = word + ("," if index < len(words) - 1 else "")
        if line.strip() and len(line) + 1 + len(piece) > width:
            lines.append(line.rstrip())
            line = indent
        line += ("" if line.isspace() or line == prefix else " ") + piece
    lines.append(line)
    return lines


@attrs.frozen
class GameCheck:
    """One checked game: its failure (``None`` when every check passed), the decisions
    made, its log and the effect nodes it resolved (``(ref, path)``, oldest first)."""

    player_count: int
    seed: int
    options: Options
    failure: Failure | None
    decisions: int
    events: tuple[Event, ...]
    trace: tuple[tuple[str, tuple[int, ...]], ...]


# ----------------------------------------------------------------------------- one game
class _Failed(Exception):
    """A check failed: stops the game."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(message)
        self.check = check
        self.message = message


@contextmanager
def _checking(check: str, doing: str) -> Iterator[None]:
    """Turn any exception but a :class:`_Failed` into a failure of ``check``."""
    try:
        yield
    except _Failed:
        raise
    except Exception as exc:
        raise _Failed(check, f"{doing} raised {type(exc).__name__}: {exc}") from exc


def _differing_fields(live: Any, other: Any) -> list[str]:
    return [f.name for f in attrs.fields(type(live)) if getattr(live, f.name) != getattr(other, f.name)]


class _GameRun:
    """Plays one game with a random bot and checks it as it goes."""

    def __init__(
        self,
        rules: Any,
        players: int,
        seed: int,
        options: Options,
        bot: Bot | None = None,
        chance: ChanceMode = "sampled",
    ) -> None:
        self.rules = rules
        self.chance: ChanceMode = chance
        #: Picks the outcome of each chance decision (explicit chance mode).
        self.chance_rng = random.Random(seed)
        self.draws = 0
        self.bot: Bot = RandomBot(seed) if bot is None else bot
        #: Actions legal at some decision of the game (to try where they are not).
        self.seen: dict[Action, None] = {}
        self.module = game_module(rules.game)
        self.kit = self.module.conformance() if self.module.conformance else None
        self.players = players
        self.seed = seed
        self.options = options
        self.trace: Trace = []
        self.events: list[Event] = []
        self.decisions = 0
        self.viewers: list[int | None] = [*range(players), None]
        # Names that are public (peoples, seat names...) are not tracked as secrets even
        # when a card id reads the same: they would raise false alarms.
        names = player_names(players)
        self.public: set[str] = {*names, *(self.kit.public(rules, names) if self.kit else ())}
        self.ledger: Any = None
        bound = self.module.max_decisions
        #: A game must end within its module's bound on a game's length.
        self.longest = MAX_DECISIONS if bound is None else min(MAX_DECISIONS, bound(rules, players))

    # ------------------------------------------------------------------ driving
    def run(self) -> GameCheck:
        """Play and check the game; stop at the first failure."""
        failed: _Failed | None = None
        try:
            self._play()
        except _Failed as exc:
            failed = exc
        except OptionError:
            raise
        except Exception as exc:  # a state so broken that a check could not even look at it
            failed = _Failed("play", f"checking the game raised {type(exc).__name__}: {exc}")
        failure = None
        if failed is not None:
            decision = self.decisions if self.events else None
            failure = Failure(
                failed.check, self.players, self.seed, failed.message, self.options, decision, self.chance
            )
        return GameCheck(
            self.players,
            self.seed,
            self.options,
            failure,
            self.decisions,
            tuple(self.events),
            tuple(self.trace),
        )

    def _play(self) -> None:
        try:
            game = new_game(
                self.rules,
                player_names(self.players),
                seed=self.seed,
                options=dict(self.options),
                chance=self.chance,
            )
        except OptionError:
            raise
        except Exception as exc:
            raise _Failed("play", f"setting up the game raised {type(exc).__name__}: {exc}") from exc
        self.events = list(game.events)
        game.trace = self.trace
        self._start(game)
        while not game.over:
            with _checking("play", "asking for the pending decision"):
                decision = game.decision
            if decision is None:
                raise _Failed("play", "the game is not over but no decision is pending")
            if decision.player == CHANCE:
                self._chance_step(game)
                continue
            if self.decisions >= self.longest:
                raise _Failed(
                    "play",
                    f"the game did not end within {self.longest} decisions"
                    + (" (its module's max_decisions)" if self.longest < MAX_DECISIONS else ""),
                )
            if not decision.actions:
                raise _Failed(
                    "play", f"decision {decision.kind!r} of seat {decision.player} has no legal action"
                )
            self._check_decision(game)
            action = self.bot.choose(game.seat(decision.player))
            if self.decisions % SPOT_CHECKS == 0:
                self._check_refusals(game, action)
            if self.decisions % POSITION_CHECKS == 0:
                self._check_position(game)
            self.seen.update(dict.fromkeys(decision.actions))
            with _checking("round_trip", f"the JSON round trip of {action!r}"):
                back = action_from_json(action_to_json(action), game=self.module)
            if back != action:
                raise _Failed("round_trip", f"{action!r} comes back from JSON as {back!r}")
            self._apply(game, action, f"playing {action!r} in decision {decision.kind!r}", player=True)
        self._check_end(game)

    def _apply(self, game: Game, action: Action, doing: str, *, player: bool) -> None:
        """Play ``action`` (``doing`` says what, should it raise; ``player``: a player's
        decision, counted) and check the step."""
        with _checking("play", doing):
            before, length = game.state, len(game.events)
            new = game.apply(action)
        if player:
            self.decisions += 1
        self.events.extend(new)
        self._check_step(game, new)
        self._check_undo(game, new, before, length, picked=not player)

    def _chance_step(self, game: Game) -> None:
        """Check a chance decision's outcomes, pick one by its probability and play it."""
        decision = game.decision
        assert decision is not None
        with _checking("chance", "listing the chance decision's outcomes"):
            outcomes = game.chance_outcomes()
        if not outcomes or tuple(o.action for o in outcomes) != decision.actions:
            raise _Failed(
                "chance",
                f"the chance decision offers {len(decision.actions)} actions, {len(outcomes)} outcomes",
            )
        total = sum(o.probability for o in outcomes)
        if total != 1 or min(o.probability for o in outcomes) <= 0:
            raise _Failed("chance", f"the outcomes' probabilities sum to {total}, each must be above 0")
        bound = self.module.max_chance_outcomes
        most = bound(self.rules, self.players) if bound is not None else len(outcomes)
        if len(outcomes) > most:
            raise _Failed(
                "chance", f"a chance decision has {len(outcomes)} outcomes, over the module's {most}"
            )
        self.draws += 1
        if self.draws > self.longest:
            raise _Failed("chance", f"the game made over {self.longest} chance decisions")
        self._check_decision(game)
        pick = self.chance_rng.choices(outcomes, [o.probability for o in outcomes])[0]
        self._apply(
            game, pick.action, f"picking outcome {pick.action.index} of a chance decision", player=False
        )

    # ------------------------------------------------------------------ each step
    def _start(self, game: Game) -> None:
        self._check_step(game, list(game.events))

    def _open_ledger(self, game: Game) -> None:
        """The game's ledger, from its first settled state (in the explicit chance mode, the
        setup ends after its draws)."""
        if self.kit is not None and self.ledger is None:
            self.ledger = self.kit.ledger(self.rules, game)
            if self.ledger.opening:
                raise _Failed("integrity", "; ".join(self.ledger.opening))

    def _check_decision(self, game: Game) -> None:
        decision = game.decision
        assert decision is not None
        with _checking("round_trip", f"the JSON round trip of decision {decision.kind!r}"):
            back = decision_from_json(decision_to_json(decision), game=self.module)
        if back != decision:
            raise _Failed("round_trip", f"decision {decision.kind!r} does not come back equal from JSON")
        state = game.state
        for viewer in self.viewers:
            if viewer == decision.player:
                continue
            with _checking("views", f"redacting decision {decision.kind!r}"):
                seen = json.loads(decision_to_json(redact_decision(decision, viewer)))
            self._no_secrets(self._secrets(state, viewer), viewer, seen, f"decision {decision.kind!r}")

    def _check_step(self, game: Game, new: list[Event]) -> None:
        state = game.state
        for viewer in self.viewers:
            with _checking("views", "redacting the new events"):
                seen = self.module.visibility.redact_events(new, viewer)
                data = [event_to_dict(event) for event in seen]
            secrets = self._secrets(state, viewer)
            for event, item in zip(seen, data, strict=True):
                self._no_secrets(secrets, viewer, item, f"event {event.TYPE}")
                self._hidden_fields(event, viewer)
        if waits_for_chance(state):
            # The state before an action that is drawing (the setup's, at the start): the
            # action's events come once chance has drawn, and are checked then.
            return
        self._open_ledger(game)
        with _checking("integrity", "checking the state"):
            problems = self.module.integrity(self.rules, state)
            if self.ledger is not None:
                problems += self.ledger.check(state, new)
        if problems:
            raise _Failed("integrity", "; ".join(problems))

    def _check_refusals(self, game: Game, action: Action) -> None:
        decision = game.decision
        assert decision is not None
        asked = {d.player for d in game.decisions}
        others = [seat for seat in range(self.players) if seat not in asked]
        legal = set(decision.actions)
        stale = next((a for a in reversed(self.seen) if a not in legal), None)
        tries = [(action, others[0])] if others else []
        tries += [(stale, decision.player)] if stale is not None else []
        for tried, seat in tries:
            before, length = game.state, len(game.events)
            try:
                game.apply(tried, player=seat)
            except IllegalActionError:
                pass
            except Exception as exc:
                raise _Failed(
                    "refusals",
                    f"{tried!r} by seat {seat} raised {type(exc).__name__}, not IllegalActionError",
                ) from exc
            else:
                raise _Failed("refusals", f"{tried!r} by seat {seat} is played in decision {decision.kind!r}")
            if game.state is not before or len(game.events) != length:
                raise _Failed("refusals", f"refusing {tried!r} changed the game")

    def _check_position(self, game: Game) -> None:
        if self.module.positions is None:
            return
        for fmt in ("yaml", "json"):
            with _checking("positions", f"the {fmt} position round trip"):
                loaded = load_position(self.rules, dump_position(game.state, fmt))
            if loaded != game.state:
                raise _Failed(
                    "positions",
                    f"the state comes back from its {fmt} position different in "
                    f"{_differing_fields(game.state, loaded)}",
                )
        if game.over:
            return
        with _checking("positions", "resuming a game from the position"):
            resumed = Game.from_position(self.rules, loaded)
        if resumed.decision != game.decision:
            raise _Failed("positions", "a game resumed from the position waits for another decision")

    def _check_undo(self, game: Game, new: list[Event], before: Any, length: int, *, picked: bool) -> None:
        """Undo is refused after a step that revealed something (by the kit's own reading,
        :meth:`_shown`) and offered, and exact, after one that did not."""
        shown = self._shown(before, game.state, new, picked=picked)
        if game.can_undo() == bool(shown):
            wrong = "offered after a step that revealed" if shown else "refused after a step that revealed"
            raise _Failed("undo", f"undo is {wrong} {'; '.join(shown) or 'nothing'}")
        if shown:
            return
        with _checking("undo", "undoing the action on a copy"):
            back = game.copy()
            back.undo()
        if back.state != before or len(back.events) != length:
            raise _Failed("undo", "undoing the action does not give back the state before it")

    def _shown(self, before: Any, after: Any, new: list[Event], *, picked: bool) -> list[str]:
        """What the step from ``before`` to ``after`` (its events ``new``; ``picked``: the
        kit picked a chance outcome) revealed, read apart from the game's own reading (which
        compares the zones of the two states): a chance outcome (picked, or the draw
        counter moved), an event declaring ``REVEALS``, and for each viewer the events of
        the step as that viewer sees them naming a card hidden from them before, or a
        hidden choice of another seat (a thing of a zone that is not a text)."""
        shown = ["a chance outcome picked"] if picked else []
        drawn = getattr(before, "draws", 0), getattr(after, "draws", 0)
        if drawn[0] != drawn[1]:
            shown.append(f"a draw (draws {drawn[0]} -> {drawn[1]})")
        shown += [f"{event.TYPE} (REVEALS)" for event in new if type(event).REVEALS]
        for viewer in self.viewers:
            who = "a spectator" if viewer is None else f"seat {viewer}"
            seen = self.module.visibility.redact_events(new, viewer)
            named = set(json_strings([event_to_dict(event) for event in seen]))
            cards = sorted(self._secrets(before, viewer) & named)
            if cards:
                shown.append(f"{cards} to {who}")
            choices = self._hidden_records(before, viewer)
            # A seat's own commit names its own choice: it shows that seat nothing.
            others = [e for e in seen if not (isinstance(e, ChoiceCommitted) and e.player == viewer)]
            if choices and any(thing in choices for thing in _parts(others)):
                shown.append(f"a hidden choice to {who}")
        return shown

    def _hidden_records(self, state: Any, viewer: int | None) -> list[Any]:
        """The things of ``state``'s zones that ``viewer`` may not see and that are
        neither texts nor numbers (committed choices): a number cannot be searched for (a
        seed of 3 and 3 coins read the same)."""
        found: list[Any] = []
        for zone in self.module.visibility.zones:
            holders = enumerate(state.players) if zone.per_player else [(None, state)]
            for owner, holder in holders:
                found += [
                    thing
                    for thing in zone.values(getattr(holder, zone.field), owner, viewer)
                    if thing is not None and not isinstance(thing, str | int | float)
                ]
        return found

    @staticmethod
    def _no_secrets(secrets: set[str], viewer: int | None, data: Any, what: str) -> None:
        if not secrets:
            return
        leaked = sorted(secrets.intersection(json_strings(data)))
        if leaked:
            who = "a spectator" if viewer is None else f"seat {viewer}"
            raise _Failed("views", f"{what} as {who} sees it names hidden cards {leaked}")

    def _secrets(self, state: Any, viewer: int | None) -> set[str]:
        """The card ids ``viewer`` must not see in ``state`` (less those shown anyway)."""
        return self.module.visibility.hidden(state, viewer) - self.public

    def _hidden_fields(self, event: Event, viewer: int | None) -> None:
        """Each field of a zone that ``viewer`` may not see shows nothing but hidden marks
        (or, for a ``hidden`` zone, nothing at all)."""
        who = "a spectator" if viewer is None else f"seat {viewer}"
        owner = getattr(event, "player", None)
        for field, name in type(event).ZONES.items():
            if name == STATE_ZONE:
                continue
            zone = self.module.visibility.zone(name)
            value = getattr(event, field)
            for thing in [] if zone.sees(owner, viewer) else [value]:
                if zone.policy == "hidden":
                    leak = thing not in (0, "", (), None)
                else:
                    leak = any(
                        item not in (HIDDEN, None)
                        for item in (thing if isinstance(thing, tuple) else (thing,))
                    )
                if leak:
                    raise _Failed("views", f"{event.TYPE} as {who} sees it is not redacted: {event!r}")

    # ------------------------------------------------------------------ the end
    def _check_end(self, game: Game) -> None:
        state, log = game.state, list(game.events)
        if state.result is None or game.decision is not None:
            raise _Failed("play", "the game stopped without a result")
        self._check_position(game)

        with _checking("replay", "folding the log"):
            folded = fold(self.module, log)
        if folded != state:
            raise _Failed(
                "replay", f"folding the log differs from the live state in {_differing_fields(state, folded)}"
            )
        with _checking("replay", "replaying the log with verification"):
            replayed = replay(self.rules, log).state
        if replayed != state:
            raise _Failed(
                "replay",
                f"the verified replay differs from the live state in {_differing_fields(state, replayed)}",
            )

        with _checking("round_trip", "the JSON round trip of the final state"):
            back_state = state_from_json(state_to_json(state), game=self.module)
        if back_state != state:
            raise _Failed(
                "round_trip",
                f"the final state comes back from JSON different in {_differing_fields(state, back_state)}",
            )
        for index, event in enumerate(log):
            with _checking("round_trip", f"the JSON round trip of event {index} ({event.TYPE})"):
                back_event = event_from_json(event_to_json(event), game=self.module)
            if back_event != event:
                raise _Failed(
                    "round_trip", f"event {index} ({event.TYPE}) comes back from JSON as {back_event!r}"
                )
        with _checking("round_trip", "the JSON round trip of the log"):
            back_log = events_from_json(events_to_json(log), game=self.module)
        if back_log != log:
            raise _Failed("round_trip", "the log does not come back equal from JSON")

        for viewer in self.viewers:
            who = "a spectator" if viewer is None else f"seat {viewer}"
            with _checking("views", f"the view of {who}"):
                view = self.module.visibility.redact_state(state, viewer)
                seen = fold(self.module, self.module.visibility.redact_events(log, viewer))
                data = json.loads(state_to_json(view))
            if getattr(view, "seed", 0) != 0:
                raise _Failed("views", f"the view of {who} shows the seed")
            if seen != view:
                raise _Failed(
                    "views",
                    f"folding the log of {who} differs from their view in {_differing_fields(view, seen)}",
                )
            self._no_secrets(self._secrets(state, viewer), viewer, data, "the final view")


def check_game(
    rules: Any,
    players: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    *,
    bot: Bot | None = None,
    chance: ChanceMode = "sampled",
) -> GameCheck:
    """Play and check one game of ``players`` players with the game seed ``seed`` (in the
    chance mode ``chance``; see :func:`taverna_rules.new_game`).

    ``bot`` makes every choice; by default a :class:`~taverna_rules.bots.RandomBot`
    seeded with ``seed``, so the same arguments play the same game (a property test passes
    a bot whose choices it draws). Raises :class:`~taverna_rules.errors.OptionError` for
    options the rules do not know.
    """
    return _GameRun(rules, players, seed, tuple(sorted((options or {}).items())), bot, chance).run()


# ----------------------------------------------------------------------------- coverage
class _NoTally:
    """The coverage of a game that counts none: no tables."""

    def add(self, events: Sequence[Event], trace: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        """Nothing to count."""

    def coverage(self, player_counts: Sequence[int], options: Options = ()) -> Coverage:
        """No tables."""
        return Coverage((), CoverageTable("ops", "effect ops resolved", ()))


# ----------------------------------------------------------------------------- the run
def run_checks(
    rules: Any,
    *,
    games: int = 20,
    seed: int = 0,
    player_counts: Sequence[int] | None = None,
    options: Mapping[str, object] | None = None,
    progress: Callable[[str], object] | None = None,
) -> ConformanceReport:
    """Play ``games`` random legal games for each player count and check every one.

    ``player_counts`` defaults to every count the rules support (a count they do not
    support raises :class:`ValueError`); ``options`` are the rule options of every game
    (unknown ones raise :class:`~taverna_rules.errors.OptionError`). Game ``i`` of ``n``
    players has the seed ``game_seed(seed, n, i)``. ``progress``, if given, receives a
    line after each game. See the module documentation for the checks.
    """
    module = game_module(rules.game)
    supported = module.player_counts(rules)
    counts = tuple(supported if player_counts is None else player_counts)
    for count in counts:
        if count not in supported:
            raise ValueError(f"the rules are for {list(supported)} players, not {count!r}")
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games!r}")
    chosen = tuple(sorted((options or {}).items()))
    kit = module.conformance() if module.conformance else None
    tally = kit.tally(rules) if kit is not None else _NoTally()
    failures: list[Failure] = []
    played: list[tuple[int, int]] = []
    # One game in four more in the explicit chance mode, where the game has one.
    explicit = games // 4 if module.max_chance_outcomes is not None else 0
    for count in counts:
        for index in range(games + explicit):
            mode: ChanceMode = "sampled" if index < games else "explicit"
            checked = _GameRun(rules, count, game_seed(seed, count, index), chosen, chance=mode).run()
            tally.add(checked.events, checked.trace)
            if checked.failure is not None:
                failures.append(checked.failure)
            if progress is not None:
                outcome = "ok" if checked.failure is None else f"FAILED ({checked.failure.check})"
                what = f"game {index + 1} of {games + explicit}" + (
                    ", explicit chance" if index >= games else ""
                )
                progress(f"{count} players: {what} (seed {checked.seed}): {outcome}")
        played.append((count, games + explicit))
    return ConformanceReport(
        rules.fingerprint,
        seed,
        games,
        chosen,
        tuple(played),
        tuple(failures),
        tally.coverage(counts, chosen),
    )


def _parts(value: Any) -> Iterator[Any]:
    """``value`` and everything it holds (records, tuples), every level down."""
    todo = [value]
    while todo:
        item = todo.pop()
        yield item
        if isinstance(item, tuple | list):
            todo.extend(item)
        elif attrs.has(type(item)):
            todo.extend(getattr(item, field.name) for field in attrs.fields(type(item)))
