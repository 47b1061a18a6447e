"""The op table: every effect op, its argument schema, its documentation and its text.

This table is the one source for the effect JSON Schema (:func:`effect_schema`), the DSL
reference in the docs and the rules text (:func:`render`), in each language of
:data:`LANGUAGES`. The kernel holds one executor per op; a test proves the two tables
name the same ops.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from taverna_rules.dsl.nodes import Arg, AtLeast, Cond, Count, Expr, Node, OptionIs, Table

__all__ = [
    "COUNTS",
    "COUNT_TEXTS",
    "LANGUAGES",
    "MAX_LEVELS",
    "MAX_REPEAT",
    "OPS",
    "PHRASES",
    "CountText",
    "OpSpec",
    "Text",
    "check_language",
    "effect_schema",
    "parse_cond",
    "parse_effect",
    "parse_expr",
    "render",
    "render_expr",
    "TARGETS",
]

JSON = dict[str, Any]
EFFECT: JSON = {"$ref": "#/$defs/effect"}
EXPR: JSON = {"$ref": "#/$defs/expr"}
COND: JSON = {"$ref": "#/$defs/cond"}
MAX_REPEAT = 10
#: Whom ``for_each`` resolves its effect for.
TARGETS = ("opponents", "all", "chosen_opponent", "deed_owners")

#: The languages of the rules text, as in :class:`~taverna_rules.content.model.Names`.
LANGUAGES: tuple[str, ...] = ("en", "fr", "nl")


def check_language(lang: str) -> str:
    """``lang`` itself when it is one of :data:`LANGUAGES`; a :exc:`ValueError` otherwise."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: the rules text exists in {', '.join(LANGUAGES)}")
    return lang


@attrs.frozen
class Text:
    """A piece of rules text in each language of :data:`LANGUAGES`.

    A template names its fields in braces, as :meth:`str.format` does. A field may also
    carry a noun in two forms, ``{amount:sou|sous}``: :func:`render` writes the first
    form after an amount of one (of zero or one in French) and the second otherwise.
    Every language of a template uses the same fields.
    """

    en: str
    fr: str
    nl: str

    def get(self, lang: str) -> str:
        """The text in ``lang``; a :exc:`ValueError` for a language not in :data:`LANGUAGES`."""
        return str(getattr(self, check_language(lang)))


@attrs.frozen
class CountText:
    """What ``{count: ...}`` counts, as a plural noun phrase and as one of them.

    ``many`` follows a number or a threshold (``0/2/3 royal favours owned``); ``each``
    names one of the things counted, for amounts read "one per ..." (French and Dutch).
    """

    many: Text
    each: Text


#: What ``{count: ...}`` can count, for the acting player, in each language.
COUNT_TEXTS: Mapping[str, CountText] = {
    "coins": CountText(
        Text(en="coins in hand", fr="sous en main", nl="munten in bezit"),
        Text(en="coin in hand", fr="sou en main", nl="munt in bezit"),
    ),
    "favours_owned": CountText(
        Text(
            en="royal favours owned, used or not",
            fr="faveurs royales possédées, utilisées ou non",
            nl="koninklijke gunsten in bezit, gebruikt of niet",
        ),
        Text(
            en="royal favour owned, used or not",
            fr="faveur royale possédée, utilisée ou non",
            nl="koninklijke gunst in bezit, gebruikt of niet",
        ),
    ),
    "deeds_owned": CountText(
        Text(
            en="property deeds on the board",
            fr="titres de propriété sur le plateau",
            nl="eigendomstitels op het bord",
        ),
        Text(
            en="property deed on the board",
            fr="titre de propriété sur le plateau",
            nl="eigendomstitel op het bord",
        ),
    ),
    "spells_cast": CountText(
        Text(
            en="spells cast during the game",
            fr="sorts lancés pendant la partie",
            nl="tijdens het spel gespeelde toverspreuken",
        ),
        Text(
            en="spell cast during the game",
            fr="sort lancé pendant la partie",
            nl="tijdens het spel gespeelde toverspreuk",
        ),
    ),
    "spells_in_hand": CountText(
        Text(en="spell cards in hand", fr="cartes sort en main", nl="toverspreuken in de hand"),
        Text(en="spell card in hand", fr="carte sort en main", nl="toverspreuk in de hand"),
    ),
    "privileges": CountText(
        Text(en="privilege tokens held", fr="jetons privilège détenus", nl="privileges in bezit"),
        Text(en="privilege token held", fr="jeton privilège détenu", nl="privilege in bezit"),
    ),
    "track_levels": CountText(
        Text(
            en="levels climbed on the people tracks",
            fr="niveaux gravis sur les échelles des peuples",
            nl="niveaus gestegen op de volkerensporen",
        ),
        Text(
            en="level climbed on the people tracks",
            fr="niveau gravi sur les échelles des peuples",
            nl="niveau gestegen op de volkerensporen",
        ),
    ),
    "customers_played": CountText(
        Text(en="customers played", fr="clients joués", nl="gespeelde klanten"),
        Text(en="customer played", fr="client joué", nl="gespeelde klant"),
    ),
    "vp": CountText(
        Text(en="VP scored", fr="PV marqués", nl="gescoorde WP"),
        Text(en="VP scored", fr="PV marqué", nl="gescoorde WP"),
    ),
    "opponents": CountText(
        Text(en="opponents", fr="adversaires", nl="tegenstanders"),
        Text(en="opponent", fr="adversaire", nl="tegenstander"),
    ),
}

