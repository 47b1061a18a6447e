"""Taverne's effect vocabulary: its primitive ops (one executor each in
:mod:`taverna_rules.games.taverne.effects`), whom ``for_each`` falls on, what
``{count: ...}`` counts, and the words of its rules text, in English and French. The
core's :class:`~taverna_rules.dsl.vocabulary.Vocabulary` makes the effect schema and the
rules text from them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from taverna_rules.dsl.ops import OpSpec, control_ops
from taverna_rules.dsl.schema import EXPR, args_schema
from taverna_rules.dsl.text import CORE_PHRASES, CountText, Text
from taverna_rules.dsl.vocabulary import Vocabulary

__all__ = ["COUNT_TEXTS", "OPS", "TARGETS", "VOCABULARY"]

JSON = dict[str, Any]
_NONE = args_schema({}, ())
_FEW: JSON = {"type": "integer", "minimum": 1, "maximum": 3}

#: Whom ``for_each`` resolves its effect for, each acting as "you" in it.
TARGETS = ("opponents", "chosen_opponent", "neighbours", "quarrel", "all")
_TARGETS_DOC = (
    "opponents: every other player present, from your left; chosen_opponent: one player "
    "present you choose, in range or not; neighbours: the players on your left and right; "
    "quarrel: the other player of the attack that set the effect off (a power acting when "
    "an attack hits or is dodged); all: every player present, you first"
)


def _count(en: tuple[str, str], fr: tuple[str, str]) -> CountText:
    return CountText(Text(en=en[0], fr=fr[0]), Text(en=en[1], fr=fr[1]))


#: What ``{count: ...}`` counts, for the acting player.
COUNT_TEXTS: Mapping[str, CountText] = {
    "prestige": _count(("Prestige", "Prestige"), ("de Prestige", "de Prestige")),
    "pints": _count(("pints", "pint"), ("chopes", "chope")),
    "butin": _count(("Butin", "Butin"), ("Butin", "Butin")),
    "energy": _count(("Energy", "Energy"), ("d'Énergie", "d'Énergie")),
    "atouts": _count(("Atouts in play", "Atout in play"), ("Atouts en jeu", "Atout en jeu")),
    "specialties": _count(
        ("Specialties in hand", "Specialty in hand"), ("Spécialités en main", "Spécialité en main")
    ),
    "dodges": _count(("dodges", "dodge"), ("esquives", "esquive")),
    "opponents": _count(
        ("opponents present", "opponent present"), ("adversaires présents", "adversaire présent")
    ),
    "knocked_out": _count(
        ("Characters in the KO pile", "Character in the KO pile"),
        ("Personnages au Tas des KO", "Personnage au Tas des KO"),
    ),
}


def _op(name: str, schema: JSON, doc: str, example: str, en: str, fr: str) -> OpSpec:
    return OpSpec(name, "primitive", schema, doc, example, Text(en=en, fr=fr))


def _amount(doc: str) -> JSON:
    return args_schema({"amount": EXPR}, ("amount",))


#: Taverne's primitive ops. Every number is clamped by the hard limits (l.60-63).
PRIMITIVES: tuple[OpSpec, ...] = (
    _op(
        "gain_butin",
        _amount("Butin"),
        "Gain Butin (never above 9).",
        "gain_butin: {amount: 1}",
        "gain {amount} Butin",
        "gagnez {amount} Butin",
    ),
    _op(
        "lose_butin",
        _amount("Butin"),
        "Lose Butin (never below 0).",
        "lose_butin: {amount: 1}",
        "lose {amount} Butin",
        "perdez {amount} Butin",
    ),
    _op(
        "gain_energy",
        _amount("Energy"),
        "Gain Energy (never above 30); any gain ends Sonné.",
        "gain_energy: {amount: 3}",
        "gain {amount} Energy",
        "gagnez {amount} d'Énergie",
    ),
    _op(
        "lose_energy",
        _amount("Energy"),
        "Lose Energy (at 0 you are Sonné).",
        "lose_energy: {amount: 2}",
        "lose {amount} Energy",
        "perdez {amount} d'Énergie",
    ),
    _op(
        "gain_pints",
        _amount("pints"),
        "Gain pints of Prestige (never past the last, 11).",
        "gain_pints: {amount: 1}",
        "gain {amount} {amount:pint|pints}",
        "gagnez {amount} {amount:chope|chopes}",
    ),
    _op(
        "lose_pints",
        _amount("pints"),
        "Lose pints of Prestige (never below the first).",
        "lose_pints: {amount: 1}",
        "lose {amount} {amount:pint|pints}",
        "perdez {amount} {amount:chope|chopes}",
    ),
    _op(
        "draw_specialties",
        args_schema({"count": _FEW}, ("count",)),
        "Draw Specialties from the pile into your hand.",
        "draw_specialties: {count: 1}",
        "draw {count} {count:Specialty|Specialties}",
        "piochez {count} {count:Spécialité|Spécialités}",
    ),
    _op(
        "take_weapon",
        _NONE,
        "Take the top weapon of your pile into your hand, for free.",
        "take_weapon: {}",
        "take the top weapon of your pile into your hand",
        "prenez en main l'arme du dessus de votre pile",
    ),
    _op(
        "discard_crasse",
        _NONE,
        "Discard the Crasse you suffer.",
        "discard_crasse: {}",
        "discard the Crasse you suffer",
        "défaussez la Crasse que vous subissez",
    ),
    _op(
        "discard_atout",
        _NONE,
        "Discard one of your Atouts in play, of your choice.",
        "discard_atout: {}",
        "discard one of your Atouts in play",
        "défaussez un de vos Atouts en jeu",
    ),
)

#: The words of the control ops' examples: two of the game's ops and one of its counts.
_EXAMPLES = ("gain_butin: {amount: 1}", "lose_energy: {amount: 2}", "prestige")
OPS: Mapping[str, OpSpec] = {
    op.name: op for op in (*control_ops(TARGETS, _TARGETS_DOC, _EXAMPLES), *PRIMITIVES)
}

PHRASES: Mapping[str, Text] = {
    **CORE_PHRASES,
    "players:opponents": Text(en="each opponent", fr="chaque adversaire"),
    "players:chosen_opponent": Text(en="an opponent of your choice", fr="un adversaire de votre choix"),
    "players:neighbours": Text(en="each neighbour", fr="chacun de vos voisins"),
    "players:quarrel": Text(en="the other player of the quarrel", fr="l'autre joueur de la querelle"),
    "players:all": Text(en="every player", fr="chaque joueur"),
}

VOCABULARY = Vocabulary(ops=OPS, counts=COUNT_TEXTS, phrases=PHRASES, languages=("en", "fr"))
