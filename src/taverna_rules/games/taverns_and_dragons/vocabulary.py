"""Taverns & Dragons' effect vocabulary: its primitive ops, whom ``for_each`` falls on,
what ``{count: ...}`` counts, and the words of its rules text, in English and French. The
core's :class:`~taverna_rules.dsl.vocabulary.Vocabulary` makes the effect schema and the
rules text from them.

"You" in an effect is the player it resolves for; "your sbire" is the sbire being
activated or hunting (for a tavern power or an ability used outside an activation, the
sbire the player chooses)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from taverna_rules.dsl.ops import OpSpec, control_ops
from taverna_rules.dsl.schema import EXPR, args_schema
from taverna_rules.dsl.text import CORE_PHRASES, CountText, Text
from taverna_rules.dsl.vocabulary import Vocabulary
from taverna_rules.games.taverns_and_dragons.ruleset import INGREDIENTS

__all__ = ["ATTACKS", "COUNT_TEXTS", "FACE", "OPS", "SYMBOLS", "TARGETS", "VOCABULARY"]

JSON = dict[str, Any]
_NONE = args_schema({}, ())
#: The symbols of the hunting dice: three that strike, the wound, the dragon's fury.
ATTACKS = ("sword", "arrow", "axe")
SYMBOLS = (*ATTACKS, "wound", "dragon")
_INGREDIENT: JSON = {"enum": list(INGREDIENTS)}
#: A face of a hunting die: the symbols it shows.
FACE: JSON = {
    "type": "array",
    "items": {"enum": list(SYMBOLS)},
    "minItems": 1,
    "maxItems": 3,
    "description": "a face of a hunting die, as the symbols it shows",
}

#: Whom ``for_each`` resolves its effect for, each acting as "you" in it.
TARGETS = ("all", "opponents", "chosen_opponent", "lowest_prestige", "highest_prestige")
_TARGETS_DOC = (
    "all: every player, from the first player; opponents: every other player, from your "
    "left; chosen_opponent: one other player you choose; lowest_prestige and "
    "highest_prestige: the players tied last (first) on prestige"
)


def _count(en: tuple[str, str], fr: tuple[str, str]) -> CountText:
    return CountText(Text(en=en[0], fr=fr[0]), Text(en=en[1], fr=fr[1]))


#: What ``{count: ...}`` counts, for the acting player.
COUNT_TEXTS: Mapping[str, CountText] = {
    "gold": _count(("gold", "gold"), ("pièces d'or", "pièce d'or")),
    "energy": _count(("energy gems", "energy gem"), ("gemmes d'énergie", "gemme d'énergie")),
    "runes": _count(("runes", "rune"), ("runes", "rune")),
    "prestige": _count(("prestige", "prestige"), ("points de prestige", "point de prestige")),
    "heroes": _count(("heroes", "hero"), ("héros", "héros")),
    "trophies": _count(("trophies", "trophy"), ("trophées", "trophée")),
    "recipes": _count(("recipes cooked", "recipe cooked"), ("recettes cuisinées", "recette cuisinée")),
    "pantry": _count(
        ("ingredients in your pantry", "ingredient in your pantry"),
        ("ingrédients dans votre garde-manger", "ingrédient dans votre garde-manger"),
    ),
    "pantry_kinds": _count(
        ("kinds of ingredient in your pantry", "kind of ingredient in your pantry"),
        ("sortes d'ingrédients dans votre garde-manger", "sorte d'ingrédient dans votre garde-manger"),
    ),
    "mushrooms": _count(
        ("magic mushrooms in your pantry", "magic mushroom in your pantry"),
        ("champignons magiques dans votre garde-manger", "champignon magique dans votre garde-manger"),
    ),
    "plants": _count(
        ("wild plants in your pantry", "wild plant in your pantry"),
        ("plantes sauvages dans votre garde-manger", "plante sauvage dans votre garde-manger"),
    ),
    "spices": _count(
        ("magma spices in your pantry", "magma spice in your pantry"),
        ("épices brûle-magma dans votre garde-manger", "épice brûle-magma dans votre garde-manger"),
    ),
    "eggs": _count(
        ("dragon eggs in your pantry", "dragon egg in your pantry"),
        ("œufs de dragon dans votre garde-manger", "œuf de dragon dans votre garde-manger"),
    ),
    "meats": _count(
        ("dragon meats in your pantry", "dragon meat in your pantry"),
        ("viandes de dragon dans votre garde-manger", "viande de dragon dans votre garde-manger"),
    ),
    "wounds": _count(
        ("wounds on your sbires", "wound on your sbires"),
        ("blessures sur vos sbires", "blessure sur vos sbires"),
    ),
    "carried": _count(
        ("ingredients your sbires carry", "ingredient your sbires carry"),
        ("ingrédients portés par vos sbires", "ingrédient porté par vos sbires"),
    ),
    "hero_prestige": _count(
        ("prestige on your heroes", "prestige on your heroes"),
        ("points de prestige de vos héros", "point de prestige de vos héros"),
    ),
    "recipe_prestige": _count(
        ("prestige printed on your recipes", "prestige printed on your recipes"),
        ("points de prestige imprimés sur vos recettes", "point de prestige imprimé sur vos recettes"),
    ),
    "damage": _count(
        ("damage markers you placed", "damage marker you placed"),
        ("marqueurs de dégâts posés", "marqueur de dégâts posé"),
    ),
    "sbires_at_gates": _count(
        ("sbires at the city gates", "sbire at the city gates"),
        ("sbires aux portes de la cité", "sbire aux portes de la cité"),
    ),
}


def _op(name: str, schema: JSON, doc: str, example: str, en: str, fr: str) -> OpSpec:
    return OpSpec(name, "primitive", schema, doc, example, Text(en=en, fr=fr))


def _amount() -> JSON:
    return args_schema({"amount": EXPR}, ("amount",))


def _gain_lose(what: str, en: str, fr: str, limit: str) -> tuple[OpSpec, OpSpec]:
    return (
        _op(
            f"gain_{what}",
            _amount(),
            f"Gain {en} from the reserve ({limit}).",
            f"gain_{what}: {{amount: 1}}",
            f"gain {{amount}} {en}",
            f"gagnez {{amount}} {fr}",
        ),
        _op(
            f"lose_{what}",
            _amount(),
            f"Give {en} back to the reserve (what you have, at most).",
            f"lose_{what}: {{amount: 1}}",
            f"lose {{amount}} {en}",
            f"perdez {{amount}} {fr}",
        ),
    )


_INGREDIENT_CHOICE: JSON = {
    "if": {"type": "array"},
    "then": {"type": "array", "items": _INGREDIENT, "minItems": 2, "uniqueItems": True},
    "else": {"enum": [*INGREDIENTS, "any"]},
    "description": "one ingredient, 'any' (your choice of the five) or a list to choose from",
}

#: Taverns & Dragons' primitive ops. A reserve that runs out gives what is left (l.220).
PRIMITIVES: tuple[OpSpec, ...] = (
    *_gain_lose("gold", "gold", "{amount:pièce|pièces} d'or", "what is left of the 25 coins"),
    *_gain_lose("energy", "energy", "{amount:gemme|gemmes} d'énergie", "what is left of the 25 gems, l.220"),
    _op(
        "gain_runes",
        _amount(),
        "Gain reroll runes (l.250-254; what is left of the 10).",
        "gain_runes: {amount: 1}",
        "gain {amount} {amount:rune|runes}",
        "gagnez {amount} {amount:rune|runes}",
    ),
    _op(
        "score",
        args_schema({"points": EXPR}, ("points",)),
        "Score prestige; a negative number loses it, never below 0 (B17).",
        "score: {points: 2}",
        "score {points} prestige",
        "marquez {points} points de prestige",
    ),
    _op(
        "gain_ingredient",
        args_schema({"ingredient": _INGREDIENT_CHOICE, "to": {"enum": ["pantry", "sbire"]}}, ("ingredient",)),
        "Take an ingredient from the reserve into your pantry, or onto a free slot of your "
        "sbire (``to: sbire``; none without a free slot); ``any`` or a list lets you choose.",
        "gain_ingredient: {ingredient: egg}",
        "take {ingredient} into your {to}",
        "prenez {ingredient} dans votre {to}",
    ),
    _op(
        "lose_ingredient",
        args_schema({"from": {"enum": ["pantry", "sbire"]}}, ("from",)),
        "Discard an ingredient of your choice from your pantry or from your sbire.",
        "lose_ingredient: {from: sbire}",
        "discard an ingredient from your {from}",
        "défaussez un ingrédient de votre {from}",
    ),
    _op(
        "wound",
        _amount(),
        "Your sbire takes wounds, each on a free slot; with none free, an ingredient of your "
        "choice there is discarded for it (l.325-327).",
        "wound: {amount: 1}",
        "your sbire takes {amount} {amount:wound|wounds}",
        "votre sbire subit {amount} {amount:blessure|blessures}",
    ),
    _op(
        "heal",
        _NONE,
        "Your sbire discards its wounds.",
        "heal: {}",
        "your sbire discards its wounds",
        "votre sbire défausse ses blessures",
    ),
    _op(
        "teleport",
        args_schema({"to": {"enum": ["any", "gates"]}}, ("to",)),
        "Your sbire goes to another region of your choice (``any``) or to the city gates, "
        "without moving through the regions between (no rune, B4).",
        "teleport: {to: any}",
        "move your sbire to {to}",
        "déplacez votre sbire {to}",
    ),
    _op(
        "reroll_dice",
        _NONE,
        "Reroll one or more of your available action dice (l.558-559).",
        "reroll_dice: {}",
        "reroll any of your available action dice",
        "relancez un ou plusieurs de vos dés d'action disponibles",
    ),
    _op(
        "raise_dice",
        _amount(),
        "Turn each of your available action dice up, never past the highest face (l.505).",
        "raise_dice: {amount: 1}",
        "turn each of your available action dice up by {amount}",
        "augmentez de {amount} chacun de vos dés d'action disponibles",
    ),
    _op(
        "match_dice",
        _NONE,
        "Turn your available action dice to match those of a player you choose (l.529, B20).",
        "match_dice: {}",
        "turn your available action dice to match another player's",
        "rendez vos dés d'action disponibles identiques à ceux d'un autre joueur",
    ),
    _op(
        "set_hunting_die",
        args_schema({"faces": {"type": "array", "items": FACE, "minItems": 1, "maxItems": 6}}, ("faces",)),
        "In a hunt, turn one hunting die to one of these faces.",
        "set_hunting_die: {faces: [[sword]]}",
        "turn a hunting die to {faces}",
        "tournez un dé de chasse sur {faces}",
    ),
    _op(
        "add_hunting_die",
        _NONE,
        "In a hunt, roll one more hunting die.",
        "add_hunting_die: {}",
        "roll one more hunting die",
        "lancez un dé de chasse de plus",
    ),
    _op(
        "extra_collect",
        _NONE,
        "Your sbire may collect once more in this activation (l.593).",
        "extra_collect: {}",
        "your sbire may collect once more",
        "votre sbire peut collecter une fois de plus",
    ),
    _op(
        "collect_to_pantry",
        _NONE,
        "Put an ingredient of your sbire's region (a token there, or the printed one) "
        "straight into your pantry (l.513).",
        "collect_to_pantry: {}",
        "put an ingredient of your sbire's region into your pantry",
        "placez dans votre garde-manger un ingrédient de la région de votre sbire",
    ),
    _op(
        "duplicate_ingredient",
        _NONE,
        "Put a second token of an ingredient your sbire carries on top of it (l.509).",
        "duplicate_ingredient: {}",
        "double an ingredient your sbire carries",
        "doublez un ingrédient porté par votre sbire",
    ),
    _op(
        "swap_ingredients",
        _NONE,
        "Swap an ingredient your sbire carries with one carried by another player's sbire in "
        "its region, both of your choice (l.501).",
        "swap_ingredients: {}",
        "swap an ingredient with another sbire in your sbire's region",
        "échangez un ingrédient avec un autre sbire de la région de votre sbire",
    ),
    _op(
        "step",
        args_schema({"regions": {"type": "integer", "minimum": 1, "maximum": 3}}, ("regions",)),
        "Your sbire moves that many more regions along the path (forks allowed).",
        "step: {regions: 1}",
        "your sbire moves {regions} more {regions:region|regions}",
        "votre sbire avance de {regions} {regions:région|régions} de plus",
    ),
    _op(
        "visit",
        args_schema(
            {
                "waive": {"type": "array", "items": {"enum": ["gold", "energy"]}, "uniqueItems": True},
                "dragon": {"type": "boolean"},
            },
            (),
        ),
        "Your sbire visits a location adjacent to it now; ``waive`` lists costs it does not "
        "pay (l.521), ``dragon: true`` allows a location where the dragon is (l.525).",
        "visit: {waive: [energy]}",
        "your sbire visits an adjacent location",
        "votre sbire visite un lieu adjacent",
    ),
    _op(
        "damage",
        args_schema({"symbol": {"enum": list(ATTACKS)}}, ("symbol",)),
        "Put a damage marker of this symbol on the dragon adjacent to your sbire (l.554).",
        "damage: {symbol: sword}",
        "put {symbol} damage marker on the dragon",
        "placez un marqueur de dégâts {symbol} sur le dragon",
    ),
    _op(
        "second_activation",
        _NONE,
        "Reroll the die on your sbire; the sbire is at once activated again with it (l.536).",
        "second_activation: {}",
        "reroll your sbire's die and activate it again",
        "relancez le dé de votre sbire et activez-le de nouveau",
    ),
    _op(
        "pantry_drop",
        _NONE,
        "Put the ingredients your sbire carries into your pantry (l.562-563).",
        "pantry_drop: {}",
        "put the ingredients your sbire carries into your pantry",
        "placez dans votre garde-manger les ingrédients portés par votre sbire",
    ),
    _op(
        "dungeon",
        _NONE,
        "Search the dungeon: draw Dungeon tokens one at a time, gaining gold or prestige, "
        "until you stop or draw a wound (l.545-549).",
        "dungeon: {}",
        "search the dungeon",
        "fouillez le donjon",
    ),
    _op(
        "forge",
        _NONE,
        "Draw a Forge token (one at most): on your next hunt it places its damage marker (l.552-554).",
        "forge: {}",
        "draw a Forge token",
        "piochez un jeton Forge",
    ),
    _op(
        "swap_hero",
        _NONE,
        "Swap a hero of your tavern for one of the market, which comes in ready (l.585-587).",
        "swap_hero: {}",
        "swap one of your heroes for one of the market",
        "échangez un de vos héros contre un héros du marché",
    ),
    _op(
        "copy_ability",
        _NONE,
        "Use the ability of any hero, exhausted or not: yours, another player's or one of the "
        "market (l.517).",
        "copy_ability: {}",
        "use the ability of any hero",
        "utilisez la capacité de n'importe quel héros",
    ),
    _op(
        "ready_hero",
        _NONE,
        "Ready one of your exhausted heroes.",
        "ready_hero: {}",
        "ready one of your heroes",
        "redressez un de vos héros",
    ),
    _op(
        "fire",
        _NONE,
        "Put a fire token on a free place of a location of your choice: it is taken until the "
        "round's upkeep.",
        "fire: {}",
        "set fire to a place of a location",
        "enflammez une place d'un lieu",
    ),
    _op(
        "frost",
        _NONE,
        "Put a frost token on your sbire: its next move is one region shorter (at least 1).",
        "frost: {}",
        "freeze your sbire",
        "gelez votre sbire",
    ),
)
#: The words of the control ops' examples: two of the game's ops and one of its counts.
_EXAMPLES = ("gain_gold: {amount: 2}", "gain_runes: {amount: 1}", "heroes")
OPS: Mapping[str, OpSpec] = {
    op.name: op for op in (*control_ops(TARGETS, _TARGETS_DOC, _EXAMPLES), *PRIMITIVES)
}
PHRASES: Mapping[str, Text] = {
    **CORE_PHRASES,
    "players:all": Text(en="every player", fr="chaque joueur"),
    "players:opponents": Text(en="each opponent", fr="chaque adversaire"),
    "players:chosen_opponent": Text(en="an opponent of your choice", fr="un adversaire de votre choix"),
    "players:lowest_prestige": Text(
        en="each player last on prestige", fr="chaque joueur dernier en prestige"
    ),
    "players:highest_prestige": Text(
        en="each player first on prestige", fr="chaque joueur premier en prestige"
    ),
    "from:pantry": Text(en="pantry", fr="garde-manger"),
    "from:sbire": Text(en="sbire", fr="sbire"),
    **{
        f"symbol:{s}": Text(en=en, fr=fr)
        for s, (en, fr) in {
            "sword": ("sword", "épée"),
            "arrow": ("arrow", "flèche"),
            "axe": ("axe", "hache"),
        }.items()
    },
}

#: Each ingredient with its article, and each symbol, in English and French.
_INGREDIENT_WORDS = {
    "mushroom": ("a magic mushroom", "un champignon magique"),
    "plant": ("a wild plant", "une plante sauvage"),
    "spice": ("a magma spice", "une épice brûle-magma"),
    "egg": ("a dragon egg", "un œuf de dragon"),
    "meat": ("a dragon meat", "une viande de dragon"),
}
_SYMBOL_WORDS = {
    "sword": ("sword", "épée"),
    "arrow": ("arrow", "flèche"),
    "axe": ("axe", "hache"),
    "wound": ("wound", "blessure"),
    "dragon": ("dragon's fury", "furie du dragon"),
}


def _pick(lang: str, en: str, fr: str) -> str:
    return fr if lang == "fr" else en


def _either(items: list[str], lang: str) -> str:
    """``a, b or c`` / ``a, b ou c``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + _pick(lang, " or ", " ou ") + items[-1]


