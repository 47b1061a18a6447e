"""The game server (issue #13): whole games played through the HTTP API, every payload
searched for what its seat must not see; the statuses of bad requests, with nothing
changed; a restart that loses nothing; server-sent events on a real uvicorn server."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from server_client import auth, create_game, live_server, new_app, random_action
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.replay import fold
from taverna_rules.core.serialize import json_strings, state_to_json
from taverna_rules.store import SQLiteStore

Payload = tuple[str, int | None, dict[str, Any]]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, SQLiteStore]]:
    app, store = new_app(tmp_path / "games.db")
    with TestClient(app) as client:
        yield client, store
    store.close()


def _play_through(
    client: TestClient, created: dict[str, Any], rng: random.Random, record: list[Payload]
) -> dict[str, Any]:
    """Play every human seat at random through the API until the game ends; keep every
    payload each seat (and a spectator) was sent."""
    game_id = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
    versions = dict.fromkeys(tokens, 0)
    for _ in range(5000):
        moved = False
        for seat, token in tokens.items():
            view = client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()
            record.append(("view", seat, view))
            events = client.get(
                f"/api/games/{game_id}/events?since={versions[seat]}", headers=auth(token)
            ).json()
            record.append(("events", seat, events))
            versions[seat] = events["version"]
            if view["over"]:
                continue
            action = random_action(view, rng)
            if action is None:
                continue
            done = client.post(
                f"/api/games/{game_id}/actions",
                headers=auth(token),
                json={"action": action, "version": view["version"]},
            )
            assert done.status_code in (200, 409), done.text  # 409: a bot moved in between
            if done.status_code == 200:
                record.append(("events", seat, done.json() | {"since": view["version"]}))
                moved = True
        spectator: dict[str, Any] = client.get(f"/api/games/{game_id}/view").json()
        record.append(("view", None, spectator))
        if spectator["over"]:
            return spectator
        if not moved:  # the bots are playing: wait for them
            client.get(f"/api/games/{game_id}/events?since={spectator['version']}&wait=5")
    raise AssertionError("the game did not end")


def _check_secrets(store: SQLiteStore, game_id: str, record: list[Payload], tokens: dict[int, str]) -> int:
    """Every payload names nothing its seat must not see at that version; return the
    number of texts searched."""
    game = store.load(game_id)
    module = game_module(game.rules.game)
    events = game.events
    states: dict[int, Any] = {}

    def state_at(version: int) -> Any:
        if version not in states:
            states[version] = fold(module, events[:version])
        return states[version]

    seed = events[0].seed  # type: ignore[attr-defined]
    searched = 0
    for kind, seat, payload in record:
        others = {t for s, t in tokens.items() if s != seat}
        if kind == "view":
            parts = [(payload["version"], payload)]
        else:
            # Each event against what was hidden just after it (a card revealed later is
            # no secret then); each line against its event's.
            since = payload["since"]
            parts = [(since + k + 1, event) for k, event in enumerate(payload["events"])]
            parts += [(line["version"], line) for line in payload.get("lines", [])]
            parts.append((payload["version"], {"version": payload["version"]}))
        for version, part in parts:
            secret = module.visibility.hidden(state_at(version), seat)
            texts = set(json_strings(part))
            searched += len(texts)
            leaked = texts & secret
            assert not leaked, f"{kind} for seat {seat} at {version} shows {sorted(leaked)[:5]}"
            assert not texts & others, f"{kind} for seat {seat} shows another seat's token"
            assert seed not in set(_numbers(part)), f"{kind} for seat {seat} shows the seed"
    return searched


def _numbers(data: Any) -> Iterator[int]:
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _numbers(value)
    elif isinstance(data, list):
        for value in data:
            yield from _numbers(value)


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("taverna", [("Ann", "human"), ("Bob", "human"), ("Cy", "greedy")]),
        ("cavern_tavern", [("Ann", "human"), ("Bob", "random"), ("Cy", "human")]),
    ],
)
def test_a_whole_game_through_http_shows_each_seat_only_its_view(
    served: tuple[TestClient, SQLiteStore], game: str, seats: list[tuple[str, str]]
) -> None:
    """Two people and a bot play a whole game through the API. Every view and every batch
    of events each seat (and a spectator) receives is searched for the cards hidden from
    it at that version (the others' hands, the decks), for another seat's token and for
    the seed the server drew: none appears. The game ends with a result in the store."""
    client, store = served
    created = create_game(client, seats, game)
    record: list[Payload] = []
    final = _play_through(client, created, random.Random(1), record)
    assert final["result"]["standings"], final
    assert store.record(created["id"]).over
    tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
    searched = _check_secrets(store, created["id"], record, tokens)
    assert searched > 1000
    # The checks have teeth: the full game names hidden cards that the views never did.
    game_state = store.load(created["id"]).state
    full = set(json_strings(json.loads(state_to_json(game_state))))
    secret_now = game_module(game).visibility.hidden(game_state, 0)
    assert secret_now and secret_now <= full


def test_bad_requests_get_their_status_and_change_nothing(served: tuple[TestClient, SQLiteStore]) -> None:
    """Bad JSON 400, no token 401, a wrong token 403, an unknown game 404, a stale version
    409, an action out of turn or not legal 422, a body of the wrong shape 422, too large
    413: each with a JSON error naming the problem, and the game is as it was."""
    client, store = served
    created = create_game(client, [("Ann", "human"), ("Bob", "human")], "taverna")
    game_id = created["id"]
    ann, bob = (s["token"] for s in created["seats"])
    view = client.get(f"/api/games/{game_id}/view", headers=auth(ann)).json()
    decider = ann if view["seat"] in view["waiting_for"] else bob
    other = bob if decider == ann else ann
    mine = client.get(f"/api/games/{game_id}/view", headers=auth(decider)).json()
    action = mine["decision"]["actions"][0]
    before = store.events(game_id)
    url = f"/api/games/{game_id}/actions"
    cases: list[tuple[int, str, dict[str, Any]]] = [
        (400, "bad_json", {"content": b"{not json", "headers": auth(decider)}),
        (400, "bad_json", {"content": b"\xff\xfe", "headers": auth(decider)}),
        (401, "no_token", {"json": {"action": action, "version": mine["version"]}}),
        (401, "no_token", {"json": {}, "headers": {"Authorization": "Basic abc"}}),
        (
            403,
            "wrong_token",
            {"json": {"action": action, "version": mine["version"]}, "headers": auth("x" * 32)},
        ),
        (
            409,
            "stale_version",
            {"json": {"action": action, "version": mine["version"] - 1}, "headers": auth(decider)},
        ),
        (
            422,
            "illegal_action",
            {"json": {"action": action, "version": mine["version"]}, "headers": auth(other)},
        ),
        (
            422,
            "illegal_action",
            {"json": {"action": {"type": "EndTurn"}, "version": mine["version"]}, "headers": auth(decider)},
        ),
        (
            422,
            "invalid_action",
            {"json": {"action": {"type": "Nope"}, "version": mine["version"]}, "headers": auth(decider)},
        ),
        (422, "invalid_request", {"json": {"action": action}, "headers": auth(decider)}),
        (422, "invalid_request", {"json": [1, 2], "headers": auth(decider)}),
        (422, "invalid_request", {"json": {"action": action, "version": True}, "headers": auth(decider)}),
        (413, "too_large", {"content": b"[" + b"1," * 40000 + b"1]", "headers": auth(decider)}),
    ]
    for status, code, request in cases:
        response = client.post(url, **request)
        assert response.status_code == status, (code, response.text)
        error = response.json()["error"]
        assert (error["status"], error["code"]) == (status, code)
        assert error["message"]
    assert client.post("/api/games/nope/actions", json={}, headers=auth(decider)).status_code == 404
    assert client.get("/api/games/nope/view").status_code == 404
    assert client.get(f"/api/games/{game_id}/events?since=abc").status_code == 400
    assert store.events(game_id) == before
    # The refusal of an action out of turn names nothing of the deciding seat's hand.
    refusal = client.post(
        url, json={"action": action, "version": mine["version"]}, headers=auth(other)
    ).json()
    hand = set(json_strings(mine["state"])) - set(
        json_strings(client.get(f"/api/games/{game_id}/view", headers=auth(other)).json()["state"])
    )
    assert not any(card in refusal["error"]["message"] for card in hand if "#" in card)
    # The legal action still plays.
    assert (
        client.post(
            url, json={"action": action, "version": mine["version"]}, headers=auth(decider)
        ).status_code
        == 200
    )


def test_bad_creations_are_refused(served: tuple[TestClient, SQLiteStore]) -> None:
    """An unknown game, a bot the server does not offer, a player count the game does not
    support, an unknown rule option, a field of the wrong type: 422 with a message, and
    no game is stored."""
    client, store = served
    bad = [
        {"game": "chess", "seats": [{"name": "A"}, {"name": "B"}]},
        {"game": "taverna", "seats": [{"name": "A"}, {"name": "B", "player": "ismcts"}]},
        {"game": "taverna", "seats": [{"name": "A"}]},
        {"game": "taverna", "seats": [{"name": "A"}, {"name": "B"}], "options": {"no_such": True}},
        {"game": "taverna", "seats": [{"name": "A"}, {"name": "A"}]},
        {"game": "taverna", "seats": [{"name": "A"}, {"name": "B"}], "seed": "7"},
        {"game": "taverna", "seats": "AB"},
        {"game": "taverna", "seats": [{"name": "A"}, {"name": "B"}], "extra": 1},
    ]
    for body in bad:
        response = client.post("/api/games", json=body)
        assert response.status_code == 422, (body, response.text)
        assert response.json()["error"]["message"]
    assert store.list() == []


def test_a_restarted_server_loses_nothing(tmp_path: Path) -> None:
    """Games live in the store: a server stopped in the middle of a game and started again
    on the same file serves the same view to the same token, takes the next action, and
    its bots go on where they stopped."""
    path = tmp_path / "games.db"
    app, store = new_app(path)
    with TestClient(app) as client:
        created = create_game(client, [("Ann", "human"), ("Bob", "greedy")], "taverna", seed=5)
        token = created["seats"][0]["token"]
        rng = random.Random(3)
        for _ in range(6):
            view = client.get(f"/api/games/{created['id']}/view", headers=auth(token)).json()
            if 0 not in view["waiting_for"]:
                client.get(f"/api/games/{created['id']}/events?since={view['version']}&wait=5")
                continue
            action = random_action(view, rng)
            assert action is not None
            client.post(
                f"/api/games/{created['id']}/actions",
                headers=auth(token),
                json={"action": action, "version": view["version"]},
            )
        before = client.get(f"/api/games/{created['id']}/view", headers=auth(token)).json()
        bots_only = create_game(client, [("R", "random"), ("G", "random")], "cavern_tavern")
    store.close()
    app, store = new_app(path)
    with TestClient(app) as client:
        after = client.get(f"/api/games/{created['id']}/view", headers=auth(token)).json()
        assert after == before
        rng = random.Random(4)
        final = _play_through(client, created, rng, [])
        assert final["over"]
        # The bots-only game was created just before the stop: the new server finishes it.
        version = 0
        for _ in range(60):
            if client.get(f"/api/games/{bots_only['id']}").json()["over"]:
                break
            version = client.get(f"/api/games/{bots_only['id']}/events?since={version}&wait=5").json()[
                "version"
            ]
        assert client.get(f"/api/games/{bots_only['id']}").json()["over"]
    store.close()


def test_server_sent_events_tell_each_change(tmp_path: Path) -> None:
    """On a real uvicorn server, a seat listening on /stream hears ``event: version`` with
    the new version after another seat plays."""
    app, store = new_app(tmp_path / "games.db")
    with live_server(app) as base, httpx.Client(base_url=base, timeout=30) as client:
        created = client.post(
            "/api/games", json={"game": "taverna", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
        ).json()
        game_id = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        view = client.get(f"/api/games/{game_id}/view", headers=auth(tokens[0])).json()
        decider = view["waiting_for"][0]
        listener = tokens[1 - decider]
        heard: list[str] = []
        ready = threading.Event()

        ticket = client.post(f"/api/games/{game_id}/tickets", headers=auth(listener)).json()["ticket"]

        def listen() -> None:
            url = f"/api/games/{game_id}/stream?ticket={ticket}&since={view['version']}"
            with client.stream("GET", url) as stream:
                assert stream.headers["content-type"].startswith("text/event-stream")
                for line in stream.iter_lines():
                    ready.set()
                    heard.append(line)
                    if line.startswith("data:"):
                        return

        thread = threading.Thread(target=listen)
        thread.start()
        assert ready.wait(20)
        mine = client.get(f"/api/games/{game_id}/view", headers=auth(tokens[decider])).json()
        played = client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(tokens[decider]),
            json={"action": mine["decision"]["actions"][0], "version": mine["version"]},
        ).json()
        thread.join(30)
        assert "event: version" in heard
        data = json.loads(heard[-1].removeprefix("data:"))
        assert data == {"version": played["version"], "over": False}
        assert client.get(f"/api/games/{game_id}/stream?ticket=wrong").status_code == 403
    store.close()


def test_the_openapi_document_and_the_pages_are_served(served: tuple[TestClient, SQLiteStore]) -> None:
    """/openapi.json is an OpenAPI 3.1 document listing every API path; / and /play/ID
    serve the page; a game's wire schemas are served under /api/schemas."""
    client, _ = served
    document = client.get("/openapi.json").json()
    assert document["openapi"].startswith("3.1")
    assert {"/api/games", "/api/games/{game_id}/view", "/api/games/{game_id}/actions"} <= set(
        document["paths"]
    )
    assert "<html" in client.get("/").text.lower()
    assert "<html" in client.get("/play/abc").text.lower()
    schema = client.get("/api/schemas/taverna/action").json()
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert client.get("/api/schemas/taverna/nope").status_code == 404


def test_the_board_facts_come_from_the_rules(served: tuple[TestClient, SQLiteStore]) -> None:
    """/api/boards/FINGERPRINT gives what the page draws a board from, read from that rule
    set: Taverna's board sides and customer cards, Cavern Tavern's places and orders; an
    unknown fingerprint is a 404."""
    client, store = served
    taverna = store.registry.current("taverna")
    facts = client.get(f"/api/boards/{taverna.fingerprint}").json()
    assert set(facts["sides"]) == {side.id for side in taverna.sides}
    assert set(facts["customers"]) == {card.id for card in taverna.customers}
    cavern = store.registry.current("cavern_tavern")
    facts = client.get(f"/api/boards/{cavern.fingerprint}").json()
    assert [place["id"] for place in facts["places"]] == [place.id for place in cavern.places]
    assert set(facts["orders"]) == {order.id for order in cavern.orders}
    assert client.get("/api/boards/" + "0" * 64).status_code == 404
