"""Characters by auction (the rule option ``auction``, l.316-318): as many Characters as
players are laid face up; every player chooses his starting Energy in secret and all reveal
at once (a simultaneous choice); the lowest bid chooses his Character first, then the next
lowest, and so on; equal bids are settled by chance (the rulebook's rock-paper-scissors).
Each starts with the Energy he bid (1 to 30, reading of l.317 within the cap of l.62)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from taverna_rules.core.chance import Chance
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Action, Task
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne import steps as step
from taverna_rules.games.taverne.actions import BidEnergy, ChooseCharacter
from taverna_rules.games.taverne.flow import ask, decision, simultaneous
from taverna_rules.games.taverne.ruleset import RuleSet
from taverna_rules.games.taverne.setup import seat
from taverna_rules.games.taverne.state import GameState

__all__ = ["settle"]


def _bidders(rules: RuleSet, state: GameState, task: Task) -> tuple[int, ...]:
    return state.around()


def _bids(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return tuple(BidEnergy(e) for e in range(1, rules.constants.energy + 1))


@simultaneous(
    step.BID_ENERGY,
    _bidders,
    _bids,
    ask(
        "bid your starting Energy, in secret: the lowest chooses a Character first",
        "enchérissez en secret votre Énergie de départ : la plus basse choisit son Personnage la première",
    ),
    takes=(BidEnergy,),
)
def _bid(engine: Engine, task: Task, choices: tuple[tuple[int, Action], ...]) -> None:
    """Every player bids his starting Energy at once, in secret (l.317): ``BidEnergy``."""
    bids = tuple(a.energy if isinstance(a, BidEnergy) else 0 for _, a in sorted(choices))
    order = settle(engine, bids)
    engine.push(*(Task(step.AUCTION_PICK, p) for p in order))


def settle(engine: Engine, bids: tuple[int, ...]) -> tuple[int, ...]:
    """The order of choice: ascending bids, each group of equal bids in a random order."""
    groups = [[seat for seat, bid in enumerate(bids) if bid == value] for value in sorted(set(bids))]
    if all(len(group) == 1 for group in groups):
        settled = ev.AuctionSettled(bids, tuple(group[0] for group in groups))
        engine.emit(settled)
        return settled.order
    ways = math.prod(math.factorial(len(group)) for group in groups)

    def orders() -> list[tuple[int, ...]]:
        return [
            tuple(seat for part in parts for seat in part)
            for parts in itertools.product(*(itertools.permutations(group) for group in groups))
        ]

    drawn = engine.draw(
        Chance(
            lambda rng: ev.AuctionSettled(bids, rng.choice(orders())),
            lambda: ((ev.AuctionSettled(bids, order), Fraction(1, ways)) for order in orders()),
        )
    )
    assert isinstance(drawn, ev.AuctionSettled)
    return drawn.order


def _laid_out(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return tuple(ChooseCharacter(c) for c in state.auction)


@decision(
    step.AUCTION_PICK,
    _laid_out,
    ask("choose your Character among those laid out", "choisissez votre Personnage parmi ceux étalés"),
    takes=(ChooseCharacter,),
)
def _pick(engine: Engine, task: Task, action: ChooseCharacter) -> None:
    """In the order of the bids, each player takes a Character laid out (l.318), and sits
    with the Energy he bid: ``ChooseCharacter``."""
    rules: RuleSet = engine.rules
    engine.emit(ev.CharacterChosen(task.player, action.character, ()))
    bid = engine.state.bids[task.player]
    seat(engine, task.player, rules.character(action.character).butin, energy=bid)
