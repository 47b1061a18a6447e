"""What a server process runs besides answering requests: the watch of each game's
version for the requests waiting on it, the bots' drivers, and the limit on creations.

Waiting requests (long-polls, streams) never read the store themselves: each game that
has some keeps one watch, told at once of the changes made in this process and reading
the store's version once a second for those made by other processes. A change wakes
every waiter of the game together. Blocking work (the store, replays, bots) runs in the
thread pool, never on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import suppress

from starlette.concurrency import run_in_threadpool

from taverna_rules.errors import ConflictError, GameBrokenError, OptionError, StoreError, UnknownGameError
from taverna_rules.server.hosting import GameHost

__all__ = ["CreationLimits", "Live"]

_log = logging.getLogger("taverna_rules.server")

#: How often a game's watch reads the store's version, for changes made by other processes.
POLL_SECONDS = 1.0
#: Failures in a row (not conflicts) after which a bot's driver gives up, logging it.
_BOT_FAILURES = 8
#: The longest pause between two tries of a failing bot move, in seconds.
_BOT_BACKOFF = 5.0


class _Watch:
    """The known version of one game and the event its waiters wait on."""

    def __init__(self, version: int, over: bool) -> None:
        self.version, self.over = version, over
        self.changed = asyncio.Event()
        self.ready = asyncio.Event()
        self.waiters = 0
        self.task: asyncio.Task[None] | None = None

    def tell(self, version: int, over: bool) -> None:
        if version > self.version:
            self.version, self.over = version, over
            self.changed.set()
            self.changed = asyncio.Event()


class CreationLimits:
    """How many games may be created: at most ``per_minute`` a minute in this process (a
    burst of that many, then one every ``60 / per_minute`` seconds) and at most ``open``
    unfinished games in the store. 0: no limit."""

    def __init__(self, per_minute: int = 120, open: int = 1000) -> None:
        for name, value in (("per_minute", per_minute), ("open", open)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise OptionError(f"CreationLimits {name}= is a count (0: no limit), not {value!r}")
        self.per_minute, self.open = per_minute, open
        self._tokens = float(per_minute)
        self._at = time.monotonic()

    def take(self) -> float:
        """Take one creation: 0 when allowed, else the seconds until one is."""
        if not self.per_minute:
            return 0.0
        now = time.monotonic()
        self._tokens = min(float(self.per_minute), self._tokens + (now - self._at) * self.per_minute / 60)
        self._at = now
        if self._tokens < 1:
            return (1 - self._tokens) * 60 / self.per_minute
        self._tokens -= 1
        return 0.0


class Live:
    """The running parts of one server process over ``host``."""

    def __init__(self, host: GameHost, bot_delay: float, limits: CreationLimits) -> None:
        self.host = host
        self.bot_delay = bot_delay
        self.limits = limits
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closing = asyncio.Event()
        self._watches: dict[str, _Watch] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._resuming: asyncio.Task[None] | None = None

    # ---------------------------------------------------------------- changes
    def changed(self, game_id: str, version: int, over: bool) -> None:
        """Called by the host after a change, from any thread: wake the game's waiters."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._tell, game_id, version, over)

    def _tell(self, game_id: str, version: int, over: bool) -> None:
        watch = self._watches.get(game_id)
        if watch is not None:
            watch.tell(version, over)

    async def wait_change(self, game_id: str, version: int, timeout: float) -> tuple[int, bool]:
        """Wait until the game is past ``version``, ``timeout`` seconds pass or the server
        shuts down; the game's version then, and whether it is over."""
        watch = self._watches.get(game_id)
        if watch is None:
            # The first waiter reads the store; those arriving meanwhile wait for its read.
            watch = self._watches[game_id] = _Watch(-1, False)
            try:
                watch.tell(*await run_in_threadpool(self.host.version, game_id))
            except BaseException:
                del self._watches[game_id]
                raise
            finally:
                watch.ready.set()
        else:
            await watch.ready.wait()
            if watch.version < 0:  # the first read failed: read again (and fail alike)
                return await self.wait_change(game_id, version, timeout)
        watch.waiters += 1
        if watch.task is None or watch.task.done():
            watch.task = asyncio.get_running_loop().create_task(self._poll(game_id, watch))
        try:
            if watch.version <= version and not self.closing.is_set():
                # asyncio.timeout, not wait_for: no task per waiter to make and wake.
                with suppress(TimeoutError):
                    async with asyncio.timeout(timeout):
                        await watch.changed.wait()
        finally:
            watch.waiters -= 1
        return watch.version, watch.over

    async def _poll(self, game_id: str, watch: _Watch) -> None:
        """Read the store's version for the waiters of one game while there are some."""
        while watch.waiters > 0 and not self.closing.is_set():
            with suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.closing.wait(), POLL_SECONDS)
            if self.closing.is_set():
                break
            try:
                watch.tell(*await run_in_threadpool(self.host.version, game_id))
            except StoreError as exc:
                _log.warning("the watch of game %r cannot read the store: %s", game_id, exc)
        if self._watches.get(game_id) is watch and watch.waiters == 0:
            del self._watches[game_id]

    # ---------------------------------------------------------------- bots
    def drive(self, game_id: str) -> None:
        """Let the bots of ``game_id`` play, in the background, until a person decides."""
        running = self._drivers.get(game_id)
        if (running is not None and not running.done()) or self.closing.is_set():
            return
        self._drivers[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id))

    async def _drive(self, game_id: str) -> None:
        limit = 1 if self.bot_delay > 0 else 50
        failures = 0
        while not self.closing.is_set():
            try:
                more = await run_in_threadpool(self.host.bot_turn, game_id, limit)
            except ConflictError:
                continue  # another writer came first: the next turn reads the game again
            except (GameBrokenError, UnknownGameError) as exc:  # not the bots' to play
                _log.warning("the bots of game %r stop: %s", game_id, exc)
                return
            # Whatever else goes wrong is logged and tried again, a little later each time.
            except Exception:
                failures += 1
                _log.exception("a bot's move in game %r failed (%d in a row)", game_id, failures)
                if failures >= _BOT_FAILURES:
                    _log.error("the bots of game %r stop after %d failures", game_id, failures)
                    return
                await self._pause(min(_BOT_BACKOFF, 0.1 * 2**failures))
                continue
            failures = 0
            if not more:
                return
            await self._pause(self.bot_delay)

    async def _pause(self, seconds: float) -> None:
        with suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.closing.wait(), seconds)

    def resume(self) -> None:
        """Go on with the games where a bot is to move, in the background: each is loaded
        in turn, while the server already answers."""
        self._resuming = asyncio.get_running_loop().create_task(self._resume())

    async def _resume(self) -> None:
        try:
            games = await run_in_threadpool(self.host.bot_games)
        except StoreError as exc:
            _log.error("the games to resume cannot be listed: %s", exc)
            return
        for game_id in games:
            if self.closing.is_set():
                return
            try:
                if await run_in_threadpool(self.host.bot_to_move, game_id):
                    self.drive(game_id)
            except StoreError as exc:  # broken: listed so, and the others go on
                _log.warning("game %r is not resumed: %s", game_id, exc)

    # ---------------------------------------------------------------- shutdown
    def close(self) -> None:
        """Begin the shutdown (on the event loop): every waiting request and stream ends
        now, the bots stop after their move."""
        self.closing.set()
        for watch in self._watches.values():
            watch.changed.set()

    async def stop(self) -> None:
        """Close, and wait for the background tasks to end: each ends after the step it is
        in (a bot's move, a read), so no thread uses the store once this returns."""
        self.close()
        tasks = [*self._drivers.values(), *(w.task for w in self._watches.values() if w.task)]
        if self._resuming is not None:
            tasks.append(self._resuming)
        # Cancelling would leave their thread running on the store: they are awaited.
        await asyncio.gather(*tasks, return_exceptions=True)
