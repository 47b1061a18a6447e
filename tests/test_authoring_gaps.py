"""Mistakes an outside author made that the validator let through or explained poorly
(issue #8, "Authoring gaps"): each is now a located problem or warning with a hint that
says how to fix it."""

from __future__ import annotations

from pathlib import Path

import taverna_rules as tr

MANIFEST = (
    "format: 1\nkind: pack\nid: {ident}\nname: {{en: X, fr: X, nl: X}}\nversion: '1.0'\nextends: {extends}\n"
)


def pack(folder: Path, files: dict[str, str], ident: str = "mine", extends: str = "[base]") -> Path:
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(MANIFEST.format(ident=ident, extends=extends), encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_player_range_is_suggested_as_a_list_of_counts(tmp_path: Path) -> None:
    """``players: 2-4`` suggested ``[2-4]``, itself wrong."""
    folder = pack(tmp_path / "p", {})
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "players: 2-4\n", encoding="utf-8")
    (problem,) = tr.validate(folder).errors
    assert problem.code == "schema-type" and problem.hint == "write a list: [2, 3, 4]"
    assert problem.file == str(manifest) and problem.line == 7


def test_a_spell_without_an_effect_is_a_warning(tmp_path: Path) -> None:
    spells = (
        "format: 1\nkind: spells\nspells:\n  - id: blank\n    copies: 1\n    cost: 0\n"
        "    timing: own_turn\n    name: {en: Blank, fr: Blanc, nl: Leeg}\n"
    )
    report = tr.validate(pack(tmp_path / "p", {"spells.yaml": spells}))
    assert report.ok
    (warning,) = report.warnings
    assert (warning.code, warning.line, warning.path) == ("missing-effect", 4, "$.spells[0]")
    assert "sold but never cast" in warning.message


def test_a_dignitary_level_acting_on_the_card_is_a_warning(tmp_path: Path) -> None:
    dignitaries = (
        "format: 1\nkind: dignitaries\nmerge: replace\ndignitaries:\n  - id: ambassador\n"
        "    name: {en: A, fr: A, nl: A}\n    levels:\n"
        "      - {cost: 3, effect: {add_card_symbol: {symbol: mask}}}\n"
    )
    report = tr.validate(pack(tmp_path / "p", {"dignitaries.yaml": dignitaries}))
    (warning,) = report.warnings
    assert warning.code == "seldom-applies" and warning.line == 8
    assert "extra activation" in warning.message
