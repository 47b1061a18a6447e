"""Taverne's content spec: its file kinds and their schemas, and the builder from the
merged content to a :class:`~taverna_rules.games.taverne.ruleset.RuleSet` with its
semantic checks (the generic pipeline, :mod:`taverna_rules.content.loader`, does the rest).
Its names are in English and French, the language of its rulebook."""

from __future__ import annotations

from typing import Any

from taverna_rules._resources import bundled
from taverna_rules.content.loader import CONVERTER
from taverna_rules.content.model import FORMAT_VERSION, Names
from taverna_rules.content.problems import Problem, did_you_mean
from taverna_rules.content.schema_source import (
    EFFECT,
    ID,
    JSON,
    PROVENANCES,
    list_of,
    names_schema,
    obj,
    options_kind,
)
from taverna_rules.content.spec import Built, ContentSpec, KindBody
from taverna_rules.content.yaml_source import PathItem
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.games.taverne.ruleset import (
    ENGINE_OPTIONS,
    GAME,
    KINDS,
    MODIFIERS,
    WHEN,
    Box,
    Character,
    Constants,
    Power,
    RuleSet,
    Specialty,
    Weapon,
)
from taverna_rules.games.taverne.vocabulary import VOCABULARY

__all__ = ["BODIES", "CONTENT", "LANGUAGES", "build"]

#: Taverne's rulebook is French; its names are written in English first (the library's
#: fallback) and French.
LANGUAGES: tuple[str, ...] = ("en", "fr")
NAMES = names_schema(LANGUAGES, {"en": "Snake Man", "fr": "Homme Serpent"})
_PROVENANCE: JSON = {"enum": PROVENANCES}
_NOTE: JSON = {"type": "string", "description": "what the entry is modelled on, or where it comes from"}
_POSITIVE: JSON = {"type": "integer", "minimum": 1}
_SMALL: JSON = {"type": "integer", "minimum": 1, "maximum": 99}
_BOX: JSON = {**ID, "description": "the box the cards come from (the first box, when not given)"}

POWER: JSON = obj(
    {
        "when": {"enum": list(WHEN), "description": "when its effect acts (none: it only modifies)"},
        "effect": EFFECT,
        "modifies": {
            "type": "object",
            "propertyNames": {"enum": list(MODIFIERS)},
            "additionalProperties": {"type": "integer", "minimum": -5, "maximum": 5, "not": {"const": 0}},
            "description": "numbers it changes while it lasts",
        },
    },
    [],
    "a lasting power: an effect at a moment of the turn, numbers changed, or both",
)

BODIES: dict[str, KindBody] = {
    "game": (
        {
            "constants": obj(
                {
                    "players": list_of({"type": "integer", "minimum": 2, "maximum": 10}, "player counts"),
                    "double_players": list_of(
                        {"type": "integer", "minimum": 2, "maximum": 20},
                        "the player counts Double Taverne adds, with two boxes",
                    ),
                    "energy": _SMALL,
                    "butin_max": _SMALL,
                    "pints": {"type": "integer", "minimum": 5, "maximum": 99},
                    "prestige_to_win": {"type": "integer", "minimum": 1, "maximum": 5},
                    "characters_dealt": {"type": "integer", "minimum": 1, "maximum": 5},
                    "dodges_per_attack": {"type": "integer", "minimum": 1, "maximum": 9},
                    "small_max": {"type": "integer", "minimum": 1, "maximum": 8},
                },
                [
                    "players",
                    "double_players",
                    "energy",
                    "butin_max",
                    "pints",
                    "prestige_to_win",
                    "characters_dealt",
                    "dodges_per_attack",
                    "small_max",
                ],
            ),
            "prestige_bands": obj(
                {
                    "first_pints": {
                        **list_of(_POSITIVE, "the first pint of Prestige 1 to 5, ascending, from 1"),
                        "minItems": 5,
                        "maxItems": 5,
                    },
                    "provenance": _PROVENANCE,
                    "note": _NOTE,
                },
                ["first_pints"],
                "the Prestige meter: which pints give which Prestige",
            ),
            "weapons": {
                **list_of(
                    obj(
                        {
                            "value": {"type": "integer", "minimum": 1, "maximum": 9},
                            "name": NAMES,
                            "provenance": _PROVENANCE,
                        },
                        ["value", "name"],
                    ),
                    "the nine weapons of every player's set, 1 to 9",
                ),
                "minItems": 9,
                "maxItems": 9,
            },
            "discovery": list_of(ID, "the Characters of the discovery game"),
        },
        ["constants", "prestige_bands", "weapons", "discovery"],
        "The game's numbers, the Prestige meter, the weapons and the discovery game.",
    ),
    "boxes": (
        {
            "boxes": list_of(
                obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "formula": {
                            **NAMES,
                            "description": "the word its Sorts are cast with (l.291, l.297)",
                        },
                        "provenance": _PROVENANCE,
                        "note": _NOTE,
                    },
                    ["id", "name", "formula"],
                ),
                "the boxes, Tavernes of origin",
            )
        },
        ["boxes"],
        "Boxes of the game (l.319-324): each a Taverne of origin with its spell formula.",
    ),
    "characters": (
        {
            "box": _BOX,
            "characters": list_of(
                obj(
                    {
                        "id": ID,
                        "name": NAMES,
                        "butin": {"type": "integer", "minimum": 0, "maximum": 9},
                        "power": POWER,
                        "box": _BOX,
                        "provenance": _PROVENANCE,
                        "note": _NOTE,
                    },
                    ["id", "name", "butin"],
                ),
                "the Character cards",
            ),
        },
        ["characters"],
        "Character cards: a name, an Initial Butin and a power.",
    ),
    "specialties": (
        {
            "box": _BOX,
            "specialties": list_of(
                obj(
                    {
                        "id": ID,
                        "kind": {"enum": list(KINDS)},
                        "name": NAMES,
                        "power": POWER,
                        "box": _BOX,
                        "provenance": _PROVENANCE,
                        "note": _NOTE,
                    },
                    ["id", "kind", "name", "power"],
                ),
                "the Specialty cards: Atouts, Crasses and Sorts",
            ),
        },
        ["specialties"],
        "Specialty cards (l.269-297): Atouts and Crasses last, Sorts are cast.",
    ),
    "options": options_kind(NAMES),
}


