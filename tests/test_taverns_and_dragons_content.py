"""Taverns & Dragons' content: the bundled base game holds what the box holds (facts
sheet §1), reconstructed where the rulebook prints nothing and labelled so, and a map or a
card an author gets wrong is reported where it is written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from taverna_rules.content.loader import load_content, validate_content
from taverna_rules.core.board_map import map_problems, routes
from taverna_rules.games.taverns_and_dragons.content import CONTENT
from taverna_rules.games.taverns_and_dragons.ruleset import INGREDIENTS, RuleSet

#: The heroes the rulebook names (l.501-529, l.593), as printed.
NAMED_HEROES = {
    "Faucesse de primes",
    "Gardienne",
    "Invocatrice",
    "Maitre-hibou",
    "Mentaliste",
    "Pisteur",
    "Porte-cartes",
    "Verte-feuille",
    "Collectionneur",
}


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    loaded: RuleSet = load_content(CONTENT)
    return loaded


def test_the_base_game_validates_without_a_problem() -> None:
    report = validate_content(CONTENT)
    assert report.problems == ()


def test_the_box_holds_the_printed_counts(rules: RuleSet) -> None:
    """25 heroes, 28 recipes, 24 missions, 12 events, 7 dragons, 3 trophies, 5 Forge and
    5 Dungeon tokens, 5 double-sided location tiles and 5 tavern boards (l.25-117); 66
    ingredient tokens, 15/14/14/13/10 (l.97)."""
    counts = (
        len(rules.heroes),
        len(rules.recipes),
        len(rules.missions),
        len(rules.events),
        len(rules.dragons),
        len(rules.trophies),
        len(rules.forge),
        len(rules.dungeon),
        len(rules.taverns),
    )
    assert counts == (25, 28, 24, 12, 7, 3, 5, 5, 5)
    assert sorted(loc.tile for loc in rules.locations) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert [(i.id, i.count) for i in rules.ingredients] == list(
        zip(INGREDIENTS, (15, 14, 14, 13, 10), strict=True)
    )
    assert sum(i.count for i in rules.ingredients) == 66


def test_the_named_heroes_keep_their_names_and_no_card_passes_for_printed(rules: RuleSet) -> None:
    """The rulebook prints no card: every hero, recipe, dragon, mission and event is ours
    and says so; the nine heroes it names keep their printed names."""
    assert {h.name.fr for h in rules.heroes} >= NAMED_HEROES
    cards: tuple[Any, ...] = (*rules.heroes, *rules.recipes, *rules.dragons, *rules.missions, *rules.events)
    assert {card.provenance for card in cards} == {"reconstructed"}
    assert all(card.note for card in rules.heroes if card.name.fr in NAMED_HEROES)


def test_every_recipe_is_priced_by_its_stated_rule(rules: RuleSet) -> None:
    """The recipes' note states how the reconstruction prices them (1 a mushroom, plant or
    spice, 2 an egg, 3 a meat, +1 for three kinds, +1 for five ingredients): each card
    keeps to it, and no dish asks for two dragon meats (never cooked in the balance
    report: meat comes only from dragons and the black market)."""
    worth = {"mushroom": 1, "plant": 1, "spice": 1, "egg": 2, "meat": 3}
    for recipe in rules.recipes:
        needed = dict(recipe.ingredients)
        count = sum(needed.values())
        price = sum(worth[i] * n for i, n in needed.items()) + (len(needed) >= 3) + (count >= 5)
        assert recipe.prestige == price, recipe.id
        assert 2 <= count <= 5 and needed.get("meat", 0) <= 1, recipe.id


def test_the_printed_locations_keep_their_printed_costs(rules: RuleSet) -> None:
    """The laboratory costs 1 energy and the spice the sbire carries (l.569); the
    travelling market 1 or 2 gold (l.575); the black market 1 gold and 2 or 3 prestige
    (l.581): the first visit of a round pays the first cost (B7)."""
    lab = rules.location("laboratoire")
    assert {(c.energy, c.carried) for c in lab.places} == {(1, (("spice", 1),))}
    assert [c.gold for c in rules.location("marche_itinerant").places] == [1, 2]
    assert [(c.gold, c.prestige) for c in rules.location("marche_noir").places] == [(1, 2), (1, 3)]
    # A list argument is kept, as a tuple: the black market offers an egg or a meat.
    assert rules.location("marche_noir").effect.arg("ingredient") == ("egg", "meat")
    assert [rules.location(i).name.fr for i in rules.first_game] == [
        "Runes enchantées",
        "Marché itinérant",
        "Portail magique",
        "Donjon",
    ]


def test_the_map_leads_everywhere_and_back_to_the_gates(rules: RuleSet) -> None:
    """Every region is reached from the city gates and leads back to them; each location
    space is adjacent to a region (l.281); ten token spaces for the ten tokens a refresh
    draws (l.162, l.411)."""
    assert map_problems(rules.board, rules.gates) == []
    assert all(any(space in r.letters for r in rules.regions) for space in rules.spaces)
    assert sum(r.token for r in rules.regions) == sum(n for _, n in rules.bag) == 10
    assert rules.region(rules.runes).name.fr == "Vén'Érable"


def test_a_fork_gives_a_choice_of_route(rules: RuleSet) -> None:
    """A move follows the path clockwise and may take a fork marked by an arrow (l.246):
    from the undergrowth, the woods path skips Vén'Érable and its rune."""
    two = routes(rules.board, "sous_bois", 2)
    assert [r.path for r in two] == [("ven_erable", "marais"), ("grottes", "volcan")]
    assert [r.passes(rules.runes) for r in two] == [1, 0]