#: What ``{count: ...}`` can count, for the acting player (English).
COUNTS: Mapping[str, str] = {key: text.many.en for key, text in COUNT_TEXTS.items()}

#: The words :func:`~taverna_rules.dsl.ops.render` puts around the op templates, in each
#: language. ``then`` and ``or`` join the effects of a ``seq`` and of a ``choose``, and
#: ``otherwise`` the two branches of an ``if``; ``at_least`` is a condition; ``count`` is a
#: count standing alone; ``for`` joins a table's points to its thresholds; ``count_amount``
#: and ``per`` write a count used as an op's amount ("1 ... per ..."); ``have_at_least``
#: a condition on a count ("you have at least 3 ..."); ``where:*`` and ``people:*`` are
#: the words for the values of ``where`` and ``people`` (``people:named`` wraps a
#: people's name); ``no_bonuses`` ends the text of a move up tracks with ``bonuses: false``.
PHRASES: Mapping[str, Text] = {
    "then": Text(en=", then ", fr=", puis ", nl=" en "),
    "or": Text(en=" or ", fr=" ou ", nl=" of "),
    "otherwise": Text(
        en="{then}; otherwise {else}",
        fr="{then} ; sinon {else}",
        nl="{then}; anders {else}",
    ),
    "at_least": Text(
        en="{left} is at least {right}",
        fr="{left} est d'au moins {right}",
        nl="{left} minstens {right} is",
    ),
    "option_on": Text(
        en="the rule option {option} is on",
        fr="l'option de règle {option} est activée",
        nl="de spelregeloptie {option} aan staat",
    ),
    "option_is": Text(
        en="the rule option {option} is {value}",
        fr="l'option de règle {option} vaut {value}",
        nl="de spelregeloptie {option} op {value} staat",
    ),
    "count": Text(en="{many}", fr="le nombre de {many}", nl="het aantal {many}"),
    "for": Text(en=" for ", fr=" pour ", nl=" voor "),
    "count_amount": Text(en="1", fr="1", nl="1"),
    "per": Text(en=" per {each}", fr=" par {each}", nl=" per {each}"),
    "have_at_least": Text(
        en="you have at least {right} {many}",
        fr="vous avez au moins {right} {many}",
        nl="je minstens {right} {many} hebt",
    ),
    "where:arrival": Text(
        en="the tavern of arrival",
        fr="la taverne de destination",
        nl="de taverne van aankomst",
    ),
    "players:opponents": Text(en="each opponent", fr="chaque adversaire", nl="elke tegenstander"),
    "players:all": Text(en="each player", fr="chaque joueur", nl="elke speler"),
    "players:deed_owners": Text(
        en="each owner of a property deed of this tavern",
        fr="chaque propriétaire d'un titre de propriété de cette taverne",
        nl="elke eigenaar van een eigendomstitel van deze taverne",
    ),
    "players:chosen_opponent": Text(
        en="an opponent of your choice", fr="un adversaire de votre choix", nl="een tegenstander naar keuze"
    ),
    "where:any": Text(
        en="a tavern of your choice",
        fr="une taverne de votre choix",
        nl="een taverne naar keuze",
    ),
    "people:choice": Text(
        en="a people of your choice",
        fr="d'un peuple de votre choix",
        nl="een volk naar keuze",
    ),
    "people:card": Text(
        en="the card's people",
        fr="du peuple de la carte",
        nl="het volk van de kaart",
    ),
    "people:named": Text(en="{name}", fr="des {name}", nl="de {name}"),
    "no_bonuses": Text(en=" (no bonuses)", fr=" (sans bonus)", nl=" (zonder bonussen)"),
    # Clauses written only when they change something (no "its owners gain 0 coins").
    "owners_gain": Text(
        en=" (its owners gain {owners_gain} {owners_gain:coin|coins})",
        fr=" (chacun de ses propriétaires reçoit {owners_gain} {owners_gain:sou|sous})",
        nl=" (elke eigenaar daarvan krijgt {owners_gain} {owners_gain:munt|munten})",
    ),
    "takeover_premium": Text(
        en=" (an opponent's for {takeover_premium} {takeover_premium:coin|coins} more)",
        fr=" (celui d'un adversaire pour {takeover_premium} {takeover_premium:sou|sous} de plus)",
        nl=" (die van een tegenstander voor {takeover_premium} {takeover_premium:munt|munten} meer)",
    ),
    "takeover_at_price": Text(
        en=" (an opponent's too, at its price)",
        fr=" (celui d'un adversaire aussi, à son prix)",
        nl=" (ook die van een tegenstander, tegen zijn prijs)",
    ),
    "for_every": Text(
        en="for each {each}: {children}",
        fr="pour chaque {each} : {children}",
        nl="voor elke {each}: {children}",
    ),
    "lose_vp": Text(en="lose {amount} VP", fr="perdez {amount} PV", nl="verlies {amount} WP"),
    "climb": Text(
        en=", and gain 1 level on the track of its people",
        fr=", et montez de 1 niveau sur l'échelle de son peuple",
        nl=", en stijg 1 niveau op het volkerenspoor van zijn volk",
    ),
}
#: Ops that hold other effects in a list: nested in one another, the inner one is bracketed.
_LISTS = ("seq", "choose")


