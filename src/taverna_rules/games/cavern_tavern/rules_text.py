"""Cavern Tavern's rules text (English): the board's places, the orders, the items, the
Nasty the Dwarf Says cards, the secret tasks and the tracks, each rendered from its YAML
through the game's vocabulary (:func:`taverna_rules.rules_text.card_texts` is
the entry point for every game).

>>> import taverna_rules as tr
>>> texts = card_texts(tr.load_rules("cavern_tavern"))
>>> next(t.text for t in texts if t.id == "make_lunch")
'Kitchen task: dice summing to exactly 7. Take Herbs, then score 2 points, then take the First Player Marker.'
"""

from __future__ import annotations

from collections.abc import Mapping

from taverna_rules.content.model import Names
from taverna_rules.core.card_texts import CardText, RulesText, sentence
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.text import Text
from taverna_rules.games.cavern_tavern.ruleset import Order, Place, RuleSet, Track
from taverna_rules.games.cavern_tavern.vocabulary import VOCABULARY, render

__all__ = ["CARD_KINDS", "RULES_TEXT", "card_texts"]

#: The kinds of Cavern Tavern's card texts, in the order :func:`card_texts` lists them.
CARD_KINDS = ("place", "order", "item", "nasty_says", "secret_task", "track")
_HEADINGS: Mapping[str, Text] = {
    "place": Text(en="Places of the Tavern"),
    "order": Text(en="Orders"),
    "item": Text(en="Items"),
    "nasty_says": Text(en="Nasty the Dwarf Says"),
    "secret_task": Text(en="Secret tasks"),
    "track": Text(en="Tracks"),
}
_AREAS = {"cellar": "Cellar place", "kitchen": "Kitchen task", "chores": "Chore"}


def _slashed(values: tuple[int, ...]) -> str:
    return "/".join(map(str, values))


def card_texts(rules: RuleSet, lang: str = "en") -> tuple[CardText, ...]:
    """The rules text of every place, order, item, Nasty the Dwarf Says card, secret task
    and track of ``rules``, in the order of :data:`CARD_KINDS`, then of the content."""
    VOCABULARY.check_language(lang)
    names = {i.id: i.name.get(lang) for i in (*rules.ingredients, rules.potion)}
    names.update({t.id: t.name.get(lang) for t in rules.tracks})

    def effect(node: Node, lead: str = "") -> str:
        return sentence(lead + render(node, lang, name=lambda ident: names.get(ident, ident)))

    out: list[CardText] = []

    def add(kind: str, ident: str, name: Names, *parts: str, provenance: str | None = None) -> None:
        text = " ".join(parts)
        out.append(CardText(kind, ident, name.get(lang), text, lang, provenance, game=rules.game))

    for place in rules.places:
        add("place", place.id, place.name, _dice(place), effect(place.effect), provenance="rulebook")
    for order in rules.orders:
        add("order", order.id, order.name, *_order(order, names), provenance=order.provenance)
    for item in rules.items:
        add(
            "item",
            item.id,
            item.name,
            f"{item.copies} cop{'y' if item.copies == 1 else 'ies'}.",
            effect(item.effect),
            provenance=item.provenance,
        )
    for card in rules.nasty_says:
        add(
            "nasty_says",
            card.id,
            card.name,
            effect(card.demand, "to be free again: "),
            provenance=card.provenance,
        )
    for task in rules.secret_tasks:
        add(
            "secret_task", task.id, task.name, effect(task.effect, "at the end: "), provenance=task.provenance
        )
    for track in rules.tracks:
        add("track", track.id, track.name, _track(track), provenance=track.provenance)
    return tuple(out)


def _dice(place: Place) -> str:
    where = _AREAS.get(place.area, "Action")
    if place.dice_sum:
        return f"{where}: dice summing to exactly {place.dice_sum}."
    return f"{where}: any {place.dice_count} {'die' if place.dice_count == 1 else 'dice'}."


def _order(order: Order, names: Mapping[str, str]) -> list[str]:
    wanted = ", ".join(f"{n} {names.get(i, i)}" for i, n in order.ingredients)
    later = f", then {_slashed(order.points[1:])} a round later each" if len(order.points) > 1 else ""
    parts = [
        f"Deliver {wanted}.",
        f"{order.points[0]} points served in the round it is taken{later}.",
        f"The customers leave after {order.leave_after} rounds"
        + (f" (-{order.leave_lose} points)." if order.leave_lose else "."),
    ]
    if order.track:
        parts.append(f"Served: 1 space up the {names.get(order.track, order.track)} track.")
    if order.item:
        parts.append("Served: draw 1 item.")
    return parts


def _track(track: Track) -> str:
    if track.penalty:
        return (
            f"Down to {track.top}; a Nasty the Dwarf Says card at {_slashed(track.levels)}, once each. "
            f"At the end, by level 0 to {track.top}: -{_slashed(track.penalty)} points."
        )
    changes = "/".join(f"{c}" for c in track.die_change)
    return (
        f"Up to {track.top}; from levels {_slashed(track.levels)}, each task of the kind scores "
        f"+{_slashed(track.extra_points)} points more and may turn one die by up to {changes}."
    )


RULES_TEXT = RulesText(CARD_KINDS, _HEADINGS, card_texts)
