"""Games of Taverns & Dragons written for a test: a new game, a position changed from it
(a scene, its draws picked), random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import taverna_rules as tr
from taverna_rules.core.records import Task
from taverna_rules.games.taverns_and_dragons import GameState, Player, RuleSet, TakeEnergy
from taverna_rules.games.taverns_and_dragons import steps as step

RULES: RuleSet = tr.load_rules(game="taverns_and_dragons")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
E = TypeVar("E")


def new(players: int = 3, seed: int = 1, **kwargs: Any) -> tr.Game:
    """A new game of ``players`` (Ann first in seat order)."""
    return tr.new_game(RULES, list(NAMES[:players]), seed=seed, **kwargs)


def play_randomly(game: tr.Game, rng: random.Random, limit: int = 20000) -> None:
    """Random legal actions until the game ends (at most ``limit``)."""
    for _ in range(limit):
        pending = game.decision
        if pending is None:
            return
        game.apply(rng.choice(game.legal_actions()), player=pending.player)


# ----------------------------------------------------------------------------- scenarios
def seated(state: GameState, changes: Mapping[int, Mapping[str, Any]]) -> tuple[Player, ...]:
    """The players of ``state``, each seat of ``changes`` with its fields changed."""
    players = list(state.players)
    for seat, fields in changes.items():
        players[seat] = players[seat].replace(**fields)
    return tuple(players)


def scene(
    players: int = 3,
    *,
    seat: int = 0,
    options: Mapping[str, Any] | None = None,
    who: Mapping[int, Mapping[str, Any]] | None = None,
    **changes: Any,
) -> tr.Game:
    """A game of ``players`` in round 1 resumed from a position: the first player ``seat``
    places a die, the players as set up but for ``who``'s fields, the state's fields as
    ``changes`` say (the decks :func:`tidy`), chance explicit (every draw a chance
    decision to :func:`pick`)."""
    state: GameState = new(players, seed=1, options=dict(options or {}), first_player=seat).state
    state = state.replace(
        players=seated(state, who or {}),
        first=seat,
        turn=seat,
        stack=(
            Task(step.NEXT_TURN, seat),
            Task(step.TURN_END, seat),
            Task(step.TURN_FREE, seat),
            Task(step.PLACE_DIE, seat),
        ),
        chance="explicit",
    )
    return tr.Game.from_position(RULES, tidy(state.replace(**changes)))


def tidy(state: GameState) -> GameState:
    """``state`` with each card in one place: the heroes, recipes and trophies the players
    hold, and the heroes of the market and the recipes of the row, out of their decks (a
    held hero leaves the market, refilled from the deck); the dragon in play out of the
    dragon deck."""
    held = {h for p in state.players for h in p.heroes}
    market = [h for h in state.market if h not in held]
    deck = sorted(h.id for h in RULES.heroes if h.id not in held and h.id not in market)
    while len(market) < RULES.constants.market and deck:
        market.append(deck.pop(0))
    cooked = {r for p in state.players for r in p.recipes} | set(state.row)
    won = {t for p in state.players for t in p.trophies}
    return state.replace(
        market=tuple(market),
        hero_deck=tuple(deck),
        recipe_deck=tuple(sorted(r.id for r in RULES.recipes if r.id not in cooked)),
        trophy_pile=tuple(t for t in state.trophy_pile if t not in won),
        dragon_deck=tuple(d for d in state.dragon_deck if d != state.dragon),
    )


def pick(game: tr.Game, match: Callable[[Any], bool] = lambda event: True) -> Any:
    """At a chance decision, the first outcome whose event ``match`` accepts: applied, its
    event returned."""
    assert game.decision is not None and game.decision.player == tr.CHANCE, game.decision
    for outcome in game.chance_outcomes():
        if match(outcome.event):
            game.apply(outcome.action)
            return outcome.event
    raise AssertionError(f"no outcome fits among {[o.event for o in game.chance_outcomes()]}")


def settle(game: tr.Game, match: Callable[[Any], bool] = lambda event: True) -> None:
    """Every chance decision pending, one after the other, as :func:`pick` with ``match``."""
    while game.decision is not None and game.decision.player == tr.CHANCE:
        pick(game, match)


def since(game: tr.Game, mark: int, kind: type[E]) -> list[E]:
    """The events of ``kind`` logged from index ``mark`` on."""
    return [e for e in game.events[mark:] if isinstance(e, kind)]


def round_end(
    players: int = 3,
    round_: int = 1,
    *,
    seat: int = 0,
    who: Mapping[int, Mapping[str, Any]] | None = None,
    **changes: Any,
) -> tr.Game:
    """A :func:`scene` at the end of round ``round_``: the first player ``seat`` places the
    last die of the round (a 1 on the energy source), and the upkeep begins (l.386)."""
    fields: dict[int, dict[str, Any]] = {other: {"dice": ()} for other in range(players)}
    fields[seat]["dice"] = (1,)
    for other, more in (who or {}).items():
        fields[other].update(more)
    game = scene(players, seat=seat, who=fields, round=round_, **changes)
    placed(game, TakeEnergy(1), seat)
    return game


def placed(game: tr.Game, action: tr.Action, seat: int) -> None:
    """``seat`` places a die (``action``) and ends his turn if free actions kept it open."""
    game.apply(action, player=seat)
    pending = game.decision
    if pending is not None and pending.kind == step.AFTER_DIE and pending.player == seat:
        game.apply(tr.EndTurn(), player=seat)
