"""The page, in a real headless Chromium (Debian's, driven by Playwright; no browser is
downloaded): a person creates a game against a bot in the lobby and plays it to the end
by clicking the decision's buttons, for each game. Screenshots of the games are taken
along the way; with ``TAVERNA_SCREENSHOTS=1`` they are written to ``docs/_static`` for
the docs (docs/hosting.rst)."""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_client import live_server, new_app

playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright")

CHROMIUM = next(
    (p for p in ("/usr/bin/chromium", shutil.which("chromium") or "") if p and os.path.exists(p)), None
)
DOCS_STATIC = Path(__file__).resolve().parents[1] / "docs" / "_static"
#: Chromium's flags for a closed network: nothing fetched in the background.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if CHROMIUM is None:
        pytest.skip("no Chromium on this machine (.ci/run installs Debian's chromium)")
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield launched
        launched.close()


def _create_in_lobby(
    page: Any, game: str, *others: tuple[str, str], options: dict[str, str] | None = None
) -> None:
    """In the lobby: ``game``, Ann a person at seat 0 and ``others`` (name, player) at the
    next seats, rule ``options`` set by their fields' ids; create it and wait for the
    seat links."""
    page.select_option("#game", game)
    page.select_option("#players", str(1 + len(others)))
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-player-0", "human")
    for seat, (name, player) in enumerate(others, 1):
        page.fill(f"#seat-name-{seat}", name)
        page.select_option(f"#seat-player-{seat}", player)
    for field, value in (options or {}).items():
        page.fill(f"#option-{field}", value)
    page.click("#create")
    page.wait_for_selector("#open-first-seat")


#: The other seats of each game's test: Taverne seats three at least, and its tournament
#: option bounds the game.
OTHERS = {
    "taverna": ((("Greedy", "greedy"),), {}),
    "cavern_tavern": ((("Greedy", "greedy"),), {}),
    "taverne": ((("Greedy", "greedy"), ("Rand", "random")), {"tournament": "4"}),
    "taverns_and_dragons": ((("Greedy", "greedy"),), {}),
}


@pytest.mark.parametrize("game", sorted(OTHERS))
def test_a_person_plays_a_whole_game_against_a_bot_by_clicking(
    browser: object, game: str, tmp_path: Path
) -> None:
    """In the lobby: pick the game, two players, seat 0 a person and seat 1 the greedy bot,
    create, open the person's seat. Then click one of the decision's buttons whenever the
    page offers some, until the page says the game is over: the score table lists both
    players, the log tells the game, the board is drawn, and the token is nowhere on the
    play page but its address (and in no address the page asks for: its stream takes a
    ticket). The page works under the server's Content-Security-Policy."""
    app, store = new_app(tmp_path / "games.db")
    rng = random.Random(7)
    with live_server(app) as base:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url.split("#", 1)[0]))
        page.goto(base + "/")
        others, options = OTHERS[game]
        _create_in_lobby(page, game, *others, options=options)
        link = page.get_attribute("#open-first-seat", "href")
        assert link is not None and "token=" in link
        token = link.split("token=", 1)[1]
        page.click("#open-first-seat")
        page.wait_for_selector("body[data-version]")
        clicks = 0
        shot = False
        for _ in range(3000):
            if page.get_attribute("body", "data-over") == "true":
                break
            version = page.get_attribute("body", "data-version")
            buttons = page.locator("#decision button.action")
            count = buttons.count()
            if count == 0:
                page.wait_for_function(
                    "v => document.body.dataset.version !== v || document.querySelectorAll"
                    "('#decision button.action').length > 0 || document.body.dataset.over === 'true'",
                    arg=version,
                    timeout=20_000,
                )
                continue
            try:
                buttons.nth(rng.randrange(count)).click(timeout=3_000)
            except playwright_api.TimeoutError:
                continue  # the page was redrawn under the click (a bot moved): look again
            clicks += 1
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=20_000)
            if clicks == 12 and not shot:
                page.screenshot(path=str(tmp_path / f"serve-{game}-middle.png"), full_page=True)
                shot = True
        assert page.get_attribute("body", "data-over") == "true", "the game did not end"
        assert clicks > 10
        page.wait_for_selector("#scores")
        rows = page.locator("#scores tr")
        text = page.inner_text("#scores")
        assert "Ann" in text and "Greedy" in text
        assert rows.count() >= 3  # a header and a row per player
        assert page.locator("#log li").count() > 20
        assert page.locator("#board svg").count() >= 1
        assert token not in page.inner_text("body")
        assert not errors, errors  # nothing the security policy refused, either
        # The token never went in an address: the stream was opened with a ticket.
        assert not [url for url in asked if token in url]
        assert any("/stream?ticket=" in url for url in asked)
        final = tmp_path / f"serve-{game}.png"
        page.screenshot(path=str(final), full_page=True)
        assert final.stat().st_size > 10_000
        if os.environ.get("TAVERNA_SCREENSHOTS") == "1":
            name = "serve-taverna.png" if game == "taverna" else "serve-cavern.png"
            shutil.copy(tmp_path / f"serve-{game}-middle.png", DOCS_STATIC / name)
        page.close()
    assert store.record(store.list()[0].id).over
    store.close()


