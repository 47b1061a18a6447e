"""How Taverne's state folds each event: pure, total, no chance (the core's
:data:`~taverna_rules.core.folds.CORE_FOLDS` fold the flow and the commits).

The numbers an event carries are what happened, already within the hard limits (Butin
at most 9, Energy at least the Sonné zone): a fold adds them up and never clamps again.
"""

from __future__ import annotations

from typing import Any

from taverna_rules.core.folds import CORE_FOLDS, FoldTable, without
from taverna_rules.core.records import Event
from taverna_rules.errors import ReplayError
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne.state import GameState, Player, weapon_id

__all__ = ["FOLDS", "evolve"]

FOLDS: FoldTable[GameState] = FoldTable()


def evolve(state: GameState | None, event: Event) -> GameState:
    """The state after ``event``."""
    if state is None:
        if isinstance(event, ev.GameStarted):
            return _started(event)
        if isinstance(event, ev.PositionLoaded):
            return event.state
        raise ReplayError(f"a game of Taverne starts with GameStarted or PositionLoaded, not {event.TYPE}")
    fold = FOLDS.get(type(event)) or CORE_FOLDS.get(type(event))
    if fold is None:
        raise ReplayError(f"{event.TYPE} is not an event of Taverne")
    folded: GameState = fold(state, event)
    return folded


def _started(e: ev.GameStarted) -> GameState:
    return GameState(
        rules=e.rules,
        players=tuple(Player(name) for name in e.players),
        seed=e.seed,
        chance=e.chance,
        options=tuple(e.options),
        pilier=e.pilier,
        table=tuple(range(len(e.players))),
    )


