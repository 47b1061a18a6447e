"""Taverns & Dragons' rules text, in English and French: each hero, location, dragon,
event, mission, recipe and tavern power track, rendered from its YAML through the game's
vocabulary (:func:`taverna_rules.rules_text.card_texts` is the entry point for every
game).

>>> import taverna_rules as tr
>>> texts = card_texts(tr.load_rules("taverns_and_dragons"))
>>> print(next(t.text for t in texts if t.id == "laboratoire"))
Costs 1 energy and 1 magma spice carried by the sbire. Gain 2 gold.
"""

from __future__ import annotations

from collections.abc import Mapping

from taverna_rules.core.card_texts import CardText, RulesText, sentence
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverns_and_dragons.ruleset import Cost, RuleSet
from taverna_rules.games.taverns_and_dragons.vocabulary import VOCABULARY

__all__ = ["CARD_KINDS", "RULES_TEXT", "card_texts"]

#: The kinds of card texts, in the order :func:`card_texts` lists them.
CARD_KINDS = ("hero", "location", "dragon", "recipe", "mission", "event", "tavern")
_HEADINGS: Mapping[str, Text] = {
    "hero": Text(en="Heroes", fr="Héros"),
    "location": Text(en="Locations", fr="Lieux"),
    "dragon": Text(en="Dragons", fr="Dragons"),
    "recipe": Text(en="Recipes", fr="Recettes"),
    "mission": Text(en="Missions (module)", fr="Missions (module)"),
    "event": Text(en="Events (module)", fr="Évènements (module)"),
    "tavern": Text(en="Tavern powers (module)", fr="Pouvoirs de taverne (module)"),
}
_WHEN: Mapping[str, Text] = {
    "turn": Text(en="Ability", fr="Capacité"),
    "sbire": Text(
        en="Ability (on the sbire activated this turn)", fr="Capacité (sur le sbire activé ce tour)"
    ),
    "hunt": Text(en="Ability (in a hunt)", fr="Capacité (pendant une chasse)"),
}


def _w(lang: str, en: str, fr: str) -> str:
    return fr if lang == "fr" else en


def _colon(lang: str) -> str:
    return " : " if lang == "fr" else ": "  # French sets a space before a colon


def _say(node: Node, lang: str) -> str:
    return sentence(VOCABULARY.render(node, lang))


def _cost(rules: RuleSet, cost: Cost, lang: str) -> str:
    parts = []
    if cost.gold:
        parts.append(_w(lang, f"{cost.gold} gold", f"{cost.gold} or"))
    if cost.energy:
        parts.append(_w(lang, f"{cost.energy} energy", f"{cost.energy} énergie"))
    if cost.prestige:
        parts.append(_w(lang, f"{cost.prestige} prestige", f"{cost.prestige} prestige"))
    for kind, n in cost.carried:
        carried = _w(lang, "carried by the sbire", "porté par le sbire")
        parts.append(f"{n} {rules.name_of(kind, lang)} {carried}")
    return _w(lang, " and ", " et ").join(parts) or _w(lang, "nothing", "rien")


def _location(rules: RuleSet, ident: str, lang: str) -> str:
    loc = rules.location(ident)
    first = _cost(rules, loc.places[0], lang)
    costs = _w(lang, f"Costs {first}", f"Coûte {first}")
    if any(place != loc.places[0] for place in loc.places[1:]):
        second = _cost(rules, loc.places[1], lang)
        costs += _w(lang, f" (the second visit: {second})", f" (la seconde visite : {second})")
    return f"{costs}. {_say(loc.effect, lang)}"


def _dragon(rules: RuleSet, ident: str, lang: str) -> str:
    dragon = rules.dragon(ident)
    c = _colon(lang)
    rows = []
    for row in dragon.grid:
        symbols = ", ".join(rules.name_of(s, lang) for s in row.symbols)
        players = (
            _w(lang, f" ({row.players}+ players)", f" ({row.players} joueurs et plus)") if row.players else ""
        )
        rows.append(f"{symbols}{players}{c}{VOCABULARY.render(row.reward, lang)}")
    lands = _w(lang, f"Lands on space {dragon.location}.", f"Se pose sur l'emplacement {dragon.location}.")
    appears = _w(lang, "On waking", "À son réveil") + c + VOCABULARY.render(dragon.appearance, lang)
    grid = _w(lang, "Grid", "Grille") + c + "; ".join(rows)
    special = _w(lang, "Special attack", "Attaque spéciale") + c + VOCABULARY.render(dragon.special, lang)
    return " ".join((lands, sentence(appears), sentence(grid), sentence(special)))


def card_texts(rules: RuleSet, lang: str = "en") -> tuple[CardText, ...]:
    """The rules text of every card of ``rules``, in the order of :data:`CARD_KINDS`,
    then of the content."""
    VOCABULARY.check_language(lang)
    c = _colon(lang)
    out: list[CardText] = []

    def add(kind: str, ident: str, name: str, text: str, provenance: str | None) -> None:
        out.append(CardText(kind, ident, name, text, lang, provenance, game=rules.game))

    for hero in rules.heroes:
        head = _w(
            lang, f"{hero.cost} gold, {hero.prestige} prestige.", f"{hero.cost} or, {hero.prestige} prestige."
        )
        ability = _WHEN[hero.when].get(lang) + c + VOCABULARY.render(hero.ability, lang)
        bonus = (
            _w(lang, "Bonus, once a game", "Bonus, une fois par partie")
            + c
            + VOCABULARY.render(hero.bonus, lang)
        )
        add(
            "hero",
            hero.id,
            hero.name.get(lang),
            f"{head} {sentence(ability)} {sentence(bonus)}",
            hero.provenance,
        )
    for loc in rules.locations:
        add("location", loc.id, loc.name.get(lang), _location(rules, loc.id, lang), loc.provenance)
    for dragon in rules.dragons:
        add("dragon", dragon.id, dragon.name.get(lang), _dragon(rules, dragon.id, lang), dragon.provenance)
    for recipe in rules.recipes:
        needs = ", ".join(f"{n} {rules.name_of(kind, lang)}" for kind, n in recipe.ingredients)
        text = _w(
            lang,
            f"{recipe.prestige} prestige. Takes {needs}.",
            f"{recipe.prestige} prestige. Demande {needs}.",
        )
        add("recipe", recipe.id, recipe.name.get(lang), text, recipe.provenance)
    for mission in rules.missions:
        scored = Node("if", (("cond", mission.condition),), (Node("score", (("points", mission.prestige),)),))
        add("mission", mission.id, mission.name.get(lang), _say(scored, lang), mission.provenance)
    for event in rules.events:
        a = "A" + c + VOCABULARY.render(event.a, lang)
        b = "B" + c + VOCABULARY.render(event.b, lang)
        add("event", event.id, event.name.get(lang), f"{sentence(a)} {sentence(b)}", event.provenance)
    for tavern in rules.taverns:
        spaces = " ".join(
            sentence(f"{index}{c}{VOCABULARY.render(effect, lang)}")
            for index, effect in enumerate(tavern.power, 1)
        )
        add("tavern", tavern.id, tavern.name.get(lang), spaces, "reconstructed")
    return tuple(out)


RULES_TEXT = RulesText(CARD_KINDS, _HEADINGS, card_texts)