def test_the_page_says_a_game_is_broken(browser: object, tmp_path: Path) -> None:
    """A game whose stored log does not read: the lobby lists it as broken, and its play
    page says it cannot be shown, with no script error."""
    import sqlite3

    from taverna_rules.server import GameHost
    from taverna_rules.store import SQLiteStore

    path = tmp_path / "games.db"
    with SQLiteStore(path) as plain:
        game_id = GameHost(plain).create("taverna", [("Ann", "human"), ("Bob", "human")]).record.id
    with sqlite3.connect(path) as db:
        db.execute("UPDATE taverna_events SET event = ? WHERE seq = 2", ("[" * 100000,))
    app, store = new_app(path)
    with live_server(app) as base:
        page = browser.new_page()  # type: ignore[attr-defined]
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{base}/play/{game_id}")
        page.wait_for_selector("#board .broken")
        assert "broken" in page.inner_text("#board")
        page.goto(base + "/")
        page.wait_for_selector("#games td.broken")
        assert "broken" in page.inner_text("#games")
        assert not errors, errors
        page.close()
    store.close()


def test_the_lobby_says_options_in_words_and_the_page_shows_card_texts(
    browser: object, tmp_path: Path
) -> None:
    """Issue #26: the lobby shows rule options by name, their choices in words and their
    reasons without rulebook line numbers; the play page shows a card's text beside the
    card (not only as a tooltip), customer cards by what they show, and buttons labelled
    by the library (no field dumps)."""
    import re

    from taverna_rules.rules_text import card_texts

    app, store = new_app(tmp_path / "games.db")
    with live_server(app) as base:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
        page.goto(base + "/")
        page.select_option("#game", "cavern_tavern")
        options = page.inner_text("#options")
        choices = page.locator("#options select option").all_inner_texts()
        assert "Served orders" in options and "face down" in choices
        assert not re.search(r"\blines? \d", options) and "_" not in options + "".join(choices)
        _create_in_lobby(page, "taverna", ("Bob", "human"))
        page.click("#open-first-seat")
        page.wait_for_selector("#decision button.action")
        game = store.load(store.list()[0].id)
        texts = {t.id: t.text for t in card_texts(game.rules)}
        shown = page.locator("#board .chip .card-text").all_inner_texts()
        hand = [texts[card.split("#", 1)[0]] for card in game.state.players[0].hand]
        assert hand and all(text in shown for text in hand), (hand, shown)
        assert page.locator("#board .chip .card-text").first.is_visible()
        labels = page.locator("#decision button.action").all_inner_texts()
        assert labels == [game.describe(action) for action in game.legal_actions()]
        board = page.inner_text("#board")
        assert not re.search(r"\bc\d\d\b", board)
        page.close()
    store.close()


def test_a_game_without_a_drawing_of_its_own_shows_its_text_board(browser: object, tmp_path: Path) -> None:
    """Any installed game plays on the page: the lobby names every game it offers, and a
    game that brings no drawing (the toy dice race) shows its text board, under its own
    title, and is played by its buttons."""
    from toy_games import installed

    with installed():
        app, store = new_app(tmp_path / "games.db")
        with live_server(app) as base:
            page = browser.new_page(viewport={"width": 1200, "height": 900})  # type: ignore[attr-defined]
            page.goto(base + "/")
            page.wait_for_selector("#game option[value='dice_race']", state="attached")
            offered = page.inner_text("#games-offered")
            assert "Taverna" in offered and "Cavern Tavern" in offered and "Dice race" in offered, offered
            _create_in_lobby(page, "dice_race", ("Bob", "human"))
            page.click("#open-first-seat")
            page.wait_for_selector("#decision button.action")
            game = store.load(store.list()[0].id)
            assert page.inner_text("#board pre[data-board='text']").strip() == game.board(0).strip()
            # The bundled games bring their drawings, served as modules; the toy none.
            for ident, status in (
                ("taverna", 200),
                ("cavern_tavern", 200),
                ("dice_race", 404),
                ("nope", 404),
            ):
                answer = page.request.get(f"{base}/games/{ident}/board.js")
                assert answer.status == status, ident
                if status == 200:
                    assert answer.headers["content-type"].startswith("text/javascript")
                    assert "export function draw(" in answer.text()
            assert page.inner_text("#game-title").startswith("Dice race")
            labels = page.locator("#decision button.action").all_inner_texts()
            assert labels == [game.describe(action) for action in game.legal_actions()]
            page.close()
        store.close()


