"""Mistakes an outside author made that the validator let through or explained poorly
(issue #8, "Authoring gaps"): each is now a located problem or warning with a hint that
says how to fix it."""

from __future__ import annotations

from pathlib import Path

import taverna_rules as tr
from scenario import write_pack as pack


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


CRYPT = """format: 1
kind: board
provenance: reconstructed
note: A tavern of our own, to show how a pack adds one.
taverns:
  - id: crypt
    size: small
    name: {en: The Crypt, fr: La Crypte, nl: De Crypte}
layouts:
  small:
    crypt:
      symbol: lyre
      tables: [orc, elf, dwarf]
      deeds: [{price: 2, vp: 1}, {price: 4, vp: 2}, {price: 5, vp: 3}]
  large:
    crypt:
      symbol: lyre
      tables: [orc, elf, dwarf, human]
      deeds: [{price: 2, vp: 1}, {price: 4, vp: 2}, {price: 5, vp: 3}]
"""

HERALD = """format: 1
kind: dignitaries
provenance: reconstructed
dignitaries:
  - id: herald
    name: {en: Herald, fr: Héraut, nl: Heraut}
    levels:
      - {cost: 2, effect: {gain_coins: {amount: 3}}}
"""


def test_a_pack_adds_a_tavern_to_each_side_and_a_fifth_dignitary(tmp_path: Path) -> None:
    """``layouts:`` in a pack's board file adds a tavern to the existing sides, without
    replacing them; with a fifth small tavern, a fifth dignitary fits."""
    folder = pack(tmp_path / "crypt", {"board.yaml": CRYPT, "dignitaries.yaml": HERALD})
    report = tr.validate(folder)
    assert report.ok and not report.warnings, report.format_text()
    rules = tr.load_rules(folder)
    assert [t.id for t in rules.taverns][-1] == "crypt" and len(rules.dignitaries) == 5
    for side in rules.sides:
        assert side.layout("crypt").symbol == "lyre"
    from taverna_rules.bots import RandomBot, play_out

    for players in (2, 4):
        game = tr.new_game(rules, ["Ann", "Bob", "Cy", "Dee"][:players], seed=players)
        assert "crypt" in [t.id for t in game.state.taverns]
        play_out(game, [RandomBot(i) for i in range(players)])
        assert game.over


def test_a_fifth_dignitary_without_a_tavern_says_how_to_add_one(tmp_path: Path) -> None:
    (problem,) = tr.validate(pack(tmp_path / "p", {"dignitaries.yaml": HERALD})).errors
    assert problem.code == "too-many-dignitaries" and problem.file.endswith("dignitaries.yaml")
    assert "layouts:" in problem.hint


def test_a_new_tavern_without_a_layout_is_located_in_the_pack(tmp_path: Path) -> None:
    """The problem points at the pack's tavern, not at the base game's board side."""
    board = CRYPT[: CRYPT.index("  large:")]
    (problem,) = tr.validate(pack(tmp_path / "p", {"board.yaml": board})).errors
    assert problem.code == "missing-tavern" and "'large'" in problem.message
    assert problem.file.endswith("p/board.yaml") and problem.line == 6
    assert "layouts: {large: {crypt:" in problem.hint


def test_layouts_name_existing_sides_and_new_taverns_only(tmp_path: Path) -> None:
    board = CRYPT.replace("  large:", "  huge:").replace("  small:\n    crypt:", "  small:\n    tankard:")
    codes = sorted((p.code, p.line) for p in tr.validate(pack(tmp_path / "p", {"board.yaml": board})).errors)
    assert [c for c, _ in codes] == ["duplicate-id", "missing-tavern", "missing-tavern", "unknown-reference"]


def test_removing_every_board_side_is_a_problem(tmp_path: Path) -> None:
    """It was reported as OK, and then the content could not load."""
    changes = "format: 1\nkind: changes\nremove: {sides: [small, large]}\n"
    (problem,) = tr.validate(pack(tmp_path / "p", {"changes.yaml": changes})).errors
    assert problem.code == "missing-kind" and "board side" in problem.message


SPELL = """format: 1
kind: spells
{merge}spells:
  - id: lantern_light
    copies: 1
    cost: 1
    timing: own_turn
    name: {{en: Lantern Light, fr: Lumière, nl: Lantaarnlicht}}
    effect: {{gain_coins: {{amount: {amount}}}}}
"""


def test_an_id_of_a_pack_not_extended_says_to_extend_it(tmp_path: Path) -> None:
    """Replacing or removing an item that another pack declares, without building on it."""
    other = pack(tmp_path / "other", {"spells.yaml": SPELL.format(merge="", amount=2)}, ident="other")
    mine = pack(
        tmp_path / "mine",
        {
            "spells.yaml": SPELL.format(merge="merge: replace\n", amount=3),
            "changes.yaml": "format: 1\nkind: changes\nremove: {spells: [lantern_light]}\n",
        },
    )
    problems = tr.validate([mine, other]).errors
    assert sorted(p.code for p in problems) == ["remove-unknown", "replace-unknown"]
    for problem in problems:
        assert problem.hint == "declared by pack 'other': add it to this pack's extends"
        assert problem.file.startswith(str(mine))
    fixed = mine / "pack.yaml"
    fixed.write_text(fixed.read_text(encoding="utf-8").replace("[base]", "[base, other]"), encoding="utf-8")
    (fixed.parent / "changes.yaml").unlink()
    assert tr.validate([mine, other]).ok


def test_what_is_not_a_path_is_a_problem_not_a_type_error(tmp_path: Path) -> None:
    """``validate(5)`` raised ``TypeError``; it raises nothing now, and ``load_rules`` a
    ``ContentError``. A list, a tuple or a generator still stands for its paths."""
    for junk in (None, 5, 1.5, b"x", {"a": 1}, [1], object()):
        (problem,) = tr.validate(junk).problems  # type: ignore[arg-type]
        assert problem.code == "file-missing" and problem.message.startswith("not a path: ")
        try:
            tr.load_rules(junk)  # type: ignore[call-overload]
        except tr.ContentError as error:
            assert error.problems == (problem,)
        else:
            raise AssertionError("loaded")
    folder = pack(tmp_path / "p", {})
    assert tr.validate(p for p in [folder]).ok and tr.validate((folder,)).ok
