"""The server under faults and load (issue #25): bots of two processes on one PostgreSQL
store and a bot that loses a race or meets a failure; SIGTERM with many streams open; a
view read while another writer appends; many long-polls on one game; creation limits and
a restart that answers at once; seat tokens kept out of addresses (stream tickets);
security headers; a game whose stored rows do not read. No timing is asserted: each test
checks what happens (the game ends, the process exits, the store is read so often)."""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import re
import signal
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from postgres_server import PostgresServer, find_binaries, running_server
from server_client import auth, create_game, live_server, random_action, serve_process
from taverna_rules.errors import StoreError
from taverna_rules.game import Game, replay
from taverna_rules.server import CreationLimits, GameHost, create_app, view_payload
from taverna_rules.server.app import SECURITY_HEADERS
from taverna_rules.server.seats import TICKET_SECONDS, SeatInfo, check_ticket, new_token, stream_ticket
from taverna_rules.store import SQLiteStore, StoredGame

ROOT = Path(__file__).resolve().parents[1]
BOTS = [("R", "random"), ("G", "greedy")]
GAMES = ("taverna", "cavern_tavern")


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    """A real PostgreSQL server for this module, from the machine's binaries."""
    pytest.importorskip("psycopg", reason="psycopg is not installed: no PostgreSQL tests")
    binaries = find_binaries()
    if binaries is None:
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl) on this machine: no PostgreSQL tests")
    with running_server(binaries) as server:
        yield server


def _wait_for_end(client: Any, store: Any, game_id: str, seconds: float = 120) -> bool:
    """Long-poll the game's events (which never starts a bot) until the store says it is
    over; False if it is still not over after ``seconds``."""
    version = 0
    deadline = time.monotonic() + seconds
    while not store.record(game_id).over and time.monotonic() < deadline:
        version = client.get(f"/api/games/{game_id}/events?since={version}&wait=2").json()["version"]
    return bool(store.record(game_id).over)


def _first_move(game: Game) -> None:
    decision = game.decisions[0]
    game.apply(decision.actions[0], player=decision.player)


# ---------------------------------------------------------------------------- bots


class _Overtaken(SQLiteStore):
    """A store where another writer (another process's connection) appends a move to each
    game just before this process's first save of it: that save loses the race."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.rival = SQLiteStore(path)
        self.overtaken: set[str] = set()

    def save(self, game_id: str, game: Game, *, expected_version: int) -> int:
        if game_id not in self.overtaken:
            self.overtaken.add(game_id)
            other = self.rival.load(game_id)
            _first_move(other)
            self.rival.save(game_id, other, expected_version=expected_version)
        return super().save(game_id, game, expected_version=expected_version)

    def close(self) -> None:
        self.rival.close()
        super().close()


def test_a_bot_that_loses_a_race_reloads_and_goes_on(tmp_path: Path) -> None:
    """Another writer appends to a bots' game just before the bot's first save: the bot's
    save is refused (ConflictError), and its driver reads the game again and plays on to
    the end (it used to end there, silently, leaving the game waiting)."""
    store = _Overtaken(tmp_path / "games.db")
    with TestClient(create_app(store)) as client:
        game_id = create_game(client, BOTS)["id"]
        assert _wait_for_end(client, store, game_id), "the bots stopped after losing a race"
        assert game_id in store.overtaken
    assert store.load(game_id).over
    store.close()


class _Flaky(SQLiteStore):
    """A store whose first two saves fail, as a database connection lost would."""

    failures = 0

    def save(self, game_id: str, game: Game, *, expected_version: int) -> int:
        if self.failures < 2:
            self.failures += 1
            raise StoreError("the connection to the database was lost")
        return super().save(game_id, game, expected_version=expected_version)


def test_a_bot_move_that_fails_is_logged_and_tried_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot's move whose save fails (a database gone for a moment) is logged, naming the
    game, and tried again a little later: the game ends."""
    store = _Flaky(tmp_path / "games.db")
    with (
        caplog.at_level(logging.WARNING, logger="taverna_rules.server"),
        TestClient(create_app(store)) as client,
    ):
        game_id = create_game(client, BOTS)["id"]
        assert _wait_for_end(client, store, game_id), "the bots stopped after a failure"
    assert store.failures == 2
    assert any(game_id in record.getMessage() for record in caplog.records)
    store.close()


