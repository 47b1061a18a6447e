"""Setting up a game of Taverns & Dragons (l.149-167): the decks face down, two dragon
boards, four location tiles (the first game's four, or at random on random faces), every
player's tavern board with his sbires at the city gates, 1 gem and 1 gold, a random first
player, the bag filled and a token drawn onto each token space, one recipe and four heroes
face up; with the missions module, the common mission and two dealt to each player, who
keeps one (l.470).

:func:`start_events` checks every argument of a new game before anything happens.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import partial
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
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons import steps as step
from taverna_rules.games.taverns_and_dragons.actions import ChooseMission
from taverna_rules.games.taverns_and_dragons.evolve import evolve
from taverna_rules.games.taverns_and_dragons.flow import ask, automatic, decision
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState
from taverna_rules.games.taverns_and_dragons.table import stock

__all__ = ["OPENINGS", "fill_board", "opening", "refill_market", "reveal_recipe", "start_events"]

#: The events a log of the game starts with: a new game, or a game resumed from a position.
OPENINGS = (ev.GameStarted, ev.PositionLoaded)


def start_events(
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    first_player: int | None = None,
    chance: str = "sampled",
) -> list[Event]:
    """The events that open a game, up to its first decision. ``first_player`` holds the
    first-player token (a random player when not given, l.165)."""
    if not isinstance(rules, RuleSet):
        raise OptionError(
            "rules is a Taverns & Dragons RuleSet (from load_rules('taverns_and_dragons')), "
            f"not {shown(rules)}"
        )
    names = check_players(rules.supported_players(), players)
    first = check_first_player(first_player, len(names))
    started = ev.GameStarted(
        rules=rules.fingerprint,
        players=names,
        seed=check_seed(seed),
        first=-1 if first is None else first,
        options=resolve_options(rules, options),
        game=rules.game,
        engine=VERSION,
        packs=tuple((pack.id, pack.version) for pack in rules.packs),
        chance=check_chance(chance),
    )
    state = evolve(evolve(None, started), FlowAdvanced((Task(step.SETUP),)))
    return run_flow(rules, state, [started])


def opening(rules: RuleSet, first: Event) -> list[Event]:
    """The opening ``first`` gives, recomputed: from a :class:`GameStarted`'s seed and
    arguments, or a checked position and the steps it runs."""

    def restart(e: ev.GameStarted) -> list[Event]:
        return start_events(
            rules, e.players, e.seed, dict(e.options), None if e.first < 0 else e.first, e.chance
        )

    return reopen(rules, first, ev.GameStarted, ev.PositionLoaded, restart)


def _locations(rules: RuleSet) -> Chance:
    """Four tiles at random on the spaces, each on a random face (B15)."""
    tiles = sorted({loc.tile for loc in rules.locations})
    faces = {tile: tuple(loc.id for loc in rules.locations if loc.tile == tile) for tile in tiles}
    count = len(rules.spaces)

    def every() -> Any:
        arrangements = list(itertools.permutations(tiles, count))
        for order in arrangements:
            sides = [faces[tile] for tile in order]
            ways = 1
            for side in sides:
                ways *= len(side)
            for chosen in itertools.product(*sides):
                yield ev.LocationsLaid(tuple(chosen)), Fraction(1, len(arrangements) * ways)

    def sample(rng: Any) -> Event:
        order = rng.sample(tiles, count)
        return ev.LocationsLaid(tuple(rng.choice(faces[tile]) for tile in order))

    return Chance(sample, every)


def fill_board(engine: Engine) -> None:
    """The bag takes its tokens from the reserve (l.162, l.411: what is left of each), then
    one is drawn onto each empty token space, in the map's order, while the bag holds any
    (B14: what stays in the bag stays for the next refresh)."""
    rules: RuleSet = engine.rules
    tokens = tuple(kind for kind, n in rules.bag for _ in range(min(n, stock(rules, engine.state, kind))))
    if tokens:
        engine.emit(ev.BagFilled(tokens))
    for region in rules.regions:
        state: GameState = engine.state
        if not region.token or any(where == region.id for where, _ in state.tokens):
            continue
        if not state.bag:
            break
        engine.draw(card_from(state.bag, partial(_token, region.id)))


def _token(region: str, kind: str) -> ev.TokenDrawn:
    return ev.TokenDrawn(region, kind)


def reveal_recipe(engine: Engine) -> None:
    """A recipe from the deck to the newest place of the row (none when the deck is out)."""
    deck = engine.state.recipe_deck
    if deck:
        engine.draw(card_from(deck, ev.RecipeRevealed))


def refill_market(engine: Engine) -> None:
    """The market back to its heroes from the deck (l.154, l.359), while it has any."""
    rules: RuleSet = engine.rules
    while len(engine.state.market) < rules.constants.market and engine.state.hero_deck:
        engine.draw(card_from(engine.state.hero_deck, ev.HeroRevealed))


@automatic(step.SETUP)
def _setup(engine: Engine, task: Task) -> None:
    """The setup (l.149-167), up to the first round."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    c = rules.constants
    missions = bool(state.option("missions"))
    engine.emit(
        ev.DecksShuffled(
            recipes=tuple(sorted(r.id for r in rules.recipes)),
            heroes=tuple(sorted(h.id for h in rules.heroes)),
            events=tuple(sorted(e.id for e in rules.events)) if state.option("events") else (),
            missions=tuple(sorted(m.id for m in rules.missions)) if missions else (),
            trophies=tuple(sorted(t.id for t in rules.trophies)),
            forge=tuple(sorted(t.id for t in rules.forge)),
        )
    )
    engine.emit(ev.BoardLaid(len(rules.bank), len(rules.recipe_bonuses)))
    engine.draw(cards_from(tuple(sorted(d.id for d in rules.dragons)), c.dragons, ev.DragonsChosen))
    if state.option("first_game"):
        engine.emit(ev.LocationsLaid(rules.first_game, drawn=False))
    else:
        engine.draw(_locations(rules))
    sbires = tuple(s.id for s in rules.sbires)
    for seat in range(len(state.players)):
        engine.emit(
            ev.PlayerSetUp(seat, rules.taverns[seat].id, c.start_gold, c.start_energy, sbires, rules.gates)
        )
    if state.first < 0:
        count = len(state.players)
        engine.draw(
            Chance(
                lambda rng: ev.FirstPlayerChosen(rng.randrange(count)),
                lambda: ((ev.FirstPlayerChosen(seat), Fraction(1, count)) for seat in range(count)),
            )
        )
    fill_board(engine)
    for _ in range(c.recipes_shown):
        reveal_recipe(engine)
    refill_market(engine)
    if missions:
        engine.draw(card_from(engine.state.mission_deck, ev.MissionShown))
        for seat in engine.state.order():
            deck = engine.state.mission_deck
            engine.draw(cards_from(deck, min(c.missions_dealt, len(deck)), partial(ev.MissionsDealt, seat)))
    # every player keeps his mission (in the order of play) before the first round's roll
    keep = tuple(Task(step.KEEP_MISSION, seat) for seat in engine.state.order()) if missions else ()
    engine.push(*keep, Task(step.ROUND_START))


def _missions(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return tuple(ChooseMission(m) for m in state.players[task.player].missions)


@decision(
    step.KEEP_MISSION,
    _missions,
    ask("keep one of your missions, face down", "gardez une de vos missions, face cachée"),
    takes=(ChooseMission,),
)
def _keep_mission(engine: Engine, task: Task, action: ChooseMission) -> None:
    """The missions module: keep one of the two missions dealt (``ChooseMission``), the
    other goes back (l.470)."""
    dealt = engine.state.players[task.player].missions
    engine.emit(ev.MissionKept(task.player, action.mission, tuple(m for m in dealt if m != action.mission)))
