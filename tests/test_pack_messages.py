"""Packs and messages an author is never left silent by: a pack without its manifest, a
file that is not read, a pack of another game, and the schema messages that said too
little (an empty effect, a refused value, an unknown provenance), each naming what to do.
"""

from __future__ import annotations

from pathlib import Path

import taverna_rules as tr
from taverna_rules.content.problems import ValidationReport

REPO = Path(__file__).resolve().parent.parent

SPELL = """\
format: 1
kind: spells
spells:
  - id: {id}
    name: {{en: {en}, fr: {fr}, nl: Snelle munten}}
    copies: 1
    cost: 1
    timing: own_turn
    effect: {effect}
"""


def spells(folder: Path, name: str = "spells.yaml", *, id: str = "quick_coins", **fields: str) -> Path:
    values = {"en": "Quick coins", "fr": "Pièces rapides", "effect": "{gain_coins: {amount: 1}}"}
    values.update(fields)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(SPELL.format(id=id, **values), encoding="utf-8")
    return path


def codes(report: ValidationReport) -> list[str]:
    return [p.code for p in report.problems]


CAVERN_MANIFEST = """\
format: 1
kind: pack
id: grumpy_nasty
game: cavern_tavern
name: {en: Grumpy Nasty}
version: "1.0"
extends: [base]
"""

NASTY = """\
format: 1
kind: nasty_says
cards:
  - id: grumpy
    name: {en: Grumpy}
    demand: {nasty: {steps: STEPS}}
"""