def _names(data: dict[str, Any]) -> Names:
    return CONVERTER.structure(data, Names)


def _power(data: dict[str, Any] | None) -> Power:
    if not data:
        return Power()
    effect = data.get("effect")
    return Power(
        data.get("when", ""),
        None if effect is None else parse_effect(effect),
        tuple(sorted(data.get("modifies", {}).items())),
    )


def _checks(rules: RuleSet, game: Any, complete: bool, built: Built) -> list[Problem]:
    """What the schemas cannot say, located in the ``game`` file: the bands rise from pint
    1 within the meter, the weapons are 1 to 9, the discovery Characters exist and are
    enough, and the Characters can be dealt to the most players."""
    source = game.source

    def at(code: str, message: str, path: tuple[str | int, ...], hint: str = "") -> Problem:
        problem: Problem = source.problem(code, message, source.existing(path), hint)
        return problem

    problems: list[Problem] = []
    c = rules.constants
    bands = rules.bands
    if bands[0] != 1 or list(bands) != sorted(set(bands)) or bands[-1] > c.pints:
        problems.append(
            at(
                "table-order",
                f"the Prestige bands {list(bands)} do not rise from pint 1 within the {c.pints} pints",
                ("prestige_bands", "first_pints"),
                "first_pints lists the first pint of Prestige 1 to 5, from 1, each higher than the last",
            )
        )
    if sorted(w.value for w in rules.weapons) != list(range(1, 10)):
        problems.append(at("table-shape", "the weapons are the values 1 to 9, once each", ("weapons",)))
    if not complete:
        return problems
    problems += _box_checks(rules, built)
    known = [ch.id for ch in rules.characters]
    for index, ident in enumerate(rules.discovery):
        if not rules.has_character(ident):
            hint = did_you_mean(ident, known) or f"known: {', '.join(known)}"
            problems.append(
                at("unknown-reference", f"unknown Character {ident!r}", ("discovery", index), hint)
            )
    most = max(c.player_counts)
    if len(rules.discovery) < most:
        problems.append(
            at(
                "too-few-cards",
                f"the discovery game has {len(rules.discovery)} Characters for {most} players",
                ("discovery",),
            )
        )
    if len(rules.characters) < c.characters_dealt * most:
        problems.append(
            Problem(
                "too-few-cards",
                f"{len(rules.characters)} Characters cannot deal {c.characters_dealt} to {most} players",
            )
        )
    return problems