def _args(properties: JSON, required: tuple[str, ...]) -> JSON:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def _amount(word: str) -> JSON:
    return _args({word: EXPR}, (word,))


@attrs.frozen
class OpSpec:
    """One op of the effect DSL: its name, kind, argument schema, doc, example and text."""

    name: str
    kind: Literal["control", "primitive"]
    schema: JSON = attrs.field(eq=False)
    doc: str
    example: str
    #: The op's rules-text template in each language.
    text: Text

    @property
    def template(self) -> str:
        """The English template (``text.en``)."""
        return self.text.en


def _or_expression(number: JSON) -> JSON:
    """A bounded number, or an expression (``{count: ...}``, ``{table: ...}``) whose value
    the engine bounds the same way when the effect resolves."""
    return {"if": {"type": "integer"}, "then": number, "else": EXPR}


#: The most levels one op gives, and how its value is written.
MAX_LEVELS = 3
_LEVELS: JSON = _or_expression({"type": "integer", "minimum": 1, "maximum": MAX_LEVELS})
_PEOPLE: JSON = {
    "type": "string",
    "description": "a people id, 'card' (the people of the customer played) or 'choice'",
}

OPS: Mapping[str, OpSpec] = {
    spec.name: spec
    for spec in (
        OpSpec(
            "seq",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 1, "maxItems": 16},
            "Resolve the effects in order.",
            "seq:\n  - gain_coins: {amount: 2}\n  - score_vp: {amount: 1}",
            Text(
                en="{children}",
                fr="{children}",
                nl="{children}",
            ),
        ),
        OpSpec(
            "choose",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 2, "maxItems": 8},
            "The acting player chooses one of the effects.",
            "choose:\n  - gain_coins: {amount: 3}\n  - draw_spells: {count: 1}",
            Text(
                en="choose one: {children}",
                fr="au choix : {children}",
                nl="kies één: {children}",
            ),
        ),
        OpSpec(
            "optional",
            "control",
            EFFECT,
            "The acting player may resolve the effect or decline it.",
            "optional: {gain_privileges: {count: 1}}",
            Text(
                en="you may {children}",
                fr="si vous le souhaitez, {children}",
                nl="indien gewenst: {children}",
            ),
        ),
        OpSpec(
            "if",
            "control",
            _args({"cond": COND, "then": EFFECT, "else": EFFECT}, ("cond", "then")),
            "Resolve ``then`` when the condition holds, else ``else`` (if given). A condition is "
            "``{at_least: [a, b]}`` (amount a is at least amount b) or ``{option: id}`` (a bool rule "
            "option is on; ``{option: id, equals: value}`` for another value): a pack declares its own "
            "options and tests them so.",
            "if:\n  cond: {at_least: [{count: coins}, 6]}\n  then: {score_vp: {amount: 2}}",
            Text(
                en="if {cond}: {children}",
                fr="si {cond} : {children}",
                nl="als {cond}: {children}",
            ),
        ),
        OpSpec(
            "for_each",
            "control",
            _args(
                {
                    "players": {
                        "enum": list(TARGETS),
                        "description": "opponents: every other player, clockwise from you; "
                        "all: every player, you first; chosen_opponent: one opponent you choose; "
                        "deed_owners: every owner of a deed of the tavern where this turn's "
                        "customer sits, clockwise from you (you too if you own one)",
                    },
                    "effect": EFFECT,
                },
                ("players", "effect"),
            ),
            "Resolve the effect for each of several players, clockwise, each acting as "
            "'you' in it (their coins, their tracks, their choices); a player for whom it "
            "would do nothing is skipped.",
            "for_each: {players: opponents, effect: {pay_coins: {amount: 1}}}",
            Text(
                en="{players}: {children}",
                fr="{players} : {children}",
                nl="{players}: {children}",
            ),
        ),
        OpSpec(
            "repeat",
            "control",
            _args(
                {
                    "times": _or_expression({"type": "integer", "minimum": 1, "maximum": MAX_REPEAT}),
                    "effect": EFFECT,
                },
                ("times", "effect"),
            ),
            f"Resolve the effect a number of times: a number, or an expression such as "
            f"{{count: deeds_owned}} (at most {MAX_REPEAT}; none when it is 0 or less).",
            "repeat: {times: 2, effect: {draw_spells: {count: 1}}}",
            Text(
                en="{times} times: {children}",
                fr="{times} fois : {children}",
                nl="{times} keer: {children}",
            ),
        ),
        OpSpec(
            "gain_coins",
            "primitive",
            _amount("amount"),
            "The acting player takes coins from the bank (coins are unlimited).",
            "gain_coins: {amount: 2}",
            Text(
                en="gain {amount} {amount:coin|coins}",
                fr="gagnez {amount} {amount:sou|sous}",
                nl="ontvang {amount} {amount:munt|munten}",
            ),
        ),
        OpSpec(
            "pay_coins",
            "primitive",
            _amount("amount"),
            "The acting player pays coins to the bank, at most what they have.",
            "pay_coins: {amount: 1}",
            Text(
                en="pay {amount} {amount:coin|coins}",
                fr="payez {amount} {amount:sou|sous}",
                nl="betaal {amount} {amount:munt|munten}",
            ),
        ),
        OpSpec(
            "score_vp",
            "primitive",
            _amount("amount"),
            "The acting player scores victory points; a negative amount loses them (never "
            "below none at all).",
            "score_vp: {amount: 3}",
            Text(
                en="score {amount} VP",
                fr="marquez {amount} PV",
                nl="scoor {amount} WP",
            ),
        ),
        OpSpec(
            "draw_spells",
            "primitive",
            _amount("count"),
            "The acting player draws spell cards (fewer if the deck runs out).",
            "draw_spells: {count: 1}",
            Text(
                en="draw {count} {count:spell card|spell cards}",
                fr="piochez {count} {count:carte sort|cartes sort}",
                nl="trek {count} {count:toverspreuk|toverspreuken}",
            ),
        ),
        OpSpec(
            "gain_privileges",
            "primitive",
            _amount("count"),
            "The acting player takes privilege tokens from the supply while it lasts.",
            "gain_privileges: {count: 1}",
            Text(
                en="take {count} {count:privilege token|privilege tokens}",
                fr="prenez {count} {count:jeton privilège|jetons privilège}",
                nl="neem {count} {count:privilege|privileges}",
            ),
        ),
        OpSpec(
            "advance_track",
            "primitive",
            _args({"people": _PEOPLE, "levels": _LEVELS, "bonuses": {"type": "boolean"}}, ("people",)),
            "Move up people tracks one level at a time, gaining each position's bonus "
            "unless ``bonuses: false``; the top position is for the first player there.",
            "advance_track: {people: orc, levels: 1}",
            Text(
                en="gain {levels} {levels:level|levels} on the track of {people}",
                fr="montez de {levels} {levels:niveau|niveaux} sur l'échelle {people}",
                nl="stijg {levels} {levels:niveau|niveaus} op het volkerenspoor van {people}",
            ),
        ),
        OpSpec(
            "buy_deed",
            "primitive",
            _args(
                {
                    "where": {"enum": ["arrival"]},
                    "takeover_premium": {"type": "integer", "minimum": 0, "maximum": 20},
                },
                ("where",),
            ),
            "Buy a deed in the tavern of arrival: an unowned one at its price, or an opponent's "
            "at its price plus ``takeover_premium`` (half of what is paid, rounded down, goes to "
            "them; they keep their VP; never a player's last deed); one deed per player per tavern.",
            "buy_deed: {where: arrival, takeover_premium: 3}",
            Text(
                en="buy a deed in the tavern of arrival",
                fr="achetez un titre de propriété dans la taverne de destination",
                nl="koop een eigendomstitel in de taverne van aankomst",
            ),
        ),
        OpSpec(
            "place_guild_tokens",
            "primitive",
            _args(
                {
                    "count": {"type": "integer", "minimum": 1, "maximum": 3},
                    "where": {"enum": ["arrival", "any"]},
                },
                ("count", "where"),
            ),
            "Place guild tokens from the supply, never two identical ones in a tavern; "
            "``where: arrival`` in the tavern of arrival, ``any`` in a tavern of your choice.",
            "place_guild_tokens: {count: 1, where: any}",
            Text(
                en="place {count} {count:guild token|guild tokens} in {where}",
                fr="placez {count} {count:jeton guilde|jetons guilde} dans {where}",
                nl="leg {count} {count:gildetegel|gildetegels} in {where}",
            ),
        ),
        OpSpec(
            "take_favours",
            "primitive",
            _args({"count": {"type": "integer", "minimum": 1, "maximum": 5}}, ("count",)),
            "Take royal favours from the castle, one at a time; the castle is then refilled from "
            "the face-down reserve while it lasts.",
            "take_favours: {count: 2}",
            Text(
                en="take {count} {count:royal favour|royal favours} from the castle",
                fr="prenez {count} {count:faveur royale|faveurs royales} au château",
                nl="neem {count} {count:koninklijke gunst|koninklijke gunsten} uit het kasteel",
            ),
        ),
        OpSpec(
            "add_card_symbol",
            "primitive",
            _args({"symbol": {"type": "string", "description": "a guild symbol id"}}, ("symbol",)),
            "Add a guild symbol to the customer card played this turn; a symbol the card already "
            "shows gives nothing twice, and it only matters before the step it triggers.",
            "add_card_symbol: {symbol: beer}",
            Text(
                en="add the {symbol} symbol to the card you play",
                fr="ajoutez le symbole {symbol} à la carte client jouée",
                nl="voeg het symbool {symbol} toe aan de klantenkaart die je speelt",
            ),
        ),
        OpSpec(
            "change_card_symbol",
            "primitive",
            _args({}, ()),
            "Replace a guild symbol of the customer card played this turn by another one.",
            "change_card_symbol: {}",
            Text(
                en="change a guild symbol of the card you play",
                fr="changez un symbole guilde de la carte client jouée",
                nl="verander een gildesymbool van de klantenkaart die je speelt",
            ),
        ),
        OpSpec(
            "swap_customer_people",
            "primitive",
            _args({}, ()),
            "Before seating, take a customer tile of another people than the card's instead.",
            "swap_customer_people: {}",
            Text(
                en="take a customer of another people than the card's",
                fr="prenez un client d'un autre peuple que celui de la carte",
                nl="neem een klant van een ander volk dan dat van de kaart",
            ),
        ),
        OpSpec(
            "move_customer",
            "primitive",
            _args({"owners_gain": {"type": "integer", "minimum": 0, "maximum": 10}}, ("owners_gain",)),
            "Move a seated customer tile to a free table of another tavern: each owner there gains "
            "``owners_gain`` coins; a table of the tile's people gives its mover a level on that "
            "track (ruling #11), the last free table the tavern's privilege.",
            "move_customer: {owners_gain: 2}",
            Text(
                en="move a customer to a free table of another tavern",
                fr="déplacez un client vers une table libre d'une autre taverne",
                nl="verplaats een klant naar een vrije tafel in een andere taverne",
            ),
        ),
        OpSpec(
            "grant_spell_cast",
            "primitive",
            _args({"count": {"type": "integer", "minimum": 1, "maximum": 3}}, ("count",)),
            "Allow more spell casts this turn.",
            "grant_spell_cast: {count: 1}",
            Text(
                en="cast {count} more {count:spell|spells} this turn",
                fr="lancez {count} {count:sort|sorts} de plus ce tour-ci",
                nl="speel deze beurt {count} {count:toverspreuk|toverspreuken} extra",
            ),
        ),
        OpSpec(
            "remove_customer",
            "primitive",
            _args({"climb": {"type": "boolean"}}, ()),
            "Remove a seated customer tile of your choice from the game; with ``climb: true`` "
            "gain a level on the removed tile's people track.",
            "remove_customer: {climb: true}",
            Text(
                en="remove a seated customer from the game",
                fr="retirez du jeu un client attablé",
                nl="verwijder een geplaatste klant uit het spel",
            ),
        ),
        OpSpec(
            "advance_all_tracks",
            "primitive",
            _args({"levels": _LEVELS, "bonuses": {"type": "boolean"}}, ("levels",)),
            "Move up every people track; ``bonuses: false`` skips the positions' bonuses.",
            "advance_all_tracks: {levels: 1, bonuses: false}",
            Text(
                en="gain {levels} {levels:level|levels} on every people track",
                fr="montez de {levels} {levels:niveau|niveaux} sur chaque échelle peuple",
                nl="stijg {levels} {levels:niveau|niveaus} op elk volkerenspoor",
            ),
        ),
    )
}