def _seat(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = players[seat].replace(**changes)
    return state.replace(players=tuple(players))


@FOLDS.on(ev.CharactersPiled)
def _piled(state: GameState, e: ev.CharactersPiled) -> GameState:
    return state.replace(characters=e.pile)


@FOLDS.on(ev.PilierChosen)
def _pilier_chosen(state: GameState, e: ev.PilierChosen) -> GameState:
    return state.replace(pilier=e.pilier, draws=state.draws + 1)


@FOLDS.on(ev.OriginChosen)
def _origin_chosen(state: GameState, e: ev.OriginChosen) -> GameState:
    return state  # the box is read from the Character he keeps; the deal follows


@FOLDS.on(ev.CharactersDealt)
def _dealt(state: GameState, e: ev.CharactersDealt) -> GameState:
    drawn, under = e.characters[: e.drawn], e.characters[e.drawn :]
    state = state.replace(
        characters=without(state.characters, drawn),
        under=without(state.under, under),
        draws=state.draws + (1 if e.drawn else 0),
    )
    return _seat(state, e.player, offered=e.characters)


@FOLDS.on(ev.CharactersLaidOut)
def _laid_out(state: GameState, e: ev.CharactersLaidOut) -> GameState:
    pile = without(state.characters, e.characters)
    return state.replace(characters=pile, auction=e.characters, draws=state.draws + 1)


@FOLDS.on(ev.AuctionSettled)
def _settled(state: GameState, e: ev.AuctionSettled) -> GameState:
    return state.replace(bids=e.bids, draws=state.draws + (1 if len(set(e.bids)) < len(e.bids) else 0))


@FOLDS.on(ev.CharacterChosen)
def _chosen(state: GameState, e: ev.CharacterChosen) -> GameState:
    if e.character in state.auction:
        state = state.replace(auction=tuple(c for c in state.auction if c != e.character))
    state = state.replace(under=(*state.under, *e.returned))
    return _seat(state, e.player, character=e.character, offered=())


@FOLDS.on(ev.PlayerSeated)
def _seated(state: GameState, e: ev.PlayerSeated) -> GameState:
    if e.after >= 0:
        table = [seat for seat in state.table if seat != e.player]
        table.insert(table.index(e.after) + 1, e.player)
        state = state.replace(table=tuple(table))
    return _seat(
        state,
        e.player,
        pints=1,
        energy=e.energy,
        butin=e.butin,
        hand=e.hand,
        top=e.top,
        pile=e.pile,
        dodges=(),
    )


@FOLDS.on(ev.PlayerLeft)
def _left(state: GameState, e: ev.PlayerLeft) -> GameState:
    return _seat(state, e.player, absent=True)


@FOLDS.on(ev.PlayerReturned)
def _returned_to_table(state: GameState, e: ev.PlayerReturned) -> GameState:
    return _seat(state, e.player, absent=False)


@FOLDS.on(ev.TurnStarted)
def _turn(state: GameState, e: ev.TurnStarted) -> GameState:
    players = tuple(p.replace(used=(), spells=0) if p.used or p.spells else p for p in state.players)
    return state.replace(turn=e.turn, pilier=e.pilier, call=0, milice=(), players=players)


@FOLDS.on(ev.CallAnnounced)
def _call(state: GameState, e: ev.CallAnnounced) -> GameState:
    return state.replace(call=e.call)


@FOLDS.on(ev.ButinGained)
def _butin(state: GameState, e: ev.ButinGained) -> GameState:
    return _seat(state, e.player, butin=state.players[e.player].butin + e.amount)


@FOLDS.on(ev.WeaponBought)
def _weapon(state: GameState, e: ev.WeaponBought) -> GameState:
    me = state.players[e.player]
    return _seat(
        state,
        e.player,
        butin=me.butin - 1,
        hand=(*me.hand, e.weapon),
        top=e.top,
        pile=me.pile[1:],
    )


@FOLDS.on(ev.PintGained)
def _pint_gained(state: GameState, e: ev.PintGained) -> GameState:
    return _seat(state, e.player, pints=state.players[e.player].pints + 1)


@FOLDS.on(ev.ButinLost)
def _butin_lost(state: GameState, e: ev.ButinLost) -> GameState:
    return _seat(state, e.player, butin=state.players[e.player].butin - e.amount)


@FOLDS.on(ev.EnergyGained)
def _energy_gained(state: GameState, e: ev.EnergyGained) -> GameState:
    return _seat(state, e.player, energy=state.players[e.player].energy + e.amount)


@FOLDS.on(ev.WeaponTaken)
def _weapon_taken(state: GameState, e: ev.WeaponTaken) -> GameState:
    me = state.players[e.player]
    return _seat(state, e.player, hand=(*me.hand, e.weapon), top=e.top, pile=me.pile[1:])


@FOLDS.on(ev.PintBought)
def _pint(state: GameState, e: ev.PintBought) -> GameState:
    me = state.players[e.player]
    return _seat(state, e.player, butin=me.butin - 1, pints=me.pints + 1)


@FOLDS.on(ev.PintLost)
def _pint_lost(state: GameState, e: ev.PintLost) -> GameState:
    me = state.players[e.player]
    return _seat(state, e.player, pints=max(1, me.pints - 1))


@FOLDS.on(ev.MiliceCalled)
def _milice(state: GameState, e: ev.MiliceCalled) -> GameState:
    return state.replace(milice=(*state.milice, e.player))


@FOLDS.on(ev.DodgeSet)
def _dodge(state: GameState, e: ev.DodgeSet) -> GameState:
    me = state.players[e.player]
    return _seat(state, e.player, hand=_without(me.hand, e.weapon), dodges=(*me.dodges, e.weapon))


@FOLDS.on(ev.AttackLaid)
def _attack(state: GameState, e: ev.AttackLaid) -> GameState:
    me = state.players[e.player]
    state = state.replace(
        attacks=(*state.attacks, (e.player, e.target, e.spot)),
        laid=(*state.laid, (e.player, e.weapon)),
        crasses=(*state.crasses, (e.player, e.crasse)) if e.crasse else state.crasses,
    )
    hand = me.specialties if not e.crasse else _without(me.specialties, e.crasse)
    return _seat(state, e.player, hand=_without(me.hand, e.weapon), specialties=hand)


@FOLDS.on(ev.DodgesSplit)
def _split(state: GameState, e: ev.DodgesSplit) -> GameState:
    return state.replace(split=(*state.split, (e.attacker, e.count)))


@FOLDS.on(ev.ValueNamed)
def _named(state: GameState, e: ev.ValueNamed) -> GameState:
    return state.replace(named=(*state.named, (e.attacker, e.value)))


@FOLDS.on(ev.AttackRevealed)
def _revealed(state: GameState, e: ev.AttackRevealed) -> GameState:
    laid = tuple(pair for pair in state.laid if pair[0] != e.attacker)
    hits = state.hits if e.dodged else (*state.hits, e.attacker)
    turned = (*state.revealed, (e.attacker, weapon_id(e.weapon, e.attacker)))
    return state.replace(laid=laid, revealed=turned, hits=hits)


@FOLDS.on(ev.EnergyLost)
def _energy(state: GameState, e: ev.EnergyLost) -> GameState:
    return _seat(state, e.player, energy=state.players[e.player].energy - e.amount)


@FOLDS.on(ev.WeaponsReturned)
def _returned(state: GameState, e: ev.WeaponsReturned) -> GameState:
    me = state.players[e.player]
    state = state.replace(revealed=tuple(pair for pair in state.revealed if pair[0] != e.player))
    return _seat(
        state,
        e.player,
        hand=(*me.hand, *e.to_hand),
        dodges=(),
        top=me.top or e.top,
        pile=(*me.pile, *e.under),
    )


@FOLDS.on(ev.PlayerEliminated)
def _eliminated(state: GameState, e: ev.PlayerEliminated) -> GameState:
    """All his cards are discarded (l.247-250): under the Specialty pile, his hand first."""
    me = state.players[e.player]
    state = state.replace(
        ko=(*state.ko, e.character),
        specialty_buried=(*state.specialty_buried, *e.buried),
        specialty_discard=(*state.specialty_discard, *e.discarded),
    )
    return _seat(
        state,
        e.player,
        character="",
        pints=1,
        energy=0,
        butin=0,
        hand=(),
        top="",
        pile=(),
        dodges=(),
        knocked_out=me.knocked_out + 1,
        specialties=(),
        atouts=(),
        used=(),
        suffers=(),
        spells=0,
    )


@FOLDS.on(ev.PilierPassed)
def _pilier(state: GameState, e: ev.PilierPassed) -> GameState:
    return state.replace(pilier=e.pilier, split=(), named=(), crasses=(), hits=(), attacks=())


@FOLDS.on(ev.SpecialtiesPiled)
def _specialties_piled(state: GameState, e: ev.SpecialtiesPiled) -> GameState:
    return state.replace(specialty_deck=e.pile)


@FOLDS.on(ev.SpecialtyDrawn)
def _specialty_drawn(state: GameState, e: ev.SpecialtyDrawn) -> GameState:
    me = state.players[e.player]
    state = state.replace(specialty_deck=without(state.specialty_deck, (e.card,)), draws=state.draws + 1)
    return _seat(
        state, e.player, specialties=(*me.specialties, e.card), butin=me.butin - (1 if e.bought else 0)
    )


@FOLDS.on(ev.SpecialtiesReturned)
def _returned_specialties(state: GameState, e: ev.SpecialtiesReturned) -> GameState:
    pile = tuple(sorted((*state.specialty_deck, *e.discard, *e.buried)))
    # what stays is said by the event: a view cannot tell which hidden cards came back
    return state.replace(
        specialty_deck=pile, specialty_discard=e.discard_left, specialty_buried=e.buried_left
    )


@FOLDS.on(ev.AtoutPlayed)
def _atout_played(state: GameState, e: ev.AtoutPlayed) -> GameState:
    me = state.players[e.player]
    return _seat(state, e.player, specialties=_without(me.specialties, e.card), atouts=(*me.atouts, e.card))


@FOLDS.on(ev.AtoutTakenBack)
def _atout_back(state: GameState, e: ev.AtoutTakenBack) -> GameState:
    me = state.players[e.player]
    atouts = me.atouts[: e.slot] + me.atouts[e.slot + 1 :]
    return _seat(state, e.player, specialties=(*me.specialties, e.card), atouts=atouts)


@FOLDS.on(ev.PowerUsed)
def _power_used(state: GameState, e: ev.PowerUsed) -> GameState:
    me = state.players[e.player]
    if e.source not in me.atouts or e.source in me.used:
        return state
    return _seat(state, e.player, used=(*me.used, e.source))


@FOLDS.on(ev.SpellCast)
def _spell_cast(state: GameState, e: ev.SpellCast) -> GameState:
    me = state.players[e.player]
    state = state.replace(specialty_discard=(*state.specialty_discard, e.card))
    return _seat(state, e.player, specialties=_without(me.specialties, e.card), spells=me.spells + 1)


@FOLDS.on(ev.SpecialtyDiscarded)
def _specialty_discarded(state: GameState, e: ev.SpecialtyDiscarded) -> GameState:
    """The card leaves wherever it is (an Atout in play, the Crasse suffered) for the bottom
    of the pile."""
    me = state.players[e.player]
    state = state.replace(specialty_discard=(*state.specialty_discard, e.card))
    if e.card in me.atouts:
        return _seat(state, e.player, atouts=tuple(a for a in me.atouts if a != e.card))
    if e.card in me.suffers:
        return _seat(state, e.player, suffers=tuple(c for c in me.suffers if c != e.card))
    return state


@FOLDS.on(ev.CrasseLost)
def _crasse_lost(state: GameState, e: ev.CrasseLost) -> GameState:
    crasses = tuple(pair for pair in state.crasses if pair[0] != e.player)
    return state.replace(crasses=crasses, specialty_buried=(*state.specialty_buried, e.card))


@FOLDS.on(ev.CrasseServed)
def _crasse_served(state: GameState, e: ev.CrasseServed) -> GameState:
    # One Crasse at most with an attack (reading A18): the attacker's is the one served.
    state = state.replace(crasses=tuple(pair for pair in state.crasses if pair[0] != e.attacker))
    return _seat(state, e.player, suffers=(*state.players[e.player].suffers, e.card))


@FOLDS.on(ev.GameEnded)
def _ended(state: GameState, e: ev.GameEnded) -> GameState:
    return state.replace(result=e.result)


def _without(things: tuple[str, ...], thing: str) -> tuple[str, ...]:
    """``things`` less ``thing`` (in another's view of a hand, a hidden mark stands for it)."""
    return without(things, (thing,))
