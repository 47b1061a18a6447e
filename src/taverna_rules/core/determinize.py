"""Determinization: a state drawn at random among those one player cannot tell apart.

Search that must not peek (information-set MCTS) plays many games forward, each from a
state consistent with what the searching player sees: their own hand as it is, every
other hidden thing redealt. :func:`determinize` does it for any game from its zones
(:class:`~taverna_rules.core.views.Zone`): the things a viewer may not see are gathered
by pool (a deck with the hands it deals and its face-down discards), put in a canonical
order, shuffled with the caller's generator and dealt back into the same places, each
place keeping its size; a hidden seed is drawn anew, so the chance to come is unknown
too. The result depends on the viewer's view and the generator only: two states that
look the same to the viewer give the same state for the same generator state (a property
test holds it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from taverna_rules._records import evolve
from taverna_rules._shown import shown
from taverna_rules.core.arguments import check_rng
from taverna_rules.core.chance import chance_mode, waits_for_chance
from taverna_rules.core.contract import StateLike
from taverna_rules.core.records import HIDDEN
from taverna_rules.core.views import Visibility, Zone
from taverna_rules.errors import DeterminizeError, UnknownPlayerError

__all__ = ["Resample", "determinize"]

#: A place holding hidden things: (zone, seat or None, index into a pairs zone or None).
_Place = tuple[Zone, int | None, int | None]
#: ``resample(state, seat)``: what ``seat`` could have sealed in ``state`` (its legal
#: actions at the pending simultaneous decision), for a sealed choice the viewer cannot see.
Resample = Callable[[Any, int], Sequence[Any]]


def _things(value: Any) -> tuple[Any, ...]:
    """The things one place holds (a text slot holds one, or none when empty)."""
    if isinstance(value, tuple):
        return value
    if isinstance(value, str):
        return (value,) if value else ()
    return (value,) if value is not None else ()


def _refill(value: Any, things: list[Any]) -> Any:
    """``value``'s place filled with ``things`` instead (same size and type)."""
    return tuple(things) if isinstance(value, tuple) else things[0]


def _places(visibility: Visibility, state: StateLike, viewer: int) -> Iterator[tuple[_Place, Any]]:
    """Every place whose content ``viewer`` may not see, with that content, in the order of
    the zones' declaration (the deal order, which must not depend on the content)."""
    for zone in visibility.zones:
        if zone.policy == "public":
            continue
        if zone.per_player:
            for seat, player in enumerate(state.players):
                if not zone.sees(seat, viewer):
                    yield (zone, seat, None), getattr(player, zone.field)
        elif zone.pairs:
            for index, (seat, thing) in enumerate(getattr(state, zone.field)):
                if not zone.sees(seat, viewer):
                    yield (zone, None, index), thing
        elif not zone.sees(None, viewer):
            yield (zone, None, None), getattr(state, zone.field)


def _order(thing: Any) -> tuple[str, str]:
    return type(thing).__name__, repr(thing)