def effect_schema() -> JSON:
    """The JSON Schema (Draft 2020-12) of an effect, generated from :data:`OPS`."""
    names = sorted(OPS)
    effect: JSON = {
        "title": "effect",
        "description": "An effect: a mapping with exactly one key, the op name.",
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "propertyNames": {"enum": names},
        "allOf": [
            {"if": {"required": [name]}, "then": {"properties": {name: OPS[name].schema}}} for name in names
        ],
    }
    table: JSON = _args(
        {
            "of": EXPR,
            "at_least": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
            "points": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
        },
        ("of", "at_least", "points"),
    )
    expr: JSON = {
        "title": "expression",
        "description": "An integer, {count: what}, or {table: {of, at_least, points}}.",
        "if": {"type": "integer"},
        "then": {"minimum": -100, "maximum": 100},
        "else": {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "propertyNames": {"enum": ["count", "table"]},
            "allOf": [
                {
                    "if": {"required": ["count"]},
                    "then": {"properties": {"count": {"enum": sorted(COUNTS)}}},
                },
                {"if": {"required": ["table"]}, "then": {"properties": {"table": table}}},
            ],
        },
    }
    cond: JSON = {
        "title": "condition",
        "description": "{at_least: [a, b]} (a >= b), or {option: id} / {option: id, equals: value} "
        "(a rule option of the game)",
        "type": "object",
        "properties": {
            "at_least": {"type": "array", "items": EXPR, "minItems": 2, "maxItems": 2},
            "option": {"type": "string", "description": "a rule option id"},
            "equals": {
                "type": ["boolean", "integer", "string"],
                "description": "the option's value that makes the condition true (default: true)",
            },
        },
        "minProperties": 1,
        "additionalProperties": False,
        "if": {"required": ["at_least"]},
        "then": {"maxProperties": 1},
        "else": {"required": ["option"]},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://taverna-rules.invalid/schemas/effect.schema.json",
        "title": "taverna_rules effect",
        "$ref": "#/$defs/effect",
        "$defs": {"effect": effect, "expr": expr, "cond": cond},
    }


