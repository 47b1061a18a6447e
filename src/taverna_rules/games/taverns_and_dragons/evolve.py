"""How Taverns & Dragons' state folds each event: pure, total, no chance (the core's
:data:`~taverna_rules.core.folds.CORE_FOLDS` fold the flow).

An event carries what happened, already within the reserves (the gems left, a wound with
no slot): a fold adds it up and never decides. Each fold of a draw counts it."""

from __future__ import annotations

from typing import Any

from taverna_rules.core import symbol_grid
from taverna_rules.core.folds import CORE_FOLDS, FoldTable, without
from taverna_rules.core.records import Event
from taverna_rules.errors import ReplayError
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons.state import GameState, Player

__all__ = ["FOLDS", "evolve"]

FOLDS: FoldTable[GameState] = FoldTable()


def evolve(state: GameState | None, event: Event) -> GameState:
    """The state after ``event``."""
    if state is None:
        if isinstance(event, ev.GameStarted):
            return _started(event)
        if isinstance(event, ev.PositionLoaded):
            return event.state
        raise ReplayError(
            f"a game of Taverns & Dragons starts with GameStarted or PositionLoaded, not {event.TYPE}"
        )
    fold = FOLDS.get(type(event)) or CORE_FOLDS.get(type(event))
    if fold is None:
        raise ReplayError(f"{event.TYPE} is not an event of Taverns & Dragons")
    folded: GameState = fold(state, event)
    return folded


def _with(things: tuple[str, ...], *added: str) -> tuple[str, ...]:
    return tuple(sorted((*things, *added)))


def _started(e: ev.GameStarted) -> GameState:
    return GameState(
        rules=e.rules,
        players=tuple(Player(name) for name in e.players),
        seed=e.seed,
        chance=e.chance,
        options=tuple(e.options),
        first=e.first,
    )


