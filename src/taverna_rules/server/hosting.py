"""Hosting games over a store: creating them, reading a seat's view, playing an action,
and letting bots play their seats. No HTTP here: :mod:`taverna_rules.server.app` maps
requests to these calls and errors to statuses.

The host keeps the games it serves in memory, each with the store version it holds. A
change is a copy of the game with the action applied, saved with the version the caller
read as the expected one: a stale caller, or another process that wrote first, gets
:class:`~taverna_rules.errors.ConflictError` and the game is reloaded from the store.
Each game has a lock, so the steps of one game never interleave in this process.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules.adapters.tournament import bot_seed, make_bot
from taverna_rules.bots import Bot
from taverna_rules.core.arguments import resolve_options
from taverna_rules.core.serialize import action_from_json
from taverna_rules.errors import ConflictError, IllegalActionError, OptionError, SeatTokenError, TavernaError
from taverna_rules.game import Game, new_game
from taverna_rules.game_modules import game_module
from taverna_rules.server.payloads import event_lines, view_payload, waiting_for
from taverna_rules.server.seats import HUMAN, SeatInfo, find_seat, new_token, seats_from_meta, seats_to_meta
from taverna_rules.store import EventStore, StoredGame, check_game_id

__all__ = ["DEFAULT_BOTS", "Created", "GameHost"]

#: The bots a server offers by default: each decides in milliseconds.
DEFAULT_BOTS = ("random", "greedy")
#: Most decisions a bot makes in one go before the host lets others have the lock.
_BOT_BATCH = 50


@attrs.frozen
class Created:
    """A game just created: its record and each human seat's token (given only once)."""

    record: StoredGame
    seats: tuple[SeatInfo, ...]
    tokens: Mapping[int, str]


@attrs.define
class _Hosted:
    game: Game
    version: int
    seats: tuple[SeatInfo, ...]
    bots: dict[int, Bot] = attrs.field(factory=dict)
    lock: threading.Lock = attrs.field(factory=threading.Lock)


