"""Shared moves of the rules: drawing spells, climbing people tracks, seat order."""

from __future__ import annotations

from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState, Task

__all__ = ["advance", "draw_spells", "seat_order", "tavern_symbols"]


def tavern_symbols(rules: RuleSet, state: GameState, tavern_id: str) -> tuple[str, ...]:
    """The tavern's printed guild symbol and its guild tokens."""
    printed = rules.side_for(len(state.players)).layout(tavern_id).symbol
    return (printed, *state.tavern(tavern_id).guild_tokens)


def seat_order(first: int, players: int) -> tuple[int, ...]:
    """Seats clockwise, starting with ``first``."""
    return tuple((first + i) % players for i in range(players))


def draw_spells(engine: Engine, player: int, count: int) -> None:
    """Draw ``count`` spells for ``player``; a Curse is shown, resolved and replaced.

    An empty deck gives nothing (ruling #13, docs/rulings.rst: finite supplies make a draw a no-op).
    """
    rules = engine.rules

    def drawn_as(card: str) -> ev.Event:
        return ev.CurseDrawn(player, card) if rules.spell(card).curse else ev.SpellDrawn(player, card)

    drawn = 0
    while drawn < count and engine.state.spell_deck:
        event = engine.draw_card(engine.state.spell_deck, drawn_as)
        if isinstance(event, ev.CurseDrawn):
            spell = rules.spell(event.spell)
            if spell.effect is not None:
                engine.push(Task(EFFECT, player, f"spell:{spell.id}"))
            continue
        drawn += 1


def refill_castle(engine: Engine) -> None:
    """Lay favours from the face-down reserve at the castle until it is full again (or the
    reserve is empty)."""
    size = engine.rules.constants.castle_size
    while len(engine.state.castle) < size and engine.state.favour_reserve:
        engine.draw_card(engine.state.favour_reserve, ev.CastleRefilled)


def advance(engine: Engine, player: int, people: str, levels: int = 1, bonuses: bool = True) -> None:
    """Move ``player`` up the ``people`` track by ``levels``, one level at a time.

    The top position belongs to the first player to reach it: anyone else stays on the
    position below and gains nothing there again (ruling #8, docs/rulings.rst). Each position reached
    gives its bonus, unless ``bonuses`` is false (the King's levels).
    """
    state = engine.state
    index = state.peoples.index(people)
    top = engine.rules.constants.top
    position = state.players[player].tracks[index]
    start = position
    rewards: list[Task] = []
    for _ in range(levels):
        target = position + 1
        if target > top:
            break
        if target == top and any(p.tracks[index] == top for i, p in enumerate(state.players) if i != player):
            break
        position = target
        if bonuses and engine.rules.track(people).bonus(position) is not None:
            rewards.append(Task(EFFECT, player, f"track:{people}:{position}"))
    if position != start:
        engine.emit(ev.TrackAdvanced(player, people, start, position))
    engine.push(*rewards)