def _box_checks(rules: RuleSet, built: Built) -> list[Problem]:
    """Every card names a declared box (a box a file names for all its cards is reported
    once, at that line); a box too small to deal to one player, and a pack that declares a
    box but whose file of cards names none (they join the first box), are warnings."""
    if not rules.boxes:
        hint = "the base game declares the Crypt in boxes.yaml"
        return [Problem("missing-kind", "no box declared", hint=hint)]
    boxes = [b.id for b in rules.boxes]
    home = rules.boxes[0]
    declaring = {e.layer: str(e.item["id"]) for e in built.merged.items.get("boxes", [])[1:]}
    problems: list[Problem] = []
    said: set[str] = set()
    for kind in ("characters", "specialties"):
        for entry in built.merged.items.get(kind, []):
            source, file_box = entry.doc.source, entry.doc.data.get("box")
            box = entry.item.get("box", file_box)
            if box is None and entry.layer in declaring and source.file not in said:
                said.add(source.file)
                message = f"no box named: these cards join {home.name.en}, not {declaring[entry.layer]!r}"
                problems.append(
                    source.problem(
                        "box-missing", message, hint="add 'box: ...' at the top", severity="warning"
                    )
                )
            if box is None or box in boxes:
                continue
            hint = did_you_mean(str(box), boxes) or f"known: {', '.join(boxes)}"
            if "box" in entry.item:
                path: tuple[PathItem, ...] = (*entry.path, "box")
                message = f"{entry.item['id']!r} comes from an unknown box {box!r}"
            elif source.file in said:
                continue
            else:
                said.add(source.file)
                path, message = ("box",), f"the cards of this file come from an unknown box {box!r}"
            problems.append(source.problem("unknown-reference", message, path, hint))
    dealt = rules.constants.characters_dealt
    for box in rules.boxes:
        count = sum(ch.box == box.id for ch in rules.characters)
        if count < dealt:
            message = (
                f"the box {box.id!r} has {count} Characters: a player choosing it is dealt fewer than {dealt}"
            )
            where = rules.declared.get(("boxes", box.id))
            problems.append(
                where.problem("too-few-cards", message, severity="warning")
                if where
                else Problem("too-few-cards", message, severity="warning")
            )
    return problems


def build(built: Built) -> RuleSet | None:
    """Taverne's rule set from the merged content, with its semantic checks' problems
    added (None when a file kind it needs is missing, or on any error)."""
    merged, problems = built.merged, built.problems
    game = merged.singles.get("game")
    if game is None:
        problems.append(
            Problem("missing-kind", "no 'game' file in the content", hint="the base game has one")
        )
        return None
    data = game.data
    c = data["constants"]
    boxes = tuple(
        Box(b["id"], _names(b["name"]), _names(b["formula"]), b["provenance"], b.get("note", ""))
        for b in built.items("boxes")
    )
    home = boxes[0].id if boxes else ""

    rules = RuleSet(
        format_version=FORMAT_VERSION,
        fingerprint=built.fingerprint,
        sources=tuple(d.source.file for d in built.docs),
        constants=Constants(
            player_counts=tuple(sorted(c["players"])),
            double_players=tuple(sorted(c["double_players"])),
            energy=c["energy"],
            butin_max=c["butin_max"],
            pints=c["pints"],
            prestige_to_win=c["prestige_to_win"],
            characters_dealt=c["characters_dealt"],
            dodges_per_attack=c["dodges_per_attack"],
            small_max=c["small_max"],
        ),
        bands=tuple(data["prestige_bands"]["first_pints"]),
        weapons=tuple(
            Weapon(w["value"], _names(w["name"]), w.get("provenance", "rulebook"))
            for w in sorted(data["weapons"], key=lambda w: int(w["value"]))
        ),
        boxes=boxes,
        characters=tuple(
            Character(
                ch["id"],
                _names(ch["name"]),
                ch["butin"],
                _power(ch.get("power")),
                ch.get("provenance", "reconstructed"),
                ch.get("note", ""),
                ch.get("box", home),
            )
            for ch in built.items("characters")
        ),
        specialties=tuple(
            Specialty(
                s["id"],
                s["kind"],
                _names(s["name"]),
                _power(s["power"]),
                s.get("provenance", "reconstructed"),
                s.get("note", ""),
                s.get("box", home),
            )
            for s in built.items("specialties")
        ),
        discovery=tuple(data["discovery"]),
        options=built.options(),
        provenance=built.provenance(),
        packs=built.packs,
        declared=built.where.declarations(),
    )
    finished: RuleSet | None = built.finish(rules, _checks(rules, game, not merged.incomplete, built))
    return finished


CONTENT = ContentSpec(
    game=GAME,
    kinds=BODIES,
    item_lists={
        "boxes": (("boxes", "boxes", "id"),),
        "characters": (("characters", "characters", "id"),),
        "specialties": (("specialties", "specialties", "id"),),
        "options": (("options", "options", "id"),),
    },
    build=build,
    cards=bundled("cards", GAME),
    schemas=bundled("schemas", GAME),
    singletons=("game",),
    constants_kind="game",
    names={"boxes": "box", "characters": "Character", "specialties": "Specialty", "options": "option"},
    effects=VOCABULARY.effect_schema()["$defs"],
    languages=LANGUAGES,
    engine_options=ENGINE_OPTIONS,
    items_with_provenance=("boxes", "characters", "specialties"),
    inherited=("box",),
    changes_examples={
        "remove": {"characters": ["goule"]},
        "constants": {"energy": 25},
        "options": {"discovery": True},
    },
)