def test_bots_of_two_processes_on_one_postgresql_store_end_their_games(postgres: PostgresServer) -> None:
    """Two ``taverna serve`` processes on one PostgreSQL store. Bots' games are created on
    each; both processes are asked about every game, so both drive its bots and their
    moves race; a person plays against two bots, each action through the other process.
    Every game ends, and every log replays verified."""
    from taverna_rules.store.postgres import PostgresStore

    url = postgres.database()
    with (
        serve_process(url, "--bot-delay", "0") as (first, _),
        serve_process(url, "--bot-delay", "0") as (second, _),
        httpx.Client(timeout=30) as http,
    ):
        bases = [first, second]
        games = [
            create_game(_At(http, base), BOTS, game)["id"]
            for base in bases
            for game in ("taverna", "cavern_tavern")
        ]
        person = create_game(_At(http, first), [("Ann", "human"), *BOTS])
        token = person["seats"][0]["token"]
        rng = random.Random(5)
        deadline = time.monotonic() + 300
        for turn in itertools.count():
            if time.monotonic() > deadline:
                break
            base = bases[turn % 2]
            for game_id in games:
                http.get(f"{base}/api/games/{game_id}")
            view = http.get(f"{base}/api/games/{person['id']}/view", headers=auth(token)).json()
            action = None if view["over"] else random_action(view, rng)
            if action is not None:
                done = http.post(
                    f"{base}/api/games/{person['id']}/actions",
                    headers=auth(token),
                    json={"action": action, "version": view["version"]},
                )
                assert done.status_code in (200, 409), done.text  # 409: a bot moved first
            summaries = [http.get(f"{base}/api/games/{g}").json() for g in [*games, person["id"]]]
            if all(s["over"] for s in summaries):
                break
            if action is None:
                time.sleep(0.05)
        assert all(s["over"] for s in summaries), [s for s in summaries if not s["over"]]
    store = PostgresStore(url)
    for game_id in [*games, person["id"]]:
        assert store.load(game_id).over
    store.close()


class _At:
    """An httpx client bound to one server's base URL (the two processes share one)."""

    def __init__(self, http: httpx.Client, base: str) -> None:
        self.http, self.base = http, base

    def post(self, path: str, **kwargs: Any) -> Any:
        return self.http.post(self.base + path, **kwargs)


# ---------------------------------------------------------------------------- shutdown


def test_sigterm_stops_the_server_with_hundreds_of_streams_open(tmp_path: Path) -> None:
    """300 streams open on ``taverna serve`` (half a seat's, by ticket; half a
    spectator's), then SIGTERM: every stream ends and the process exits (it used to wait
    for the streams, forever)."""
    with serve_process(str(tmp_path / "games.db")) as (base, process):
        with httpx.Client(base_url=base, timeout=30) as http:
            created = create_game(http, [("Ann", "human"), ("Bob", "human")])
            game_id, token = created["id"], created["seats"][0]["token"]
            ticket = http.post(f"/api/games/{game_id}/tickets", headers=auth(token)).json()["ticket"]
        ended = asyncio.run(_streams_then_sigterm(base, game_id, ticket, process, 300))
        assert process.wait(60) is not None
    assert ended == 300


