"""Packs: manifests, layering, replacing and removing content, conflicts, one report."""

from __future__ import annotations

from pathlib import Path

import pytest

import taverna_rules as tr
from taverna_rules.dsl import nodes as tr_nodes

NAME = "{en: X, fr: X, nl: X}"


def pack(root: Path, ident: str, extends: str = "[base]", **files: str) -> Path:
    """A pack folder with its manifest and the given files (name -> YAML text)."""
    folder = root / ident
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(
        f"format: 1\nkind: pack\nid: {ident}\nname: {NAME}\nversion: '1.0'\nextends: {extends}\n",
        encoding="utf-8",
    )
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


def spells(*items: str, replace: bool = False) -> str:
    head = "format: 1\nkind: spells\n" + ("merge: replace\n" if replace else "")
    return head + "spells:\n" + "".join(items)


def spell(ident: str, effect: str = "{gain_coins: {amount: 2}}", cost: int = 1) -> str:
    return f"  - id: {ident}\n    name: {NAME}\n    copies: 1\n    cost: {cost}\n    effect: {effect}\n"


def codes(report: tr.ValidationReport) -> list[str]:
    return [p.code for p in report]


def test_a_pack_adds_content_on_top_of_the_base_game(tmp_path: Path) -> None:
    folder = pack(tmp_path, "fey", spells=spells(spell("fairy_gold")))
    rules = tr.load_rules(folder)
    assert [p.id for p in rules.packs] == ["base", "fey"]
    assert rules.spell("fairy_gold").cost == 1
    assert len(rules.spells) == len(tr.load_rules().spells) + 1
    assert rules.fingerprint != tr.load_rules().fingerprint


def test_replace_keeps_the_place_and_changes_the_item(tmp_path: Path) -> None:
    base = tr.load_rules()
    folder = pack(tmp_path, "printed", spells=spells(spell("golden_rain", cost=4), replace=True))
    rules = tr.load_rules(folder)
    assert rules.spell("golden_rain").cost == 4
    assert [s.id for s in rules.spells] == [s.id for s in base.spells]


def test_replacing_an_unknown_id_suggests_the_near_one(tmp_path: Path) -> None:
    folder = pack(tmp_path, "printed", spells=spells(spell("golden_rian"), replace=True))
    (problem,) = tr.validate(folder).problems
    assert problem.code == "replace-unknown" and problem.hint == "did you mean 'golden_rain'?"
    assert problem.file.endswith("printed/spells.yaml") and problem.line == 5


def test_changes_remove_items_and_set_constants_and_option_defaults(tmp_path: Path) -> None:
    changes = (
        "format: 1\nkind: changes\nremove: {spells: [eviction], favours: [add_mask]}\n"
        "constants: {starting_coins: 14}\noptions: {use_curse: false}\n"
    )
    folder = pack(tmp_path, "house", changes=changes)
    report = tr.validate(folder)
    assert report.ok, report.format_text()
    rules = tr.load_rules(folder)
    assert "eviction" not in {s.id for s in rules.spells}
    assert "add_mask" not in {f.id for f in rules.favours}
    assert rules.constants.starting_coins == 14
    assert rules.option("use_curse").default is False


def test_unknown_removals_and_options_suggest_names(tmp_path: Path) -> None:
    changes = "format: 1\nkind: changes\nremove: {spells: [evicton]}\noptions: {use_curs: false}\n"
    report = tr.validate(pack(tmp_path, "house", changes=changes))
    assert codes(report) == ["remove-unknown", "unknown-option"]
    assert [p.hint for p in report] == ["did you mean 'eviction'?", "did you mean 'use_curse'?"]


def test_two_unrelated_packs_changing_one_item_conflict_naming_both_files(tmp_path: Path) -> None:
    a = pack(tmp_path, "a", spells=spells(spell("golden_rain", cost=2), replace=True))
    b = pack(tmp_path, "b", changes="format: 1\nkind: changes\nremove: {spells: [golden_rain]}\n")
    (problem,) = tr.validate([a, b]).problems
    assert problem.code == "pack-conflict"
    assert problem.file.endswith("b/changes.yaml")
    assert "a/spells.yaml:5" in problem.message and "pack 'a'" in problem.message
    assert problem.hint == "add 'a' to the extends of pack 'b', or drop one of the two changes"