def parse_expr(value: Any) -> Expr:
    """Build an expression from schema-valid data."""
    if isinstance(value, int):
        return value
    if "count" in value:
        return Count(str(value["count"]))
    table = value["table"]
    return Table(
        parse_expr(table["of"]),
        tuple(int(v) for v in table["at_least"]),
        tuple(int(v) for v in table["points"]),
    )


def _parse_args(value: Mapping[str, Any], exprs: tuple[str, ...]) -> tuple[tuple[str, Arg], ...]:
    out: list[tuple[str, Arg]] = []
    for key in sorted(value):
        raw = value[key]
        if key in exprs:
            out.append((key, parse_expr(raw)))
        elif isinstance(raw, bool | int | str):
            out.append((key, raw))
    return tuple(out)


def parse_cond(value: Mapping[str, Any]) -> Cond:
    """Build a condition from schema-valid data."""
    if "at_least" in value:
        left, right = value["at_least"]
        return AtLeast(parse_expr(left), parse_expr(right))
    return OptionIs(str(value["option"]), value.get("equals", True))


def parse_effect(value: Mapping[str, Any]) -> Node:
    """Build an effect tree from schema-valid data (one key: the op)."""
    ((op, body),) = value.items()
    if op in ("seq", "choose"):
        return Node(op, (), tuple(parse_effect(item) for item in body))
    if op == "optional":
        return Node(op, (), (parse_effect(body),))
    if op == "if":
        children = [parse_effect(body["then"])]
        if "else" in body:
            children.append(parse_effect(body["else"]))
        return Node(op, (("cond", parse_cond(body["cond"])),), tuple(children))
    if op == "repeat":
        return Node(op, (("times", parse_expr(body["times"])),), (parse_effect(body["effect"]),))
    if op == "for_each":
        return Node(op, (("players", str(body["players"])),), (parse_effect(body["effect"]),))
    return Node(op, _parse_args(body, ("amount", "count", "levels")))


