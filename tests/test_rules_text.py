"""Rules text in English, French and Dutch: the op texts, render() and the card listing."""

from __future__ import annotations

import itertools
import re
import string
from collections import Counter
from typing import Any

import attrs
import pytest

import taverna_rules as tr
from taverna_rules.content.model import Names
from taverna_rules.dsl.nodes import Node, Table
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna.rules_text import CARD_KINDS
from taverna_rules.games.taverna.vocabulary import (
    COUNT_TEXTS,
    COUNTS,
    LANGUAGES,
    OPS,
    PHRASES,
    check_language,
    render,
    render_expr,
)
from taverna_rules.rules_text import CardText, card_texts, format_card_texts

RULES = tr.load_rules()


def _fields(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def _specs(template: str) -> list[str]:
    return [spec for _, field, spec, _ in string.Formatter().parse(template) if field is not None and spec]


def _effects() -> list[tuple[str, Node]]:
    """Every effect of the bundled rules, with a label."""
    out: list[tuple[str, Node]] = []
    out += [(f"spell {s.id}", s.effect) for s in RULES.spells if s.effect is not None]
    out += [(f"favour {f.id}", f.effect) for f in RULES.favours if f.effect is not None]
    out += [(f"{d.id} cost {lv.cost}", lv.effect) for d in RULES.dignitaries for lv in d.levels]
    out += [(f"{t.people} track {p}", n) for t in RULES.tracks for p, n in t.bonuses]
    out += [(f"royal {r.id}", r.effect) for r in RULES.royal_scorings]
    return out


def _people(lang: str) -> dict[str, str]:
    return {p.id: p.name.get(lang) for p in RULES.peoples}


def _symbols(lang: str) -> dict[str, str]:
    return {s.id: s.name.get(lang) for s in RULES.symbols}


def _render(node: Node, lang: str) -> str:
    return render(node, _people(lang).__getitem__, lang, symbol_name=_symbols(lang).__getitem__)


def _amount(node: Node) -> Table:
    amount = node.arg("amount")
    assert isinstance(amount, Table)
    return amount


# ----------------------------------------------------------------------------- the tables
def test_languages_are_the_fields_of_text_and_of_names() -> None:
    assert LANGUAGES == ("en", "fr", "nl")
    assert tuple(f.name for f in attrs.fields(Text)) == LANGUAGES
    assert tuple(f.name for f in attrs.fields(Names)) == LANGUAGES


@pytest.mark.parametrize("name", list(OPS))
def test_every_op_has_text_in_every_language_with_the_same_fields(name: str) -> None:
    spec = OPS[name]
    assert spec.template == spec.text.en
    english = _fields(spec.text.en)
    for lang in LANGUAGES:
        template = spec.text.get(lang)
        assert template.strip(), (name, lang)
        assert _fields(template) == english, (name, lang)
        # A format spec is only ever a noun in two forms: {field:one|many}.
        for spec_text in _specs(template):
            assert re.fullmatch(r"[^|{}]+\|[^|{}]+", spec_text), (name, lang, spec_text)


def test_every_count_and_phrase_exists_in_every_language() -> None:
    assert set(COUNTS) == set(COUNT_TEXTS)
    for key, count in COUNT_TEXTS.items():
        assert COUNTS[key] == count.many.en
        for lang in LANGUAGES:
            assert count.many.get(lang) and count.each.get(lang), (key, lang)
    # The fields render() fills in each phrase; a phrase may use fewer in one language
    # only where its words differ by design ("1 ... per ..." in French and Dutch).
    supplied = {
        "otherwise": {"then", "else"},
        "at_least": {"left", "right"},
        "at_most": {"left", "right"},
        "exactly": {"left", "right"},
        "have_at_least": {"right", "many"},
        "have_at_most": {"right", "many"},
        "have_exactly": {"right", "many"},
        "have_none": {"right", "many"},
        "option_on": {"option"},
        "option_is": {"option", "value"},
        "count": {"many"},
        "count_amount": {"many", "each"},
        "per": {"many", "each"},
        "people:named": {"name"},
        "owners_gain": {"owners_gain"},
        "takeover_premium": {"takeover_premium"},
        "for_every": {"each", "children"},
        "you": {"effect"},
        "lose_vp": {"amount"},
    }
    for key, text in PHRASES.items():
        for lang in LANGUAGES:
            fields = _fields(text.get(lang))
            assert fields <= supplied.get(key, set()), (key, lang)
            if key not in ("count_amount", "per"):
                assert fields == _fields(text.en), (key, lang)
    for key in (
        "then",
        "or",
        "for",
        "no_bonuses",
        "where:arrival",
        "where:any",
        "people:choice",
        "people:card",
    ):
        assert all(PHRASES[key].get(lang) for lang in LANGUAGES), key


def test_unknown_language_is_refused_by_name() -> None:
    node = RULES.spell("ale_blessing").effect
    assert node is not None
    with pytest.raises(ValueError, match=r"'de'.*en, fr, nl"):
        render(node, lang="de")
    with pytest.raises(ValueError, match="'EN'"):
        render(node, lang="EN")
    with pytest.raises(ValueError, match="'de'"):
        render_expr(3, "de")
    with pytest.raises(ValueError, match="'de'"):
        card_texts(RULES, "de")
    with pytest.raises(ValueError, match="'de'"):
        PHRASES["then"].get("de")
    assert check_language("nl") == "nl"


# ----------------------------------------------------------------------------- render()
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bundled_effect_renders_without_leftover_braces(lang: str) -> None:
    for label, node in _effects():
        for text in (render(node, lang=lang), _render(node, lang)):
            assert text and "{" not in text and "}" not in text, (label, text)
            assert "|" not in text, (label, text)


# English words that must never show in the French or Dutch text of the bundled effects.
ENGLISH = frozenset(
    {
        "gain",
        "coin",
        "coins",
        "coin(s)",
        "score",
        "vp",
        "then",
        "take",
        "draw",
        "pay",
        "level",
        "levels",
        "track",
        "every",
        "your",
        "choice",
        "tavern",
        "spell",
        "spells",
        "card",
        "people",
        "royal",
        "favour",
        "favours",
        "castle",
        "token",
        "guild",
        "the",
        "deed",
        "move",
        "customer",
        "another",
        "add",
        "symbol",
        "times",
        "cast",
        "more",
        "this",
        "turn",
        "bonuses",
        "owned",
        "board",
        "hand",
    }
)


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_no_english_leaks_into_french_or_dutch(lang: str) -> None:
    for label, node in _effects():
        words = set(re.findall(r"[\w()']+", _render(node, lang).lower()))
        assert not words & ENGLISH, (label, lang, words & ENGLISH)


def test_english_text_reads_as_before_or_better() -> None:
    """The English text of the op templates, with counts read as "1 ... per ..." and
    conditions on a count as "you have at least ..."."""
    assert render(RULES.royal("king").effect) == (
        "score 5 VP, then gain 1 level on every people track (no bonuses)"
    )
    assert render(RULES.royal("queen").effect, lang="en") == (
        "score 3/6/9/12/15 VP for 0/2/3/4/5 royal favours owned, used or not"
    )
    node = parse_effect(
        {"if": {"cond": {"at_least": [{"count": "coins"}, 6]}, "then": {"score_vp": {"amount": 2}}}}
    )
    assert render(node) == "if you have at least 6 coins in hand: score 2 VP"
    golden_rain = RULES.spell("golden_rain").effect
    assert golden_rain is not None
    assert render(golden_rain) == "gain 1 coin per property deed on the board"
    assert render(RULES.dignitary("notary").levels[0].effect) == (
        "buy a deed in the tavern of arrival (an opponent's for 3 coins more)"
    )
    assert render_expr(_amount(RULES.royal("archmage").effect)) == (
        "3/6/9/12/15 for 0/2/3/4/5 spells cast during the game"
    )
    for label, effect in _effects():
        assert render(effect, lang="en") == render(effect), label


def _spell(spell_id: str) -> Node:
    node = RULES.spell(spell_id).effect
    assert node is not None
    return node


def _favour(favour_id: str) -> Node:
    node = RULES.favour(favour_id).effect
    assert node is not None
    return node


@pytest.mark.parametrize(
    ("node", "en", "fr", "nl"),
    [
        (_spell("ale_blessing"), "gain 3 coins", "gagnez 3 sous", "ontvang 3 munten"),
        (
            _spell("golden_rain"),
            "gain 1 coin per property deed on the board",
            "gagnez 1 sou par titre de propriété sur le plateau",
            "ontvang 1 munt per eigendomstitel op het bord",
        ),
        (
            _spell("guild_seal"),
            "place 1 guild token in a tavern of your choice, then score 2 VP",
            "placez 1 jeton guilde dans une taverne de votre choix, puis marquez 2 PV",
            "leg 1 gildetegel in een taverne naar keuze en scoor 2 WP",
        ),
        (
            _favour("gain_level"),
            "gain 1 level on the track of a people of your choice",
            "montez de 1 niveau sur l'échelle d'un peuple de votre choix",
            "stijg 1 niveau op het volkerenspoor van een volk naar keuze",
        ),
        (
            _favour("add_beer"),
            "add the Beer symbol to the card you play",
            "ajoutez le symbole Bière à la carte client jouée",
            "voeg het symbool Bier toe aan de klantenkaart die je speelt",
        ),
        (
            RULES.dignitary("ambassador").levels[1].effect,
            "2 times: gain 1 level on the track of a people of your choice",
            "2 fois : montez de 1 niveau sur l'échelle d'un peuple de votre choix",
            "2 keer: stijg 1 niveau op het volkerenspoor van een volk naar keuze",
        ),
        (
            RULES.dignitary("princess").levels[1].effect,
            "take 2 royal favours from the castle",
            "prenez 2 faveurs royales au château",
            "neem 2 koninklijke gunsten uit het kasteel",
        ),
        (
            RULES.royal("king").effect,
            "score 5 VP, then gain 1 level on every people track (no bonuses)",
            "marquez 5 PV, puis montez de 1 niveau sur chaque échelle peuple (sans bonus)",
            "scoor 5 WP en stijg 1 niveau op elk volkerenspoor (zonder bonussen)",
        ),
        (
            RULES.royal("queen").effect,
            "score 3/6/9/12/15 VP for 0/2/3/4/5 royal favours owned, used or not",
            "marquez 3/6/9/12/15 PV pour 0/2/3/4/5 faveurs royales possédées, utilisées ou non",
            "scoor 3/6/9/12/15 WP voor 0/2/3/4/5 koninklijke gunsten in bezit, gebruikt of niet",
        ),
    ],
)
def test_real_cards_in_each_language(node: Node, en: str, fr: str, nl: str) -> None:
    assert [_render(node, lang) for lang in LANGUAGES] == [en, fr, nl]


@pytest.mark.parametrize(
    ("effect", "en", "fr", "nl"),
    [
        (
            {"remove_customer": {"climb": True}},
            "remove a seated customer from the game, and gain 1 level on the track of its people",
            "retirez du jeu un client attablé, et montez de 1 niveau sur l'échelle de son peuple",
            "verwijder een geplaatste klant uit het spel, "
            "en stijg 1 niveau op het volkerenspoor van zijn volk",
        ),
        (
            {"move_customer": {"owners_gain": 0}},
            "move a customer to a free table of another tavern",
            "déplacez un client vers une table libre d'une autre taverne",
            "verplaats een klant naar een vrije tafel in een andere taverne",
        ),
        (
            {"buy_deed": {"where": "arrival"}},
            "buy a deed in the tavern of arrival (an opponent's too, at its price)",
            "achetez un titre de propriété dans la taverne de destination "
            "(celui d'un adversaire aussi, à son prix)",
            "koop een eigendomstitel in de taverne van aankomst "
            "(ook die van een tegenstander, tegen zijn prijs)",
        ),
        (
            {"move_customer": {"owners_gain": 1}},
            "move a customer to a free table of another tavern (its owners gain 1 coin)",
            "déplacez un client vers une table libre d'une autre taverne "
            "(chacun de ses propriétaires reçoit 1 sou)",
            "verplaats een klant naar een vrije tafel in een andere taverne "
            "(elke eigenaar daarvan krijgt 1 munt)",
        ),
        (
            {
                "choose": [
                    {"gain_coins": {"amount": 3}},
                    {"choose": [{"score_vp": {"amount": 1}}, {"draw_spells": {"count": 1}}]},
                ]
            },
            "choose one: gain 3 coins or (choose one: score 1 VP or draw 1 spell card)",
            "au choix : gagnez 3 sous ou (au choix : marquez 1 PV ou piochez 1 carte sort)",
            "kies één: ontvang 3 munten of (kies één: scoor 1 WP of trek 1 toverspreuk)",
        ),
    ],
)
def test_what_an_effect_does_is_all_said_and_nothing_empty(
    effect: dict[str, Any], en: str, fr: str, nl: str
) -> None:
    """The climb of ``remove_customer`` was left out, ``owners_gain: 0`` read "its owners
    gain 0 coins", and a choice inside a choice read as one long list."""
    node = parse_effect(effect)
    assert [_render(node, lang) for lang in LANGUAGES] == [en, fr, nl]


def test_rule_options_are_named_in_each_language() -> None:
    """An effect that tests an option reads its display name (``strong_brew`` showed raw);
    an option declared without one keeps its id."""
    node = parse_effect({"if": {"cond": {"option": "use_curse"}, "then": {"gain_coins": {"amount": 1}}}})
    names: dict[str, Names] = {}
    for option in RULES.options:
        assert option.name is not None, f"option {option.id!r} has no display name"
        names[option.id] = option.name

    def named(lang: str) -> str:
        def option_name(ident: str) -> str:
            return names[ident].get(lang)

        return render(node, lang=lang, option_name=option_name)

    texts = [named(lang) for lang in LANGUAGES]
    assert texts == [
        "if the rule option The Curse is on: gain 1 coin",
        "si l'option de règle La Malédiction est activée : gagnez 1 sou",
        "als de spelregeloptie De Vloek aan staat: ontvang 1 munt",
    ]
    assert "use_curse" in render(node)


def test_peoples_conditions_and_plurals() -> None:
    orc = parse_effect({"advance_track": {"people": "orc", "levels": 2}})
    assert _render(orc, "en") == "gain 2 levels on the track of Orcs"
    assert _render(orc, "fr") == "montez de 2 niveaux sur l'échelle des Orcs"
    assert _render(orc, "nl") == "stijg 2 niveaus op het volkerenspoor van de Orks"
    card = parse_effect({"advance_track": {"people": "card"}})
    assert [render(card, lang=lang) for lang in LANGUAGES] == [
        "gain 1 level on the track of the card's people",
        "montez de 1 niveau sur l'échelle du peuple de la carte",
        "stijg 1 niveau op het volkerenspoor van het volk van de kaart",
    ]
    branch = parse_effect(
        {
            "if": {
                "cond": {"at_least": [{"count": "spells_cast"}, 2]},
                "then": {"score_vp": {"amount": 1}},
                "else": {"pay_coins": {"amount": 0}},
            }
        }
    )
    assert [render(branch, lang=lang) for lang in LANGUAGES] == [
        "if you have at least 2 spells cast during the game: score 1 VP; otherwise pay 0 coins",
        "si vous avez au moins 2 sorts lancés pendant la partie : marquez 1 PV ; sinon payez 0 sou",
        "als je minstens 2 tijdens het spel gespeelde toverspreuken hebt: scoor 1 WP; anders betaal 0 munten",
    ]
    choice = parse_effect(
        {"optional": {"choose": [{"gain_coins": {"amount": 1}}, {"draw_spells": {"count": 2}}]}}
    )
    assert [render(choice, lang=lang) for lang in LANGUAGES] == [
        "you may choose one: gain 1 coin or draw 2 spell cards",
        "si vous le souhaitez, au choix : gagnez 1 sou ou piochez 2 cartes sort",
        "indien gewenst: kies één: ontvang 1 munt of trek 2 toverspreuken",
    ]
    assert render_expr(_amount(RULES.royal("queen").effect), "fr") == (
        "3/6/9/12/15 pour 0/2/3/4/5 faveurs royales possédées, utilisées ou non"
    )


# ----------------------------------------------------------------------------- card_texts()
def _expected_keys() -> Counter[tuple[str, str, int | None, int | None]]:
    keys: Counter[tuple[str, str, int | None, int | None]] = Counter()
    for s in RULES.spells:
        if s.effect is not None:
            keys["spell", s.id, None if s.curse else s.cost, None] += 1
    for f in RULES.favours:
        if f.effect is not None:
            keys["favour", f.id, None, None] += 1
    for d in RULES.dignitaries:
        for level in d.levels:
            keys["dignitary", d.id, level.cost, None] += 1
    for t in RULES.tracks:
        for position, _ in t.bonuses:
            keys["track", t.people, None, position] += 1
    for r in RULES.royal_scorings:
        keys["royal_scoring", r.id, None, None] += 1
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_texts_cover_every_item_with_an_effect(lang: str) -> None:
    texts = card_texts(RULES, lang)
    assert Counter((t.kind, t.id, t.cost, t.position) for t in texts) == _expected_keys()
    assert [t.kind for t in texts] == sorted((t.kind for t in texts), key=CARD_KINDS.index)
    assert len(texts) == sum(1 for _ in _effects())
    for item in texts:
        assert item.lang == lang
        assert item.text and "{" not in item.text and item.text.endswith("."), item
        assert item.text[0] == item.text[0].upper(), item
        if item.kind == "spell":
            assert item.provenance == RULES.spell(item.id).provenance
            assert item.name == RULES.spell(item.id).name.get(lang)
        elif item.kind == "favour":
            assert item.provenance == RULES.favour(item.id).provenance
        elif item.kind == "dignitary":
            assert item.provenance == RULES.dignitary(item.id).provenance
        elif item.kind == "track":
            assert item.provenance == RULES.track(item.id).provenance == "reconstructed"
        else:
            assert item.provenance == RULES.royal(item.id).provenance == "rulebook"
        if item.kind == "track":
            assert item.name == _people(lang)[item.id]


def test_card_texts_read_like_cards() -> None:
    def text(lang: str, kind: str, item_id: str, cost: int | None = None) -> str:
        (found,) = [
            t
            for t in card_texts(RULES, lang)
            if t.kind == kind and t.id == item_id and (cost is None or t.cost == cost)
        ]
        return found.text

    assert text("en", "spell", "ale_blessing") == "Cost 1. Your turn. Gain 3 coins."
    assert text("fr", "spell", "ale_blessing") == "Coût 1. Votre tour. Gagnez 3 sous."
    assert text("nl", "spell", "ale_blessing") == "Kosten 1. Eigen beurt. Ontvang 3 munten."
    assert text("en", "spell", "counterspell") == "Cost 1. Any turn. Draw 2 spell cards."
    assert text("fr", "spell", "counterspell") == "Coût 1. N'importe quel tour. Piochez 2 cartes sort."
    assert text("nl", "spell", "curse") == "Werkt zodra de kaart getrokken wordt. Betaal 2 munten."
    assert text("fr", "dignitary", "princess", 7) == "Coût 7. Prenez 3 faveurs royales au château."
    assert (
        text("nl", "favour", "gain_level") == "Stijg 1 niveau op het volkerenspoor van een volk naar keuze."
    )
    orc = [t for t in card_texts(RULES, "nl") if t.kind == "track" and t.id == "orc"]
    assert orc[0] == CardText(
        "track", "orc", "Orks", "Niveau 2. Scoor 2 WP.", "nl", provenance="reconstructed", position=2
    )


def test_format_card_texts_groups_by_kind_in_the_language() -> None:
    listing = format_card_texts(card_texts(RULES, "fr"))
    headings = [line for line, under in itertools.pairwise(listing.splitlines()) if set(under) == {"="}]
    assert headings == ["Sorts", "Faveurs royales", "Notables", "Bonus des échelles peuple", "Décompte royal"]
    assert "Bénédiction de la Cervoise [reconstitué]\n  Coût 1. Votre tour. Gagnez 3 sous." in listing
    assert (
        "Princesse [règle du jeu]\n"
        "  Coût 3. Prenez 1 faveur royale au château.\n"
        "  Coût 5. Prenez 2 faveurs royales au château.\n"
        "  Coût 7. Prenez 3 faveurs royales au château."
    ) in listing
    assert all(len(line) <= 88 for line in listing.splitlines())
    assert format_card_texts(()) == ""
    english = format_card_texts(card_texts(RULES))
    assert english.startswith("Spells\n======\n\nAle Blessing [reconstructed]\n")


def _sample(schema: dict[str, Any], name: str) -> Any:
    """A small valid value for an op argument's schema."""
    if "$ref" in schema:
        return {"gain_coins": {"amount": 1}} if schema["$ref"].endswith("effect") else 1
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "integer":
        return max(1, schema.get("minimum", 1))
    if kind == "boolean":
        return True
    if kind == "string":
        return {"people": "orc", "symbol": "beer"}.get(name, "x")
    if kind == "array":
        return [_sample(schema.get("items", {}), name) for _ in range(max(2, schema.get("minItems", 1)))]
    return 1


@pytest.mark.parametrize("op", sorted(OPS))
def test_every_op_reads_with_only_its_required_arguments(op: str) -> None:
    """A template that names an optional argument crashed the rules text of any card that
    left it out (``buy_deed`` without ``takeover_premium`` raised ``KeyError``)."""
    schema = OPS[op].schema
    if op == "if":
        body: Any = {"cond": {"at_least": [{"count": "coins"}, 1]}, "then": {"gain_coins": {"amount": 1}}}
    elif op == "optional":
        body = {"gain_coins": {"amount": 1}}
    elif schema.get("type") == "array":
        body = _sample(schema, op)
    else:
        body = {key: _sample(schema["properties"][key], key) for key in schema.get("required", [])}
    for lang in LANGUAGES:
        text = render(parse_effect({op: body}), lang=lang)
        assert text and "{" not in text, (op, lang, text)


# ----------------------------------------------------------------------------- Cavern Tavern
def test_cavern_tavern_card_texts_cover_every_card() -> None:
    """Every place, order, item, Nasty card, secret task and track has a text, with the
    file's provenance: the board is printed, the cards are reconstructed (issue #10)."""
    rules = tr.load_rules("cavern_tavern")
    texts = card_texts(rules)
    by_kind: dict[str, set[str]] = {}
    for text in texts:
        by_kind.setdefault(text.kind, set()).add(text.id)
        assert text.game == "cavern_tavern" and text.text.endswith(".")
    assert by_kind == {
        "place": {p.id for p in rules.places},
        "order": {o.id for o in rules.orders},
        "item": {i.id for i in rules.items},
        "nasty_says": {n.id for n in rules.nasty_says},
        "secret_task": {s.id for s in rules.secret_tasks},
        "track": {t.id for t in rules.tracks},
    }
    thunder = next(t for t in texts if t.id == "thunder_smoke")
    # The rulebook's example order: 28 points on time, 15 two rounds late, gone after 7.
    assert thunder.text.startswith("Deliver ") and "28 points served in the round it is taken" in thunder.text
    assert "then 21/15/" in thunder.text and "leave after 7 rounds" in thunder.text
    assert thunder.provenance == "reconstructed"
    assert next(t for t in texts if t.id == "fix_the_roof").provenance == "rulebook"
    potion = next(t for t in texts if t.id == "potion_please")
    assert potion.text == "To be free again: give back 1 Magic Potion."
    listing = format_card_texts(texts)
    assert listing.index("Places of the Tavern") < listing.index("Orders") < listing.index("Tracks")