def test_a_pack_may_change_what_the_pack_it_extends_declared(tmp_path: Path) -> None:
    a = pack(tmp_path, "a", spells=spells(spell("fairy_gold")))
    b = pack(tmp_path, "b", "[base, a]", spells=spells(spell("fairy_gold", cost=3), replace=True))
    # Given in either order, b applies after a.
    assert tr.load_rules(b, a).spell("fairy_gold").cost == 3


def test_both_adding_one_id_is_a_conflict_too(tmp_path: Path) -> None:
    a = pack(tmp_path, "a", spells=spells(spell("fairy_gold")))
    b = pack(tmp_path, "b", spells=spells(spell("fairy_gold")))
    assert codes(tr.validate([a, b])) == ["pack-conflict"]


def test_adding_an_existing_id_says_how_to_replace_it(tmp_path: Path) -> None:
    (problem,) = tr.validate(pack(tmp_path, "a", spells=spells(spell("golden_rain")))).problems
    assert problem.code == "duplicate-id" and "merge: replace" in problem.hint
    assert "cards/taverna/base/spells.yaml" in problem.message


def test_missing_dependency_cycle_and_repeated_pack_id(tmp_path: Path) -> None:
    missing = pack(tmp_path / "m", "m", "[bsae]")
    (problem,) = tr.validate(missing).problems
    assert problem.code == "pack-missing" and problem.hint == "did you mean 'base'?"
    assert problem.path == "$.extends[0]" and problem.line == 6
    x = pack(tmp_path / "c", "x", "[base, y]")
    y = pack(tmp_path / "c", "y", "[base, x]")
    assert "pack-cycle" in codes(tr.validate([x, y]))
    # Two packs given with one id (a pack with the bundled base's id replaces it instead:
    # tests/test_cli_report.py).
    first, second = pack(tmp_path / "d", "z"), pack(tmp_path / "e", "z")
    assert codes(tr.validate([first, second])) == ["duplicate-pack"]


def test_a_newer_format_asks_for_an_upgrade(tmp_path: Path) -> None:
    folder = pack(tmp_path, "future", spells=spells(spell("x")).replace("format: 1", "format: 2"))
    (problem,) = tr.validate(folder).problems
    assert problem.code == "format-version" and problem.hint == "upgrade taverna_rules"


def test_a_folder_of_packs_loads_each_pack(tmp_path: Path) -> None:
    pack(tmp_path, "a", spells=spells(spell("fairy_gold")))
    pack(tmp_path, "b", "[base, a]", spells=spells(spell("pixie_dust")))
    rules = tr.load_rules(tmp_path)
    assert [p.id for p in rules.packs] == ["base", "a", "b"]


def test_schema_and_semantic_problems_come_in_one_report(tmp_path: Path) -> None:
    """A schema error in one item does not hide a semantic error in another."""
    text = spells(
        spell("broken", "{gain_coins: {amount: two}}"),
        spell("lost", "{advance_track: {people: ork}}"),
    )
    report = tr.validate(pack(tmp_path, "p", spells=text))
    assert codes(report) == ["schema-expression", "unknown-reference"]
    assert report.problems[1].hint == "did you mean 'orc'?"


def test_a_reference_to_an_item_with_schema_errors_is_not_unknown(tmp_path: Path) -> None:
    game = "format: 1\nkind: customers\ncards:\n  - {id: c99, peoples: [orc], symbols: [beer], players: 9x}\n"
    report = tr.validate(pack(tmp_path, "p", customers=game))
    assert codes(report) == ["schema-type"]


def test_effect_problems_point_at_the_inner_node(tmp_path: Path) -> None:
    effect = "\n      seq:\n        - gain_coins: {amount: 1}\n        - advance_track: {people: elfs}\n"
    (problem,) = tr.validate(pack(tmp_path, "p", spells=spells(spell("deep", effect)))).problems
    assert problem.path == "$.spells[0].effect.seq[1].advance_track.people"
    assert problem.line == 11 and problem.hint == "did you mean 'elf'?"


def test_an_effect_that_can_never_apply_is_an_error(tmp_path: Path) -> None:
    royal = (
        "format: 1\nkind: royal_scoring\nscorings:\n  - id: odd\n    name: {en: O, fr: O, nl: O}\n"
        "    effect: {add_card_symbol: {symbol: beer}}\n"
    )
    (problem,) = tr.validate(pack(tmp_path, "p", royal=royal)).problems
    assert problem.code == "never-applies" and problem.line == 6


