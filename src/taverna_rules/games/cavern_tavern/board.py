"""What the steps of Cavern Tavern share: taking ingredients from a limited supply,
drawing items (the played ones reshuffled when the deck runs out), refilling a table,
moving on a track (with Nasty's summons), scoring, turning served orders face up."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from taverna_rules.core.chance import Chance, card_from, cards_from, dice
from taverna_rules.core.engine import Engine
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.ruleset import RuleSet
from taverna_rules.games.cavern_tavern.state import GameState

__all__ = [
    "CATEGORIES",
    "draw_items",
    "gain_ingredient",
    "move_track",
    "refill_table",
    "reveal_orders",
    "rolled",
    "score",
]

#: The VP category of an effect's points, by the kind of its ref.
CATEGORIES = {"place": "tasks", "item": "items", "nasty": "nasty_says", "secret": "secret_task"}


def rolled(seat: int, count: int, *, again: bool = False) -> Chance:
    """The roll of ``count`` dice by ``seat`` (``again``: a re-roll of an item)."""
    if again:
        return dice(count, partial(ev.DiceRerolled, seat))
    return dice(count, partial(ev.DiceRolled, seat))


def gain_ingredient(engine: Engine, player: int, ingredient: str) -> None:
    """Take one ``ingredient`` from the supply: nothing when none is left (rulebook: "you
    can take only as many as are available")."""
    if ingredient in engine.state.supply:
        engine.emit(ev.IngredientGained(player, ingredient))


def draw_items(engine: Engine, player: int, count: int, *, offer: bool = False) -> None:
    """Draw ``count`` item cards into the hand (or, with ``offer``, to choose one from);
    when the deck runs out, the played items are reshuffled into it first."""
    state: GameState = engine.state
    if len(state.item_deck) < count and state.item_discard:
        engine.emit(ev.ItemsReshuffled(state.item_discard))
    deck = engine.state.item_deck
    count = min(count, len(deck))
    if count <= 0:
        return

    engine.draw(cards_from(deck, count, partial(ev.ItemsDrawn if offer else ev.ItemsGained, player)))


def refill_table(engine: Engine, table: int) -> None:
    """Put the deck's next order face up on an empty table (none when the deck is empty)."""
    deck = engine.state.order_deck
    if deck and not engine.state.tables[table]:
        engine.draw(card_from(deck, partial(ev.TableRefilled, table)))


def reveal_orders(engine: Engine, player: int) -> None:
    """Turn ``player``'s face-down orders face up, with the kinds of ingredient each holds
    (what the secret tasks count); nothing when none is face down."""
    rules: RuleSet = engine.rules
    orders = engine.state.players[player].face_down
    if orders:
        recipe = (kind for order in orders for kind, _ in rules.order(order).ingredients)
        engine.emit(ev.OrdersRevealed(player, orders, tuple(sorted(recipe))))


def score(engine: Engine, player: int, amount: int, category: str) -> None:
    """Win (or lose) ``amount`` VP in ``category``."""
    if amount:
        engine.emit(ev.VPScored(player, amount, category))


def move_track(engine: Engine, player: int, track: str, steps: int) -> None:
    """Move ``steps`` on a track (negative: back towards 0), between 0 and its top. Going
    down the Nasty track to a threshold not reached before draws a "Nasty the Dwarf Says"
    card (rulebook: "once you cross a threshold and draw a card from it, you don't draw
    again")."""
    rules: RuleSet = engine.rules
    spec = rules.track(track)
    before = engine.state.players[player].track(track)
    level = max(0, min(spec.top, before + steps))
    if level == before:
        return
    engine.emit(ev.TrackMoved(player, track, level))
    if track != "nasty":
        return
    for threshold in spec.levels:
        summoned = engine.state.players[player].summons
        if before < threshold <= level and threshold not in summoned and engine.state.nasty_deck:
            engine.draw(card_from(engine.state.nasty_deck, _summons(player, engine.state.round, threshold)))


def _summons(player: int, now: int, threshold: int) -> Callable[[str], ev.Event]:
    return lambda card: ev.NastySummoned(player, card, now, threshold)
