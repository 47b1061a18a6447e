"""Casting spells (rulebook, turn step 5): one spell a turn (two with the Second spell
favour), only when its effect applies and its cost can be paid; a cast spell stays face up
and counts for the Archmage.

Spells are offered in the same decisions of the turn as the royal favours: before seating
and in the window after income. Spells marked ``any_turn`` (the rulebook's lightning bolt)
are cast during their owner's turn until the response windows on other players' turns
arrive.
"""

from __future__ import annotations

from taverna_rules.content.model import RuleSet
from taverna_rules.kernel import events as ev
from taverna_rules.kernel.actions import CastSpell
from taverna_rules.kernel.applicable import applicable
from taverna_rules.kernel.engine import Engine
from taverna_rules.kernel.state import GameState, Task

__all__ = ["cast_actions", "cast_refusal", "cast_spell", "casts_left"]


def casts_left(state: GameState, player: int) -> int:
    """How many more spells ``player`` may cast this turn."""
    turn = state.turn
    if turn is None or turn.player != player:
        return 0
    return 1 + turn.extra_casts - turn.spells_cast


def cast_actions(rules: RuleSet, state: GameState, player: int) -> tuple[CastSpell, ...]:
    """The spells ``player`` can cast now (copies of a spell are one choice)."""
    if casts_left(state, player) <= 0:
        return ()
    coins = state.players[player].coins
    out: dict[str, CastSpell] = {}
    for card in state.players[player].hand:
        spell = rules.spell(card)
        if spell.id in out or spell.effect is None or spell.cost > coins:
            continue
        if applicable(rules, state, player, spell.effect, coins=coins - spell.cost, arrival=None):
            out[spell.id] = CastSpell(card)
    return tuple(out.values())


def cast_refusal(rules: RuleSet, state: GameState, player: int, action: CastSpell) -> str:
    """Why a spell cannot be cast now."""
    hand = state.players[player].hand
    if action.spell not in hand:
        return f"{action.spell!r} is not in your hand"
    if casts_left(state, player) <= 0:
        return "you have cast your spell this turn (the Second spell favour allows another)"
    spell = rules.spell(action.spell)
    if spell.cost > state.players[player].coins:
        return f"it costs {spell.cost} coins and you have {state.players[player].coins}"
    first = next(card for card in hand if rules.spell(card).id == spell.id)
    if first != action.spell:
        return f"copies of a spell are one choice: cast {first!r}"
    return "its effect would change nothing now"


def cast_spell(engine: Engine, task: Task, action: CastSpell) -> None:
    """Pay, show the card, resolve its effect, then come back to the decision."""
    spell = engine.rules.spell(action.spell)
    if spell.cost:
        engine.emit(ev.CoinsPaid(task.player, spell.cost, f"spell:{spell.id}"))
    engine.emit(ev.SpellCast(task.player, action.spell))
    engine.push(Task("effect", task.player, f"spell:{spell.id}"), task)