def test_warnings_are_reported_and_do_not_stop_loading(tmp_path: Path) -> None:
    effect = "{if: {cond: {at_least: [3, 2]}, then: {score_vp: {amount: 0}}}}"
    folder = pack(tmp_path, "p", spells=spells(spell("odd", effect)))
    report = tr.validate(folder)
    assert report.ok and [p.code for p in report.warnings] == ["constant-condition", "no-effect"]
    assert tr.load_rules(folder).spell("odd").cost == 1


def test_report_shows_the_offending_line_and_serializes(tmp_path: Path) -> None:
    folder = pack(tmp_path, "p", spells=spells(spell("lost", "{advance_track: {people: ork}}")))
    report = tr.validate(folder)
    text = report.format_text()
    assert "    effect: {advance_track: {people: ork}}" in text
    assert "hint: did you mean 'orc'?" in text and text.endswith("1 error(s), 0 warning(s) in 13 file(s)")
    data = report.to_json()
    assert data["ok"] is False and data["problems"][0]["code"] == "unknown-reference"


@pytest.mark.parametrize("bad", ["not a pack", "format: 1\nkind: pack\nid: Bad-Id\n"])
def test_a_broken_manifest_is_reported(tmp_path: Path, bad: str) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.yaml").write_text(bad, encoding="utf-8")
    report = tr.validate(folder)
    assert not report.ok and all(p.file.endswith("pack.yaml") for p in report)


def test_packs_narrow_the_supported_player_counts(tmp_path: Path) -> None:
    folder = pack(tmp_path, "duel")
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text() + "players: [2, 3]\n")
    assert tr.load_rules(folder).supported_players() == (2, 3)
    assert tr.load_rules().supported_players() == (2, 3, 4, 5)
    manifest.write_text(manifest.read_text().replace("[2, 3]", "[2, 6]"))
    (problem,) = tr.validate(folder).problems
    assert problem.code == "unsupported-players" and problem.path == "$.players[1]" and problem.line == 7


OPTIONS = """format: 1
kind: options
options:
  - id: fey_generosity
    type: bool
    default: false
    reason: a variant of this pack
"""
GIFT = (
    "{if: {cond: {option: fey_generosity}, then: {gain_coins: {amount: 5}}, else: {gain_coins: {amount: 1}}}}"
)


def test_a_pack_option_changes_what_a_card_does(tmp_path: Path) -> None:
    """A pack declares an option and a spell tests it: the option is no longer 'unused',
    and a game played with it on resolves the other branch."""
    from taverna_rules.games.taverna.expressions import holds, option_holds
    from taverna_rules.games.taverna.ruleset import SpellCard
    from taverna_rules.games.taverna.vocabulary import render

    folder = pack(tmp_path, "fey", options=OPTIONS, spells=spells(spell("fey_gift", GIFT)))
    report = tr.validate(folder)
    assert report.ok and not report.warnings, report.format_text()
    rules = tr.load_rules(folder)
    gift: SpellCard = rules.spell("fey_gift")
    assert gift.effect is not None
    assert render(gift.effect) == (
        "if the rule option fey_generosity is on: gain 5 coins; otherwise gain 1 coin"
    )
    cond = gift.effect.arg("cond")
    assert isinstance(cond, tr_nodes.OptionIs)
    on = tr.new_game(rules, ["A", "B"], seed=1, options={"fey_generosity": True})
    off = tr.new_game(rules, ["A", "B"], seed=1)
    assert option_holds(cond, on.state) and holds(cond, on.state, 0)
    assert not option_holds(cond, off.state)


def test_option_tests_are_checked(tmp_path: Path) -> None:
    unknown = GIFT.replace("{option: fey_generosity}", "{option: fey_generosity_}")
    folder = pack(tmp_path, "fey", options=OPTIONS, spells=spells(spell("fey_gift", unknown)))
    found = [(p.code, p.hint) for p in tr.validate(folder)]
    assert ("unknown-reference", "did you mean 'fey_generosity'?") in found
    assert "option-unused" in [code for code, _ in found]  # nothing tests the declared option now
    wrong = GIFT.replace("{option: fey_generosity}", "{option: fey_generosity, equals: 3}")
    other = pack(tmp_path / "b", "fey", options=OPTIONS, spells=spells(spell("fey_gift", wrong)))
    (problem,) = tr.validate(other).problems
    assert problem.code == "option-value" and problem.path.endswith(".cond.equals")