def test_double_taverne_seats_ten_comptoirs_that_do_not_overlap(browser: object, tmp_path: Path) -> None:
    """Double Taverne at 10 players: the page draws every Comptoir round the table, none
    over another (the table widens past 5 seats)."""
    app, _ = new_app(tmp_path / "games.db")
    with live_server(app) as base:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
        page.goto(base + "/")
        others = tuple((f"Bot{seat}", "random") for seat in range(1, 10))
        _create_in_lobby(page, "taverne", *others, options={"tournament": "2"})
        page.click("#open-first-seat")
        page.wait_for_selector("g.comptoir")
        # Every box in one read: the bots play on, and the table is drawn anew as they do
        # (an element read one at a time may be gone by the next read).
        boxes = page.eval_on_selector_all(
            "g.comptoir",
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return {x: r.x, y: r.y, width: r.width, height: r.height}; })",
        )
        assert len(boxes) == 10 and all(b["width"] and b["height"] for b in boxes)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = (
                    a["x"] + a["width"] <= b["x"] + 1
                    or b["x"] + b["width"] <= a["x"] + 1
                    or a["y"] + a["height"] <= b["y"] + 1
                    or b["y"] + b["height"] <= a["y"] + 1
                )
                assert apart, (a, b)
        page.close()


def test_taverns_and_dragons_draws_its_map(browser: object, tmp_path: Path) -> None:
    """Taverns & Dragons' board is its map, drawn from the content and the state: every
    region in the content's order, by its name, with its letters, its printed ingredient
    and the token lying on it; a path from each region and an arrow for each fork; the
    location on each space; each player's three sbires in their regions, the one being
    activated highlighted; the dragon on its space, with its grid as the hunts left it. No
    id shows where a name should."""
    from taverna_rules.server import GameHost
    from taverna_rules.store import SQLiteStore

    path = tmp_path / "games.db"
    with SQLiteStore(path) as plain:
        created = GameHost(plain).create("taverns_and_dragons", [("Ann", "human"), ("Bob", "human")], seed=5)
        game_id = created.record.id
        game = plain.load(game_id)
        rng = random.Random(0)

        def covered(state: Any) -> int:
            """The damage markers on the grid of the dragon in play (its rows for 2)."""
            rows = game.rules.dragon(state.dragon).grid if state.dragon else ()
            return sum(len(row.symbols) for row in rows if row.players <= 2) - sum(map(len, state.grid))

        # Played at random until a dragon is in play, wounded, and a sbire is being activated.
        while not (covered(game.state) and game.state.active >= 0):
            assert game.decision is not None
            game.apply(rng.choice(game.legal_actions()), player=game.decision.player)
        plain.save(game_id, game, expected_version=created.record.version)
    rules, state = game.rules, game.state
    app, store = new_app(path)
    with live_server(app) as base:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{base}/play/{game_id}")
        page.wait_for_selector("g.region")

        def text(selector: str) -> str:
            return "".join((page.locator(selector).first.text_content() or "").split())

        def attributes(selector: str, name: str) -> list[str]:
            found = page.locator(selector)
            return [found.nth(i).get_attribute(name) or "" for i in range(found.count())]

        assert attributes("g.region", "data-region") == [r.id for r in rules.regions]
        for region in rules.regions:
            box = f"g.region[data-region='{region.id}']"
            assert "".join(region.name.get("en").split()) in text(box), region.id
            assert attributes(f"{box} .letter", "data-letter") == list(region.letters)
            printed = page.locator(f"{box} .printed")
            assert printed.count() == (1 if region.ingredient else 0)
            if region.ingredient:
                assert printed.get_attribute("data-ingredient") == region.ingredient
            lying = sorted(kind for where, kind in state.tokens if where == region.id)
            assert sorted(attributes(f"{box} .token", "data-ingredient")) == lying
        assert page.locator("line.path").count() == len(rules.regions)
        forks = sum(len(rules.board.next(r.id)) - 1 for r in rules.regions)
        assert forks and page.locator("line.fork").count() == forks
        for space, location in zip(rules.spaces, state.locations, strict=True):
            assert "".join(rules.name_of(location).split()) in text(f"g.location[data-space='{space}']")
        assert page.locator("g.sbire").count() == len(state.players) * len(state.sbires)
        for seat, player in enumerate(state.players):
            for sbire, region in zip(state.sbires, player.regions, strict=True):
                pawn = f"g.region[data-region='{region}'] g.sbire[data-seat='{seat}'][data-sbire='{sbire}']"
                assert page.locator(pawn).count() == 1, (seat, sbire, region)
        active = page.locator("g.sbire.active")
        assert active.count() == 1
        assert active.get_attribute("data-seat") == str(state.active)
        assert active.get_attribute("data-sbire") == state.sbire
        dragon = rules.dragon(state.dragon)
        on_map = page.locator("g.location .dragon")
        assert on_map.count() == 1 and on_map.get_attribute("data-dragon") == dragon.id
        lair = f"g.location[data-space='{dragon.location}'] .dragon"
        assert "".join(dragon.name.get("en").split()) in text(lair)
        assert page.locator(".grid-row").count() == len(dragon.grid)
        assert page.locator(".grid-row.inactive").count() == sum(1 for row in dragon.grid if row.players > 2)
        assert page.locator(".cell.covered").count() == covered(state) > 0
        assert "_" not in (page.locator("#board svg").first.text_content() or "")
        assert not errors, errors
        page.close()
    store.close()