async def _streams_then_sigterm(base: str, game_id: str, ticket: str, process: Any, count: int) -> int:
    opened = 0
    all_open = asyncio.Event()
    limits = httpx.Limits(max_connections=count + 10, max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:

        async def listen(index: int) -> bool:
            nonlocal opened
            query = f"?ticket={ticket}" if index % 2 else ""
            async with http.stream("GET", f"/api/games/{game_id}/stream{query}") as stream:
                assert stream.status_code == 200
                lines = stream.aiter_lines()
                assert (await anext(lines)).startswith(": connected")
                opened += 1
                if opened == count:
                    all_open.set()
                async for _ in lines:
                    pass
            return True

        tasks = [asyncio.create_task(listen(i)) for i in range(count)]
        await asyncio.wait_for(all_open.wait(), 120)
        process.send_signal(signal.SIGTERM)
        done = await asyncio.wait_for(asyncio.gather(*tasks), 90)
    return sum(done)


# ---------------------------------------------------------------------------- one read


class _OvertakenLoad(SQLiteStore):
    """A store where, for the next :attr:`armed` loads, another writer appends a move
    between a reader's look at a game's record and its load of the game."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.rival = SQLiteStore(path)
        self.armed = 0

    def overtake(self, game_id: str) -> None:
        """Another writer plays the next move."""
        other = self.rival.load(game_id)
        before = len(other.events)
        _first_move(other)
        self.rival.save(game_id, other, expected_version=before)

    def load(self, game_id: str, *, verify: bool = True, snapshot: bool = True) -> Game:
        if self.armed:
            self.armed -= 1
            self.overtake(game_id)
        return super().load(game_id, verify=verify, snapshot=snapshot)

    def close(self) -> None:
        self.rival.close()
        super().close()


def _check_view(store: SQLiteStore, game_id: str, view: dict[str, Any], seat: int | None) -> None:
    """The view is the game at its own version, as ``seat`` sees it."""
    events = store.events(game_id)[: view["version"]]
    at = replay(store.registry.get(store.record(game_id).rules), events)
    assert view == view_payload(game_id, at, seat, view["version"]), f"view at {view['version']}"


def test_a_view_s_version_and_state_come_from_one_read(tmp_path: Path) -> None:
    """The server holds a game; another writer appends, so the server reads the record
    and reloads the game, and another move lands between the two reads (at each of the
    next two loads). The view's version is its state's own (it was the record's, one move
    older than the state)."""
    store = _OvertakenLoad(tmp_path / "games.db")
    with TestClient(create_app(store)) as client:
        created = create_game(client, [("Ann", "human"), ("Bob", "human")])
        game_id = created["id"]
        first = client.get(f"/api/games/{game_id}/view").json()
        store.overtake(game_id)
        store.armed = 2
        view = client.get(f"/api/games/{game_id}/view").json()
    assert store.armed < 2 and view["version"] > first["version"]
    _check_view(store, game_id, view, None)
    store.close()


def test_views_read_by_another_process_during_bot_play_are_each_one_version(tmp_path: Path) -> None:
    """One app's bots play while another app on the same file reads the views (reloading
    the game at every change): every view read is the game at its own version."""
    path = tmp_path / "games.db"
    player_store, reader_store = SQLiteStore(path), SQLiteStore(path)
    seen: list[dict[str, Any]] = []
    with TestClient(create_app(player_store)) as playing, TestClient(create_app(reader_store)) as reading:
        game_id = create_game(playing, BOTS, "cavern_tavern")["id"]
        for _ in range(3000):
            view = reading.get(f"/api/games/{game_id}/view").json()
            if not seen or view["version"] != seen[-1]["version"]:
                seen.append(view)
            if view["over"]:
                break
    assert seen[-1]["over"] and len(seen) > 3
    for view in seen[:: max(1, len(seen) // 25)]:
        _check_view(reader_store, game_id, view, None)
    reader_store.close()
    player_store.close()


# ---------------------------------------------------------------------------- waiters


class _Counting(SQLiteStore):
    """A store that counts the reads of a game's record."""

    reads = 0

    def record(self, game_id: str) -> StoredGame:
        self.reads += 1
        return super().record(game_id)


