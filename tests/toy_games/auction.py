"""A sealed-bid auction, the toy game of simultaneous hidden choices.

Lots come up one by one. Every player bids for each lot at once, in secret (from 0 to the
coins they hold); the bids are revealed together after the last one. The highest bid
buys the lot and pays its bid; equal highest bids buy nothing. At the end each player
scores the lots' values plus the coins left.
"""

from __future__ import annotations

import attrs

from taverna_rules import Names
from taverna_rules.core import (
    Action,
    Engine,
    Event,
    Flow,
    Result,
    Task,
    Zone,
    action_table,
    registrar,
)
from toy_games.common import Started, ToyRules, ended, fold_shared, toy_events, toy_module

__all__ = ["GAME", "RULES"]

#: Lot values, in the order they come up; every player starts with 6 coins.
RULES = ToyRules("sealed_auction", "sealed-auction-v1", (5, 3, 4, 6))
COINS = 6
ACTIONS = action_table()
EVENTS = toy_events(simultaneous=True)
FLOW = Flow()


@attrs.frozen
class Bidder:
    name: str
    coins: int = COINS
    lots: tuple[int, ...] = ()


@attrs.frozen
class AuctionState:
    rules: str
    players: tuple[Bidder, ...]
    seed: int = 0
    commits: tuple[tuple[int, Action | None], ...] = ()
    stack: tuple[Task, ...] = ()
    result: Result | None = None

    @property
    def over(self) -> bool:
        return self.result is not None


@registrar(ACTIONS)
@attrs.frozen
class Bid(Action):
    """Bid for the lot up for sale."""

    amount: int


@registrar(EVENTS)
@attrs.frozen
class LotSold(Event):
    """The highest bidder bought the lot."""

    player: int
    lot: int
    price: int


def evolve(state: AuctionState | None, event: Event) -> AuctionState:
    if state is None:
        if not isinstance(event, Started):
            raise ValueError("an auction starts with Started")
        lots = [Task("bid", ref=str(lot)) for lot in range(len(RULES.numbers))]
        return AuctionState(
            event.rules,
            tuple(Bidder(name) for name in event.players),
            event.seed,
            stack=(Task("end"), *reversed(lots)),
        )
    if isinstance(event, LotSold):
        bidder = state.players[event.player]
        players = list(state.players)
        players[event.player] = attrs.evolve(
            bidder, coins=bidder.coins - event.price, lots=(*bidder.lots, event.lot)
        )
        return attrs.evolve(state, players=tuple(players))
    folded: AuctionState = fold_shared(state, event)
    return folded


def _seats(rules: ToyRules, state: AuctionState, task: Task) -> tuple[int, ...]:
    return tuple(range(len(state.players)))


def _legal(rules: ToyRules, state: AuctionState, task: Task) -> tuple[Action, ...]:
    return tuple(Bid(amount) for amount in range(state.players[task.player].coins + 1))


def _prompt(rules: ToyRules, state: AuctionState, task: Task) -> str:
    return f"bid for lot {task.ref} (worth {rules.numbers[int(task.ref)]})"


@FLOW.simultaneous("bid", _seats, _legal, _prompt, takes=(Bid,))
def _bids(engine: Engine, task: Task, choices: tuple[tuple[int, Action], ...]) -> None:
    """Every player bids in secret; the highest single bid buys the lot."""
    bids = [(action.amount, seat) for seat, action in choices if isinstance(action, Bid)]
    best = max(amount for amount, _ in bids)
    winners = [seat for amount, seat in bids if amount == best]
    if len(winners) == 1:
        engine.emit(LotSold(winners[0], int(task.ref), best))


@FLOW.automatic("end")
def _end(engine: Engine, task: Task) -> None:
    state, values = engine.state, engine.rules.numbers
    totals = [p.coins + sum(values[lot] for lot in p.lots) for p in state.players]
    engine.emit(ended([p.name for p in state.players], totals))


GAME = toy_module(
    "sealed_auction",
    Names(en="Sealed-bid auction"),
    ACTIONS,
    EVENTS,
    FLOW,
    evolve,
    AuctionState,
    (Zone("commits", "commits", "owner", pairs=True, pool=None),),
)
