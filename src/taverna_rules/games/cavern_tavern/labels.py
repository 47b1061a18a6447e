"""Cavern Tavern in words a player reads: a label for every action and the board as text
(the game module's ``describe_action`` and ``board_text``), in English, its one language.

Places, orders, items, ingredients and Nasty cards are named as the content prints them,
players by name, the tables of the Main Area numbered 1 to 6 as on the board, dice by
their values (``1+3+6``, the way the rulebook adds them up).

>>> import taverna_rules as tr
>>> game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
>>> game.decision.prompt  # each player's opening pick from the Cellar
'Ann: choose one: take Fruit; or take Herbs'
>>> [game.describe(action) for action in game.legal_actions()]
['Take Fruit', 'Take Herbs']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from taverna_rules.core.effects import option_label
from taverna_rules.core.records import HIDDEN, Action
from taverna_rules.core.words import Wording
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.cavern_tavern import actions as act
from taverna_rules.games.cavern_tavern.flow import resolve_ref
from taverna_rules.games.cavern_tavern.ruleset import RuleSet
from taverna_rules.games.cavern_tavern.state import GameState
from taverna_rules.games.cavern_tavern.vocabulary import render

__all__ = ["board_text", "describe_action", "effect_words", "ingredient", "listing"]


def ingredient(rules: RuleSet, ident: str) -> str:
    """An ingredient's name (the Magic Potion's id is also a place's: the ingredient's)."""
    return next((i.name.get("en") for i in (*rules.ingredients, rules.potion) if i.id == ident), ident)


def listing(rules: RuleSet, ingredients: Sequence[str] | Sequence[tuple[str, int]]) -> str:
    """``2 Beer, Wine``: ingredients by name, from ids or ``(id, count)`` pairs."""
    counts: Counter[str] = Counter()
    for item in ingredients:
        if isinstance(item, tuple):
            counts[item[0]] += item[1]
        else:
            counts[item] += 1
    return (
        ", ".join(f"{n} {ingredient(rules, i)}" if n > 1 else ingredient(rules, i) for i, n in counts.items())
        or "nothing"
    )


def effect_words(rules: RuleSet, node: Node, lang: str = "en") -> str:
    """The rules text of an effect, ingredients and tracks by name, in English (the game's
    one language, whatever ``lang``)."""

    def named(ident: str) -> str:
        found = ingredient(rules, ident)
        return found if found != ident else rules.name_of(ident)

    return render(node, name=named)


# ----------------------------------------------------------------------------- one label per action
def _choice(w: Wording, a: act.ChooseOption) -> str:
    """An option of the effect choice the game waits on, in words."""
    return option_label(resolve_ref, effect_words, w.rules, w.state, a, w.lang)


def _order(w: Wording, table: int) -> str:
    tables = w.state.tables
    ident = tables[table] if 0 <= table < len(tables) else ""
    if not ident:
        return f"table {table + 1}"
    order = w.rules.order(ident)
    wanted = listing(w.rules, order.ingredients)
    return f"{order.name.get('en')} from table {table + 1} ({wanted}; {order.points[0]} VP)"


def _ingredient_choice(w: Wording, a: act.ChooseIngredient) -> str:
    """An ingredient chosen: taken from the Cellar, given back, or given to an opponent
    (one action answers the three decisions)."""
    name = ingredient(w.rules, a.ingredient)
    task = w.state.stack[-1] if w.state.stack else None
    if task is not None and task.kind == "give_ingredient":
        return f"Give {name} back to the Cellar"
    if task is not None and task.kind == "give_to":
        return f"Give {name} to {w.who(int(task.args[0]))}"
    return f"Take {name} from the Cellar"


def _take_order(w: Wording, a: act.TakeOrder) -> str:
    return f"Take the order {_order(w, a.table)}"


def _draw_order(w: Wording, a: act.DrawOrder) -> str:
    return "Draw an order blind from the deck"


def _discard_order(w: Wording, a: act.DiscardOrder) -> str:
    return f"Discard the order {_order(w, a.table)}"


def _play_item(w: Wording, a: act.PlayItem) -> str:
    return f"Play {w.name(a.item)}: {effect_words(w.rules, w.rules.item(a.item).effect)}"


def _place_dice(w: Wording, a: act.PlaceDice) -> str:
    place = w.rules.place(a.place)
    return f"Place {a.dice} on {place.name.get('en')}: {effect_words(w.rules, place.effect)}"


def _complete_order(w: Wording, a: act.CompleteOrder) -> str:
    potions = f", Magic Potions standing for {listing(w.rules, a.potions.split('+'))}" if a.potions else ""
    return f"Serve your order{potions}"


def _obey_nasty(w: Wording, a: act.ObeyNasty) -> str:
    return f"Do what Nasty says: {w.name(a.card)} ({effect_words(w.rules, w.rules.nasty(a.card).demand)})"


def _end_turn(w: Wording, a: act.EndTurn) -> str:
    return "End the turn"


def _pass(w: Wording, a: act.Pass) -> str:
    return "Pass for the round"


def _player(w: Wording, a: act.ChoosePlayer) -> str:
    return w.who(a.seat)


def _take_from(w: Wording, a: act.TakeFrom) -> str:
    return f"Take {ingredient(w.rules, a.ingredient)} from {w.who(a.seat)}"


def _keep_item(w: Wording, a: act.KeepItem) -> str:
    return f"Keep {w.name(a.item)}: {effect_words(w.rules, w.rules.item(a.item).effect)}"


def _give_item(w: Wording, a: act.GiveItem) -> str:
    return f"Hand {w.name(a.item)} to Nasty"


def _change_die(w: Wording, a: act.ChangeDie) -> str:
    return f"Turn a {a.die} into a {a.to}"


#: The label of each action type (built once: the functions above, by type).
_ACTION_LABELS: dict[type[Action], Callable[[Wording, Any], str]] = {
    act.TakeOrder: _take_order,
    act.DrawOrder: _draw_order,
    act.DiscardOrder: _discard_order,
    act.PlayItem: _play_item,
    act.PlaceDice: _place_dice,
    act.CompleteOrder: _complete_order,
    act.ObeyNasty: _obey_nasty,
    act.EndTurn: _end_turn,
    act.Pass: _pass,
    act.ChooseOption: _choice,
    act.ChooseIngredient: _ingredient_choice,
    act.ChoosePlayer: _player,
    act.TakeFrom: _take_from,
    act.KeepItem: _keep_item,
    act.GiveItem: _give_item,
    act.ChangeDie: _change_die,
}


def describe_action(rules: RuleSet, state: GameState, action: Action, lang: str = "en") -> str:
    """A label for ``action`` of the decision pending in ``state`` (English)."""
    return _ACTION_LABELS[type(action)](Wording(rules, state, lang), action)


def _cards(rules: RuleSet, cards: Sequence[str]) -> str:
    """Cards by name; those hidden from the reader counted."""
    hidden = sum(1 for card in cards if card == HIDDEN)
    shown = [rules.name_of(card) for card in cards if card != HIDDEN]
    return ", ".join([*shown, *([f"{hidden} hidden"] if hidden else [])]) or "none"


def board_text(rules: RuleSet, state: GameState, viewer: int | None, lang: str = "en") -> str:
    """The position as ``viewer`` sees it (``state`` is their view): the round and who
    plays, the orders on the tables, the Cellar, the dice placed, and each player."""
    rounds = rules.constants.rounds
    if state.over:
        lines = ["Cavern Tavern, over"]
    elif state.round == 0:
        lines = ["Cavern Tavern, setting up"]
    else:
        deciding = state.stack[-1].player if state.stack else -1
        turn = f": {state.players[deciding].name} to play" if 0 <= deciding < len(state.players) else ""
        lines = [f"Cavern Tavern, round {state.round} of {rounds}{turn}"]
    for table, order in enumerate(state.tables, 1):
        if not order or order == HIDDEN:
            lines.append(f"Table {table}: {'no order' if not order else 'an order'}")
        else:
            found = rules.order(order)
            lines.append(
                f"Table {table}: {found.name.get('en')} ({listing(rules, found.ingredients)}; "
                f"{'/'.join(map(str, found.points))} VP)"
            )
    lines.append(f"Cellar: {listing(rules, state.supply)}")
    placed = "; ".join(
        f"{rules.name_of(place)}: {state.players[seat].name} {dice}" for place, seat, dice in state.placements
    )
    lines.append(f"Dice placed: {placed or 'none'}")
    for seat, p in enumerate(state.players):
        mark = "*" if seat == viewer else " "
        dice = " ".join(map(str, p.dice)) or "none"
        dice += " (white die)" if p.white else ""
        lines.append(
            f"{mark} {p.name}: {p.score} VP; dice {dice}; "
            + ", ".join(f"{track.name.get('en')} {p.track(track.id)}" for track in rules.tracks)
        )
        order = "none"
        if p.order is not None:
            order = "an order" if p.order == HIDDEN else rules.name_of(p.order)
            order += f" (taken in round {p.taken})"
        lines.append(
            f"    order: {order}; ingredients: {listing(rules, p.ingredients)}; "
            f"items: {_cards(rules, p.items)}; orders served: {p.orders_served}"
            + (f"; Nasty says: {_cards(rules, [card for card, _ in p.demands])}" if p.demands else "")
            + (
                f"; secret task: {rules.name_of(p.shown or p.secret)}"
                if (p.shown or p.secret) not in ("", HIDDEN)
                else ""
            )
        )
    return "\n".join(lines)