def test_many_long_polls_on_one_game_share_one_watch_of_the_store(tmp_path: Path) -> None:
    """200 long-polls wait on one game of a real server. While they wait, the store is read
    about once a second for all of them (it was once a second for each); after an action
    every one of them answers the new version, and waking them reads the store a handful
    of times, not once per waiter."""
    store = _Counting(tmp_path / "games.db")
    with live_server(create_app(store)) as base, httpx.Client(base_url=base, timeout=30) as http:
        created = create_game(http, [("Ann", "human"), ("Bob", "human")])
        game_id = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        view = http.get(f"/api/games/{game_id}/view", headers=auth(tokens[0])).json()
        answers, played, quiet, woken = asyncio.run(_long_polls(base, store, game_id, view, tokens, 200))
    assert played > view["version"] and answers == [played] * 200
    assert quiet <= 10, f"{quiet} reads of the store in 3 s of 200 waiters"
    assert woken <= 20, f"{woken} reads of the store to wake 200 waiters"
    store.close()


async def _long_polls(
    base: str, store: _Counting, game_id: str, view: dict[str, Any], tokens: list[str], count: int
) -> tuple[list[int], int, int, int]:
    limits = httpx.Limits(max_connections=count + 10, max_keepalive_connections=count + 10)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:

        async def wait(index: int) -> int:
            headers = auth(tokens[index % 2]) if index % 3 else {}
            url = f"/api/games/{game_id}/events?since={view['version']}&wait=25"
            response = await http.get(url, headers=headers)
            assert response.status_code == 200, response.text
            version: int = response.json()["version"]
            return version

        tasks = [asyncio.create_task(wait(i)) for i in range(count)]
        await asyncio.sleep(2)  # the requests reach the server
        before = store.reads
        await asyncio.sleep(3)
        quiet = store.reads - before
        decider = tokens[view["waiting_for"][0]]
        mine = (await http.get(f"/api/games/{game_id}/view", headers=auth(decider))).json()
        before = store.reads
        played = await http.post(
            f"/api/games/{game_id}/actions",
            headers=auth(decider),
            json={"action": mine["decision"]["actions"][0], "version": mine["version"]},
        )
        assert played.status_code == 200, played.text
        answers = await asyncio.gather(*tasks)
        woken = store.reads - before
    return list(answers), played.json()["version"], quiet, woken