class _Formatter(string.Formatter):
    """``str.format`` plus the ``{field:one|many}`` noun forms of :class:`Text`."""

    def __init__(self, singular: frozenset[str]) -> None:
        super().__init__()
        self.singular = singular

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            return one if str(value) in self.singular else many
        return super().format_field(value, format_spec)


# French puts zero and one in the singular ("0 sou"), English and Dutch only one.
_FORMATTERS: Mapping[str, _Formatter] = {
    "en": _Formatter(frozenset({"1", "-1"})),
    "fr": _Formatter(frozenset({"0", "1", "-1"})),
    "nl": _Formatter(frozenset({"1", "-1"})),
}


def _fill(text: Text, lang: str, **fields: str) -> str:
    return _FORMATTERS[lang].vformat(text.get(lang), (), fields)


def render_expr(expr: Expr, lang: str = "en") -> str:
    """Text of an expression: ``2``, ``coins in hand``, ``3/6/9 for 0/2/3 ...``.

    In French and Dutch a count standing alone reads "the number of ...".
    """
    check_language(lang)
    if isinstance(expr, int):
        return str(expr)
    if isinstance(expr, Count):
        return _fill(PHRASES["count"], lang, many=_noun(expr, lang))
    return _points(expr) + PHRASES["for"].get(lang) + _steps(expr, lang)


