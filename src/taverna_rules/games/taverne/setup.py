"""Setting up a game of Taverne (l.73-98): a random Pilier (a draw, unless the game names
the first), the Character pile shuffled, three Characters dealt to each player who keeps
one and announces it (all at once: a simultaneous choice, revealed together), and every
Comptoir set up (1 pint, 30 Energy,
the Character's Initial Butin, the weapons 1 to 5 in hand and the pile 6 to 9, the 6 on
top). In the discovery game (rule option ``discovery``, l.92-98) each player draws one of
its five Characters at random.

:func:`start_events` checks every argument of a new game before anything happens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from taverna_rules._shown import shown
from taverna_rules._version import VERSION
from taverna_rules.core.arguments import (
    check_chance,
    check_first_player,
    check_players,
    check_seed,
    resolve_options,
)
from taverna_rules.core.chance import Chance, card_from, cards_from
from taverna_rules.core.decide import run_flow
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Action, Event, FlowAdvanced, Task
from taverna_rules.core.resume import reopen
from taverna_rules.errors import OptionError
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne.actions import ChooseCharacter
from taverna_rules.games.taverne.evolve import evolve
from taverna_rules.games.taverne.flow import automatic, simultaneous
from taverna_rules.games.taverne.ruleset import RuleSet
from taverna_rules.games.taverne.state import GameState
from taverna_rules.games.taverne.table import fresh_set

__all__ = ["OPENINGS", "deal", "draw_specialty", "opening", "seat", "specialties_left", "start_events"]

#: The events a Taverne log starts with: a new game, or a game resumed from a position.
OPENINGS = (ev.GameStarted, ev.PositionLoaded)


def start_events(
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    first_player: int | None = None,
    chance: str = "sampled",
) -> list[Event]:
    """The events that open a game, up to its first decision. ``first_player`` is the
    first Pilier (a random player when not given, l.81)."""
    if not isinstance(rules, RuleSet):
        raise OptionError(f"rules is a Taverne RuleSet (from load_rules('taverne')), not {shown(rules)}")
    names = check_players(rules.supported_players(), players)
    pilier = check_first_player(first_player, len(names))
    values = resolve_options(rules, options)
    if dict(values)["tournament"] < 0:
        raise OptionError(
            f"tournament is a number of turns (0: no limit), not {dict(values)['tournament']!r}"
        )
    started = ev.GameStarted(
        rules=rules.fingerprint,
        players=names,
        seed=check_seed(seed),
        pilier=-1 if pilier is None else pilier,
        options=values,
        game=rules.game,
        engine=VERSION,
        packs=tuple((pack.id, pack.version) for pack in rules.packs),
        chance=check_chance(chance),
    )
    state = evolve(evolve(None, started), FlowAdvanced((Task("setup"),)))
    return run_flow(rules, state, [started])


def opening(rules: RuleSet, first: Event) -> list[Event]:
    """The opening ``first`` gives, recomputed: from a :class:`GameStarted`'s seed and
    arguments, or a checked position and the steps it runs."""

    def restart(e: ev.GameStarted) -> list[Event]:
        pilier = None if e.pilier < 0 else e.pilier
        return start_events(rules, e.players, e.seed, dict(e.options), pilier, e.chance)

    return reopen(rules, first, ev.GameStarted, ev.PositionLoaded, restart)


def seat(engine: Engine, player: int, butin: int, after: int = -1, energy: int = 0) -> None:
    """``player`` sits with a fresh set and Comptoir and ``butin`` Butin (capped, l.63),
    with full Energy unless he bid ``energy`` at an auction."""
    rules: RuleSet = engine.rules
    hand, top, pile = fresh_set(rules, player)
    butin = min(butin, rules.constants.butin_max)
    energy = energy or rules.constants.energy
    engine.emit(ev.PlayerSeated(player, energy, butin, hand, top, pile, after))


def deal(engine: Engine, player: int, count: int) -> None:
    """Deal ``count`` Characters to ``player`` (fewer when the pile runs out, l.251): drawn
    at random from the shuffled pile, then from those put under it, in order."""
    state: GameState = engine.state
    drawn = min(count, len(state.characters))
    under = state.under[: count - drawn]
    if not drawn:
        if under:
            engine.emit(ev.CharactersDealt(player, under, 0))
        return
    engine.draw(
        cards_from(state.characters, drawn, lambda cards: ev.CharactersDealt(player, (*cards, *under), drawn))
    )


def draw_specialty(engine: Engine, player: int, *, bought: bool) -> None:
    """``player`` takes the top Specialty, a draw from the pile; the pile spent, the cards
    put under it come back first (none anywhere: nothing)."""
    state: GameState = engine.state
    if not state.specialty_deck and (state.specialty_discard or state.specialty_buried):
        engine.emit(ev.SpecialtiesReturned(state.specialty_discard, state.specialty_buried))
    deck = engine.state.specialty_deck
    if deck:
        engine.draw(card_from(deck, lambda card: ev.SpecialtyDrawn(player, card, bought)))


def specialties_left(state: GameState) -> bool:
    """Whether a Specialty can be drawn: in the pile or put under it."""
    return bool(state.specialty_deck or state.specialty_discard or state.specialty_buried)


@automatic("setup")
def _setup(engine: Engine, task: Task) -> None:
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    discovery = bool(state.option("discovery"))
    pile = rules.discovery if discovery else tuple(c.id for c in rules.characters)
    engine.emit(ev.CharactersPiled(tuple(sorted(pile))))
    if not discovery:  # the discovery game plays no Specialties (l.92)
        engine.emit(ev.SpecialtiesPiled(tuple(sorted(s.id for s in rules.specialties))))
    if state.pilier < 0:
        count = len(state.players)
        engine.draw(
            Chance(
                lambda rng: ev.PilierChosen(rng.randrange(count)),
                lambda: ((ev.PilierChosen(seat), Fraction(1, count)) for seat in range(count)),
            )
        )
    order = engine.state.around()
    if state.option("auction"):
        pile = engine.state.characters
        engine.draw(cards_from(pile, min(len(order), len(pile)), ev.CharactersLaidOut))
        engine.push(Task("bid_energy"), Task("turn_start"))
        return
    for player in order:
        deal(engine, player, 1 if discovery else rules.constants.characters_dealt)
    if discovery:
        for player in order:
            _keep(engine, player, engine.state.players[player].offered[0])
        engine.push(Task("turn_start"))
        return
    engine.push(Task("keep_character"), Task("turn_start"))


def _keep(engine: Engine, player: int, character: str) -> None:
    rules: RuleSet = engine.rules
    offered = engine.state.players[player].offered
    engine.emit(ev.CharacterChosen(player, character, tuple(c for c in offered if c != character)))
    seat(engine, player, rules.character(character).butin)


def _keepers(rules: RuleSet, state: GameState, task: Task) -> tuple[int, ...]:
    return tuple(seat for seat in state.around() if state.players[seat].offered)


def _characters(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return tuple(ChooseCharacter(c) for c in state.players[task.player].offered)


def _prompt(rules: RuleSet, state: GameState, task: Task) -> str:
    return "keep one of the Characters dealt to you"


@simultaneous("keep_character", _keepers, _characters, _prompt, takes=(ChooseCharacter,))
def _kept(engine: Engine, task: Task, choices: tuple[tuple[int, Action], ...]) -> None:
    """Everyone keeps one of his three Characters at once and announces it (l.82)."""
    kept = dict(choices)
    for player in engine.state.around():
        action = kept.get(player)
        if isinstance(action, ChooseCharacter):
            _keep(engine, player, action.character)