def determinize(
    visibility: Visibility,
    state: StateLike,
    viewer: int,
    rng: random.Random,
    resample: Resample | None = None,
) -> Any:
    """A state ``viewer`` cannot tell from ``state``, with every hidden thing redealt.

    Hidden things of the zones of one pool trade places at random (each place keeps how
    many it holds); a ``hidden`` zone holding a number (the seed) gets a new random
    number, and the sample draws from it (in explicit chance mode too). Sealed choices
    the viewer cannot see (a pairs zone of pool ``None``: the commits of a simultaneous
    decision) are chosen anew, each at random among ``resample(state, seat)``, once the
    rest is redealt and with every unseen choice taken back (each keeps its place in the
    order of commits, which is public). :class:`~taverna_rules.errors.DeterminizeError`
    when there are such choices and no ``resample``, when a seat could seal nothing, or
    when a hidden zone holds something that cannot be redrawn. ``viewer`` is a seat (a
    spectator sees less than any seat: determinize for a seat)."""
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < len(state.players):
        raise UnknownPlayerError(f"no seat {shown(viewer)}; seats are 0 to {len(state.players) - 1}")
    check_rng(rng)
    if waits_for_chance(state):
        raise DeterminizeError(
            "the game waits on a chance decision, in the middle of an action: "
            "determinize at a player's decision"
        )
    pools: dict[str, list[Any]] = {}
    places: list[tuple[_Place, Any]] = []
    fresh: dict[str, int] = {}
    sealed: list[_Place] = []
    for place, value in _places(visibility, state, viewer):
        zone = place[0]
        if zone.kind is None and zone.pairs and resample is not None:
            sealed.append(place)
            continue
        if zone.policy == "hidden" and not zone.pairs and not zone.per_player:
            if isinstance(value, bool) or not isinstance(value, int):
                raise DeterminizeError(
                    f"zone {zone.name!r} hides {type(value).__name__}, which cannot be redrawn"
                )
            fresh[zone.field] = rng.getrandbits(64)
            continue
        things = _things(value)
        if not things:
            continue
        if zone.kind is None:
            raise DeterminizeError(
                f"zone {zone.name!r} holds hidden things that cannot be redealt without the "
                "game's rules to choose them anew (Game.determinize and Seat.playout give them)"
            )
        pools.setdefault(_pool(state, place), []).extend(things)
        places.append((place, value))
    for pool in pools.values():
        if HIDDEN in pool:
            raise DeterminizeError("a player's view cannot be determinized: its hidden things are gone")
        pool.sort(key=_order)
        rng.shuffle(pool)
    dealt = _deal(state, places, pools, fresh)
    if not sealed:
        return dealt
    assert resample is not None
    return _reseal(dealt, sealed, rng, resample)


def _reseal(state: StateLike, sealed: list[_Place], rng: random.Random, resample: Resample) -> Any:
    """``state`` with the sealed choices of ``sealed`` chosen anew: all of them taken back
    first (what one seat may seal never hangs on another's sealed choice), then each drawn
    among its seat's choices."""
    fields: dict[str, list[Any]] = {}
    for zone, _, index in sealed:
        assert index is not None
        pairs = fields.setdefault(zone.field, list(getattr(state, zone.field)))
        pairs[index] = None
    bare = evolve(
        state, **{field: tuple(p for p in pairs if p is not None) for field, pairs in fields.items()}
    )
    for zone, _, index in sealed:
        assert index is not None
        seat = getattr(state, zone.field)[index][0]
        choices = resample(bare, seat)
        if not choices:
            raise DeterminizeError(
                f"seat {seat} has sealed a choice in zone {zone.name!r} and could seal none"
            )
        fields[zone.field][index] = (seat, choices[rng.randrange(len(choices))])
    return evolve(state, **{field: tuple(pairs) for field, pairs in fields.items()})


def _pool(state: StateLike, place: _Place) -> str:
    """The pool a place's hidden things are redealt in: its zone's, split by seat for a
    zone whose things stay with their owner."""
    zone, seat, index = place
    kind = zone.kind
    assert kind is not None
    if not zone.per_seat:
        return kind
    owner = seat if index is None else getattr(state, zone.field)[index][0]
    return f"{kind}@{owner}"


def _deal(
    state: StateLike, places: list[tuple[_Place, Any]], pools: dict[str, list[Any]], fresh: dict[str, int]
) -> Any:
    players = list(state.players)
    fields: dict[str, Any] = dict(fresh)
    if chance_mode(state) != "sampled":
        # The sample is one world: its new seed decides the draws to come.
        fields["chance"] = "sampled"
    taken = dict.fromkeys(pools, 0)
    for place, value in places:
        zone, seat, index = place
        kind = _pool(state, place)
        size = len(_things(value))
        things = pools[kind][taken[kind] : taken[kind] + size]
        taken[kind] += size
        if seat is not None:
            players[seat] = evolve(players[seat], **{zone.field: _refill(value, things)})
        elif index is not None:
            pairs = list(fields.get(zone.field, getattr(state, zone.field)))
            pairs[index] = (pairs[index][0], things[0])
            fields[zone.field] = tuple(pairs)
        else:
            fields[zone.field] = _refill(value, things)
    return evolve(state, players=tuple(players), **fields)
