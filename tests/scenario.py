"""Helpers for scenario tests: the base rules, games from position documents, shortcuts."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import taverna_rules as tr
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev

RULES = tr.load_rules()


def from_position(text: str) -> tr.Game:
    """A game resumed from a position document (YAML, dedented)."""
    state = tr.load_position(RULES, textwrap.dedent(text))
    return tr.Game.from_position(RULES, state, undo="always")


E = TypeVar("E", bound=ev.Event)


def of_type(events: Sequence[ev.Event], cls: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, cls)]


def advance_to(game: tr.Game, kind: str, limit: int = 500) -> None:
    """Play the first legal action of each decision until one of ``kind`` is pending."""
    for _ in range(limit):
        decision = game.decision
        assert decision is not None, f"the game ended before a {kind!r} decision"
        if decision.kind == kind:
            return
        game.apply(decision.actions[0])
    raise AssertionError(f"no {kind!r} decision within {limit} actions")


def seat_names(game: tr.Game) -> list[str]:
    """Player names in seat order."""
    return [p.name for p in game.state.players]


#: A pack manifest for tests: an id, names in three languages, on top of ``extends``.
MANIFEST = (
    "format: 1\nkind: pack\nid: {ident}\nname: {{en: X, fr: X, nl: X}}\nversion: '1.0'\nextends: {extends}\n"
)


def write_pack(folder: Path, files: dict[str, str], ident: str = "mine", extends: str = "[base]") -> Path:
    """A pack folder (created) with its manifest and the content ``files`` (name -> text)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(MANIFEST.format(ident=ident, extends=extends), encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def pack_rules(folder: Path, files: dict[str, str], ident: str) -> taverna.RuleSet:
    """The base game with a test pack that must validate without a problem or warning."""
    write_pack(folder, files, ident)
    report = tr.validate(folder)
    assert report.ok and not report.warnings, report.format_text()
    return tr.load_rules(folder)


#: Rule options that bound a game whose rulebook plays without a turn limit, for the tests
#: that play games to their end with any choices (a player who never buys a pint never
#: calls the Milice): Taverne's tournament of a few turns.
BOUNDED: dict[str, dict[str, object]] = {"taverne": {"tournament": 4}}


def bounded(game_id: str) -> dict[str, object]:
    """The rule options that make every game of ``game_id`` end (none for a game that
    always ends)."""
    return dict(BOUNDED.get(game_id, {}))