def _pack(tmp_path: Path, files: dict[str, str]) -> Path:
    pack = tmp_path / "mine"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "format: 1\nkind: pack\nid: mine\ngame: taverns_and_dragons\n"
        "name: {en: Mine, fr: Le mien}\nversion: '1.0'\nextends: [base]\n",
        encoding="utf-8",
    )
    for name, text in files.items():
        (pack / name).write_text(text, encoding="utf-8")
    return pack


_MAP_HEAD = ("format: 1\nkind: map\nmerge: replace\nspaces: [A, B, C, D]\ngates: gate\nruns: x\n").replace(
    "runs", "runes"
)


def _region(ident: str, nxt: str, letters: str = "A") -> str:
    name = f"{{en: {ident}, fr: {ident}}}"
    return f"  - {{id: {ident}, name: {name}, next: [{nxt}], letters: [{letters}]}}\n"


def test_a_replacement_map_is_checked_as_a_graph_and_located(tmp_path: Path) -> None:
    """A player who owns the game may replace the map (a pack's ``map`` with ``merge:
    replace``); its unreachable regions, unknown regions and unknown letters are errors at
    their lines."""
    text = (
        _MAP_HEAD.replace("runes: x", "runes: woods")
        + "regions:\n"
        + _region("gate", "woods", "A")
        + _region("woods", "cave", "B")
        + _region("cave", "gate", "C")
        + _region("island", "gate", "E")
        + _region("swamp", "nowhere", "D")
    )
    report = validate_content(CONTENT, _pack(tmp_path, {"map.yaml": text}))
    found = sorted((p.code, p.line) for p in report.errors)
    assert found == [
        ("map-unreachable", 11),
        ("map-unreachable", 12),
        ("unknown-reference", 11),
        ("unknown-reference", 12),
    ], report
    messages = " / ".join(p.message for p in report.errors)
    assert "'nowhere'" in messages and "'E'" in messages


def test_a_map_with_a_dead_end_and_no_way_back_is_refused(tmp_path: Path) -> None:
    text = (
        _MAP_HEAD.replace("runes: x", "runes: gate")
        + "regions:\n"
        + _region("gate", "woods", "A")
        + _region("woods", "cave", "B")
        + _region("cave", "pit", "C")
        + _region("pit", "pit", "D")
    )
    report = validate_content(CONTENT, _pack(tmp_path, {"map.yaml": text}))
    codes = {(p.code, p.line) for p in report.errors}
    assert ("map-no-way-back", 11) in codes or ("map-no-way-back", 12) in codes, report


def test_a_dragon_larger_than_the_markers_and_a_first_game_on_one_tile_are_located(tmp_path: Path) -> None:
    """No grid holds more symbols than the 14 damage markers (l.65); the first game's four
    locations lie on four tiles, one per space (l.157)."""
    dragon = (
        "format: 1\nkind: dragons\ndragons:\n"
        "  - id: behemoth\n    name: {en: Behemoth, fr: Béhémoth}\n    location: E\n"
        "    appearance: {gain_gold: {amount: 1}}\n    special: {wound: {amount: 1}}\n    grid:\n"
        + "".join(
            "      - {symbols: [sword, axe, arrow], reward: {gain_gold: {amount: 1}}}\n" for _ in range(5)
        )
    )
    first = (
        "format: 1\nkind: locations\nmerge: replace\nlocations: []\n"
        "first_game: [runes_enchantees, feu_de_camp, portail_magique, donjon]\n"
    )
    report = validate_content(CONTENT, _pack(tmp_path, {"dragons.yaml": dragon, "first.yaml": first}))
    found = {(Path(p.file).name, p.code, p.line) for p in report.errors}
    assert ("dragons.yaml", "table-shape", 10) in found, report
    assert ("dragons.yaml", "unknown-reference", 6) in found, report
    assert ("first.yaml", "table-shape", 5) in found, report
