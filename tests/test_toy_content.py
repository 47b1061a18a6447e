"""The content pipeline knows no game: the toy dice race declares its own file kind
(``race``), in English only, and its YAML loads, layers packs, reports located problems
and publishes schemas through the same code as Taverna's cards."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

import taverna_rules as tr
from taverna_rules.content.schema_source import content_schema, rendered_schemas
from taverna_rules.tools import cli
from toy_games import installed
from toy_games.dice_race import CONTENT, Hold, Roll

BASE = Path(__file__).parent / "toy_games" / "cards" / "dice_race" / "base"


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with installed():
        yield


def _pack(folder: Path, ident: str, *files: tuple[str, str], extends: str = "[base]") -> Path:
    folder.mkdir()
    manifest = (
        f"format: 1\nkind: pack\nid: {ident}\nname: {{en: {ident}}}\nversion: '1.0'\nextends: {extends}\n"
    )
    (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    for name, text in files:
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_game_s_bundled_content_loads_into_its_own_rules() -> None:
    rules = tr.load_rules(game="dice_race")
    assert (rules.game, rules.numbers, rules.players) == ("dice_race", (20,), (2, 3, 4))
    assert len(rules.fingerprint) == 64
    assert tr.load_rules(game="dice_race") is rules  # cached, as Taverna's
    assert tr.load_rules().game == "taverna"
    game = tr.new_game(rules, ["Ann", "Bob"], seed=3)
    while game.result is None:
        game.apply(Hold() if game.state.pot >= 10 else Roll())
    assert max(s.total for s in game.result.standings) >= 20


def test_a_pack_changes_a_game_s_constants(tmp_path: Path) -> None:
    pack = _pack(
        tmp_path / "long", "long", ("changes.yaml", "format: 1\nkind: changes\nconstants: {target: 50}\n")
    )
    rules = tr.load_rules(pack, game="dice_race")
    assert rules.numbers == (50,)
    assert [p.id for p in rules.packs] == ["base", "long"]
    assert rules.fingerprint != tr.load_rules(game="dice_race").fingerprint


def test_problems_in_another_game_s_files_are_located(tmp_path: Path) -> None:
    pack = _pack(
        tmp_path / "bad",
        "bad",
        (
            "race.yaml",
            "format: 1\nkind: race\nmerge: replace\nconstants:\n  target: twenty\n  players: [2]\n",
        ),
        ("spells.yaml", "format: 1\nkind: spells\nspells: []\n"),
    )
    report = tr.validate(pack, game="dice_race")
    assert not report.ok
    found = {(p.code, Path(p.file).name, p.line) for p in report.problems}
    assert ("schema-type", "race.yaml", 5) in found
    unknown = next(p for p in report.problems if p.code == "unknown-kind")
    assert unknown.message == "unknown content kind 'spells'"
    # 'spells' is a kind of another installed game: the hint names it and how to pick it.
    assert unknown.hint.startswith("'spells' is a kind of Taverna ('taverna'), not of ")
    assert "--game taverna" in unknown.hint


def test_names_are_written_in_the_game_s_languages(tmp_path: Path) -> None:
    """The race is written in English only; Taverna's names are in its three rulebook
    languages, so the same manifest is a problem there."""
    pack = _pack(tmp_path / "english", "english", extends="[]")
    assert tr.validate(pack, game="dice_race", base=False).problems[0].code == "missing-kind"
    taverna = tr.validate(pack, base=False)
    assert any(p.code == "schema-required" and "'fr'" in p.message for p in taverna.problems)


def test_a_game_s_schemas_are_made_from_its_spec() -> None:
    files = rendered_schemas(CONTENT)
    assert sorted(files) == [
        "changes.schema.json",
        "options.schema.json",
        "pack.schema.json",
        "race.schema.json",
    ]
    race = content_schema(CONTENT, "race")
    assert race["$id"].endswith("/dice_race/race.schema.json")
    import ruamel.yaml

    document = ruamel.yaml.YAML(typ="safe", pure=True).load((BASE / "race.yaml").read_text(encoding="utf-8"))
    assert not list(jsonschema.Draft202012Validator(race).iter_errors(document))
    changes = json.loads(files["changes.schema.json"])
    assert changes["properties"]["remove"]["propertyNames"] == {"enum": ["options"]}
    assert list(changes["properties"]["constants"]["properties"]) == ["target", "players"]


def test_the_command_validates_another_game_s_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _pack(
        tmp_path / "good", "good", ("changes.yaml", "format: 1\nkind: changes\nconstants: {target: 9}\n")
    )
    assert cli.main(["validate", "--game", "dice_race", str(good)]) == 0
    bad = _pack(tmp_path / "bad", "bad", ("changes.yaml", "format: 1\nkind: changes\nconstants: {goal: 9}\n"))
    assert cli.main(["validate", "--game", "dice_race", str(bad)]) == 1
    assert "goal" in capsys.readouterr().out


def test_a_game_without_position_documents_says_so() -> None:
    rules = tr.load_rules(game="dice_race")
    with pytest.raises(tr.PositionError, match="game 'dice_race' has no position documents"):
        tr.load_position(rules, "format: dice_race-position/1\n")
    game = tr.new_game(rules, ["Ann", "Bob"], seed=1)
    with pytest.raises(tr.PositionError, match="game 'dice_race' has no position documents"):
        tr.dump_position(game.state)
    with pytest.raises(tr.PositionError, match="takes a game's rules"):
        tr.load_position(object(), "format: taverna-position/1\n")
