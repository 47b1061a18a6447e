"""Using royal favours (rulebook, turn step 7 and "Royal Favours").

A player may use one or more different royal favour tiles during their turn, each once,
when its effect applies; the tile is then kept face down and still counts for the Queen.
Favours are offered in the turn's decisions where they can matter: before seating the
customer (so that a favour changing the card acts before the step it changes: Trickery,
Feast, Magic, Influence) and in the window after income.
"""

from __future__ import annotations

from taverna_rules.content.model import RuleSet
from taverna_rules.kernel import events as ev
from taverna_rules.kernel.actions import UseFavour
from taverna_rules.kernel.applicable import applicable
from taverna_rules.kernel.engine import Engine
from taverna_rules.kernel.state import GameState, Task

__all__ = ["favour_actions", "favour_refusal", "use_favour"]


def favour_actions(rules: RuleSet, state: GameState, player: int) -> tuple[UseFavour, ...]:
    """The favours ``player`` can use now: held, of a kind not used yet this way, applicable."""
    turn = state.turn
    if turn is None or turn.player != player:
        return ()
    coins = state.players[player].coins
    out: dict[str, UseFavour] = {}
    for tile in state.players[player].favours:
        kind = rules.favour(tile)
        if kind.id in out or kind.effect is None or kind.id in turn.favours_used:
            continue  # copies are one choice, and "different" tiles: each kind once a turn
        if applicable(rules, state, player, kind.effect, coins=coins, arrival=None):
            out[kind.id] = UseFavour(tile)
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
    engine.push(Task("effect", task.player, f"favour:{kind.id}"), task)
