"""What must hold in every state of Taverne: each present player has his whole set of
weapons somewhere (hand, pile, dodges, face down, turned up), each Character is in one
place, the hard limits hold (l.60-63), and the table seats everyone once. Checked on
positions and by the conformance kit after every action."""

from __future__ import annotations

from collections import Counter

from taverna_rules.games.taverne.boxes import in_play
from taverna_rules.games.taverne.ruleset import SLOTS, RuleSet
from taverna_rules.games.taverne.state import GameState, weapon_id

__all__ = ["state_problems"]


def _weapons(state: GameState, seat: int) -> list[str]:
    me = state.players[seat]
    held = [*me.hand, *me.pile, *me.dodges, *([me.top] if me.top else [])]
    held += [w for a, w in state.laid if a == seat]
    return held + [w for a, w in state.revealed if a == seat]


def _specialty_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Each Specialty is in one place (the pile, under it, a hand, in play, suffered, laid
    face down), of the right kind where it lies; all of them, or none in the discovery
    game (l.92)."""
    problems: list[str] = []
    places = Counter((*state.specialty_deck, *state.specialty_discard, *state.specialty_buried))
    places.update(card for _, card in state.crasses)
    for me in state.players:
        places.update((*me.specialties, *me.atouts, *me.suffers))
        wrong = [c for c in me.atouts if rules.has_specialty(c) and rules.specialty(c).kind != "atout"]
        wrong += [c for c in me.suffers if rules.has_specialty(c) and rules.specialty(c).kind != "crasse"]
        if wrong:
            problems.append(f"{me.name!r} has in play or suffers cards of another kind: {wrong}")
    unknown = sorted(c for c in places if not rules.has_specialty(c))
    if unknown:
        problems.append(f"no such Specialties: {unknown}")
    doubled = sorted(c for c, n in places.items() if n > 1)
    if doubled:
        problems.append(f"Specialties in two places: {doubled}")
    # every Specialty of the boxes in play is somewhere, and none of another box
    played = {s.id for s in rules.specialties if s.box in in_play(rules, state)}
    found = set(places) - set(unknown)
    if places and found - played:
        problems.append(f"Specialties of a box not in play: {sorted(found - played)}")
    if places and played - found:
        problems.append(f"Specialties lost: {sorted(played - found)}")
    return problems


def state_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Everything inconsistent in ``state`` (none: ``[]``)."""
    problems: list[str] = []
    c = rules.constants
    count = len(state.players)
    if sorted(state.table) != list(range(count)):
        problems.append(f"the table {list(state.table)} does not seat each of the {count} players once")
    if not 0 <= state.pilier < count:
        problems.append(f"the Pilier {state.pilier} is no seat")
    for seat, me in enumerate(state.players):
        who = f"{me.name!r}"
        if not 1 <= me.pints <= c.pints:
            problems.append(f"{who} has {me.pints} pints; the meter goes from 1 to {c.pints}")
        if not 0 <= me.energy <= c.energy:
            problems.append(f"{who} has {me.energy} Energy; it goes from 0 (Sonné) to {c.energy}")
        if not 0 <= me.butin <= c.butin_max:
            problems.append(f"{who} has {me.butin} Butin; it goes from 0 to {c.butin_max}")
        if me.character and not rules.has_character(me.character):
            problems.append(f"{who} plays {me.character!r}, which is no Character of these rules")
        held = Counter(_weapons(state, seat))
        full = Counter(weapon_id(w.value, seat) for w in rules.weapons)
        if held and not me.character:
            problems.append(f"{who} is out of the game and holds weapons {sorted(held)}")
        elif held and held != full:
            problems.append(f"{who}'s weapons {sorted(held)} are not his set {sorted(full)}")
    characters = Counter(state.characters) + Counter(state.under) + Counter(state.ko)
    for me in state.players:
        characters.update(me.offered)
        if me.character:
            characters[me.character] += 1
    doubled = sorted(c for c, n in characters.items() if n > 1)
    if doubled:
        problems.append(f"Characters in two places: {doubled}")
    unknown = sorted(c for c in characters if not rules.has_character(c))
    if unknown:
        problems.append(f"no such Characters: {unknown}")
    else:
        boxes = in_play(rules, state)
        stray = sorted(c for c in characters if rules.box_of(c) not in boxes)
        if stray:
            problems.append(f"Characters of a box not in play: {stray}")
    problems += _specialty_problems(rules, state)
    for attacker, defender, spot in state.attacks:
        if spot not in SLOTS or not (0 <= attacker < count and 0 <= defender < count):
            problems.append(f"the attack {(attacker, defender, spot)} names no seat or spot")
    return problems