class _SlowWrite(SQLiteStore):
    """A store whose saves wait until :attr:`gate` opens (a slow disk), saying when one
    is waiting."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.gate, self.waiting = threading.Event(), threading.Event()

    def save(self, game_id: str, game: Game, *, expected_version: int) -> int:
        self.waiting.set()
        self.gate.wait(60)
        return super().save(game_id, game, expected_version=expected_version)


def test_reads_of_a_game_never_wait_for_a_change_in_progress(tmp_path: Path) -> None:
    """While an action's write is held up, the game's view and events (and the acting
    seat's own view) still answer, with the version before the action; they used to wait
    on the game's lock behind the write (one of the waits behind the slowest actions)."""
    store = _SlowWrite(tmp_path / "games.db")
    try:
        with live_server(create_app(store)) as base, httpx.Client(base_url=base, timeout=20) as http:
            store.gate.set()
            created = create_game(http, [("Ann", "human"), ("Bob", "human")])
            store.gate.clear()
            game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
            view = http.get(f"/api/games/{game_id}/view", headers=auth(tokens[0])).json()
            decider = tokens[view["waiting_for"][0]]
            mine = http.get(f"/api/games/{game_id}/view", headers=auth(decider)).json()
            body = {"action": mine["decision"]["actions"][0], "version": mine["version"]}
            acting = threading.Thread(
                target=lambda: http.post(f"/api/games/{game_id}/actions", headers=auth(decider), json=body)
            )
            acting.start()
            assert store.waiting.wait(20)
            during = [
                http.get(f"/api/games/{game_id}/view").json(),
                http.get(f"/api/games/{game_id}/view", headers=auth(decider)).json(),
                http.get(f"/api/games/{game_id}/events?since=0").json(),
            ]
            assert [d["version"] for d in during] == [mine["version"]] * 3
            store.gate.set()
            acting.join(20)
            assert http.get(f"/api/games/{game_id}/view").json()["version"] > mine["version"]
    finally:
        store.gate.set()
        store.close()


def test_a_host_holds_a_bounded_number_of_games_in_memory(tmp_path: Path) -> None:
    """A host holds at most ``held`` games in memory (it used to keep every game it had
    seen, 2,000 games created in 8 s all held): the least recently used are let go and
    loaded again when asked for, views and actions going on as before."""
    store = SQLiteStore(tmp_path / "games.db")
    host = GameHost(store, held=2)
    created = [host.create("taverna", [("Ann", "human"), ("Bob", "human")]) for _ in range(5)]
    assert host.held_games() == 2
    for game in created:
        game_id = game.record.id
        view = host.view(game_id, None)
        assert view["version"] == game.record.version and host.held_games() <= 2
        seat = view["waiting_for"][0]
        mine = host.view(game_id, seat)
        played = host.play(game_id, seat, mine["decision"]["actions"][0], mine["version"])
        assert played["version"] > mine["version"]
    assert host.held_games() == 2
    with pytest.raises(ValueError, match="held"):
        GameHost(store, held=0)
    store.close()


# ---------------------------------------------------------------------------- creation, restart


def test_creation_has_limits(tmp_path: Path) -> None:
    """Past the games a minute, a creation is 429 too_many_creations; past the unfinished
    games the store may hold, 429 too_many_games; each with a JSON error, nothing stored."""
    store = SQLiteStore(tmp_path / "games.db")
    body = {"game": "taverna", "seats": [{"name": "A"}, {"name": "B"}]}
    with TestClient(create_app(store, limits=CreationLimits(per_minute=5, open=0))) as client:
        statuses = [client.post("/api/games", json=body).status_code for _ in range(8)]
        refused = client.post("/api/games", json=body).json()["error"]
    assert statuses == [201] * 5 + [429] * 3
    assert refused["code"] == "too_many_creations" and "5 a minute" in refused["message"]
    assert len(store.list()) == 5
    with TestClient(create_app(store, limits=CreationLimits(per_minute=0, open=7))) as client:
        statuses = [client.post("/api/games", json=body).status_code for _ in range(4)]
        refused = client.post("/api/games", json=body).json()["error"]
    assert statuses == [201, 201, 429, 429] and refused["code"] == "too_many_games"
    assert len(store.list()) == 7
    with pytest.raises(ValueError, match="per_minute"):
        CreationLimits(per_minute=-1)
    store.close()


class _Gated(SQLiteStore):
    """A store whose loads wait until :attr:`gate` opens (a slow replay of a long log)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.gate = threading.Event()

    def load(self, game_id: str, *, verify: bool = True, snapshot: bool = True) -> Game:
        self.gate.wait(60)
        return super().load(game_id, verify=verify, snapshot=snapshot)


def test_a_restarted_server_answers_at_once_and_loads_games_when_asked(tmp_path: Path) -> None:
    """A store of unfinished games (one a bots' game): a server started on it answers the
    lobby while no game can be loaded yet (it used to replay every unfinished game before
    answering); once loads go through, the bots' game is resumed in the background and
    ends."""
    path = tmp_path / "games.db"
    with SQLiteStore(path) as plain:
        host = GameHost(plain)
        bots = host.create("taverna", BOTS).record.id
        people = [host.create("cavern_tavern", [("A", "human"), ("B", "human")]).record.id for _ in range(3)]
    store = _Gated(path)
    try:
        with live_server(create_app(store)) as base, httpx.Client(base_url=base, timeout=30) as http:
            listed = http.get("/api/games").json()["games"]
            assert {g["id"] for g in listed} == {bots, *people}
            assert http.get("/api/rules").status_code == 200
            store.gate.set()
            for _ in range(200):
                if store.record(bots).over:
                    break
                time.sleep(0.1)
            assert store.record(bots).over
    finally:
        store.gate.set()
        store.close()


# ---------------------------------------------------------------------------- tokens, headers


def _paths(client: TestClient, game_id: str) -> list[tuple[str, str]]:
    document = client.get("/openapi.json").json()
    return [
        (method, path.replace("{game_id}", game_id))
        for path, item in document["paths"].items()
        if "{game_id}" in path
        for method in item
    ]


def test_a_seat_token_in_the_address_is_refused_everywhere(tmp_path: Path) -> None:
    """Every game endpoint the OpenAPI document lists refuses ``?token=`` (400
    token_in_query), without echoing the token (it used to be taken on all of them)."""
    store = SQLiteStore(tmp_path / "games.db")
    with TestClient(create_app(store)) as client:
        created = create_game(client, [("Ann", "human"), ("Bob", "human")])
        token = created["seats"][0]["token"]
        paths = _paths(client, created["id"])
        assert len(paths) >= 6
        for method, path in paths:
            response = client.request(method.upper(), f"{path}?token={token}", json={})
            assert response.status_code == 400, (method, path, response.text)
            assert response.json()["error"]["code"] == "token_in_query"
            assert token not in response.text
    store.close()


def test_stream_tickets_are_for_one_game_one_seat_and_a_short_time(tmp_path: Path) -> None:
    """A ticket (POST .../tickets with the token in the header) opens that game's stream;
    another game's stream, a changed ticket, and the ticket used as a token are refused;
    a ticket expires after TICKET_SECONDS."""
    store = SQLiteStore(tmp_path / "games.db")
    with TestClient(create_app(store)) as client:
        first = create_game(client, [("Ann", "human"), ("Bob", "human")])
        other = create_game(client, [("Cy", "human"), ("Di", "human")])
        token = first["seats"][1]["token"]
        url = f"/api/games/{first['id']}/tickets"
        assert client.post(url).status_code == 401
        given = client.post(url, headers=auth(token))
        assert given.status_code == 201 and given.json()["expires_in"] == TICKET_SECONDS
        ticket = given.json()["ticket"]
        assert token not in ticket
        assert client.get(f"/api/games/{other['id']}/stream?ticket={ticket}").status_code == 403
        changed = ticket[:-2] + ("AA" if not ticket.endswith("AA") else "BB")
        assert client.get(f"/api/games/{first['id']}/stream?ticket={changed}").status_code == 403
        assert client.get(f"/api/games/{first['id']}/view", headers=auth(ticket)).status_code == 403
    token, digest = new_token()
    seats = [SeatInfo(0, "Ann", "human", digest)]
    made = stream_ticket(seats[0], "g", 1000.0)
    assert check_ticket(seats, "g", made, 1000.0 + TICKET_SECONDS - 1) == 0
    assert check_ticket(seats, "g", made, 1000.0 + TICKET_SECONDS + 1) is None
    assert check_ticket(seats, "h", made, 1000.0) is None
    for bad in ("", "0", "9.9.9", "0.x.y", "é.1.2", made + "x"):
        assert check_ticket(seats, "g", bad, 1000.0) is None
    store.close()


def test_every_response_carries_the_security_headers(tmp_path: Path) -> None:
    """The page, its scripts, the API's answers and errors, and the router's 404 all carry
    Content-Security-Policy (frame-ancestors 'none'), X-Frame-Options DENY, nosniff and
    Referrer-Policy no-referrer."""
    store = SQLiteStore(tmp_path / "games.db")
    with TestClient(create_app(store)) as client:
        responses = [
            client.get("/"),
            client.get("/play/x"),
            client.get("/static/play.js"),
            client.get("/openapi.json"),
            client.get("/api/rules"),
            client.get("/api/games/nope/view"),
            client.post("/api/games", content=b"{"),
            client.get("/no/such/page"),
        ]
    for response in responses:
        for name, value in SECURITY_HEADERS:
            assert response.headers.get(name.decode()) == value.decode(), (response.url, name)
    policy = responses[0].headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    store.close()


def test_the_docs_name_every_error_code_the_server_answers() -> None:
    """Every (status, code) the app answers is in docs/hosting.rst's table (it named
    ``bad_json`` for what is ``bad_parameter``)."""
    source = (ROOT / "src/taverna_rules/server/app.py").read_text()
    pairs = set(re.findall(r'ServerError\(\s*(\d{3}),\s*"(\w+)"', source))
    pairs |= set(re.findall(r'\(\w+Error, (\d{3}), "(\w+)"\)', source))
    assert len(pairs) > 10
    docs = (ROOT / "docs/hosting.rst").read_text()
    rows = set(re.findall(r"\* - (\d{3})\n\s+- ``(\w+)``", docs))
    assert pairs - {("500", "rules_unavailable")} <= rows, sorted(pairs - rows)


# ---------------------------------------------------------------------------- broken games


def test_a_game_whose_rows_do_not_read_is_listed_broken_and_nothing_else_is_affected(tmp_path: Path) -> None:
    """A row of two games' logs is damaged in the database ('[' * 100000). The server
    starts; the lobby lists them as broken (the bots' one found by the resumption in the
    background, the other when asked); their endpoints answer 503 game_broken naming the
    game; the healthy game plays on."""
    path = tmp_path / "games.db"
    with SQLiteStore(path) as plain:
        host = GameHost(plain)
        healthy = host.create("taverna", [("Ann", "human"), ("Bob", "human")])
        broken_bots = host.create("taverna", BOTS).record.id
        people = host.create("taverna", [("A", "human"), ("B", "human")])
    broken_people = people.record.id
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE taverna_events SET event = ? WHERE seq = 2 AND game_id IN (?, ?)",
            ("[" * 100000, broken_bots, broken_people),
        )
    store = SQLiteStore(path)
    with TestClient(create_app(store)) as client:
        token = people.tokens[0]
        for method, url, headers in [
            ("GET", f"/api/games/{broken_people}/view", {}),
            ("GET", f"/api/games/{broken_people}/events", auth(token)),
            ("POST", f"/api/games/{broken_people}/actions", auth(token)),
        ]:
            response = client.request(method, url, headers=headers, json={"action": {}, "version": 0})
            assert response.status_code == 503, (url, response.text)
            error = response.json()["error"]
            assert error["code"] == "game_broken" and broken_people in error["message"]
        summary = client.get(f"/api/games/{broken_people}").json()
        assert broken_people in summary["broken"]
        for _ in range(100):
            listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
            if "broken" in listed[broken_bots]:
                break
            time.sleep(0.1)
        assert "broken" in listed[broken_bots] and "broken" in listed[broken_people]
        assert "broken" not in listed[healthy.record.id]
        seat = next(iter(healthy.tokens))
        mine = client.get(f"/api/games/{healthy.record.id}/view", headers=auth(healthy.tokens[seat])).json()
        other = healthy.tokens[1 - seat]
        decider = healthy.tokens[seat] if seat in mine["waiting_for"] else other
        mine = client.get(f"/api/games/{healthy.record.id}/view", headers=auth(decider)).json()
        played = client.post(
            f"/api/games/{healthy.record.id}/actions",
            headers=auth(decider),
            json={"action": mine["decision"]["actions"][0], "version": mine["version"]},
        )
        assert played.status_code == 200, played.text
    store.close()
