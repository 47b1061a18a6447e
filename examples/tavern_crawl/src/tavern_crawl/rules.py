"""Tavern Crawl's content: its effect vocabulary (three primitive ops and one count), its
file kinds and their schemas, and the rule set built from them. The core's pipeline
loads, checks and locates the YAML; this module says what the YAML holds."""

from __future__ import annotations

from importlib import resources

import attrs

from taverna_rules import Names
from taverna_rules.content.loader import CONVERTER
from taverna_rules.content.model import PackInfo, RuleOption, supported_players
from taverna_rules.content.problems import Problem
from taverna_rules.content.schema_source import EFFECT, ID, list_of, names_schema, obj, options_kind
from taverna_rules.content.spec import Built, ContentSpec
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.ops import OpSpec, control_ops
from taverna_rules.dsl.parse import parse_effect
from taverna_rules.dsl.schema import EXPR, args_schema
from taverna_rules.dsl.text import CORE_PHRASES, CountText, Text
from taverna_rules.dsl.vocabulary import Vocabulary

__all__ = ["CONTENT", "GAME_ID", "VOCABULARY", "RuleSet", "Tavern"]

# ----------------------------------------------------------------------------- rules: the vocabulary
GAME_ID = "tavern_crawl"


def _op(name: str, word: str, doc: str, example: str, text: str) -> OpSpec:
    return OpSpec(name, "primitive", args_schema({word: EXPR}, (word,)), doc, example, Text(en=text))


#: The ops a tavern's card is written with (each has an executor in ``play``), the core's
#: control ops (``seq``, ``choose``, ``if`` ...) and what ``{count: coins}`` counts.
VOCABULARY = Vocabulary(
    ops={
        op.name: op
        for op in (
            *control_ops((), "", ("gain_coins: {amount: 1}", "score: {points: 2}", "coins")),
            _op(
                "gain_coins",
                "amount",
                "Gain coins.",
                "gain_coins: {amount: 2}",
                "gain {amount} {amount:coin|coins}",
            ),
            _op(
                "pay_coins",
                "amount",
                "Pay coins (all of them, or none).",
                "pay_coins: {amount: 2}",
                "pay {amount} {amount:coin|coins}",
            ),
            _op(
                "score",
                "points",
                "Score points.",
                "score: {points: 3}",
                "score {points} {points:point|points}",
            ),
        )
    },
    counts={"coins": CountText(Text(en="coins"), Text(en="coin"))},
    phrases=CORE_PHRASES,
)


# ----------------------------------------------------------------------------- rules: the content
@attrs.frozen
class Tavern:
    """A tavern of the street: its name and its card."""

    id: str
    name: Names
    effect: Node


@attrs.frozen
class RuleSet:
    """Everything a game is played with: the numbers, the street, the options."""

    fingerprint: str
    player_counts: tuple[int, ...]
    rounds: int
    coins: int
    taverns: tuple[Tavern, ...]
    options: tuple[RuleOption, ...] = ()
    packs: tuple[PackInfo, ...] = ()
    game: str = GAME_ID

    def supported_players(self) -> tuple[int, ...]:
        """The player counts these rules seat."""
        return supported_players(self.player_counts, self.packs)

    def name_of(self, ident: str, lang: str = "en") -> str:
        """A tavern's name (any other id as it is)."""
        return next((t.name.get(lang) for t in self.taverns if t.id == ident), ident)


# ----------------------------------------------------------------------------- wiring: the pipeline
def build(built: Built) -> RuleSet | None:
    """The rule set from the merged content, or None (with a problem said) without a game."""
    game = built.merged.singles.get("game")
    if game is None:
        built.problems.append(Problem("missing-kind", "no 'game' file in the content"))
        return None
    c = game.data["constants"]

    taverns = tuple(
        Tavern(str(t["id"]), CONVERTER.structure(t["name"], Names), parse_effect(t["effect"]))
        for t in built.items("taverns")
    )
    if not taverns:
        built.problems.append(Problem("too-few-cards", "a street has at least one tavern"))
        return None
    options = built.options()
    players = tuple(sorted(c["players"]))
    return RuleSet(built.fingerprint, players, c["rounds"], c["coins"], taverns, options, built.packs)


_NAME = names_schema(("en",))
CONTENT = ContentSpec(
    game=GAME_ID,
    kinds={
        "game": (
            {
                "constants": obj(
                    {
                        "players": list_of({"type": "integer", "minimum": 2, "maximum": 6}, "player counts"),
                        "rounds": {"type": "integer", "minimum": 1, "maximum": 20},
                        "coins": {"type": "integer", "minimum": 0, "maximum": 20},
                    },
                    ["players", "rounds", "coins"],
                )
            },
            ["constants"],
            "The numbers of the game.",
        ),
        "taverns": (
            {
                "taverns": list_of(
                    obj({"id": ID, "name": _NAME, "effect": EFFECT}, ["id", "name", "effect"]), "the street"
                )
            },
            ["taverns"],
            "The taverns of the street, in walking order.",
        ),
        "options": options_kind(_NAME),
    },
    item_lists={"taverns": (("taverns", "taverns", "id"),), "options": (("options", "options", "id"),)},
    build=build,
    cards=resources.files(__package__) / "cards",
    singletons=("game",),
    constants_kind="game",
    names={"taverns": "tavern", "options": "option"},
    effects=VOCABULARY.effect_schema()["$defs"],
)
