"""Game modules: found by id through the ``taverna_rules.games`` entry points, each with
registries of its own that refuse a second entry under a name (issue #9)."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any

import attrs
import pytest

import taverna_rules as tr
from taverna_rules.core import game_modules as registry
from taverna_rules.core._registry import Registry
from taverna_rules.games import taverna
from taverna_rules.games.taverna.flow import DECISIONS, decision


def test_taverna_is_installed_and_gathers_its_parts() -> None:
    assert "taverna" in tr.installed_games()
    module = tr.game_module("taverna")
    assert module.id == "taverna" and module.languages == ("en", "fr", "nl")
    exported = [getattr(taverna, name) for name in taverna.__all__]
    actions = {c.__name__ for c in exported if isinstance(c, type) and issubclass(c, tr.Action)}
    events = {c.__name__ for c in exported if isinstance(c, type) and issubclass(c, tr.Event)}
    # Every Taverna record is exported by its package; the choices every game shares and
    # the core's events are the core's, exported at the top level.
    core = {"ChooseOption", "ChoosePlayer", "EndTurn", "Pass", "PickOutcome", "FlowAdvanced"}
    assert set(module.actions) == actions | (core & set(module.actions))
    assert set(module.events) == events | {"FlowAdvanced"}
    assert all(name in tr.__all__ for name in core)
    assert "pick_card" in module.decisions and "turn" in module.steps and "gain_coins" in module.ops
    assert tr.game_module("taverna") is module  # loaded once


@pytest.mark.parametrize("ident", ["chess", "", "Taverna", None, 5, ["taverna"]])
def test_an_unknown_game_is_named_with_the_installed_ones(ident: Any) -> None:
    with pytest.raises(tr.GameModuleError, match=r"games: .*taverna"):
        tr.game_module(ident)


def fake(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    real = registry._entry_points

    def with_fake() -> dict[str, EntryPoint]:
        return {**real(), name: EntryPoint(name=name, value=value, group=registry.ENTRY_POINTS)}

    monkeypatch.setattr(registry, "_entry_points", with_fake)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("no_such_module_here:GAME", "failed to load: ModuleNotFoundError"),
        ("math:pi", "is not the GameModule"),
        ("taverna_rules.games.taverna:GAME", "is not the GameModule 'impostor'"),
    ],
)
def test_a_broken_plugin_is_named(monkeypatch: pytest.MonkeyPatch, value: str, words: str) -> None:
    fake(monkeypatch, "impostor", value)
    assert "impostor" in tr.installed_games()
    with pytest.raises(tr.GameModuleError, match=words):
        tr.game_module("impostor")


def test_a_second_entry_under_a_name_is_refused() -> None:
    """Registries were module dictionaries: a second decision kind of the same name
    silently replaced the first."""
    table: Registry[int] = Registry("thing")
    table.add("a", 1)
    with pytest.raises(ValueError, match="two things named 'a'"):
        table.add("a", 2)
    assert dict(table) == {"a": 1}
    with table.swapped("a", 3) as previous:  # an explicit stand-in, for tests that break a part
        assert (previous, table["a"]) == (1, 3)
    assert table["a"] == 1
    before = DECISIONS["pick_card"]
    with pytest.raises(ValueError, match="two decision kinds named 'pick_card'"):
        decision("pick_card", lambda r, s, t: (), lambda r, s, t: "")(lambda e, t, a: None)
    assert DECISIONS["pick_card"] is before


def test_rules_and_games_know_their_game() -> None:
    """Rules name their game module; a game reaches it; a log of another game is refused
    (the log records its game since GameStarted version 2)."""
    rules = tr.load_rules()
    game = tr.new_game(rules, ["Ann", "Bob"], seed=1)
    assert rules.game == "taverna" and game.module is tr.game_module("taverna")
    first = game.events[0]
    assert isinstance(first, taverna.GameStarted) and first.game == "taverna"
    other = [attrs.evolve(first, game="cavern_tavern"), *game.events[1:]]
    with pytest.raises(tr.ReplayError, match="a game of 'cavern_tavern'; these rules are for 'taverna'"):
        tr.replay(rules, other)