def cavern_pack(folder: Path, steps: int = 1, manifest: str = CAVERN_MANIFEST) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if manifest:
        (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    (folder / "nasty_says.yaml").write_text(NASTY.replace("STEPS", str(steps)), encoding="utf-8")
    return folder


# ----------------------------------------------------------------------------- packs and files
OPTION = """\
format: 1
kind: options
options:
  - id: house_rule
    type: bool
    default: false
    reason: We play it this way.
"""
READS_THE_OPTION = (
    "{if: {cond: {option: house_rule}, then: {gain_coins: {amount: 1}}, else: {gain_coins: {amount: 2}}}}"
)


def test_a_pack_folder_without_its_manifest_is_warned(tmp_path: Path) -> None:
    folder = tmp_path / "fey_court"
    spells(folder, effect=READS_THE_OPTION)
    (folder / "options.yaml").write_text(OPTION, encoding="utf-8")
    report = tr.validate(folder)
    assert codes(report) == ["no-manifest"]
    (problem,) = report.problems
    assert problem.severity == "warning" and problem.file == str(folder)
    assert "no pack.yaml" in problem.message and "pack.yaml with id" in problem.hint


def test_loose_files_given_on_purpose_are_not_warned(tmp_path: Path) -> None:
    path = spells(tmp_path / "patch")
    assert codes(tr.validate(tmp_path / "patch")) == []
    assert codes(tr.validate(path)) == []
    # Files not named after content kinds are loose files, not a pack's.
    spells(tmp_path / "fixes", "fix.yaml")
    spells(tmp_path / "fixes", "more.yaml", id="slow_coins", en="Slow coins", fr="Pièces lentes")
    assert codes(tr.validate(tmp_path / "fixes")) == []


def test_a_json_file_beside_the_content_is_warned(tmp_path: Path) -> None:
    spells(tmp_path)
    (tmp_path / "dignitaries.json").write_text("{}", encoding="utf-8")
    (tmp_path / "spells.yaml~").write_text("", encoding="utf-8")
    (tmp_path / "notes.md").write_text("notes", encoding="utf-8")
    report = tr.validate(tmp_path)
    ignored = [p for p in report.problems if p.code == "file-ignored"]
    assert [p.file.rpartition("/")[2] for p in ignored] == ["dignitaries.json", "spells.yaml~"]
    assert "'dignitaries.yaml'" in ignored[0].hint and "'spells.yaml'" in ignored[1].hint


# ----------------------------------------------------------------------------- the game of a pack
def test_a_pack_says_its_game_and_validates_without_naming_it(tmp_path: Path) -> None:
    assert tr.validate(cavern_pack(tmp_path / "grumpy")).ok


def test_the_bundled_cavern_tavern_folder_validates_as_itself() -> None:
    report = tr.validate(REPO / "cards" / "cavern_tavern")
    assert report.ok and not report.problems, str(report)


def test_a_kind_of_another_game_names_the_game_and_the_flag(tmp_path: Path) -> None:
    folder = cavern_pack(tmp_path / "grumpy", manifest="")
    (problem,) = tr.validate(folder / "nasty_says.yaml").problems
    assert problem.code == "unknown-kind"
    assert "Cavern Tavern" in problem.hint and "--game cavern_tavern" in problem.hint


def test_a_pack_of_another_game_than_the_one_named_says_so(tmp_path: Path) -> None:
    report = tr.validate(cavern_pack(tmp_path / "grumpy"), game="taverna")
    wrong = [p for p in report.problems if p.path == "$.game"]
    assert wrong and "--game cavern_tavern" in wrong[0].hint


# ----------------------------------------------------------------------------- schema messages
def test_a_refused_value_is_said_in_words(tmp_path: Path) -> None:
    (problem,) = tr.validate(cavern_pack(tmp_path / "grumpy", steps=0)).problems
    assert problem.code == "schema-not" and problem.line == 6
    assert "should not be valid" not in problem.message and "0" in problem.message
    assert "-3 to 3" in problem.hint and "leave the op out" in problem.hint


def test_an_empty_effect_names_ops_to_write(tmp_path: Path) -> None:
    (problem,) = tr.validate(spells(tmp_path, effect="{}")).problems
    assert problem.code == "schema-minProperties"
    assert problem.message == "an empty effect: an effect names one op"
    named = problem.hint.removeprefix("write one op, such as ").split(", ")
    assert len(named) == 4 and not {"seq", "if", "choose"} & set(named)


def test_an_invented_provenance_is_never_told_printed(tmp_path: Path) -> None:
    path = spells(tmp_path)
    path.write_text(path.read_text().replace("kind: spells\n", "kind: spells\nprovenance: invented\n"))
    (problem,) = tr.validate(path).problems
    assert "did you mean" not in problem.hint
    assert "'reconstructed': designed, not printed" in problem.hint
    assert "'printed': copied from the printed components" in problem.hint


def test_a_misspelt_provenance_is_told_its_spelling(tmp_path: Path) -> None:
    path = spells(tmp_path)
    path.write_text(path.read_text().replace("kind: spells\n", "kind: spells\nprovenance: reconstucted\n"))
    (problem,) = tr.validate(path).problems
    assert problem.hint.startswith("did you mean 'reconstructed'?")


# ----------------------------------------------------------------------------- caused problems
def test_an_option_read_by_a_broken_file_is_not_reported_unused(tmp_path: Path) -> None:
    (tmp_path / "options.yaml").write_text(OPTION, encoding="utf-8")
    # A brace left open: the file is dropped, and the option it reads with it.
    spells(tmp_path, effect="{if: {cond: {option: house_rule}, then: {gain_coins: {amount: 1}}}")
    report = tr.validate(tmp_path)
    assert codes(report)[0] == "yaml-syntax"
    assert "option-unused" not in codes(report)


# ----------------------------------------------------------------------------- copied names
def test_a_french_name_copied_from_the_english_is_warned(tmp_path: Path) -> None:
    (problem,) = tr.validate(spells(tmp_path, fr="Quick coins")).problems
    assert problem.code == "name-copied" and problem.severity == "warning"
    assert (problem.line, problem.path) == (5, "$.spells[0].name.fr")


def test_single_words_and_proper_nouns_are_not_copies(tmp_path: Path) -> None:
    assert codes(tr.validate(spells(tmp_path, en="Orcs", fr="Orcs"))) == []
    path = spells(tmp_path / "noun", en="Gob Trotter", fr="Gob Trotter")
    path.write_text(path.read_text().replace("nl: Snelle munten", "nl: Gob Trotter"))
    assert codes(tr.validate(path)) == []


def test_the_bundled_content_of_both_games_is_clean() -> None:
    for game in ("taverna", "cavern_tavern"):
        report = tr.validate(game=game)
        assert not report.problems, str(report)
