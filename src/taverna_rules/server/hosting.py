"""Hosting games over a store: creating them, reading a seat's view, playing an action,
and letting bots play their seats. No HTTP here: :mod:`taverna_rules.server.app` maps
requests to these calls and errors to statuses.

The host keeps the games it serves in memory, each with the store version it holds,
loaded when first asked for. A change is a copy of the game with the action applied,
saved with the version the caller read as the expected one: a stale caller, or another
process that wrote first, gets :class:`~taverna_rules.errors.ConflictError` and the game
is reloaded from the store at the next read. Each game has a lock, so the changes (and
loads) of one game never interleave in this process; reads take no lock: a game held is
never changed, a change replaces it. A game that does not load is broken
(:class:`GameBrokenError`): it is listed so, and nothing else is affected.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules.bot_specs import bot_seed, make_bot
from taverna_rules.bots import Bot
from taverna_rules.core.arguments import resolve_options, rule_options
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.serialize import action_from_json, event_to_dict
from taverna_rules.errors import (
    ConflictError,
    GameBrokenError,
    IllegalActionError,
    OptionError,
    SeatTokenError,
    StoreError,
    UnknownGameError,
)
from taverna_rules.game import Game, new_game
from taverna_rules.server.payloads import event_lines, view_payload, waiting_for
from taverna_rules.server.seats import (
    HUMAN,
    TICKET_SECONDS,
    SeatInfo,
    check_ticket,
    find_seat,
    new_token,
    seats_from_meta,
    seats_to_meta,
    stream_ticket,
)
from taverna_rules.store import EventStore, SQLiteStore, StoredGame, check_game_id

__all__ = ["DEFAULT_BOTS", "Created", "GameHost"]

_log = logging.getLogger("taverna_rules.server")

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
    """A game the host serves. ``current`` is the game and its version as one pair, set
    in one assignment, so a reader never gets the version of one read with the state of
    another; it is ``None`` until the game is first asked for."""

    seats: tuple[SeatInfo, ...]
    current: tuple[Game, int] | None = None
    bots: dict[int, Bot] = attrs.field(factory=dict)
    lock: threading.Lock = attrs.field(factory=threading.Lock)


class GameHost:
    """The games of one store, served to seats.

    ``bots`` names the bots a creator may seat (specs of
    :func:`~taverna_rules.bot_specs.make_bot`). ``on_change(game_id, version,
    over)`` is called after every change this host makes (the app wakes the seats
    waiting on that game). Games are loaded from the store when first asked for, and at
    most ``held`` of them are kept in memory (the least recently used are let go, and
    loaded again when asked for).
    """

    def __init__(
        self,
        store: EventStore,
        *,
        bots: Sequence[str] = DEFAULT_BOTS,
        on_change: Callable[[str, int, bool], None] | None = None,
        held: int = 256,
    ) -> None:
        if isinstance(held, bool) or not isinstance(held, int) or held < 1:
            raise OptionError(f"a host holds at least one game in memory: held= is not {held!r}")
        self.store = store
        self.held = held
        self._recent: OrderedDict[str, None] = OrderedDict()
        self.bots = tuple(bots)
        self.on_change = on_change
        self._games: dict[str, _Hosted] = {}
        self._broken: dict[str, tuple[int, str]] = {}
        self._told = _Told()
        # SQLite has one writer at a time, and a writer that finds the file locked sleeps
        # (1 to 100 ms a try) while the others go on: at 32 clients the unlucky ones waited
        # over a second with the processor idle. This process's writers queue here instead,
        # woken at once. PostgreSQL writes games side by side: no queue.
        self._writing: AbstractContextManager[Any] = (
            threading.Lock() if isinstance(store, SQLiteStore) else nullcontext()
        )
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
                    "players": list(module.player_counts(rules)),
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
                        for o in rule_options(rules)
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
        with self._writing:
            record = self.store.create(live, game_id=check_game_id(game_id) if game_id else None, meta=meta)
        hosted = _Hosted(tuple(infos), (live, record.version))
        with self._lock:
            self._games[record.id] = hosted
        self._keep(record.id)
        return Created(record, tuple(infos), tokens)

    def _current(
        self, game_id: str, at_least: int | None = None, record: StoredGame | None = None
    ) -> tuple[_Hosted, Game, int]:
        """The game as the store has it now (reloaded when another process wrote), with
        its version. With ``at_least``, a game held at that version or later is taken
        without asking the store (a waiter told of that version); ``record`` is the
        game's record when the caller has just read it."""
        with self._lock:
            hosted = self._games.get(game_id)
        current = hosted.current if hosted is not None else None
        if at_least is not None and hosted is not None and current is not None and current[1] >= at_least:
            self._keep(game_id)
            return hosted, *current
        if record is None:
            record = self._record(game_id)
        if hosted is None:
            with self._lock:
                hosted = self._games.setdefault(game_id, _Hosted(seats_from_meta(record.meta)))
        current = hosted.current
        if current is None or current[1] < record.version:
            with hosted.lock:  # one load of a game at a time: the others wait and share it
                current = hosted.current
                if current is None or current[1] < record.version:
                    current = hosted.current = self._load(game_id, record.version)
        self._keep(game_id)
        return hosted, *current

    def _keep(self, game_id: str) -> None:
        """Mark the game as just used; let go of the least recently used beyond ``held``
        (not one being changed or loaded: it is let go later)."""
        with self._lock:
            self._recent[game_id] = None
            self._recent.move_to_end(game_id)
            over = len(self._recent) - self.held
            oldest = list(self._recent)[:over] if over > 0 else []
            candidates = [(old, self._games.get(old)) for old in oldest]
        for old, hosted in candidates:
            if hosted is None or not hosted.lock.acquire(blocking=False):
                continue
            try:
                hosted.current = None
            finally:
                hosted.lock.release()
            with self._lock:
                self._recent.pop(old, None)

    def _held_game(self, game_id: str, hosted: _Hosted) -> tuple[Game, int]:
        """The game held (under its lock), loaded again if it was let go meanwhile."""
        if hosted.current is None:
            hosted.current = self._load(game_id, self._record(game_id).version)
            self._keep(game_id)
        return hosted.current

    def held_games(self) -> int:
        """How many games are held in memory now."""
        with self._lock:
            return sum(1 for hosted in self._games.values() if hosted.current is not None)

    def _record(self, game_id: str) -> StoredGame:
        """The game's record; GameBrokenError for a row that does not read (or a store
        that cannot be read now)."""
        try:
            return self.store.record(game_id)
        except UnknownGameError:
            raise
        except StoreError as exc:
            raise GameBrokenError(f"game {game_id!r} cannot be read: {exc}") from None

    def _load(self, game_id: str, version: int) -> tuple[Game, int]:
        broken = self._broken.get(game_id)
        if broken is not None and broken[0] == version:
            raise GameBrokenError(broken[1])
        try:
            game = self.store.load(game_id)
        except UnknownGameError:
            raise
        # Whatever a damaged row makes the store raise, the game is broken, not the server.
        except Exception as exc:
            message = f"game {game_id!r} does not load: {exc}"
            self._broken[game_id] = (version, message)
            _log.warning("%s", message)
            raise GameBrokenError(message) from None
        self._broken.pop(game_id, None)
        return game, len(game.events)

    def seat_of(self, game_id: str, token: str | None) -> int | None:
        """The seat ``token`` plays in ``game_id`` (``None`` without a token: a spectator);
        :class:`SeatTokenError` for a token of no seat."""
        hosted = self._seats(game_id)
        if token is None:
            return None
        seat = find_seat(hosted.seats, token)
        if seat is None:
            raise SeatTokenError("this token plays no seat of the game")
        return seat.seat

    def ticket(self, game_id: str, seat: int) -> tuple[str, int]:
        """A stream ticket of ``seat`` (see :func:`~taverna_rules.server.seats.stream_ticket`)
        and the seconds it lasts."""
        info = self._seats(game_id).seats[seat]
        return stream_ticket(info, game_id, time.time()), TICKET_SECONDS

    def seat_of_ticket(self, game_id: str, ticket: str) -> int:
        """The seat a stream ticket was given to; SeatTokenError for one that is not
        valid for this game now."""
        seat = check_ticket(self._seats(game_id).seats, game_id, ticket, time.time())
        if seat is None:
            raise SeatTokenError("this stream ticket is not valid for this game (expired, or another game's)")
        return seat

    def _seats(self, game_id: str) -> _Hosted:
        """The game's entry, for its seats: the store is read only for a game not seen yet."""
        with self._lock:
            hosted = self._games.get(game_id)
        if hosted is not None:
            return hosted
        record = self._record(game_id)
        with self._lock:
            return self._games.setdefault(game_id, _Hosted(seats_from_meta(record.meta)))

    def known_seat(self, game_id: str, token: str | None) -> int | None:
        """:meth:`seat_of` for a game this host has seen, without reading the store (so it
        may be called on the event loop); ``-1`` for a game not seen yet."""
        with self._lock:
            hosted = self._games.get(game_id)
        if hosted is None:
            return -1
        return self.seat_of(game_id, token)

    def has_bots(self, game_id: str) -> bool:
        """Whether a bot plays a seat of ``game_id``."""
        return any(not seat.human for seat in self._seats(game_id).seats)

    def waits_on_bot(self, game_id: str, waiting: Sequence[int]) -> bool:
        """Whether one of the ``waiting`` seats of ``game_id`` is a bot's."""
        seats = self._seats(game_id).seats
        return any(0 <= seat < len(seats) and not seats[seat].human for seat in waiting)

    def summary(self, game_id: str) -> dict[str, Any]:
        """What anyone may know of a game."""
        record = self._record(game_id)
        try:
            hosted, game, version = self._current(game_id, record=record)
        except GameBrokenError:
            return self._summary(record)
        return {
            **self._summary(record, seats=hosted.seats),
            "version": version,
            "over": game.over,
            "waiting_for": waiting_for(game),
        }

    def _summary(self, record: StoredGame, seats: tuple[SeatInfo, ...] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": record.id,
            "game": record.game,
            "version": record.version,
            "over": record.over,
            "created": record.created,
            "seats": [s.public() for s in (seats if seats is not None else seats_from_meta(record.meta))],
        }
        broken = record.broken or self._broken.get(record.id, (0, ""))[1]
        if broken:
            out["broken"] = broken
        return out

    def games(self) -> list[dict[str, Any]]:
        """The summaries of the games in the store, newest first (games are not loaded:
        one known not to load says so in ``broken``)."""
        return [self._summary(record) for record in reversed(self.store.list())]

    def view(self, game_id: str, seat: int | None, at_least: int | None = None) -> dict[str, Any]:
        """The view payload of ``seat``."""
        _, game, version = self._current(game_id, at_least)
        return view_payload(game_id, game, seat, version)

    def events(
        self, game_id: str, seat: int | None, since: int, at_least: int | None = None
    ) -> dict[str, Any]:
        """The seat's view of the events from ``since`` on, with the narration's lines."""
        found: dict[str, Any] = json.loads(self.events_json(game_id, seat, since, at_least))
        return found

    def events_json(self, game_id: str, seat: int | None, since: int, at_least: int | None = None) -> bytes:
        """:meth:`events` encoded as JSON (kept for the latest versions)."""
        _, game, version = self._current(game_id, at_least)
        since = max(0, min(since, version))

        def make() -> bytes:
            events, lines = event_lines(game, seat, since)
            payload = {"version": version, "since": since, "events": events, "lines": lines}
            return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

        return self._told.get((game_id, version, seat, since), make)

    def told(self, game_id: str, seat: int | None, since: int, at_least: int) -> bytes | None:
        """:meth:`events_json` when it is already made for a game held at ``at_least``
        or later, without waiting for anything (so it may be called on the event loop);
        ``None`` otherwise."""
        with self._lock:
            hosted = self._games.get(game_id)
        current = hosted.current if hosted is not None else None
        if current is None or current[1] < at_least:
            return None
        version = current[1]
        return self._told.peek((game_id, version, seat, max(0, min(since, version))))

    def version(self, game_id: str) -> tuple[int, bool]:
        """The stored version of ``game_id`` and whether it is over (one read of the store)."""
        record = self._record(game_id)
        return record.version, record.over

    # ------------------------------------------------------------------ playing
    def play(self, game_id: str, seat: int, action: object, version: int) -> dict[str, Any]:
        """Play ``action`` (its JSON object) for ``seat`` at ``version``; return the new
        version and the seat's view of the events it made. Stale: ConflictError; not legal
        or not this seat's turn: IllegalActionError; nothing changes either way."""
        hosted, _, _ = self._current(game_id)
        with hosted.lock:
            game, held = self._held_game(game_id, hosted)
            if version != held:
                raise ConflictError(
                    f"game {game_id!r} is at version {held}, not {version}: read the view again",
                    game_id,
                    version,
                    held,
                )
            if not isinstance(action, dict):
                raise IllegalActionError(f"an action is a JSON object, not {shown(action)}")
            parsed = action_from_json(action, game=game.rules.game)
            trial = game.copy()
            trial.apply(parsed, player=seat)
            new = self._save(game_id, hosted, held, trial)
        # The seat's view of what it made; the narration is the events endpoint's.
        events = [event_to_dict(event, game=trial.module) for event in trial.events_for(seat)[version:]]
        return {"version": new, "events": events}

    def _save(self, game_id: str, hosted: _Hosted, version: int, game: Game) -> int:
        """Save ``game`` (played on ``version``); another writer first: ConflictError, and
        the next read reloads the game (its record is ahead of what is held)."""
        with self._writing:
            new = self.store.save(game_id, game, expected_version=version)
        hosted.current = (game, new)
        self._keep(game_id)
        if self.on_change is not None:
            self.on_change(game_id, new, game.over)
        return new

    def bot_turn(self, game_id: str, limit: int = _BOT_BATCH) -> bool:
        """Let the bots play while one of them decides (at most ``limit`` decisions);
        return True when a bot still has to move. Another writer first: ConflictError
        (call again: the game is reloaded)."""
        hosted, _, _ = self._current(game_id)
        with hosted.lock:
            for _ in range(limit):
                game, version = self._held_game(game_id, hosted)
                seat = self._bot_to_move(hosted, game)
                if seat is None:
                    return False
                bot = hosted.bots.get(seat)
                if bot is None:
                    bot = hosted.bots[seat] = self._make_bot(game_id, hosted, seat, version)
                trial = game.copy()
                trial.apply(bot.choose(trial.seat(seat)), player=seat)
                self._save(game_id, hosted, version, trial)
            return self._bot_to_move(hosted, self._held_game(game_id, hosted)[0]) is not None

    def bot_to_move(self, game_id: str) -> bool:
        """Whether a bot is to move in ``game_id`` (loading it)."""
        hosted, game, _ = self._current(game_id)
        return self._bot_to_move(hosted, game) is not None

    def _bot_to_move(self, hosted: _Hosted, game: Game) -> int | None:
        for decision in game.decisions:
            if 0 <= decision.player < len(hosted.seats) and not hosted.seats[decision.player].human:
                return decision.player
        return None

    def _make_bot(self, game_id: str, hosted: _Hosted, seat: int, version: int) -> Bot:
        meta = self.store.record(game_id).meta
        base = meta.get("bot_seed", 0)
        # Mixed with the version, so a restarted server does not replay the same choices.
        seed = bot_seed(int(base) ^ version if isinstance(base, int) else version, seat)
        return make_bot(hosted.seats[seat].player, seed)

    def bot_games(self) -> list[str]:
        """The unfinished games of the store with a seat played by a bot, oldest first:
        those a restarted server may have to go on with (read from the records only;
        nothing is loaded)."""
        return [
            record.id
            for record in self.store.list()
            if not record.over and any(not seat.human for seat in seats_from_meta(record.meta))
        ]

    def open_games(self) -> int:
        """How many unfinished games the store holds."""
        return sum(not record.over for record in self.store.list())


class _Told:
    """The encoded answers of the events endpoint, kept for the latest versions: a thousand
    seats waiting on one game are told of a change with one narration and one encoding per
    (seat, first event), not one each. One answer is made at a time per key; the others
    wait for it."""

    def __init__(self, size: int = 512) -> None:
        self._size = size
        self._kept: OrderedDict[tuple[str, int, int | None, int], bytes] = OrderedDict()
        self._making: dict[tuple[str, int, int | None, int], threading.Lock] = {}
        self._lock = threading.Lock()

    def peek(self, key: tuple[str, int, int | None, int]) -> bytes | None:
        with self._lock:
            return self._kept.get(key)

    def get(self, key: tuple[str, int, int | None, int], make: Callable[[], bytes]) -> bytes:
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                return kept
            making = self._making.setdefault(key, threading.Lock())
        with making:
            with self._lock:
                kept = self._kept.get(key)
            if kept is None:
                kept = make()
                with self._lock:
                    self._kept[key] = kept
                    while len(self._kept) > self._size:
                        self._kept.popitem(last=False)
            with self._lock:
                self._making.pop(key, None)
        return kept
