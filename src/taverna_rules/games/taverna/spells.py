"""Casting spells (rulebook, turn step 5): one spell a turn (two with the Second spell
favour), only when its effect applies and its cost can be paid; a cast spell stays face up
and counts for the Archmage.

Spells are offered in the same decisions of the turn as the royal favours: before seating
and in the window after income. Spells marked ``any_turn`` (the rulebook's lightning bolt)
may also be cast on another player's turn, one per turn, in the response window that
closes each turn. A player who cannot respond is asked all the same while they hold a
hand or a face-down spell (whether they can respond must not show), and skipped when they
hold neither.
"""

from __future__ import annotations

from taverna_rules.core.action import shared
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.prompts import asked
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import Action, CastSpell, Pass, UseFavour
from taverna_rules.games.taverna.applicable import applicable
from taverna_rules.games.taverna.favours import favour_actions, favour_refusal, use_favour
from taverna_rules.games.taverna.flow import decision
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState, Task

__all__ = ["cast_actions", "cast_refusal", "cast_spell", "casts_left"]

RESPOND = "respond"


def casts_left(state: GameState, player: int) -> int:
    """How many more spells ``player`` may cast during the turn in progress: on their own
    turn one (more with the Second spell favour), on another's one lightning spell."""
    turn = state.turn
    if turn is None:
        return 0
    if turn.player != player:
        return 0 if player in turn.responded else 1
    return 1 + turn.extra_casts - turn.spells_cast


def cast_actions(rules: RuleSet, state: GameState, player: int) -> tuple[CastSpell, ...]:
    """The spells ``player`` can cast now (copies of a spell are one choice)."""
    if casts_left(state, player) <= 0:
        return ()
    coins = state.players[player].coins
    own_turn = state.turn is not None and state.turn.player == player
    out: dict[str, CastSpell] = {}
    for card in state.players[player].hand:
        spell = rules.spell(card)
        if spell.id in out or (spell.effect is None and spell.trigger is None) or spell.cost > coins:
            continue
        if not own_turn and spell.timing != "any_turn":
            continue  # only lightning spells on another player's turn
        if spell.effect is None or applicable(
            rules, state, player, spell.effect, coins=coins - spell.cost, arrival=None
        ):
            out[spell.id] = shared(CastSpell, card)
    return tuple(out.values())


def cast_refusal(rules: RuleSet, state: GameState, player: int, action: CastSpell) -> str:
    """Why a spell cannot be cast now."""
    hand = state.players[player].hand
    if action.spell not in hand:
        return f"{action.spell!r} is not in your hand"
    if casts_left(state, player) <= 0:
        return "you have cast your spell this turn (the Second spell favour allows another)"
    spell = rules.spell(action.spell)
    if spell.timing != "any_turn" and (state.turn is None or state.turn.player != player):
        return f"{spell.id!r} is cast only on your own turn (not a lightning spell)"
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
    if spell.effect is None:  # a spell that only stays in play
        engine.push(task)
    else:
        engine.push(Task(EFFECT, task.player, f"spell:{spell.id}"), task)


def _respond_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    favours: tuple[Action, ...] = ()
    if bool(dict(state.options).get("favours_on_any_turn", False)):
        favours = favour_actions(rules, state, task.player, own_turn_only=False)
    return (*cast_actions(rules, state, task.player), *favours, shared(Pass))


def _respond_refusal(rules: RuleSet, state: GameState, task: Task, action: Action) -> str:
    if isinstance(action, CastSpell):
        return cast_refusal(rules, state, task.player, action)
    if isinstance(action, UseFavour):
        if not dict(state.options).get("favours_on_any_turn", False):
            return "royal favours are used on your own turn (option favours_on_any_turn)"
        return favour_refusal(rules, state, task.player, action)
    return ""


@decision(
    RESPOND,
    _respond_choices,
    asked(
        Text(
            en="cast a lightning spell on this turn, or pass",
            fr="lancez un sort éclair pendant ce tour, ou laissez passer",
            nl="spreek tijdens deze beurt een bliksemspreuk uit, of laat voorbijgaan",
        )
    ),
    _respond_refusal,
    (CastSpell, UseFavour, Pass),
)
def _respond(engine: Engine, task: Task, action: Action) -> None:
    """The window that closes another player's turn: cast one lightning spell (one a
    turn), or, with the ``favours_on_any_turn`` option, use a royal favour; or pass."""
    if isinstance(action, CastSpell):
        cast_spell(engine, task, action)
    elif isinstance(action, UseFavour):
        use_favour(engine, task, action)