def _noun(expr: Expr, lang: str) -> str:
    """A count as the plural noun phrase that follows a number; other expressions as text."""
    if isinstance(expr, Count):
        text = COUNT_TEXTS.get(expr.what)
        return text.many.get(lang) if text is not None else expr.what
    return render_expr(expr, lang)


def _points(table: Table) -> str:
    return "/".join(str(p) for p in table.points)


def _steps(table: Table, lang: str) -> str:
    return "/".join(str(t) for t in table.at_least) + " " + _noun(table.of, lang)


def render(
    node: Node,
    people_name: Callable[[str], str] = str,
    lang: str = "en",
    *,
    symbol_name: Callable[[str], str] = str,
    option_name: Callable[[str], str] = str,
) -> str:
    """Rules text of an effect in ``lang`` (one of :data:`LANGUAGES`), from the op texts.

    ``people_name``, ``symbol_name`` and ``option_name`` turn a people id, a guild symbol
    id and a rule option id into the words to show (by default the ids themselves). A
    language not in :data:`LANGUAGES` raises :exc:`ValueError`.

    A table amount keeps the template's unit next to its points:
    ``score 3/6/9/12/15 VP for 0/2/3/4/5 royal favours owned, used or not``.
    """
    check_language(lang)
    return _render(node, lang, _Names(people_name, symbol_name, option_name))