class GameHost:
    """The games of one store, served to seats.

    ``bots`` names the bots a creator may seat (specs of
    :func:`~taverna_rules.adapters.tournament.make_bot`). ``on_change(game_id, version)``
    is called after every change (the app wakes the seats waiting on that game).
    """

    def __init__(
        self,
        store: EventStore,
        *,
        bots: Sequence[str] = DEFAULT_BOTS,
        on_change: Callable[[str, int], None] | None = None,
    ) -> None:
        self.store = store
        self.bots = tuple(bots)
        self.on_change = on_change
        self._games: dict[str, _Hosted] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ games
    def rules_info(self) -> list[dict[str, Any]]:
        """The games this host offers: id, title, player counts and rule options."""
        out = []
        for game in self.store.registry.games:
            rules = self.store.registry.current(game)
            module = game_module(game)
            out.append(
                {
                    "game": game,
                    "title": module.name.get("en"),
                    "fingerprint": rules.fingerprint,
                    "players": list(rules.supported_players()),
                    "options": [
                        {
                            "name": o.id,
                            "title": o.name.get("en") if o.name is not None else o.id,
                            "type": o.type,
                            "default": o.default,
                            "choices": list(o.choices)
                            if o.choices
                            else ([True, False] if o.type == "bool" else []),
                            "doc": o.reason,
                        }
                        for o in rules.options
                    ],
                }
            )
        return out

    def create(
        self,
        game: str,
        seats: Sequence[tuple[str, str]],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        game_id: str | None = None,
    ) -> Created:
        """A new game of ``game`` with ``seats`` (name, who plays it: ``"human"`` or a bot
        this host offers); :class:`~taverna_rules.errors.OptionError` for a bad request."""
        rules = self.store.registry.current(game) if game in self.store.registry.games else None
        if rules is None:
            raise OptionError(f"no game {shown(game)} here; games: {', '.join(self.store.registry.games)}")
        for name, player in seats:
            if player != HUMAN and player not in self.bots:
                raise OptionError(
                    f"seat {shown(name)}: a seat is played by 'human' or a bot of {list(self.bots)}, "
                    f"not {shown(player)}"
                )
        game_seed = secrets.randbits(62) if seed is None else seed
        resolve_options(rules, options)  # refused before anything is made
        live = new_game(rules, [name for name, _ in seats], game_seed, options)
        infos, tokens = [], {}
        for index, (name, player) in enumerate(seats):
            digest = ""
            if player == HUMAN:
                token, digest = new_token()
                tokens[index] = token
            infos.append(SeatInfo(index, name, player, digest))
        meta = {"seats": seats_to_meta(infos), "bot_seed": secrets.randbits(62)}
        record = self.store.create(live, game_id=check_game_id(game_id) if game_id else None, meta=meta)
        hosted = _Hosted(live, record.version, tuple(infos))
        with self._lock:
            self._games[record.id] = hosted
        return Created(record, tuple(infos), tokens)

    def _hosted(self, game_id: str) -> _Hosted:
        """The game as the store has it now (reloaded when another process wrote)."""
        return self._current(game_id)[1]

    def _current(self, game_id: str) -> tuple[StoredGame, _Hosted]:
        """The game's record and the game as the store has it now."""
        record = self.store.record(game_id)
        with self._lock:
            hosted = self._games.get(game_id)
        if hosted is not None and hosted.version == record.version:
            return record, hosted
        game = self.store.load(game_id)
        fresh = _Hosted(game, record.version, seats_from_meta(record.meta))
        if hosted is not None:
            fresh.bots = hosted.bots
            fresh.lock = hosted.lock
        with self._lock:
            self._games[game_id] = fresh
        return record, fresh

    def seat_of(self, game_id: str, token: str | None) -> int | None:
        """The seat ``token`` plays in ``game_id`` (``None`` without a token: a spectator);
        :class:`SeatTokenError` for a token of no seat."""
        hosted = self._hosted(game_id)
        if token is None:
            return None
        seat = find_seat(hosted.seats, token)
        if seat is None:
            raise SeatTokenError("this token plays no seat of the game")
        return seat.seat

    def summary(self, game_id: str) -> dict[str, Any]:
        """What anyone may know of a game."""
        record, hosted = self._current(game_id)
        return self._summary(record, hosted)

    def _summary(self, record: StoredGame, hosted: _Hosted | None) -> dict[str, Any]:
        seats = hosted.seats if hosted is not None else seats_from_meta(record.meta)
        out: dict[str, Any] = {
            "id": record.id,
            "game": record.game,
            "version": record.version,
            "over": record.over,
            "created": record.created,
            "seats": [s.public() for s in seats],
        }
        if hosted is not None:
            out["waiting_for"] = waiting_for(hosted.game)
        return out

    def games(self) -> list[dict[str, Any]]:
        """The summaries of the games in the store, newest first."""
        return [self._summary(record, None) for record in reversed(self.store.list())]

    def view(self, game_id: str, seat: int | None) -> dict[str, Any]:
        """The view payload of ``seat``."""
        hosted = self._hosted(game_id)
        with hosted.lock:
            return view_payload(game_id, hosted.game, seat, hosted.version)

    def events(self, game_id: str, seat: int | None, since: int) -> dict[str, Any]:
        """The seat's view of the events from ``since`` on, with the narration's lines."""
        hosted = self._hosted(game_id)
        with hosted.lock:
            since = max(0, min(since, hosted.version))
            events, lines = event_lines(hosted.game, seat, since)
            return {"version": hosted.version, "since": since, "events": events, "lines": lines}

    def version(self, game_id: str) -> int:
        return self.store.record(game_id).version

    # ------------------------------------------------------------------ playing
    def play(self, game_id: str, seat: int, action: object, version: int) -> dict[str, Any]:
        """Play ``action`` (its JSON object) for ``seat`` at ``version``; return the new
        version and the seat's view of the events it made. Stale: ConflictError; not legal
        or not this seat's turn: IllegalActionError; nothing changes either way."""
        hosted = self._hosted(game_id)
        with hosted.lock:
            if version != hosted.version:
                raise ConflictError(
                    f"game {game_id!r} is at version {hosted.version}, not {version}: read the view again",
                    game_id,
                    version,
                    hosted.version,
                )
            if not isinstance(action, dict):
                raise IllegalActionError(f"an action is a JSON object, not {shown(action)}")
            parsed = action_from_json(action, game=hosted.game.rules.game)
            trial = hosted.game.copy()
            trial.apply(parsed, player=seat)
            new = self._save(game_id, hosted, trial)
            events, _ = event_lines(trial, seat, version)
        return {"version": new, "events": events}

    def _save(self, game_id: str, hosted: _Hosted, game: Game) -> int:
        try:
            new = self.store.save(game_id, game, expected_version=hosted.version)
        except ConflictError:
            with self._lock:
                self._games.pop(game_id, None)  # another process wrote: reload next time
            raise
        hosted.game, hosted.version = game, new
        if self.on_change is not None:
            self.on_change(game_id, new)
        return new

    def bot_turn(self, game_id: str, limit: int = _BOT_BATCH) -> bool:
        """Let the bots play while one of them decides (at most ``limit`` decisions);
        return True when a bot still has to move."""
        hosted = self._hosted(game_id)
        with hosted.lock:
            for _ in range(limit):
                seat = self._bot_to_move(hosted)
                if seat is None:
                    return False
                bot = hosted.bots.get(seat)
                if bot is None:
                    bot = hosted.bots[seat] = self._make_bot(game_id, hosted, seat)
                trial = hosted.game.copy()
                trial.apply(bot.choose(trial.seat(seat)), player=seat)
                self._save(game_id, hosted, trial)
            return self._bot_to_move(hosted) is not None

    def _bot_to_move(self, hosted: _Hosted) -> int | None:
        for decision in hosted.game.decisions:
            if 0 <= decision.player < len(hosted.seats) and not hosted.seats[decision.player].human:
                return decision.player
        return None

    def _make_bot(self, game_id: str, hosted: _Hosted, seat: int) -> Bot:
        meta = self.store.record(game_id).meta
        base = meta.get("bot_seed", 0)
        # Mixed with the version, so a restarted server does not replay the same choices.
        seed = bot_seed(int(base) ^ hosted.version if isinstance(base, int) else hosted.version, seat)
        return make_bot(hosted.seats[seat].player, seed)

    def waiting_on_bots(self) -> list[str]:
        """The unfinished games of the store where a bot is to move (after a restart)."""
        out = []
        for record in self.store.list():
            if record.over:
                continue
            try:
                hosted = self._hosted(record.id)
            except TavernaError:
                continue  # a game that no longer loads is not the server's to play
            if self._bot_to_move(hosted) is not None:
                out.append(record.id)
        return out
