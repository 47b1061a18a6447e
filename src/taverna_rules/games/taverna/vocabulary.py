"""Taverna's effect vocabulary: its primitive ops, what ``{count: ...}`` counts, and the
words of its rules text in English, French and Dutch (the languages of its rulebooks).

:data:`VOCABULARY` joins them to the control ops of the core
(:func:`taverna_rules.dsl.ops.control_ops`); it is the one source of the effect JSON
Schema (:func:`effect_schema`), the DSL reference in the docs and the rules text
(:func:`render`). Each primitive op has an executor in
:mod:`taverna_rules.games.taverna.effects`; a test proves the two tables name the same ops.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from taverna_rules.dsl.nodes import Expr, Node
from taverna_rules.dsl.ops import MAX_REPEAT, OpSpec, control_ops
from taverna_rules.dsl.schema import EXPR, args_schema, or_expression
from taverna_rules.dsl.text import CORE_PHRASES, CountText, Text
from taverna_rules.dsl.vocabulary import Vocabulary

__all__ = [
    "COUNTS",
    "COUNT_TEXTS",
    "LANGUAGES",
    "MAX_LEVELS",
    "MAX_REPEAT",
    "OPS",
    "PHRASES",
    "TARGETS",
    "VOCABULARY",
    "check_language",
    "effect_schema",
    "render",
    "render_expr",
]

JSON = dict[str, Any]
#: The languages of Taverna's rules text: those of its rulebooks.
LANGUAGES: tuple[str, ...] = ("en", "fr", "nl")
#: Whom ``for_each`` resolves its effect for.
TARGETS = ("opponents", "all", "chosen_opponent", "deed_owners")
_TARGETS_DOC = (
    "opponents: every other player, clockwise from you; "
    "all: every player, you first; chosen_opponent: one opponent you choose; "
    "deed_owners: every owner of a deed of the tavern where this turn's "
    "customer sits, clockwise from you (you too if you own one)"
)


def _amount(word: str) -> JSON:
    return args_schema({word: EXPR}, (word,))


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

#: The words Taverna's rules text adds to the core's (:data:`~taverna_rules.dsl.text.CORE_PHRASES`):
#: ``where:*``, ``players:*`` and ``people:*`` are the words for the values of ``where``,
#: ``players`` and ``people`` (``people:named`` wraps a people's name); ``no_bonuses``
#: ends the text of a move up tracks with ``bonuses: false``; the clauses after it are
#: written only when they change something (no "its owners gain 0 coins").
PHRASES: Mapping[str, Text] = {
    **CORE_PHRASES,
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
    "lose_vp": Text(en="lose {amount} VP", fr="perdez {amount} PV", nl="verlies {amount} WP"),
    "climb": Text(
        en=", and gain 1 level on the track of its people",
        fr=", et montez de 1 niveau sur l'échelle de son peuple",
        nl=", en stijg 1 niveau op het volkerenspoor van zijn volk",
    ),
}

#: The most levels one op gives, and how its value is written.
MAX_LEVELS = 3
_LEVELS: JSON = or_expression({"type": "integer", "minimum": 1, "maximum": MAX_LEVELS})
_PEOPLE: JSON = {
    "type": "string",
    "description": "a people id, 'card' (the people of the customer played) or 'choice'",
}

OPS: Mapping[str, OpSpec] = {
    spec.name: spec
    for spec in (
        *control_ops(TARGETS, _TARGETS_DOC, ("gain_coins: {amount: 2}", "draw_spells: {count: 1}", "coins")),
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
            args_schema({"people": _PEOPLE, "levels": _LEVELS, "bonuses": {"type": "boolean"}}, ("people",)),
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
            args_schema(
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
            args_schema(
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
            args_schema({"count": {"type": "integer", "minimum": 1, "maximum": 5}}, ("count",)),
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
            args_schema({"symbol": {"type": "string", "description": "a guild symbol id"}}, ("symbol",)),
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
            args_schema({}, ()),
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
            args_schema({}, ()),
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
            args_schema({"owners_gain": {"type": "integer", "minimum": 0, "maximum": 10}}, ("owners_gain",)),
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
            args_schema({"count": {"type": "integer", "minimum": 1, "maximum": 3}}, ("count",)),
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
            args_schema({"climb": {"type": "boolean"}}, ()),
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
            args_schema({"levels": _LEVELS, "bonuses": {"type": "boolean"}}, ("levels",)),
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


def _lose_vp(vocabulary: Vocabulary, node: Node, lang: str) -> str | None:
    amount = node.arg("amount")
    if node.op == "score_vp" and isinstance(amount, int) and amount < 0:
        return vocabulary.phrase("lose_vp", lang, amount=str(-amount))
    return None


def _clauses(vocabulary: Vocabulary, node: Node, lang: str) -> str:
    text = ""
    if node.arg("bonuses") is False:
        text += vocabulary.phrases["no_bonuses"].get(lang)
    if node.arg("climb") is True:
        text += vocabulary.phrases["climb"].get(lang)
    for clause in ("owners_gain", "takeover_premium"):
        amount = node.arg(clause)
        if isinstance(amount, int) and amount > 0:
            text += vocabulary.phrase(clause, lang, **{clause: str(amount)})
    if node.op == "buy_deed" and not node.arg("takeover_premium"):
        text += vocabulary.phrases["takeover_at_price"].get(lang)
    return text


VOCABULARY = Vocabulary(
    ops=OPS,
    counts=COUNT_TEXTS,
    phrases=PHRASES,
    languages=LANGUAGES,
    field_defaults={"levels": "1"},
    special=_lose_vp,
    clauses=_clauses,
)


def check_language(lang: str) -> str:
    """``lang`` itself when it is one of :data:`LANGUAGES`; a :exc:`ValueError` otherwise."""
    return VOCABULARY.check_language(lang)


def effect_schema() -> JSON:
    """The JSON Schema (Draft 2020-12) of a Taverna effect, generated from :data:`OPS`."""
    return VOCABULARY.effect_schema()


def render_expr(expr: Expr, lang: str = "en") -> str:
    """Text of an expression: ``2``, ``coins in hand``, ``3/6/9 for 0/2/3 ...``."""
    return VOCABULARY.render_expr(expr, lang)


def render(
    node: Node,
    people_name: Callable[[str], str] = str,
    lang: str = "en",
    *,
    symbol_name: Callable[[str], str] = str,
    option_name: Callable[[str], str] = str,
) -> str:
    """Rules text of a Taverna effect in ``lang`` (one of :data:`LANGUAGES`).

    ``people_name``, ``symbol_name`` and ``option_name`` turn a people id, a guild symbol
    id and a rule option id into the words to show (by default the ids themselves). A
    language not in :data:`LANGUAGES` raises :exc:`ValueError`.

    A table amount keeps the template's unit next to its points:
    ``score 3/6/9/12/15 VP for 0/2/3/4/5 royal favours owned, used or not``.
    """
    names = {"people": people_name, "symbol": symbol_name}
    return VOCABULARY.render(node, lang, names=names, option_name=option_name)
