"""Taverna's content spec: its file kinds, their schemas, and the builder from the merged
content to a :class:`~taverna_rules.games.taverna.ruleset.RuleSet` (the generic pipeline,
:mod:`taverna_rules.content.loader`, does the rest)."""

from __future__ import annotations

from typing import Any

from taverna_rules._resources import bundled
from taverna_rules.content.loader import CONVERTER
from taverna_rules.content.model import FORMAT_VERSION, Names
from taverna_rules.content.problems import Problem
from taverna_rules.content.spec import AddParts, Built, ContentSpec
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.games.taverna.content_checks import check
from taverna_rules.games.taverna.content_schemas import BODIES, ITEM_EXAMPLES, LANGUAGES, PROPERTY_DOCS
from taverna_rules.games.taverna.ruleset import (
    ENGINE_OPTIONS,
    BoardSide,
    Constants,
    CustomerCard,
    Dignitary,
    FavourKind,
    People,
    RoyalScoring,
    RuleSet,
    SpellCard,
    Symbol,
    Tavern,
    TavernLayout,
    Track,
)
from taverna_rules.games.taverna.vocabulary import effect_schema

__all__ = ["CONTENT", "GAME", "build"]

GAME = "taverna"


def _pairs(mapping: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((int(k), int(v)) for k, v in mapping.items()))


def build(built: Built) -> RuleSet | None:
    """Taverna's rule set from the merged content, with its semantic checks' problems
    added (None when a file kind the game needs is missing, or on any error)."""
    merged, problems, docs = built.merged, built.problems, built.docs
    singles = merged.singles
    items = merged.items
    for kind in ("game", "components", "board"):
        present = kind in singles or (kind == "board" and items.get("taverns") and items.get("sides"))
        if not present and kind not in merged.kinds_seen:
            problems.append(
                Problem("missing-kind", f"no {kind!r} file in the content", hint="the base game has one")
            )
    if "board" in merged.kinds_seen and not items.get("sides"):
        problems.append(
            Problem(
                "missing-kind",
                "no board side is left in the content: a game needs one for its player count",
                hint="keep the base game's sides, or declare sides: [...] in a board file",
            )
        )
    if "game" not in singles or "components" not in singles or not items.get("sides"):
        return None

    game = singles["game"].data
    c = game["constants"]
    constants = Constants(
        starting_coins=c["starting_coins"],
        deeds_per_player=c["deeds_per_player"],
        row_size=c["row_size"],
        spell_hand=c["spell_hand"],
        castle_size=c["castle_size"],
        turns=_pairs(c["turns"]),
        income=_pairs(c["income"]),
        track_vp=tuple(c["track_vp"]),
        royal_scorings_per_player=_pairs(c["royal_scorings_per_player"]),
    )
    comp = singles["components"].data

    sides = tuple(
        BoardSide(
            side["id"],
            tuple(side["players"]),
            CONVERTER.structure(side["name"], Names),
            tuple(
                (tid, CONVERTER.structure(layout, TavernLayout)) for tid, layout in side["taverns"].items()
            ),
        )
        for side in built.items("sides")
    )
    tracks = tuple(
        Track(
            item["people"],
            tuple(sorted((int(pos), parse_effect(effect)) for pos, effect in item["bonuses"].items())),
            item["provenance"],
        )
        for item in built.items("tracks")
    )
    rules = RuleSet(
        format_version=FORMAT_VERSION,
        fingerprint=built.fingerprint,
        sources=tuple(d.source.file for d in docs),
        constants=constants,
        peoples=tuple(CONVERTER.structure(p, People) for p in game["peoples"]),
        symbols=tuple(CONVERTER.structure(s, Symbol) for s in game["symbols"]),
        taverns=tuple(CONVERTER.structure(t, Tavern) for t in built.items("taverns")),
        sides=sides,
        customers=tuple(CONVERTER.structure(i, CustomerCard) for i in built.items("customers")),
        tiles=tuple(comp["customer_tiles"].items()),
        guild_tokens=tuple(comp["guild_tokens"].items()),
        privilege_tokens=comp["privilege_tokens"],
        tracks=tracks,
        royal_scorings=tuple(CONVERTER.structure(i, RoyalScoring) for i in built.items("royal_scoring")),
        dignitaries=tuple(CONVERTER.structure(i, Dignitary) for i in built.items("dignitaries")),
        favours=tuple(CONVERTER.structure(i, FavourKind) for i in built.items("favours")),
        spells=tuple(CONVERTER.structure(i, SpellCard) for i in built.items("spells")),
        options=built.options(),
        provenance=built.provenance(),
        packs=built.packs,
        declared=built.where.declarations(),
        game=GAME,
    )
    finished: RuleSet | None = built.finish(
        rules, check(rules, built.where, singles, complete=not merged.incomplete)
    )
    return finished


CONTENT = ContentSpec(
    game=GAME,
    kinds=BODIES,
    item_lists={
        "customers": (("cards", "customers", "id"),),
        "tracks": (("tracks", "tracks", "people"),),
        "royal_scoring": (("scorings", "royal_scoring", "id"),),
        "dignitaries": (("dignitaries", "dignitaries", "id"),),
        "favours": (("favours", "favours", "id"),),
        "spells": (("spells", "spells", "id"),),
        "options": (("options", "options", "id"),),
        "board": (("taverns", "taverns", "id"), ("sides", "sides", "id")),
    },
    build=build,
    cards=bundled("cards", GAME),
    schemas=bundled("schemas", GAME),
    singletons=("game", "components"),
    constants_kind="game",
    names={
        "customers": "customer card",
        "tracks": "track",
        "royal_scoring": "royal scoring",
        "dignitaries": "dignitary",
        "favours": "favour",
        "spells": "spell",
        "options": "option",
        "taverns": "tavern",
        "sides": "board side",
    },
    languages=LANGUAGES,
    effects=effect_schema()["$defs"],
    engine_options=ENGINE_OPTIONS,
    items_with_provenance=("favours", "spells", "dignitaries", "tracks", "royal_scoring"),
    parts={"board": AddParts("layouts", "sides", "taverns", part="tavern", piece="layout", owner="side")},
    property_docs=PROPERTY_DOCS,
    item_examples=ITEM_EXAMPLES,
    changes_examples={
        "remove": {"spells": ["eviction"], "favours": ["add_mask"]},
        "constants": {"starting_coins": 12},
        "options": {"use_curse": False},
    },
)
