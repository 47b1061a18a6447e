"""Using royal favours (rulebook, turn step 7 and "Royal Favours").

A player may use one or more different royal favour tiles during their turn, each once,
when its effect applies; the tile is then kept face down and still counts for the Queen.
Favours are offered in each decision of the turn, where they can matter: before picking
the card, before seating the customer (so that a favour changing the card acts before the
step it changes: Trickery, Feast, Magic, Influence) and in the window after income.
"""

from __future__ import annotations

from taverna_rules.core.action import shared
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import UseFavour
from taverna_rules.games.taverna.applicable import applicable
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState, Task

__all__ = ["CARD_OPS", "favour_actions", "favour_refusal", "use_favour"]

#: Ops that act on the card played this turn, which is the active player's alone.
CARD_OPS = frozenset({"add_card_symbol", "change_card_symbol", "swap_customer_people", "grant_spell_cast"})


def favour_actions(
    rules: RuleSet, state: GameState, player: int, own_turn_only: bool = True
) -> tuple[UseFavour, ...]:
    """The favours ``player`` can use now: held, of a kind not used yet this turn, applicable
    (on another player's turn only with the ``favours_on_any_turn`` option, ruling #1)."""
    turn = state.turn
    if turn is None or (own_turn_only and turn.player != player):
        return ()
    coins = state.players[player].coins
    own_turn = turn.player == player
    out: dict[str, UseFavour] = {}
    for tile in state.players[player].favours:
        kind = rules.favour(tile)
        if kind.id in out or kind.effect is None or kind.id in turn.favours_used:
            continue  # copies are one choice, and "different" tiles: each kind once a turn
        if not own_turn and {n.op for n in kind.effect.walk()} & CARD_OPS:
            continue  # "the card you play": only on your own turn
        if applicable(rules, state, player, kind.effect, coins=coins, arrival=None):
            out[kind.id] = shared(UseFavour, tile)
    return tuple(out.values())


def favour_refusal(rules: RuleSet, state: GameState, player: int, action: UseFavour) -> str:
    """Why a favour cannot be used now."""
    held = state.players[player].favours
    if action.favour not in held:
        return f"you do not hold the royal favour {action.favour!r} (held: {list(held)})"
    turn = state.turn
    if turn is not None and rules.favour(action.favour).id in turn.favours_used:
        return "a turn uses different royal favours: this kind is already used"
    return "its effect would change nothing now"


def use_favour(engine: Engine, task: Task, action: UseFavour) -> None:
    """Use the favour, then come back to the decision it was used from."""
    engine.emit(ev.FavourUsed(task.player, action.favour))
    kind = engine.rules.favour(action.favour)
    engine.push(Task(EFFECT, task.player, f"favour:{kind.id}"), task)
