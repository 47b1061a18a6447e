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

from taverna_rules.core.records import HIDDEN, Action
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


def effect_words(rules: RuleSet, node: Node) -> str:
    """The rules text of an effect, ingredients and tracks by name."""

    def named(ident: str) -> str:
        found = ingredient(rules, ident)
        return found if found != ident else rules.name_of(ident)

    return render(node, name=named)


def _choice(rules: RuleSet, state: GameState, option: int) -> str:
    """An option of the effect choice the game waits on, in words."""
    task = state.stack[-1]
    node = resolve_ref(rules, task.ref).at(task.path)
    if node.op == "optional":
        return f"Yes: {effect_words(rules, node.children[0])}" if option == 0 else "No, decline"
    text = effect_words(rules, node.children[option])
    return text[:1].upper() + text[1:]


def _order(rules: RuleSet, state: GameState, table: int) -> str:
    ident = state.tables[table] if 0 <= table < len(state.tables) else ""
    if not ident:
        return f"table {table + 1}"
    order = rules.order(ident)
    wanted = listing(rules, order.ingredients)
    return f"{order.name.get('en')} from table {table + 1} ({wanted}; {order.points[0]} VP)"


def _ingredient_choice(state: GameState, name: str) -> str:
    """An ingredient chosen: taken from the Cellar, given back, or given to an opponent
    (one action answers the three decisions)."""
    task = state.stack[-1] if state.stack else None
    if task is not None and task.kind == "give_ingredient":
        return f"Give {name} back to the Cellar"
    if task is not None and task.kind == "give_to":
        return f"Give {name} to {state.players[int(task.args[0])].name}"
    return f"Take {name} from the Cellar"


def _place(rules: RuleSet, place: str, dice: str) -> str:
    found = rules.place(place)
    return f"Place {dice} on {found.name.get('en')}: {effect_words(rules, found.effect)}"


def describe_action(rules: RuleSet, state: GameState, action: Action, lang: str = "en") -> str:
    """A label for ``action`` of the decision pending in ``state`` (English)."""
    name = rules.name_of

    def who(seat: int) -> str:
        return state.players[seat].name

    labels: dict[type[Action], Callable[[Any], str]] = {
        act.TakeOrder: lambda a: f"Take the order {_order(rules, state, a.table)}",
        act.DrawOrder: lambda a: "Draw an order blind from the deck",
        act.DiscardOrder: lambda a: f"Discard the order {_order(rules, state, a.table)}",
        act.PlayItem: lambda a: f"Play {name(a.item)}: {effect_words(rules, rules.item(a.item).effect)}",
        act.PlaceDice: lambda a: _place(rules, a.place, a.dice),
        act.CompleteOrder: lambda a: (
            "Serve your order"
            + (f", Magic Potions standing for {listing(rules, a.potions.split('+'))}" if a.potions else "")
        ),
        act.ObeyNasty: lambda a: (
            f"Do what Nasty says: {name(a.card)} ({effect_words(rules, rules.nasty(a.card).demand)})"
        ),
        act.EndTurn: lambda a: "End the turn",
        act.Pass: lambda a: "Pass for the round",
        act.ChooseOption: lambda a: _choice(rules, state, a.option),
        act.ChooseIngredient: lambda a: _ingredient_choice(state, ingredient(rules, a.ingredient)),
        act.ChoosePlayer: lambda a: who(a.seat),
        act.TakeFrom: lambda a: f"Take {ingredient(rules, a.ingredient)} from {who(a.seat)}",
        act.KeepItem: lambda a: f"Keep {name(a.item)}: {effect_words(rules, rules.item(a.item).effect)}",
        act.GiveItem: lambda a: f"Hand {name(a.item)} to Nasty",
        act.ChangeDie: lambda a: f"Turn a {a.die} into a {a.to}",
    }
    return labels[type(action)](action)


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