def _ingredients(value: Any, lang: str) -> str:
    if value == "any":
        return _pick(lang, "an ingredient of your choice", "un ingrédient de votre choix")
    kinds = [str(v) for v in value] if isinstance(value, tuple) else [str(value)]
    return _either([_pick(lang, *_INGREDIENT_WORDS[k]) for k in kinds if k in _INGREDIENT_WORDS], lang)


def _face_words(face: Any, lang: str) -> str:
    symbols = [str(s) for s in face] if isinstance(face, tuple) else [str(face)]
    return _pick(lang, " and ", " et ").join(_pick(lang, *_SYMBOL_WORDS.get(s, (s, s))) for s in symbols)


def _special(vocabulary: Vocabulary, node: Any, lang: str) -> str | None:
    """The ops whose arguments are lists or read better whole: an ingredient (one, any, or
    a list to choose from), a hunting die's faces, a visit's waived costs, a teleport."""
    op = node.op
    if op == "gain_ingredient":
        what = _ingredients(node.arg("ingredient", "any"), lang)
        if node.arg("to", "pantry") == "sbire":
            return _pick(lang, f"your sbire takes {what}", f"votre sbire prend {what}")
        return _pick(lang, f"take {what} into your pantry", f"prenez {what} dans votre garde-manger")
    if op == "set_hunting_die":
        faces = node.arg("faces", ())
        said = _either([_face_words(f, lang) for f in faces] if isinstance(faces, tuple) else [], lang)
        return _pick(lang, f"turn a hunting die to {said}", f"tournez un dé de chasse sur {said}")
    if op == "visit":
        waive = node.arg("waive", ())
        extra = ""
        if isinstance(waive, tuple) and waive:
            costs = _pick(lang, " and ", " et ").join(
                _pick(lang, "energy", "l'énergie") if w == "energy" else _pick(lang, "gold", "l'or")
                for w in waive
            )
            extra += _pick(lang, f" without paying its {costs}", f" sans en payer {costs}")
        if node.arg("dragon", False):
            extra += _pick(lang, ", even one where the dragon is", ", même occupé par le dragon")
        return (
            _pick(lang, "your sbire visits an adjacent location", "votre sbire visite un lieu adjacent")
            + extra
        )
    if op == "teleport":
        if node.arg("to") == "gates":
            return _pick(
                lang, "send your sbire to the city gates", "renvoyez votre sbire aux portes de la cité"
            )
        return _pick(
            lang, "move your sbire to any other region", "déplacez votre sbire dans une autre région"
        )
    return None


VOCABULARY = Vocabulary(
    ops=OPS,
    counts=COUNT_TEXTS,
    phrases=PHRASES,
    languages=("en", "fr"),
    special=_special,
)