@attrs.frozen
class _Names:
    """How a rendering names peoples, guild symbols and rule options."""

    people: Callable[[str], str]
    symbol: Callable[[str], str]
    option: Callable[[str], str]


def _render(node: Node, lang: str, names: _Names) -> str:
    spec = OPS[node.op]
    children = [_render(child, lang, names) for child in node.children]
    if node.op in _LISTS:
        # "choose one: a or choose one: b or c" is ambiguous: bracket the inner list.
        children = [
            f"({text})" if child.op in _LISTS else text
            for child, text in zip(node.children, children, strict=True)
        ]
    joiner = PHRASES["or" if node.op == "choose" else "then"].get(lang)
    fields: dict[str, str] = {"children": joiner.join(children)}
    suffix = ""
    if node.op == "if":
        cond = node.arg("cond")
        if isinstance(cond, OptionIs):
            if cond.value is True:
                fields["cond"] = _fill(PHRASES["option_on"], lang, option=names.option(cond.option))
            else:
                shown = str(cond.value).lower() if isinstance(cond.value, bool) else str(cond.value)
                fields["cond"] = _fill(
                    PHRASES["option_is"], lang, option=names.option(cond.option), value=shown
                )
        elif (
            isinstance(cond, AtLeast)
            and isinstance(cond.left, Count)
            and isinstance(cond.right, int)
            and cond.left.what in COUNT_TEXTS
        ):
            words = COUNT_TEXTS[cond.left.what]
            many = (words.each if cond.right == 1 else words.many).get(lang)
            fields["cond"] = _fill(PHRASES["have_at_least"], lang, right=str(cond.right), many=many)
        else:
            assert isinstance(cond, AtLeast)
            fields["cond"] = _fill(
                PHRASES["at_least"],
                lang,
                left=render_expr(cond.left, lang),
                right=render_expr(cond.right, lang),
            )
        if len(children) == 2:
            fields["children"] = _fill(PHRASES["otherwise"], lang, then=children[0], **{"else": children[1]})
    for key, value in node.args:
        if key == "cond":
            continue  # rendered above
        if key in ("where", "players") and isinstance(value, str):
            fields[key] = PHRASES[f"{key}:{value}"].get(lang)
            continue
        if key == "people" and isinstance(value, str):
            if value in ("choice", "card"):
                fields[key] = PHRASES[f"people:{value}"].get(lang)
            else:
                fields[key] = _fill(PHRASES["people:named"], lang, name=names.people(value))
        elif key == "symbol" and isinstance(value, str):
            fields[key] = names.symbol(value)
        elif isinstance(value, Table):
            fields[key] = _points(value)
            suffix = PHRASES["for"].get(lang) + _steps(value, lang)
        elif isinstance(value, Count):
            count = COUNT_TEXTS.get(value.what)
            many = count.many.get(lang) if count is not None else value.what
            each = count.each.get(lang) if count is not None else value.what
            fields[key] = _fill(PHRASES["count_amount"], lang, many=many, each=each)
            suffix = _fill(PHRASES["per"], lang, many=many, each=each)
        else:
            fields[key] = str(value)
    fields.setdefault("levels", "1")
    amount = node.arg("amount")
    if node.op == "score_vp" and isinstance(amount, int) and amount < 0:
        return _fill(PHRASES["lose_vp"], lang, amount=str(-amount))
    times = node.arg("times")
    if node.op == "repeat" and isinstance(times, Count) and times.what in COUNT_TEXTS:
        # "1 times: ... per deed" misreads: a count of repeats reads "for each deed: ...".
        each = COUNT_TEXTS[times.what].each.get(lang)
        return _fill(PHRASES["for_every"], lang, each=each, children=fields["children"])
    text = _FORMATTERS[lang].vformat(spec.text.get(lang), (), fields) + suffix
    if node.arg("bonuses") is False:
        text += PHRASES["no_bonuses"].get(lang)
    if node.arg("climb") is True:
        text += PHRASES["climb"].get(lang)
    for clause in ("owners_gain", "takeover_premium"):
        amount = node.arg(clause)
        if isinstance(amount, int) and amount > 0:
            text += _fill(PHRASES[clause], lang, **{clause: str(amount)})
    if node.op == "buy_deed" and not node.arg("takeover_premium"):
        text += PHRASES["takeover_at_price"].get(lang)
    return text