def _seat(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = players[seat].replace(**changes)
    return state.replace(players=tuple(players))


def _sbire(state: GameState, seat: int, sbire: str, **changes: Any) -> GameState:
    """Change the per-sbire fields of ``seat``'s ``sbire``: each keyword a new value."""
    index = state.sbires.index(sbire)
    me = state.players[seat]
    fields = {}
    for name, value in changes.items():
        values = list(getattr(me, name))
        values[index] = value
        fields[name] = tuple(values)
    return _seat(state, seat, **fields)


def _of(state: GameState, seat: int, sbire: str, field: str) -> Any:
    return getattr(state.players[seat], field)[state.sbires.index(sbire)]


def _drawn(state: GameState) -> GameState:
    return state.replace(draws=state.draws + 1)


# ----------------------------------------------------------------------------- setup
@FOLDS.on(ev.DecksShuffled)
def _decks(state: GameState, e: ev.DecksShuffled) -> GameState:
    return state.replace(
        recipe_deck=e.recipes,
        hero_deck=e.heroes,
        event_deck=e.events,
        mission_deck=e.missions,
        trophy_pile=e.trophies,
        forge_pool=e.forge,
    )


@FOLDS.on(ev.DragonsChosen)
def _dragons_chosen(state: GameState, e: ev.DragonsChosen) -> GameState:
    return _drawn(state.replace(dragon_deck=e.dragons))


@FOLDS.on(ev.BoardLaid)
def _board(state: GameState, e: ev.BoardLaid) -> GameState:
    return state.replace(bank=(0,) * e.bank, row=("",) * e.row, taken=(False,) * e.row)


@FOLDS.on(ev.LocationsLaid)
def _laid(state: GameState, e: ev.LocationsLaid) -> GameState:
    count = len(e.locations)
    state = state.replace(locations=e.locations, used=(0,) * count, fires=(0,) * count)
    return _drawn(state) if e.drawn else state


@FOLDS.on(ev.PlayerSetUp)
def _set_up(state: GameState, e: ev.PlayerSetUp) -> GameState:
    count = len(e.sbires)
    state = state.replace(sbires=e.sbires)
    return _seat(
        state,
        e.player,
        tavern=e.tavern,
        gold=e.gold,
        energy=e.energy,
        regions=(e.region,) * count,
        carried=((),) * count,
        wounds=(0,) * count,
        stacked=(0,) * count,
        activated=(False,) * count,
        frozen=(False,) * count,
    )


@FOLDS.on(ev.FirstPlayerChosen)
def _first_chosen(state: GameState, e: ev.FirstPlayerChosen) -> GameState:
    return _drawn(state.replace(first=e.player))


@FOLDS.on(ev.BagFilled)
def _bag_filled(state: GameState, e: ev.BagFilled) -> GameState:
    return state.replace(bag=_with(state.bag, *e.tokens))


@FOLDS.on(ev.TokenDrawn)
def _token_drawn(state: GameState, e: ev.TokenDrawn) -> GameState:
    return _drawn(
        state.replace(
            bag=without(state.bag, (e.ingredient,)), tokens=(*state.tokens, (e.region, e.ingredient))
        )
    )


@FOLDS.on(ev.RecipeRevealed)
def _recipe_revealed(state: GameState, e: ev.RecipeRevealed) -> GameState:
    row = (e.recipe, *state.row[1:])
    return _drawn(state.replace(row=row, recipe_deck=without(state.recipe_deck, (e.recipe,))))


@FOLDS.on(ev.HeroRevealed)
def _hero_revealed(state: GameState, e: ev.HeroRevealed) -> GameState:
    return _drawn(
        state.replace(market=(*state.market, e.hero), hero_deck=without(state.hero_deck, (e.hero,)))
    )


@FOLDS.on(ev.MissionShown)
def _mission_shown(state: GameState, e: ev.MissionShown) -> GameState:
    return _drawn(state.replace(mission=e.mission, mission_deck=without(state.mission_deck, (e.mission,))))


@FOLDS.on(ev.MissionsDealt)
def _missions_dealt(state: GameState, e: ev.MissionsDealt) -> GameState:
    state = state.replace(mission_deck=without(state.mission_deck, e.missions))
    return _drawn(_seat(state, e.player, missions=e.missions))


@FOLDS.on(ev.MissionKept)
def _mission_kept(state: GameState, e: ev.MissionKept) -> GameState:
    state = state.replace(mission_deck=tuple(sorted((*state.mission_deck, *e.returned))))
    return _seat(state, e.player, missions=(e.mission,))


# ----------------------------------------------------------------------------- the round
@FOLDS.on(ev.RoundStarted)
def _round_started(state: GameState, e: ev.RoundStarted) -> GameState:
    return state.replace(round=e.round)


@FOLDS.on(ev.DiceRolled)
def _rolled(state: GameState, e: ev.DiceRolled) -> GameState:
    return _drawn(_seat(state, e.player, dice=tuple(sorted(e.dice))))


@FOLDS.on(ev.FirstPlayerTaken)
def _first_taken(state: GameState, e: ev.FirstPlayerTaken) -> GameState:
    return state.replace(first=e.player)


def _amount(field: str, sign: int) -> Any:
    def fold(state: GameState, e: Any) -> GameState:
        me = state.players[e.player]
        return _seat(state, e.player, **{field: getattr(me, field) + sign * e.amount})

    return fold


for _event, _field, _sign in (
    (ev.GoldGained, "gold", 1),
    (ev.GoldLost, "gold", -1),
    (ev.EnergyGained, "energy", 1),
    (ev.EnergyLost, "energy", -1),
    (ev.RunesGained, "runes", 1),
):
    FOLDS.on(_event)(_amount(_field, _sign))


@FOLDS.on(ev.RuneSpent)
def _rune_spent(state: GameState, e: ev.RuneSpent) -> GameState:
    return _seat(state, e.player, runes=state.players[e.player].runes - 1)


@FOLDS.on(ev.PrestigeScored)
def _scored(state: GameState, e: ev.PrestigeScored) -> GameState:
    return _seat(state, e.player, prestige=state.players[e.player].prestige + e.points)


@FOLDS.on(ev.TurnStarted)
def _turn_started(state: GameState, e: ev.TurnStarted) -> GameState:
    return state.replace(turn=e.player)


@FOLDS.on(ev.TurnEnded)
def _turn_ended(state: GameState, e: ev.TurnEnded) -> GameState:
    return state.replace(turn=-1, focus="")


def _placed(state: GameState, seat: int, die: int, **changes: Any) -> GameState:
    me = state.players[seat]
    return _seat(state, seat, dice=without(me.dice, (die,)), **changes)


@FOLDS.on(ev.GoldTaken)
def _gold_taken(state: GameState, e: ev.GoldTaken) -> GameState:
    bank = list(state.bank)
    bank[e.space] += 1
    me = state.players[e.player]
    return _placed(state.replace(bank=tuple(bank)), e.player, e.die, banked=True, gold=me.gold + e.gold)


@FOLDS.on(ev.EnergyTaken)
def _energy_taken(state: GameState, e: ev.EnergyTaken) -> GameState:
    me = state.players[e.player]
    return _placed(state.replace(source=state.source + 1), e.player, e.die, energy=me.energy + e.gems)


@FOLDS.on(ev.SbireActivated)
def _activated(state: GameState, e: ev.SbireActivated) -> GameState:
    state = _placed(state, e.player, e.die)
    state = _sbire(state, e.player, e.sbire, activated=True)
    return _activation(state, e.player, e.sbire, e.die).replace(focus=e.sbire)


def _activation(state: GameState, seat: int, sbire: str, die: int) -> GameState:
    return state.replace(active=seat, sbire=sbire, die=die, moved=False, collects=1, visited=(), hunted=False)


@FOLDS.on(ev.RecipeCooked)
def _cooked(state: GameState, e: ev.RecipeCooked) -> GameState:
    me = state.players[e.player]
    row = ("", *state.row[: e.place], *state.row[e.place + 1 :])
    taken = list(state.taken)
    if state.option("recipe_slot", "taken") == "taken":
        taken[e.place] = True
    state = state.replace(row=row, taken=tuple(taken))
    return _placed(
        state,
        e.player,
        e.die,
        pantry=without(me.pantry, e.ingredients),
        recipes=(*me.recipes, e.recipe),
        prestige=me.prestige + e.points,
    )


# ----------------------------------------------------------------------------- sbires
@FOLDS.on(ev.SbireMoved)
def _moved(state: GameState, e: ev.SbireMoved) -> GameState:
    state = _sbire(state, e.player, e.sbire, regions=e.path[-1])
    return state.replace(moved=True) if state.active == e.player and state.sbire == e.sbire else state


@FOLDS.on(ev.SbireTeleported)
def _teleported(state: GameState, e: ev.SbireTeleported) -> GameState:
    return _sbire(state, e.player, e.sbire, regions=e.region)


@FOLDS.on(ev.SbireFrozen)
def _frozen(state: GameState, e: ev.SbireFrozen) -> GameState:
    return _sbire(state, e.player, e.sbire, frozen=True)


@FOLDS.on(ev.FrostMelted)
def _melted(state: GameState, e: ev.FrostMelted) -> GameState:
    return _sbire(state, e.player, e.sbire, frozen=False)


def _carry(state: GameState, seat: int, sbire: str, ingredient: str) -> GameState:
    return _sbire(state, seat, sbire, carried=_with(_of(state, seat, sbire, "carried"), ingredient))


@FOLDS.on(ev.IngredientCollected)
def _collected(state: GameState, e: ev.IngredientCollected) -> GameState:
    if e.token:
        region = _of(state, e.player, e.sbire, "regions")
        state = state.replace(tokens=without(state.tokens, ((region, e.ingredient),)))
    if e.pantry:
        return _seat(state, e.player, pantry=_with(state.players[e.player].pantry, e.ingredient))
    state = _carry(state, e.player, e.sbire, e.ingredient)
    return state.replace(collects=max(0, state.collects - 1))


@FOLDS.on(ev.ExtraCollect)
def _extra_collect(state: GameState, e: ev.ExtraCollect) -> GameState:
    return state.replace(collects=state.collects + 1)


@FOLDS.on(ev.IngredientGained)
def _gained(state: GameState, e: ev.IngredientGained) -> GameState:
    if e.sbire:
        return _carry(state, e.player, e.sbire, e.ingredient)
    return _seat(state, e.player, pantry=_with(state.players[e.player].pantry, e.ingredient))


def _uncarry(state: GameState, seat: int, sbire: str, ingredient: str) -> GameState:
    """The sbire gives up one ``ingredient``: a stacked token first, when it has one of the
    kind twice (the stack then counts one less)."""
    carried = _of(state, seat, sbire, "carried")
    stacked = _of(state, seat, sbire, "stacked")
    if stacked and carried.count(ingredient) > 1:
        stacked -= 1
    return _sbire(
        state, seat, sbire, carried=without(carried, (ingredient,)), stacked=min(stacked, len(carried) - 1)
    )


@FOLDS.on(ev.IngredientLost)
def _lost(state: GameState, e: ev.IngredientLost) -> GameState:
    if e.sbire:
        return _uncarry(state, e.player, e.sbire, e.ingredient)
    return _seat(state, e.player, pantry=without(state.players[e.player].pantry, (e.ingredient,)))


@FOLDS.on(ev.IngredientDropped)
def _dropped(state: GameState, e: ev.IngredientDropped) -> GameState:
    state = _uncarry(state, e.player, e.sbire, e.ingredient)
    return _seat(state, e.player, pantry=_with(state.players[e.player].pantry, e.ingredient))


@FOLDS.on(ev.IngredientStacked)
def _stacked(state: GameState, e: ev.IngredientStacked) -> GameState:
    state = _carry(state, e.player, e.sbire, e.ingredient)
    return _sbire(state, e.player, e.sbire, stacked=_of(state, e.player, e.sbire, "stacked") + 1)


@FOLDS.on(ev.IngredientsSwapped)
def _swapped(state: GameState, e: ev.IngredientsSwapped) -> GameState:
    state = _uncarry(state, e.player, e.sbire, e.gave)
    state = _uncarry(state, e.other, e.other_sbire, e.took)
    state = _carry(state, e.player, e.sbire, e.took)
    return _carry(state, e.other, e.other_sbire, e.gave)


@FOLDS.on(ev.WoundTaken)
def _wounded(state: GameState, e: ev.WoundTaken) -> GameState:
    if e.discarded:
        state = _uncarry(state, e.player, e.sbire, e.discarded)
    return _sbire(state, e.player, e.sbire, wounds=_of(state, e.player, e.sbire, "wounds") + 1)


@FOLDS.on(ev.WoundsHealed)
def _healed(state: GameState, e: ev.WoundsHealed) -> GameState:
    return _sbire(state, e.player, e.sbire, wounds=_of(state, e.player, e.sbire, "wounds") - e.count)


@FOLDS.on(ev.LocationVisited)
def _visited(state: GameState, e: ev.LocationVisited) -> GameState:
    space = state.locations.index(e.location)
    used = list(state.used)
    used[space] += 1
    me = state.players[e.player]
    state = _seat(
        state.replace(used=tuple(used)),
        e.player,
        gold=me.gold - e.gold,
        energy=me.energy - e.energy,
        prestige=me.prestige - e.prestige,
    )
    for ingredient in e.carried:
        state = _uncarry(state, e.player, e.sbire, ingredient)
    if state.active == e.player and state.sbire == e.sbire:
        state = state.replace(visited=(*state.visited, e.location))
    return state


@FOLDS.on(ev.FireSet)
def _fire(state: GameState, e: ev.FireSet) -> GameState:
    index = state.locations.index(e.location)
    used, fires = list(state.used), list(state.fires)
    used[index] += 1
    fires[index] += 1
    return state.replace(used=tuple(used), fires=tuple(fires))


@FOLDS.on(ev.ActivationEnded)
def _activation_ended(state: GameState, e: ev.ActivationEnded) -> GameState:
    return state.replace(active=-1, sbire="", die=0, moved=False, collects=0, visited=(), hunted=False)


@FOLDS.on(ev.ActivationResumed)
def _resumed(state: GameState, e: ev.ActivationResumed) -> GameState:
    return state.replace(
        active=e.player,
        sbire=e.sbire,
        die=e.die,
        moved=e.moved,
        collects=e.collects,
        visited=e.visited,
        hunted=e.hunted,
    )


@FOLDS.on(ev.SecondActivation)
def _second(state: GameState, e: ev.SecondActivation) -> GameState:
    return _drawn(_activation(state, e.player, e.sbire, e.die))


# ----------------------------------------------------------------------------- hunts
@FOLDS.on(ev.HuntBegun)
def _hunt_begun(state: GameState, e: ev.HuntBegun) -> GameState:
    me = state.players[e.player]
    return _seat(state.replace(hunted=True), e.player, energy=me.energy - e.gems)


@FOLDS.on(ev.HuntingDiceRolled)
def _hunting_rolled(state: GameState, e: ev.HuntingDiceRolled) -> GameState:
    return _drawn(state.replace(hunting=tuple(sorted((*state.hunting, *e.faces)))))


@FOLDS.on(ev.HuntingDieRerolled)
def _hunting_rerolled(state: GameState, e: ev.HuntingDieRerolled) -> GameState:
    return _drawn(state.replace(hunting=tuple(sorted((*without(state.hunting, (e.face,)), e.to)))))


@FOLDS.on(ev.HuntingDieTurned)
def _hunting_turned(state: GameState, e: ev.HuntingDieTurned) -> GameState:
    return state.replace(hunting=tuple(sorted((*without(state.hunting, (e.face,)), e.to))))


@FOLDS.on(ev.HuntStruck)
def _struck(state: GameState, e: ev.HuntStruck) -> GameState:
    return state.replace(strikes=e.strikes)


@FOLDS.on(ev.DamagePlaced)
def _damage(state: GameState, e: ev.DamagePlaced) -> GameState:
    strikes = state.strikes
    if e.symbol in strikes:
        strikes = without(strikes, (e.symbol,))
    me = state.players[e.player]
    state = _seat(state, e.player, damage=me.damage + 1)
    return state.replace(grid=symbol_grid.cover(state.grid, e.row, e.symbol), strikes=strikes)


@FOLDS.on(ev.DragonSlain)
def _slain(state: GameState, e: ev.DragonSlain) -> GameState:
    return state.replace(dragon="", grid=(), strikes=())


@FOLDS.on(ev.TrophyWon)
def _trophy(state: GameState, e: ev.TrophyWon) -> GameState:
    state = state.replace(trophy_pile=without(state.trophy_pile, (e.trophy,)))
    return _drawn(_seat(state, e.player, trophies=(*state.players[e.player].trophies, e.trophy)))


@FOLDS.on(ev.HuntEnded)
def _hunt_ended(state: GameState, e: ev.HuntEnded) -> GameState:
    return state.replace(hunting=(), strikes=())


@FOLDS.on(ev.ForgeTokenDrawn)
def _forge_drawn(state: GameState, e: ev.ForgeTokenDrawn) -> GameState:
    state = state.replace(forge_pool=without(state.forge_pool, (e.token,)))
    return _drawn(_seat(state, e.player, forge=e.token))


@FOLDS.on(ev.ForgeTokenUsed)
def _forge_used(state: GameState, e: ev.ForgeTokenUsed) -> GameState:
    state = state.replace(forge_pool=tuple(sorted((*state.forge_pool, e.token))))
    return _seat(state, e.player, forge="")


@FOLDS.on(ev.DungeonTokenDrawn)
def _dungeon(state: GameState, e: ev.DungeonTokenDrawn) -> GameState:
    return _drawn(state)


# ----------------------------------------------------------------------------- dice
@FOLDS.on(ev.DiceChanged)
def _dice_changed(state: GameState, e: ev.DiceChanged) -> GameState:
    return _seat(state, e.player, dice=tuple(sorted(e.dice)))


@FOLDS.on(ev.DieRerolled)
def _die_rerolled(state: GameState, e: ev.DieRerolled) -> GameState:
    me = state.players[e.player]
    rerolls = without(state.rerolls, (e.die,)) if e.die in state.rerolls else state.rerolls
    return _drawn(
        _seat(
            state.replace(rerolls=rerolls), e.player, dice=tuple(sorted((*without(me.dice, (e.die,)), e.to)))
        )
    )


@FOLDS.on(ev.RerollMarked)
def _marked(state: GameState, e: ev.RerollMarked) -> GameState:
    return state.replace(rerolls=(*state.rerolls, e.die))


# ----------------------------------------------------------------------------- heroes
@FOLDS.on(ev.HeroRecruited)
def _recruited(state: GameState, e: ev.HeroRecruited) -> GameState:
    me = state.players[e.player]
    state = state.replace(market=without(state.market, (e.hero,)))
    return _seat(state, e.player, heroes=(*me.heroes, e.hero), gold=me.gold - e.cost)


@FOLDS.on(ev.AbilityUsed)
def _ability(state: GameState, e: ev.AbilityUsed) -> GameState:
    me = state.players[e.player]
    return _seat(state, e.player, exhausted=(*me.exhausted, e.hero))


@FOLDS.on(ev.AbilityCopied)
def _copied(state: GameState, e: ev.AbilityCopied) -> GameState:
    return state


@FOLDS.on(ev.BonusUsed)
def _bonus(state: GameState, e: ev.BonusUsed) -> GameState:
    me = state.players[e.player]
    return _seat(state, e.player, bonuses=(*me.bonuses, e.hero), energy=me.energy - 1)


@FOLDS.on(ev.HeroesSwapped)
def _heroes_swapped(state: GameState, e: ev.HeroesSwapped) -> GameState:
    me = state.players[e.player]
    market = tuple(e.gave if h == e.took else h for h in state.market)
    heroes = tuple(e.took if h == e.gave else h for h in me.heroes)
    exhausted = tuple(h for h in me.exhausted if h != e.gave)
    return _seat(state.replace(market=market), e.player, heroes=heroes, exhausted=exhausted)


@FOLDS.on(ev.HeroReadied)
def _readied(state: GameState, e: ev.HeroReadied) -> GameState:
    me = state.players[e.player]
    return _seat(state, e.player, exhausted=without(me.exhausted, (e.hero,)))


@FOLDS.on(ev.HeroesReadied)
def _all_readied(state: GameState, e: ev.HeroesReadied) -> GameState:
    return state.replace(players=tuple(p.replace(exhausted=()) for p in state.players))


@FOLDS.on(ev.PowerAdvanced)
def _power_advanced(state: GameState, e: ev.PowerAdvanced) -> GameState:
    return _seat(state, e.player, power=state.players[e.player].power + 1)


@FOLDS.on(ev.PowerUsed)
def _power_used(state: GameState, e: ev.PowerUsed) -> GameState:
    return _seat(state, e.player, power=0)


# ----------------------------------------------------------------------------- upkeep
@FOLDS.on(ev.RoundEnded)
def _round_ended(state: GameState, e: ev.RoundEnded) -> GameState:
    players = tuple(
        p.replace(dice=(), banked=False, activated=(False,) * len(p.activated)) for p in state.players
    )
    return state.replace(
        players=players,
        bank=(0,) * len(state.bank),
        source=0,
        taken=(False,) * len(state.taken),
        used=(0,) * len(state.used),
        fires=(0,) * len(state.fires),
        focus="",
        turn=-1,
    )


@FOLDS.on(ev.RowSlid)
def _row_slid(state: GameState, e: ev.RowSlid) -> GameState:
    return state.replace(row=("", *state.row[:-1]))


@FOLDS.on(ev.DragonAwoke)
def _awoke(state: GameState, e: ev.DragonAwoke) -> GameState:
    return _drawn(
        state.replace(dragon=e.dragon, grid=e.grid, dragon_deck=without(state.dragon_deck, (e.dragon,)))
    )


@FOLDS.on(ev.DragonLeft)
def _left(state: GameState, e: ev.DragonLeft) -> GameState:
    return state.replace(dragon="", grid=())


@FOLDS.on(ev.BoardCleared)
def _cleared(state: GameState, e: ev.BoardCleared) -> GameState:
    return state.replace(tokens=without(state.tokens, e.tokens))


@FOLDS.on(ev.EventRevealed)
def _event_revealed(state: GameState, e: ev.EventRevealed) -> GameState:
    return _drawn(
        state.replace(
            event_deck=without(state.event_deck, (e.event,)), events_seen=(*state.events_seen, e.event)
        )
    )


@FOLDS.on(ev.Revealed)
def _revealed(state: GameState, e: ev.Revealed) -> GameState:
    return state


@FOLDS.on(ev.FinalScored)
def _final(state: GameState, e: ev.FinalScored) -> GameState:
    me = state.players[e.player]
    return _seat(state, e.player, prestige=me.prestige + e.heroes + e.trophies + e.missions + e.pantry)


@FOLDS.on(ev.GameEnded)
def _ended(state: GameState, e: ev.GameEnded) -> GameState:
    return state.replace(result=e.result)