def test_a_per_player_constant_changes_only_the_counts_named(tmp_path: Path) -> None:
    folder = pack(tmp_path, "short", changes="format: 1\nkind: changes\nconstants: {turns: {2: 7}}\n")
    rules = tr.load_rules(folder)
    assert dict(rules.constants.turns) == {2: 7, 3: 6, 4: 6, 5: 6}
    other = pack(tmp_path, "long", changes="format: 1\nkind: changes\nconstants: {turns: {2: 9}}\n")
    (problem,) = tr.validate([folder, other]).problems
    assert problem.code == "pack-conflict" and "turns[2]" in problem.message


def test_new_game_plays_only_the_counts_the_packs_support(tmp_path: Path) -> None:
    folder = pack(tmp_path, "duel")
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text() + "players: [2]\n")
    rules = tr.load_rules(folder)
    assert tr.new_game(rules, ["A", "B"], seed=1).decision is not None
    with pytest.raises(tr.OptionError, match="these rules play with 2 to 2 players, not 3"):
        tr.new_game(rules, ["A", "B", "C"], seed=1)


def test_content_without_a_provenance_is_never_taken_for_printed(tmp_path: Path) -> None:
    """A file that states no provenance is ours: its items are reconstructed."""
    favours = (
        "format: 1\nkind: favours\nfavours:\n  - id: night_pass\n    name: {en: N, fr: N, nl: N}\n"
        "    copies: 1\n    effect: {gain_coins: {amount: 1}}\n"
    )
    rules = tr.load_rules(pack(tmp_path, "p", favours=favours))
    assert rules.favour("night_pass").provenance == "reconstructed"
    assert dict(rules.provenance)[f"{tmp_path}/p/favours.yaml"] == "reconstructed"
    assert rules.favour("add_beer").provenance == "rulebook"


def test_a_bad_declared_default_is_reported_even_when_a_pack_changes_it(tmp_path: Path) -> None:
    declared = OPTIONS.replace("default: false", "default: maybe") + "    equals_never: 0\n"
    declared = declared.replace("    equals_never: 0\n", "")
    changes = "format: 1\nkind: changes\noptions: {fey_generosity: true}\n"
    folder = pack(tmp_path, "fey", options=declared, changes=changes, spells=spells(spell("g", GIFT)))
    (problem,) = tr.validate(folder).problems
    assert problem.code == "bad-option-default" and problem.file.endswith("options.yaml")
    assert problem.path == "$.options[0].default"


def test_a_broken_card_does_not_make_its_option_look_unused(tmp_path: Path) -> None:
    broken = GIFT.replace("gain_coins: {amount: 5}", "gain_coin: {amount: 5}")
    report = tr.validate(pack(tmp_path, "fey", options=OPTIONS, spells=spells(spell("g", broken))))
    assert [p.code for p in report] == ["schema-unknown-name"]
    assert report.problems[0].message == "unknown op 'gain_coin'"


def test_a_missing_dependency_does_not_also_report_conflicts(tmp_path: Path) -> None:
    changes = "format: 1\nkind: changes\nremove: {spells: [summons]}\n"
    folder = pack(tmp_path, "p", "[bsae]", changes=changes)
    assert [p.code for p in tr.validate(folder)] == ["pack-missing"]


def test_options_the_engine_reads_cannot_be_removed(tmp_path: Path) -> None:
    folder = pack(tmp_path, "p", changes="format: 1\nkind: changes\nremove: {options: [use_curse]}\n")
    (problem,) = tr.validate(folder).problems
    assert problem.code == "engine-option-missing" and problem.line == 3


def test_validate_takes_paths_like_load_rules(tmp_path: Path) -> None:
    a = pack(tmp_path, "a", spells=spells(spell("fairy_gold")))
    b = pack(tmp_path, "b", spells=spells(spell("pixie_dust")))
    assert tr.validate(a, b).ok and tr.validate([a, b]).ok and tr.validate(str(a)).ok
    assert len(tr.validate(a, b).files) == len(tr.validate([a, b]).files) == 15


def test_count_problems_name_the_pack_line_that_changed_their_constant(tmp_path: Path) -> None:
    folder = pack(tmp_path, "long", changes="format: 1\nkind: changes\nconstants: {turns: {2: 10}}\n")
    problems = [p for p in tr.validate(folder) if p.code == "too-few-tables"]
    assert problems and all(f"turns was changed at {folder}/changes.yaml:3" in p.hint for p in problems)
    assert problems[0].file.endswith("cards/taverna/base/board.yaml")
