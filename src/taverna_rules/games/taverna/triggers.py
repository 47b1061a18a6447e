"""Spells that stay in play: once cast, a spell's trigger acts for its caster whenever its
event happens (:class:`~taverna_rules.content.model.Trigger`).

The engine hands every event it emits to :func:`react` (the module's ``react``), which
schedules the triggered effects to resolve as soon as the step that emitted the event is
done (:meth:`Engine.react <taverna_rules.core.engine.Engine.react>`), the acting player's
first, then clockwise; at
most :data:`~taverna_rules.content.model.MAX_TRIGGERED` an action, so a trigger whose
effect sets off its own event cannot loop forever.
"""

from __future__ import annotations

from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Event, Task
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.applicable import applicable
from taverna_rules.games.taverna.ruleset import MAX_TRIGGERED, RuleSet, Trigger, When
from taverna_rules.games.taverna.state import card_kind

__all__ = ["WATCHED", "react"]

#: The events a trigger can watch, by name.
WATCHED: dict[type[Event], str] = {
    ev.CustomerSeated: "customer_seated",
    ev.TrackAdvanced: "track_advanced",
    ev.DeedBought: "deed_bought",
    ev.SpellCast: "spell_cast",
}

Armed = dict[str, tuple[tuple[str, Trigger], ...]]
_ARMED: dict[str, Armed] = {}


def _armed(rules: RuleSet) -> Armed:
    """The spells with a trigger, by the event they watch (once per rule set)."""
    armed = _ARMED.get(rules.fingerprint)
    if armed is None:
        found: dict[str, list[tuple[str, Trigger]]] = {}
        for spell in rules.spells:
            if spell.trigger is not None and not spell.curse:
                found.setdefault(spell.trigger.when.event, []).append((spell.id, spell.trigger))
        armed = _ARMED[rules.fingerprint] = {name: tuple(items) for name, items in found.items()}
    return armed


def _matches(when: When, event: Event, owner: int) -> bool:
    player = getattr(event, "player", -1)
    if (when.player == "you" and player != owner) or (when.player == "opponent" and player == owner):
        return False
    if when.people is not None and getattr(event, "people", None) != when.people:
        return False
    return when.tavern is None or getattr(event, "tavern", None) == when.tavern


def react(engine: Engine, event: Event) -> None:
    """Push the effects of the triggers ``event`` sets off."""
    name = WATCHED.get(type(event))
    if name is None:
        return
    rules = engine.rules
    armed = _armed(rules).get(name)
    if not armed:
        return
    state = engine.state
    count = len(state.players)
    actor = getattr(event, "player", 0)
    tasks = []
    for offset in range(count):
        seat = (actor + offset) % count
        for card in state.players[seat].cast:
            if isinstance(event, ev.SpellCast) and event.spell == card:
                continue  # a spell is not set off by its own casting
            for spell, trigger in armed:
                if (
                    card_kind(card) == spell
                    and _matches(trigger.when, event, seat)
                    # A triggered effect that would do nothing now is skipped, as a spell
                    # that would change nothing is not offered.
                    and applicable(
                        rules, state, seat, trigger.effect, coins=state.players[seat].coins, arrival=None
                    )
                ):
                    tasks.append(Task(EFFECT, seat, f"trigger:{spell}"))
    room = MAX_TRIGGERED - engine.reactions
    if tasks and room > 0:
        engine.react(*tasks[:room])
