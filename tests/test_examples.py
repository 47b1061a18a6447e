"""The example packs under examples/packs: they validate cleanly, load on the base game,
play to the end with random bots, and render their rules text."""

from __future__ import annotations

from pathlib import Path

import pytest

import taverna_rules as tr
from taverna_rules.bots import RandomBot, play_out
from taverna_rules.rules_text import card_texts

PACKS = Path(__file__).resolve().parent.parent / "examples" / "packs"
FEY = PACKS / "fey_court"
PRINTED = PACKS / "printed_override"
BASE = tr.load_rules()

FEY_SPELLS = ("fairy_ring", "glamour", "will_o_wisp", "midsummer_revel", "moonlit_dance", "fey_bargain")
FEY_FAVOURS = ("fey_blessing", "court_invitation", "fairy_gift")
REPLACED_SPELLS = ("ale_blessing", "eviction", "counterspell")
REMOVED_SPELLS = ("forged_deed", "summons")


@pytest.mark.parametrize("paths", [[FEY], [PRINTED], [FEY, PRINTED]], ids=["fey", "printed", "both"])
def test_the_packs_validate_without_any_problem(paths: list[Path]) -> None:
    report = tr.validate(paths)
    assert report.ok and not report.warnings and len(report) == 0, report.format_text()


def test_every_example_file_says_it_is_reconstructed() -> None:
    """Invented content is never presented as printed."""
    rules = tr.load_rules(FEY, PRINTED)
    ours = [(file, text) for file, text in rules.provenance if "examples/packs" in Path(file).as_posix()]
    assert len(ours) == 7
    assert all(text.startswith("reconstructed: ") for _, text in ours), ours


def test_fey_court_adds_spells_and_favours_and_replaces_two_dignitaries() -> None:
    rules = tr.load_rules(FEY)
    assert [p.id for p in rules.packs] == ["base", "fey_court"]
    assert rules.packs[1].extends == ("base",) and rules.packs[1].name.fr == "La Cour des Fées"
    for ident in FEY_SPELLS:
        spell = rules.spell(ident)
        assert spell.effect is not None and spell.provenance == "reconstructed"
    for ident in FEY_FAVOURS:
        assert rules.favour(ident).provenance == "reconstructed"
    added = sum(rules.spell(i).copies for i in FEY_SPELLS)
    assert sum(s.copies for s in rules.spells) == sum(s.copies for s in BASE.spells) + added
    assert len(rules.favours) == len(BASE.favours) + len(FEY_FAVOURS)
    # Replaced in place, the printed levels kept and one level added.
    assert [d.id for d in rules.dignitaries] == [d.id for d in BASE.dignitaries]
    for ident in ("princess", "gobtrotter"):
        levels, base_levels = rules.dignitary(ident).levels, BASE.dignitary(ident).levels
        assert levels[: len(base_levels)] == base_levels and len(levels) == len(base_levels) + 1
    assert [level.cost for level in rules.dignitary("princess").levels] == [3, 5, 7, 9]


def test_printed_override_replaces_removes_and_keeps_the_base_values() -> None:
    rules = tr.load_rules(PRINTED)
    assert [p.id for p in rules.packs] == ["base", "printed_override"]
    spell_ids = [s.id for s in rules.spells]
    assert not set(REMOVED_SPELLS) & set(spell_ids)
    assert spell_ids == [s.id for s in BASE.spells if s.id not in REMOVED_SPELLS]
    for ident in REPLACED_SPELLS:
        ours, base = rules.spell(ident), BASE.spell(ident)
        assert "TEMPLATE" in ours.note and "TEMPLATE" not in base.note
        # A template: until its owner fills it in, it plays the base game's cards.
        assert (ours.name, ours.copies, ours.cost, ours.timing, ours.effect) == (
            base.name,
            base.copies,
            base.cost,
            base.timing,
            base.effect,
        )
    assert rules.constants.starting_coins == BASE.constants.starting_coins
    assert rules.option("use_curse").default is True
    assert rules.fingerprint != BASE.fingerprint


def test_the_two_packs_load_together() -> None:
    rules = tr.load_rules(PRINTED, FEY)
    assert {p.id for p in rules.packs} == {"base", "fey_court", "printed_override"}
    assert rules.spell("fairy_ring").copies == 2
    assert "summons" not in {s.id for s in rules.spells}
    assert len(rules.dignitary("princess").levels) == 4


@pytest.mark.parametrize("paths", [[FEY], [PRINTED], [FEY, PRINTED]], ids=["fey", "printed", "both"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_with_a_result(paths: list[Path], players: int) -> None:
    rules = tr.load_rules(*paths)
    for seed in (1, 2):
        game = tr.new_game(rules, [f"P{i}" for i in range(players)], seed=seed)
        play_out(game, RandomBot(seed))
        assert game.decision is None and game.result is not None
        assert len(game.result.standings) == players


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_the_rules_text_renders_in_every_language(lang: str) -> None:
    rules = tr.load_rules(FEY, PRINTED)
    texts = {(t.kind, t.id): t for t in card_texts(rules, lang)}
    for ident in FEY_SPELLS:
        text = texts["spell", ident]
        assert text.text and text.provenance == "reconstructed"
        assert text.name == rules.spell(ident).name.get(lang)
    for ident in FEY_FAVOURS:
        assert texts["favour", ident].provenance == "reconstructed"
    princess = [t for t in card_texts(rules, lang) if t.kind == "dignitary" and t.id == "princess"]
    assert [t.cost for t in princess] == [3, 5, 7, 9]
