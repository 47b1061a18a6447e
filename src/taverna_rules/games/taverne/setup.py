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
from taverna_rules.games.taverne import steps as step
from taverna_rules.games.taverne.actions import ChooseCharacter, ChooseOrigin
from taverna_rules.games.taverne.boxes import in_play, of_box, origin, origins
from taverna_rules.games.taverne.evolve import evolve
from taverna_rules.games.taverne.flow import ask, automatic, decision, simultaneous
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
    values = _checked_options(rules, len(names), resolve_options(rules, options))
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
    state = evolve(evolve(None, started), FlowAdvanced((Task(step.SETUP),)))
    return run_flow(rules, state, [started])


def _checked_options(
    rules: RuleSet, players: int, values: tuple[tuple[str, Any], ...]
) -> tuple[tuple[str, Any], ...]:
    """The rule options, checked against each other and the table: more than one box's
    players play Double Taverne (l.51), which needs two boxes; long range is for them
    (l.326); the discovery game has a Character for each player."""
    given = dict(values)
    one_box = max(rules.constants.player_counts)
    if given["tournament"] < 0:
        raise OptionError(f"tournament is a number of turns (0: no limit), not {given['tournament']!r}")
    if players > one_box:
        # whatever double says: tools pass every option's default, and more players than a
        # box seats can only play two boxes (l.51)
        given["double"] = True
    if given["double"] and len(rules.boxes) < 2:
        raise OptionError(
            "Double Taverne plays two boxes, and the content holds one "
            f"({rules.boxes[0].name.en}); load a pack with a second box"
        )
    if given["long_range"] and players <= one_box:
        raise OptionError(
            f"the option long_range is a variant for more than {one_box} players "
            f"(Double Taverne), not {players}"
        )
    if given["discovery"] and players > len(rules.discovery):
        raise OptionError(
            f"the discovery game has {len(rules.discovery)} Characters, not one for each of {players} players"
        )
    return tuple(sorted(given.items()))


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


def deal(engine: Engine, player: int, count: int, box: str = "") -> None:
    """Deal ``count`` Characters (of ``box``: with Double Taverne, the pile of the box he
    chose) to ``player``, fewer when the pile runs out (l.251): drawn at random from the
    shuffled pile, then from those put under it, in order."""
    state: GameState = engine.state
    rules: RuleSet = engine.rules
    pile, below = state.characters, state.under
    if box:
        pile, below = of_box(rules, pile, box), of_box(rules, below, box)
    drawn = min(count, len(pile))
    under = below[: count - drawn]
    if not drawn:
        if under:
            engine.emit(ev.CharactersDealt(player, under, 0))
        return
    engine.draw(cards_from(pile, drawn, lambda cards: ev.CharactersDealt(player, (*cards, *under), drawn)))


def _own_pile(rules: RuleSet, state: GameState, player: int) -> tuple[tuple[str, ...], ...]:
    """The Specialties of ``player``'s Taverne: in the pile, discarded and buried under it."""
    box = origin(rules, state, player)
    return tuple(
        of_box(rules, cards, box)
        for cards in (state.specialty_deck, state.specialty_discard, state.specialty_buried)
    )


def draw_specialty(engine: Engine, player: int, *, bought: bool) -> None:
    """``player`` takes the top Specialty of his Taverne's pile (l.323), a draw; that pile
    spent, its cards put under it come back first (none anywhere: nothing)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    deck, discard, buried = _own_pile(rules, state, player)
    if not deck and (discard or buried):
        discard_left = tuple(c for c in state.specialty_discard if c not in discard)
        buried_left = tuple(c for c in state.specialty_buried if c not in buried)
        engine.emit(ev.SpecialtiesReturned(discard, buried, discard_left, buried_left))
        deck = _own_pile(rules, engine.state, player)[0]
    if deck:
        engine.draw(card_from(deck, lambda card: ev.SpecialtyDrawn(player, card, bought)))


def specialties_left(rules: RuleSet, state: GameState, player: int) -> bool:
    """Whether ``player`` can draw a Specialty: one of his Taverne in the pile or under it."""
    return any(_own_pile(rules, state, player))


@automatic(step.SETUP)
def _setup(engine: Engine, task: Task) -> None:
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    discovery = bool(state.option("discovery"))
    boxes = in_play(rules, state)
    pile = rules.discovery if discovery else tuple(c.id for c in rules.characters if c.box in boxes)
    engine.emit(ev.CharactersPiled(tuple(sorted(pile))))
    if not discovery:  # the discovery game plays no Specialties (l.92)
        engine.emit(ev.SpecialtiesPiled(tuple(sorted(s.id for s in rules.specialties if s.box in boxes))))
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
        engine.push(Task(step.BID_ENERGY), Task(step.TURN_START))
        return
    if len(boxes) > 1 and not discovery:
        # each in turn from the Pilier's left (the Pilier last, he deals) chooses his box,
        # then his Character (l.320-321)
        order = (*order[1:], *order[:1])
        engine.push(
            *(Task(step.ORIGIN, player, ref=step.KEEP_CHARACTER) for player in order), Task(step.TURN_START)
        )
        return
    for player in order:
        deal(engine, player, 1 if discovery else rules.constants.characters_dealt)
    if discovery:
        for player in order:
            _keep(engine, player, engine.state.players[player].offered[0])
        engine.push(Task(step.TURN_START))
        return
    engine.push(Task(step.KEEP_CHARACTER), Task(step.TURN_START))


def _keep(engine: Engine, player: int, character: str) -> None:
    rules: RuleSet = engine.rules
    offered = engine.state.players[player].offered
    engine.emit(ev.CharacterChosen(player, character, tuple(c for c in offered if c != character)))
    seat(engine, player, rules.character(character).butin)


def _keepers(rules: RuleSet, state: GameState, task: Task) -> tuple[int, ...]:
    return tuple(seat for seat in state.around() if state.players[seat].offered)


def _characters(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return tuple(ChooseCharacter(c) for c in state.players[task.player].offered)


@decision(
    step.ORIGIN,
    lambda rules, state, task: tuple(ChooseOrigin(box) for box in origins(rules, state)),
    ask(
        "Double Taverne: choose the Taverne you come from",
        "Double Taverne : choisissez votre Taverne d'origine",
    ),
    takes=(ChooseOrigin,),
)
def _origin(engine: Engine, task: Task, action: ChooseOrigin) -> None:
    """Double Taverne: the player chooses his Taverne of origin and is dealt three of its
    Characters, then keeps one (``task.ref``: the step that asks him) before the next
    player chooses (l.320-321)."""
    rules: RuleSet = engine.rules
    engine.emit(ev.OriginChosen(task.player, action.box))
    deal(engine, task.player, rules.constants.characters_dealt, action.box)
    engine.push(Task(task.ref, task.player))


@simultaneous(
    step.KEEP_CHARACTER,
    _keepers,
    _characters,
    ask("keep one of the Characters dealt to you", "gardez un des Personnages qui vous sont distribués"),
    takes=(ChooseCharacter,),
)
def _kept(engine: Engine, task: Task, choices: tuple[tuple[int, Action], ...]) -> None:
    """Everyone keeps one of his three Characters at once and announces it (l.82)."""
    kept = dict(choices)
    for player in engine.state.around():
        action = kept.get(player)
        if isinstance(action, ChooseCharacter):
            _keep(engine, player, action.character)
