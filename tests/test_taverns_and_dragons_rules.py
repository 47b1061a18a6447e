"""Taverns & Dragons, rule by rule: each test sets up the situation of one rule (a scene
resumed from a position, its draws picked in explicit chance mode) and checks what the
engine does, citing the rulebook line (``taverns-and-dragons-fr``) or the facts sheet's
reading (B1-B24) it follows. The cards, map and boards are the reconstructed ones of the
bundled content: a test names the few it needs."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import taverna_rules as tr
from dragons import RULES, new, pick, placed, round_end, scene, settle, since
from taverna_rules.games.taverns_and_dragons import (
    AbilityCopied,
    Activate,
    BagFilled,
    BoardCleared,
    BonusUsed,
    ChooseHero,
    ChooseIngredient,
    ChooseMission,
    Collect,
    Cook,
    Damage,
    DamagePlaced,
    DiceRolled,
    DragonAwoke,
    DragonLeft,
    DragonsChosen,
    DragonSlain,
    Drop,
    EndActivation,
    EnergyGained,
    EnergyTaken,
    EventRevealed,
    FirstPlayerTaken,
    GameState,
    GoldGained,
    Heal,
    HeroesReadied,
    HeroRevealed,
    Hunt,
    HuntingDiceRolled,
    HuntingDieRerolled,
    IngredientCollected,
    IngredientDropped,
    IngredientGained,
    IngredientLost,
    IngredientsSwapped,
    LocationVisited,
    Move,
    PlayerSetUp,
    RecipeCooked,
    RecipeRevealed,
    Recruit,
    Reroll,
    RerollHunting,
    RoundStarted,
    RowSlid,
    RunesGained,
    SbireTeleported,
    SecondActivation,
    Strike,
    TakeEnergy,
    TakeGold,
    TokenDrawn,
    TrophyWon,
    TurnStarted,
    UseAbility,
    UseBonus,
    Visit,
    WoundTaken,
)
from taverna_rules.games.taverns_and_dragons.integrity import state_problems
from taverna_rules.games.taverns_and_dragons.table import gems_left
from taverna_rules.games.taverns_and_dragons.upkeep import starting_grid

ANN, BOB, CY = 0, 1, 2
#: The first game's four locations on the spaces A to D (l.157).
FIRST_GAME = ("runes_enchantees", "marche_itinerant", "portail_magique", "donjon")
#: The same four, the market on space A: next to the city gates.
MARKET_FIRST = ("marche_itinerant", "runes_enchantees", "portail_magique", "donjon")


def _state(game: tr.Game) -> GameState:
    state: GameState = game.state
    return state


def _actions(game: tr.Game, kind: type[Any]) -> list[Any]:
    return [a for a in game.legal_actions() if isinstance(a, kind)]


def _refused(game: tr.Game, action: tr.Action, seat: int, match: str | None = None) -> None:
    before = len(game.events)
    with pytest.raises(tr.IllegalActionError, match=match):
        game.apply(action, player=seat)
    assert len(game.events) == before


def _opening(game: tr.Game) -> list[Any]:
    """The setup's events, up to the first round."""
    events = list(game.events)
    return events[: next(i for i, e in enumerate(events) if isinstance(e, RoundStarted))]


# ============================================================================ setup
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_gives_each_player_a_gem_a_coin_and_his_sbires_at_the_gates(players: int) -> None:
    """l.149-167: 1 Recipe face up (l.153), 4 Heroes in the market (l.154), 2 Dragon boards
    face down and none in play (l.155), the bag of 4 plants, 3 mushrooms, 2 spices and 1
    egg drawn onto the 10 token spaces (l.162); each player 1 gem, 1 gold and his 3 sbires
    on the city gates (l.163), then 5 dice rolled (l.175)."""
    game = new(players, seed=players)
    opening = _opening(game)
    setups = [e for e in opening if isinstance(e, PlayerSetUp)]
    assert [e.player for e in setups] == list(range(players))
    for e in setups:
        assert (e.gold, e.energy, e.region) == (1, 1, "portes")
        assert e.sbires == ("booted", "sturdy", "shielded")
    assert len({e.tavern for e in setups}) == players
    assert len([e for e in opening if isinstance(e, RecipeRevealed)]) == 1
    assert len([e for e in opening if isinstance(e, HeroRevealed)]) == 4
    (chosen,) = [e for e in opening if isinstance(e, DragonsChosen)]
    assert len(chosen.dragons) == 2
    (bag,) = [e for e in opening if isinstance(e, BagFilled)]
    assert Counter(bag.tokens) == {"plant": 4, "mushroom": 3, "spice": 2, "egg": 1}
    drawn = [e for e in opening if isinstance(e, TokenDrawn)]
    assert len(drawn) == 10 and len({e.region for e in drawn}) == 10
    state = _state(game)
    assert state.dragon == "" and sorted(state.dragon_deck) == sorted(chosen.dragons)
    assert len(state.market) == 4 and state.bag == () and len(state.tokens) == 10
    assert [r for r in state.row if r] == [
        drawn_recipe.recipe for drawn_recipe in opening if isinstance(drawn_recipe, RecipeRevealed)
    ]
    for p in state.players:
        assert len(p.dice) == 5 and p.energy == 1
        assert p.gold == 1 + (sum(p.dice) <= 10)
        assert p.regions == ("portes",) * 3


def test_the_first_game_lays_its_four_locations_in_order_else_four_tiles_at_random() -> None:
    """l.157: the first game plays the enchanted runes, the travelling market, the magic
    portal and the dungeon, in that order (option ``first_game``); otherwise 4 tiles at
    random, each on a random face (B15): never both faces of one tile."""
    assert _state(new(3, seed=2, options={"first_game": True})).locations == FIRST_GAME
    for seed in range(6):
        laid = _state(new(3, seed=seed)).locations
        assert len({RULES.location(loc).tile for loc in laid}) == 4


def test_with_the_missions_module_each_player_keeps_one_mission_before_the_first_roll() -> None:
    """l.468-472: one Mission face up, common to all; two dealt to each player, who keeps
    one face down and gives back the other; then the first round begins."""
    game = new(3, seed=5, options={"missions": True})
    state = _state(game)
    assert state.mission and all(len(p.missions) == 2 for p in state.players)
    chosen: dict[int, str] = {}
    while game.decision is not None and game.decision.kind == "keep_mission":
        seat = game.decision.player
        assert _state(game).round == 0 and seat not in chosen
        choice = game.legal_actions()[-1]
        assert isinstance(choice, ChooseMission)
        game.apply(choice, player=seat)
        chosen[seat] = choice.mission
    assert sorted(chosen) == [ANN, BOB, CY]
    assert game.decision is not None and game.decision.kind == "place_die" and _state(game).round == 1
    assert {seat: p.missions for seat, p in enumerate(_state(game).players)} == {
        seat: (mission,) for seat, mission in chosen.items()
    }


@pytest.mark.parametrize(("players", "second"), [(2, False), (3, True)])
def test_two_players_visit_each_location_once_a_round(players: int, second: bool) -> None:
    """l.160, l.287: a location takes two visits a round, one with two players (the
    "Fermé" token on its right place): Ann's visit of the market leaves Bob none."""
    game = scene(players, locations=MARKET_FIRST, who={ANN: {"dice": (1, 1, 2, 2, 3)}, BOB: {"gold": 3}})
    game.apply(Activate(1, "sturdy"), player=ANN)
    game.apply(Visit("marche_itinerant"), player=ANN)
    game.apply(ChooseIngredient("spice"), player=ANN)
    game.apply(Move("pont"), player=ANN)
    game.apply(EndActivation(), player=ANN)
    assert game.decision is not None and game.decision.player == BOB
    game.apply(Activate(_state(game).players[BOB].dice[0], "sturdy"), player=BOB)
    assert (Visit("marche_itinerant") in game.legal_actions()) is second


@pytest.mark.parametrize(("players", "row"), [(3, ()), (4, ("arrow", "sword"))])
def test_the_4_plus_row_of_a_dragon_exists_from_four_players(players: int, row: tuple[str, ...]) -> None:
    """l.305: with fewer than 4 players the "4+" row of the dragon board is ignored: the
    dragon wakes with nothing to cover there."""
    game = round_end(players, 1, dragon_deck=("ignarok", "orageuse"))
    settle(game, lambda e: not isinstance(e, DragonAwoke) or e.dragon == "ignarok")
    (awoke,) = since(game, 0, DragonAwoke)
    assert awoke.grid[-1] == row
    assert awoke.grid == starting_grid(RULES, "ignarok", players)
    assert awoke.grid[:-1] == tuple(tuple(sorted(r.symbols)) for r in RULES.dragon("ignarok").grid[:-1])


# ============================================================================ the roll
def _roll(game: tr.Game, *rolls: tuple[int, ...]) -> None:
    """Everyone's five dice as given, seat by seat (l.175)."""
    for dice in rolls:

        def shows(event: Any, dice: tuple[int, ...] = dice) -> bool:
            return isinstance(event, DiceRolled) and sorted(event.dice) == sorted(dice)

        pick(game, shows)


@pytest.mark.parametrize(
    ("tie", "dice", "first"),
    [
        ("closest", [(2, 2, 2, 1, 1), (2, 2, 2, 1, 1), (3, 3, 3, 3, 3)], BOB),
        ("next", [(2, 2, 2, 1, 1), (2, 2, 2, 1, 1), (3, 3, 3, 3, 3)], ANN),
        ("closest", [(2, 2, 2, 1, 1), (4, 4, 4, 4, 4), (2, 2, 2, 1, 1)], CY),
        ("closest", [(4, 4, 4, 4, 4), (3, 3, 3, 3, 3), (1, 1, 1, 1, 2)], CY),
    ],
)
def test_the_lowest_total_takes_the_first_player_token(
    tie: str, dice: list[tuple[int, ...]], first: int
) -> None:
    """l.179-181: the lowest total takes the first-player token; a tie goes to the tied
    player closest clockwise to the current first player (Bob here), himself included
    (B2; option ``first_player_tie: next`` counts him last)."""
    game = round_end(3, 3, seat=BOB, options={"first_player_tie": tie})
    pick(game)  # the recipe revealed
    _roll(game, *dice)
    assert since(game, 0, FirstPlayerTaken) == [FirstPlayerTaken(first)]
    assert _state(game).turn == first and _state(game).round == 4


def test_a_total_of_ten_or_less_gains_one_gold() -> None:
    """l.183: every player whose dice total 10 or less gains 1 gold; 11 gains nothing."""
    game = round_end(3, 3)
    pick(game)  # the recipe revealed
    before = [p.gold for p in _state(game).players]
    _roll(game, (2, 2, 2, 2, 2), (2, 2, 2, 2, 3), (1, 1, 1, 1, 1))
    assert [(e.player, e.amount) for e in since(game, 0, GoldGained)] == [(CY, 1), (ANN, 1)]
    assert [p.gold for p in _state(game).players] == [before[0] + 1, before[1], before[2] + 1]


# ============================================================================ one die a turn
def test_a_turn_places_one_die_then_the_next_player_clockwise_plays() -> None:
    """l.185-187, l.195: on his turn a player places one of his available dice, then the
    next player clockwise has his turn."""
    game = scene(3, seat=CY, who={CY: {"dice": (1, 2, 3, 3, 4)}})
    game.apply(TakeEnergy(3), player=CY)
    assert _state(game).players[CY].dice == (1, 2, 3, 4)
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (ANN, "place_die")
    assert since(game, 0, TurnStarted)[-1] == TurnStarted(ANN)


def test_the_bank_takes_a_matching_die_on_each_space_any_on_the_last() -> None:
    """l.204-212: a bank space takes one die showing its value and pays the gold under it;
    the rightmost takes any value, any number of dice; one bank die a player a round."""
    dice = (1, 2, 3, 4, 4)
    game = scene(3, who={seat: {"dice": dice} for seat in (ANN, BOB, CY)})
    last = len(RULES.bank) - 1
    assert RULES.bank[0].die == 1 and RULES.bank[last].die == 0
    assert {a.space for a in _actions(game, TakeGold) if a.die == 1} == {0, last}
    _refused(game, TakeGold(2, 0), ANN)
    gold = _state(game).players[ANN].gold
    placed(game, TakeGold(1, 0), ANN)
    assert _state(game).players[ANN].gold == gold + RULES.bank[0].gold
    assert TakeGold(1, 0) not in game.legal_actions()  # Bob: the space holds a die
    placed(game, TakeGold(4, last), BOB)
    placed(game, TakeGold(1, last), CY)  # stacked, any value
    assert _state(game).bank[last] == 2
    assert _actions(game, TakeGold) == []  # Ann's second turn: she has banked this round
    _refused(game, TakeGold(4, last), ANN)


def test_the_energy_source_gives_the_die_in_gems_up_to_what_is_left() -> None:
    """l.214-222: a die on the energy source takes as many gems as it shows; several dice,
    of any players, may go there, but only the gems left of the 25 can be taken (a gem on
    a hero's bonus stays out of the reserve, l.373)."""
    bob = {
        "dice": (2, 2, 2, 2, 2),
        "energy": 18,
        "heroes": ("graveur_de_runes",),
        "bonuses": ("graveur_de_runes",),
    }
    game = scene(3, who={ANN: {"dice": (3, 4, 4, 4, 4)}, BOB: bob})
    assert gems_left(RULES, _state(game)) == 25 - 1 - 19 - 1
    game.apply(TakeEnergy(3), player=ANN)
    assert since(game, 0, EnergyTaken) == [EnergyTaken(ANN, 3, 3)]
    game.apply(TakeEnergy(2), player=BOB)
    assert since(game, 0, EnergyTaken)[-1] == EnergyTaken(BOB, 2, 1)
    assert (_state(game).players[ANN].energy, _state(game).players[BOB].energy) == (4, 19)
    assert _state(game).source == 2 and gems_left(RULES, _state(game)) == 0


# ============================================================================ cooking
ROW = ("veloute_de_cepes", "tisane_de_l_ermite", "risotto_de_lave", "", "")


@pytest.mark.parametrize(("slot", "again"), [("taken", False), ("free", True)])
def test_cooking_scores_prestige_die_and_bonus_and_the_row_slides(slot: str, again: bool) -> None:
    """l.335-349: a die on a recipe of the row cooks it from the pantry: the recipe's
    prestige + the die + the bonus under its place (+1 at the third place); the cards above
    slide down and a new one is revealed. The die stays on the place, so the recipe that
    slid there cannot be cooked this round (B5; option ``recipe_slot: free`` frees it)."""
    risotto = RULES.recipe("risotto_de_lave")
    assert dict(risotto.ingredients) == {"mushroom": 2, "spice": 1} and RULES.recipe_bonuses[2] == 1
    game = scene(
        3,
        options={"recipe_slot": slot},
        row=ROW,
        who={
            ANN: {"dice": (3, 3, 4, 4, 4), "pantry": ("mushroom", "mushroom", "plant", "spice")},
            BOB: {"dice": (2, 2, 2, 2, 2), "pantry": ("plant", "plant")},
        },
    )
    assert Cook(3, 2) in game.legal_actions() and Cook(3, 1) not in game.legal_actions()
    game.apply(Cook(3, 2), player=ANN)
    pick(game, lambda e: e.recipe == "omelette_de_dragon")
    (cooked,) = since(game, 0, RecipeCooked)
    assert cooked.points == risotto.prestige + 3 + 1
    ann = _state(game).players[ANN]
    assert (ann.prestige, ann.recipes, ann.pantry) == (7, ("risotto_de_lave",), ("plant",))
    assert _state(game).row == ("omelette_de_dragon", "veloute_de_cepes", "tisane_de_l_ermite", "", "")
    assert (Cook(2, 2) in game.legal_actions()) is again  # Bob: the tisane slid onto Ann's die


def test_only_pantry_ingredients_cook() -> None:
    """l.260-262, l.339: only the ingredients in the pantry can be cooked; those a sbire
    carries must first be brought home."""
    carried = ((), ("mushroom", "mushroom", "spice"), ())
    game = scene(3, row=ROW, who={ANN: {"dice": (3, 3, 4, 4, 4), "carried": carried}})
    assert _actions(game, Cook) == []
    _refused(game, Cook(3, 2), ANN)


# ============================================================================ activating a sbire
@pytest.mark.parametrize(
    ("sbire", "route"), [("sturdy", "pont/prairie"), ("booted", "pont/prairie/sous_bois")]
)
def test_a_sbire_must_move_exactly_its_die_and_the_booted_one_more(sbire: str, route: str) -> None:
    """l.234, l.244-248: an activated sbire must move exactly as many regions as its die
    shows, clockwise; the booted sbire always one more (2 to 5). It cannot end without
    moving, nor move twice."""
    game = scene(3, who={ANN: {"dice": (2, 2, 2, 2, 2)}})
    game.apply(Activate(2, sbire), player=ANN)
    assert _actions(game, Move) == [Move(route)]
    _refused(game, EndActivation(), ANN)
    _refused(game, Move("pont"), ANN)
    game.apply(Move(route), player=ANN)
    assert _state(game).players[ANN].regions[_state(game).sbires.index(sbire)] == route.rsplit("/", 1)[-1]
    assert _actions(game, Move) == [] and EndActivation() in game.legal_actions()


@pytest.mark.parametrize(
    ("sbire", "region", "routes"),
    [
        ("sturdy", "prairie", {"sous_bois/ven_erable", "sous_bois/grottes"}),
        ("booted", "nids", {"col/lac", "col/moulin"}),
        ("sturdy", "sous_bois", {"ven_erable/marais", "grottes/volcan"}),
    ],
)
def test_forks_offer_a_route_each(sbire: str, region: str, routes: set[str]) -> None:
    """l.244: the path may take the forks its arrows show: one route each way."""
    index = ("booted", "sturdy", "shielded").index(sbire)
    regions = tuple(region if i == index else "portes" for i in range(3))
    game = scene(
        3, who={ANN: {"dice": (2, 2, 2, 2, 2) if sbire == "sturdy" else (1,) * 5, "regions": regions}}
    )
    game.apply(Activate(_state(game).players[ANN].dice[0], sbire), player=ANN)
    assert {m.path for m in _actions(game, Move)} == routes


@pytest.mark.parametrize(
    ("region", "route", "runes"),
    [
        ("prairie", "sous_bois/ven_erable", 1),
        ("prairie", "sous_bois/grottes", 0),
        ("ven_erable", "marais/grottes", 0),
    ],
)
def test_entering_ven_erable_gives_a_rune(region: str, route: str, runes: int) -> None:
    """l.250-252 (B4): each time a sbire enters the Vén'Érable its owner takes a reroll
    rune; the fork that skips it gives none, nor does leaving it."""
    game = scene(3, who={ANN: {"dice": (2,) * 5, "regions": ("portes", region, "portes")}})
    game.apply(Activate(2, "sturdy"), player=ANN)
    game.apply(Move(route), player=ANN)
    assert _state(game).players[ANN].runes == runes
    assert len(since(game, 0, RunesGained)) == runes


def test_a_sbire_collects_once_a_token_lying_there_or_one_printed() -> None:
    """l.267-273: once an activation, before or after moving, a sbire takes one ingredient
    of its region: a token lying there (off the board), or one printed there (from the
    reserve); it goes on a free slot under it."""
    game = scene(
        3,
        tokens=(("pont", "egg"),),
        who={ANN: {"dice": (1,) * 5, "regions": ("portes", "pont", "portes")}},
    )
    game.apply(Activate(1, "sturdy"), player=ANN)
    assert _actions(game, Collect) == [Collect("egg")]
    game.apply(Collect("egg"), player=ANN)
    assert _state(game).tokens == () and _state(game).players[ANN].carried[1] == ("egg",)
    game.apply(Move("prairie"), player=ANN)  # a plant is printed on the meadow
    assert _actions(game, Collect) == []
    other = scene(3, tokens=(("pont", "egg"),), who={ANN: {"dice": (2,) * 5}})
    other.apply(Activate(2, "sturdy"), player=ANN)
    other.apply(Move("pont/prairie"), player=ANN)
    other.apply(Collect("plant"), player=ANN)
    assert since(other, 0, IngredientCollected) == [IngredientCollected(ANN, "sturdy", "plant", False)]
    assert _state(other).tokens == (("pont", "egg"),) and _state(other).players[ANN].carried[1] == ("plant",)


@pytest.mark.parametrize(
    ("sbire", "carried", "wounds", "collects"),
    [
        ("booted", ("egg", "plant"), 0, False),
        ("sturdy", ("egg", "plant"), 0, True),
        ("sturdy", ("egg",), 2, False),
        ("shielded", ("egg",), 0, True),
    ],
)
def test_no_free_slot_no_collecting_and_the_sturdy_sbire_has_one_more(
    sbire: str, carried: tuple[str, ...], wounds: int, collects: bool
) -> None:
    """l.271-277, l.327: a sbire with no free slot (ingredients and wounds fill them)
    cannot collect; the sturdy sbire has one slot more."""
    index = ("booted", "sturdy", "shielded").index(sbire)
    loads = tuple(carried if i == index else () for i in range(3))
    hurt = tuple(wounds if i == index else 0 for i in range(3))
    game = scene(
        3, who={ANN: {"dice": (1,) * 5, "regions": ("prairie",) * 3, "carried": loads, "wounds": hurt}}
    )
    game.apply(Activate(1, sbire), player=ANN)
    assert (Collect("plant") in game.legal_actions()) is collects
    assert RULES.slots("sturdy") == RULES.slots("booted") + 1


@pytest.mark.parametrize(
    ("region", "visits"),
    [
        ("portes", {"marche_itinerant"}),
        ("sous_bois", {"marche_itinerant", "runes_enchantees"}),
        ("col", {"portail_magique", "donjon"}),
        ("volcan", {"portail_magique"}),
    ],
)
def test_a_location_is_adjacent_to_the_regions_of_its_letter(region: str, visits: set[str]) -> None:
    """l.281-285: a sbire visits the locations adjacent to its region: those on a space
    whose letter the region bears."""
    game = scene(3, locations=MARKET_FIRST, who={ANN: {"dice": (1,) * 5, "regions": (region,) * 3}})
    game.apply(Activate(1, "sturdy"), player=ANN)
    assert {v.location for v in _actions(game, Visit)} == visits


def test_a_visit_pays_its_cost_and_an_activation_visits_a_location_once() -> None:
    """l.285-289: the visit's cost is paid (the market's first place: 1 gold, B7) and its
    effect applies at once; an activation may visit several locations, each once."""
    game = scene(
        3, locations=MARKET_FIRST, who={ANN: {"dice": (1,) * 5, "gold": 3, "regions": ("sous_bois",) * 3}}
    )
    game.apply(Activate(1, "sturdy"), player=ANN)
    game.apply(Visit("marche_itinerant"), player=ANN)
    game.apply(ChooseIngredient("mushroom"), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.gold, ann.pantry) == (2, ("mushroom",))
    assert since(game, 0, LocationVisited) == [LocationVisited(ANN, "sturdy", "marche_itinerant", gold=1)]
    assert {v.location for v in _actions(game, Visit)} == {"runes_enchantees"}
    _refused(game, Visit("marche_itinerant"), ANN)


@pytest.mark.parametrize(
    ("changes", "gold", "open_"),
    [
        ({}, 1, True),
        ({"used": (2, 0, 0, 0)}, 3, False),
        ({"dragon": "ignarok", "dragon_deck": ("ignarok", "orageuse")}, 3, False),
        ({}, 0, False),
    ],
)
def test_no_visit_to_a_full_location_nor_one_the_dragon_holds_nor_unpaid(
    changes: dict[str, Any], gold: int, open_: bool
) -> None:
    """l.285-291: a location takes two visits a round (its two places), none while a
    dragon is on it, and only a visitor who can pay its cost."""
    if "dragon" in changes:
        changes = {**changes, "grid": starting_grid(RULES, "ignarok", 3)}
    game = scene(3, locations=MARKET_FIRST, who={ANN: {"dice": (1,) * 5, "gold": gold}}, **changes)
    game.apply(Activate(1, "sturdy"), player=ANN)
    assert (Visit("marche_itinerant") in game.legal_actions()) is open_


def test_the_travelling_markets_second_visit_of_a_round_pays_two_gold() -> None:
    """l.575 (B7): the market's costs are per place: the first visit of a round pays
    1 gold, the second 2."""
    game = scene(3, locations=MARKET_FIRST, used=(1, 0, 0, 0), who={ANN: {"dice": (1,) * 5, "gold": 3}})
    game.apply(Activate(1, "sturdy"), player=ANN)
    game.apply(Visit("marche_itinerant"), player=ANN)
    assert since(game, 0, LocationVisited)[0].gold == 2
    assert _state(game).players[ANN].gold == 1 and _state(game).used[0] == 2


def test_goods_are_dropped_and_wounds_healed_only_at_the_city_gates() -> None:
    """l.258-263: before and/or after moving, a sbire in the city gates may put what it
    carries into the pantry and discard its wounds; nowhere else. B13: the player chooses
    what to drop and how many wounds to discard (a mission may reward wounds kept)."""
    game = scene(
        3,
        who={
            ANN: {
                "dice": (1,) * 5,
                "regions": ("portes", "verger", "portes"),
                "carried": ((), ("egg", "plant"), ()),
                "wounds": (0, 1, 0),
            }
        },
    )
    game.apply(Activate(1, "sturdy"), player=ANN)
    assert _actions(game, Drop) == [] and _actions(game, Heal) == []
    _refused(game, Heal(1), ANN)
    game.apply(Move("portes"), player=ANN)
    assert _actions(game, Drop) == [Drop("egg"), Drop("plant")] and _actions(game, Heal) == [Heal(1)]
    _refused(game, Heal(2), ANN)
    game.apply(Drop("egg"), player=ANN)
    game.apply(Heal(1), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.pantry, ann.carried[1], ann.wounds[1]) == (("egg",), ("plant",), 0)
    assert _actions(game, Heal) == []


def test_a_sbire_at_the_gates_may_keep_some_of_its_wounds() -> None:
    """B13 (l.262-263): any number of wounds may be discarded, so a player after the
    Battle-scarred mission's three wounds heals only what he must."""
    gates = ("portes",) * 3
    game = scene(3, who={ANN: {"dice": (1,) * 5, "regions": gates, "wounds": (0, 3, 0)}})
    game.apply(Activate(1, "sturdy"), player=ANN)
    assert _actions(game, Heal) == [Heal(1), Heal(2), Heal(3)]
    assert game.describe(Heal(2)) == "Heal 2 wounds of the sbire"
    game.apply(Heal(2), player=ANN)
    assert _state(game).players[ANN].wounds[1] == 1
    assert _actions(game, Heal) == [Heal(1)]


def test_the_campfire_gives_a_second_activation_then_the_first_goes_on() -> None:
    """l.535-536: at the campfire the sbire's die is rerolled and the sbire at once gets a
    second activation with the new value; the first goes on where it was once it ends."""
    locations = ("feu_de_camp", "marche_itinerant", "portail_magique", "donjon")
    game = scene(3, locations=locations, who={ANN: {"dice": (1,) * 5}})
    game.apply(Activate(1, "sturdy"), player=ANN)
    game.apply(Move("pont"), player=ANN)
    game.apply(Visit("feu_de_camp"), player=ANN)
    second = pick(game, lambda e: isinstance(e, SecondActivation) and e.die == 3)
    assert second == SecondActivation(ANN, "sturdy", 3)
    assert {m.path for m in _actions(game, Move)} == {
        "prairie/sous_bois/ven_erable",
        "prairie/sous_bois/grottes",
    }
    game.apply(Move("prairie/sous_bois/grottes"), player=ANN)
    game.apply(EndActivation(), player=ANN)
    state = _state(game)
    assert (state.active, state.sbire, state.die, state.moved, state.visited) == (
        ANN,
        "sturdy",
        1,
        True,
        ("feu_de_camp",),
    )
    assert _actions(game, Move) == [] and EndActivation() in game.legal_actions()
    assert state.players[ANN].regions[1] == "grottes"


def test_in_the_last_round_an_activation_ends_with_the_sbire_home_and_its_goods_in_the_pantry() -> None:
    """l.431-433 (B23): in round 7, at the end of each activation the sbire is teleported
    to the city gates and its ingredients go into the pantry; a sbire not activated keeps
    what it carries."""
    game = scene(
        3,
        round=7,
        who={
            ANN: {
                "dice": (2,) * 5,
                "regions": ("nids", "verger", "portes"),
                "carried": (("meat",), ("egg",), ()),
            }
        },
    )
    game.apply(Activate(2, "sturdy"), player=ANN)
    game.apply(Move("portes/pont"), player=ANN)
    game.apply(EndActivation(), player=ANN)
    assert since(game, 0, SbireTeleported) == [SbireTeleported(ANN, "sturdy", "portes")]
    assert since(game, 0, IngredientDropped) == [IngredientDropped(ANN, "sturdy", "egg")]
    ann = _state(game).players[ANN]
    assert (ann.regions, ann.carried, ann.pantry) == (
        ("nids", "portes", "portes"),
        (("meat",), (), ()),
        ("egg",),
    )


# ============================================================================ the hunt
#: Ignarok (space A, next to the city gates) as it wakes with 3 players.
IGNAROK = starting_grid(RULES, "ignarok", 3)
#: Ignarok with the arrow of his third row covered: an arrow fits his second row only.
ONE_ARROW = (("axe", "sword"), ("arrow", "arrow"), ("axe", "sword"), ("axe", "axe", "sword"), ())


def _hunter(
    grid: tuple[tuple[str, ...], ...] = IGNAROK, sbire: str = "sturdy", seat: int = ANN, **fields: Any
) -> tr.Game:
    """``seat``'s turn with Ignarok awake on ``grid`` and 3 gems: ``sbire`` is activated
    at the city gates (die 1), next to the dragon."""
    game = scene(
        3,
        seat=seat,
        dragon="ignarok",
        grid=grid,
        dragon_deck=("ignarok", "orageuse"),
        who={seat: {"dice": (1,) * 5, "energy": 3, **fields}},
    )
    game.apply(Activate(1, sbire), player=seat)
    return game


def _hunt(game: tr.Game, *faces: str, seat: int = ANN) -> None:
    """A hunt with as many gems as ``faces``, the hunting dice showing them (l.299)."""
    game.apply(Hunt(len(faces)), player=seat)
    pick(game, lambda e: isinstance(e, HuntingDiceRolled) and e.faces == tuple(sorted(faces)))


def test_a_hunt_discards_one_to_three_gems_for_as_many_hunting_dice() -> None:
    """l.295-299: once an activation, a sbire next to the dragon discards 1 to 3 gems and
    rolls as many hunting dice; not from a region away from the dragon's location."""
    game = _hunter()
    assert _actions(game, Hunt) == [Hunt(1), Hunt(2), Hunt(3)]
    game.apply(Hunt(2), player=ANN)
    rolls = [o.event for o in game.chance_outcomes()]
    assert {len(e.faces) for e in rolls if isinstance(e, HuntingDiceRolled)} == {2}
    assert all(isinstance(e, HuntingDiceRolled) for e in rolls)
    pick(game)
    assert _state(game).players[ANN].energy == 1
    assert gems_left(RULES, _state(game)) == 25 - 1 - 1 - 1
    assert _actions(_hunter(energy=2), Hunt) == [Hunt(1), Hunt(2)]
    assert _actions(_hunter(energy=0), Hunt) == []
    assert _actions(_hunter(regions=("volcan",) * 3), Hunt) == []


def test_damage_markers_are_compulsory_and_the_hunter_chooses_the_row() -> None:
    """l.303 (B9): each attack symbol rolled puts a damage marker on a matching uncovered
    symbol, compulsory when one is left: the hunter chooses the row where several fit; a
    symbol that fits one row only goes there."""
    game = _hunter()
    _hunt(game, "sword")
    assert _actions(game, Strike) == [Strike()]
    game.apply(Strike(), player=ANN)
    assert game.decision is not None and game.decision.kind == "place_damage"
    assert game.legal_actions() == (Damage("sword", 0), Damage("sword", 2), Damage("sword", 3))
    game.apply(Damage("sword", 3), player=ANN)
    assert since(game, 0, DamagePlaced) == [DamagePlaced(ANN, "sword", 3)]
    assert _state(game).grid[3] == ("axe", "axe")
    one = _hunter(ONE_ARROW)
    _hunt(one, "arrow")
    one.apply(Strike(), player=ANN)
    assert since(one, 0, DamagePlaced) == [DamagePlaced(ANN, "arrow", 1)]
    assert one.decision is not None and one.decision.kind == "activation"
    assert _state(one).players[ANN].energy == 2 and _actions(one, Hunt) == []  # once an activation (l.297)


def test_a_row_covered_pays_its_reward_to_the_hunter() -> None:
    """l.307-313 (B9): covering every symbol of a row gives its reward (Ignarok's first
    row: 1 energy) to the player whose marker covers it."""
    grid = (("sword",), ("arrow", "arrow"), ("arrow", "axe"), ("axe", "axe"), ())
    game = _hunter(grid, seat=BOB)
    _hunt(game, "sword", seat=BOB)
    game.apply(Strike(), player=BOB)
    assert [(e.player, e.amount) for e in since(game, 0, EnergyGained)] == [(BOB, 1)]
    assert _state(game).players[BOB].energy == 3 - 1 + 1
    assert _state(game).grid[0] == ()


def test_the_last_marker_wins_a_trophy_and_wounds_still_follow_but_no_special_attack() -> None:
    """l.315, l.319-331 (B10): the last marker of the board takes a trophy at random, face
    down, and the dragon leaves the game; the counter-attack's wounds still come, but the
    special attack needs the dragon still in play. The row it completed pays too."""
    game = _hunter(((), (), ("sword",), (), ()), carried=((), ("egg",), ()))
    _hunt(game, "sword+wound", "arrow+dragon")
    game.apply(Strike(), player=ANN)
    pick(game, lambda e: isinstance(e, TrophyWon) and e.trophy == "croc_de_dragon")
    assert since(game, 0, DragonSlain) == [DragonSlain(ANN, "ignarok")]
    state = _state(game)
    assert (state.dragon, state.grid) == ("", ())
    ann = state.players[ANN]
    assert ann.trophies == ("croc_de_dragon",) and "croc_de_dragon" not in state.trophy_pile
    assert ann.carried[1] == ("egg", "meat")  # the row's reward: a dragon meat on the sbire
    assert since(game, 0, IngredientGained) == [IngredientGained(ANN, "meat", "sturdy")]
    assert since(game, 0, WoundTaken) == [WoundTaken(ANN, "sturdy")]
    assert since(game, 0, IngredientLost) == []  # Ignarok's special attack did not come
    assert game.decision is not None and game.decision.kind == "activation"


@pytest.mark.parametrize(("sbire", "wounds"), [("sturdy", 2), ("shielded", 0)])
def test_each_wound_symbol_wounds_the_hunter_unless_it_is_the_shielded_sbire(sbire: str, wounds: int) -> None:
    """l.321-325 (B11): the sbire takes a wound for each wound symbol rolled; the sbire
    with the helmet and shield ignores them."""
    game = _hunter((("axe", "sword"), ("arrow", "arrow"), ("arrow",), (), ()), sbire=sbire)
    _hunt(game, "axe+wound", "sword+wound")
    game.apply(Strike(), player=ANN)
    assert len(since(game, 0, WoundTaken)) == wounds
    assert _state(game).players[ANN].wounds[_state(game).sbires.index(sbire)] == wounds


def test_a_wound_on_a_full_sbire_discards_an_ingredient_of_the_players_choice() -> None:
    """l.327: a wound goes on a free slot; with none free, the player discards an
    ingredient of his choice from the sbire and the wound takes its place."""
    game = _hunter(sbire="booted", carried=(("egg", "plant"), (), ()))
    _hunt(game, "axe+wound")
    game.apply(Strike(), player=ANN)
    game.apply(Damage("axe", 0), player=ANN)
    assert game.decision is not None and game.decision.kind == "wound_discard"
    assert game.legal_actions() == (ChooseIngredient("egg"), ChooseIngredient("plant"))
    game.apply(ChooseIngredient("plant"), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.carried[0], ann.wounds[0]) == (("egg",), 1)
    assert since(game, 0, WoundTaken) == [WoundTaken(ANN, "booted", "plant")]


def test_a_wound_discards_an_ingredient_that_frees_a_slot_not_a_stacked_one() -> None:
    """l.327, l.509: a wound on a full sbire takes the place of an ingredient discarded;
    a token the Invocatrice stacked on another frees no slot, so the discard is the
    single one (here the plant): the sbire never holds more than its slots."""
    game = _hunter(ONE_ARROW, sbire="booted", carried=(("egg", "egg", "plant"), (), ()), stacked=(1, 0, 0))
    _hunt(game, "axe+wound")
    game.apply(Strike(), player=ANN)
    game.apply(Damage("axe", 0), player=ANN)
    assert since(game, 0, WoundTaken) == [WoundTaken(ANN, "booted", "plant")]
    ann = _state(game).players[ANN]
    assert (ann.carried[0], ann.stacked[0], ann.wounds[0]) == (("egg", "egg"), 1, 1)
    assert state_problems(RULES, _state(game)) == []


@pytest.mark.parametrize(("face", "special"), [("arrow+dragon", True), ("arrow", False)])
def test_the_special_attack_needs_a_fury_symbol_and_the_dragon_alive(face: str, special: bool) -> None:
    """l.331: if the dragon is still in play and at least one fury symbol was rolled, its
    special attack applies (Ignarok burns an ingredient the hunter carries)."""
    game = _hunter(ONE_ARROW, carried=((), ("egg",), ()))
    _hunt(game, face)
    game.apply(Strike(), player=ANN)
    assert _state(game).dragon == "ignarok"
    assert since(game, 0, IngredientLost) == ([IngredientLost(ANN, "egg", "sturdy")] if special else [])


def test_a_rune_rerolls_a_hunting_die() -> None:
    """l.254 (B3): in his turn a player may discard a rune to reroll one of his dice: a
    hunting die of the hunt under way."""
    game = _hunter(runes=1)
    _hunt(game, "sword+wound")
    assert _actions(game, RerollHunting) == [RerollHunting("sword+wound")]
    game.apply(RerollHunting("sword+wound"), player=ANN)
    pick(game, lambda e: isinstance(e, HuntingDieRerolled) and e.to == "axe")
    assert (_state(game).hunting, _state(game).players[ANN].runes) == (("axe",), 0)
    assert _actions(game, RerollHunting) == []


def test_a_rune_rerolls_an_available_action_die() -> None:
    """l.254 (B3): a rune discarded rerolls one of the player's available action dice."""
    game = scene(3, who={ANN: {"dice": (1, 2, 3, 4, 4), "runes": 1}})
    assert _actions(game, Reroll) == [Reroll(1), Reroll(2), Reroll(3), Reroll(4)]
    game.apply(Reroll(1), player=ANN)
    pick(game, lambda e: e.to == 4)
    ann = _state(game).players[ANN]
    assert (ann.dice, ann.runes) == ((2, 3, 4, 4, 4), 0)
    assert _actions(game, Reroll) == [] and game.decision is not None and game.decision.player == ANN


# ============================================================================ heroes
def test_recruiting_pays_the_heros_cost_and_the_market_is_refilled() -> None:
    """l.357-359: at any moment of his turn a player pays a market hero's gold cost and
    takes it; the market is refilled to 4 from the deck."""
    market = ("graveur_de_runes", "gardienne", "vieille_paladine", "barde_vagabond")
    game = scene(3, market=market, who={ANN: {"gold": 4}})
    assert {r.hero for r in _actions(game, Recruit)} == {"graveur_de_runes", "gardienne"}
    game.apply(Recruit("gardienne"), player=ANN)
    revealed = pick(game)
    state = _state(game)
    assert (state.players[ANN].gold, state.players[ANN].heroes) == (0, ("gardienne",))
    assert state.market == ("graveur_de_runes", "vieille_paladine", "barde_vagabond", revealed.hero)
    assert (
        revealed.hero not in state.hero_deck
        and game.decision is not None
        and game.decision.kind == "place_die"
    )


def test_gold_just_banked_recruits_a_hero_before_the_turn_ends() -> None:
    """l.359: heroes are recruited "at any moment of your turn": after a die placed on the
    bank the turn goes on while a free action is left (here the hero its gold now buys),
    until the player ends it; a player with no free action left is not asked."""
    market = ("graveur_de_runes", "gardienne", "vieille_paladine", "barde_vagabond")
    game = scene(3, market=market, who={ANN: {"gold": 3, "dice": (3, 4), "runes": 0}})
    assert "gardienne" not in {r.hero for r in _actions(game, Recruit)}
    game.apply(TakeGold(3, 2), player=ANN)
    assert game.decision is not None and game.decision.kind == "after_die"
    assert "gardienne" in {r.hero for r in _actions(game, Recruit)}
    game.apply(Recruit("gardienne"), player=ANN)
    pick(game)
    assert game.decision is not None and game.decision.kind == "after_die"
    game.apply(tr.EndTurn(), player=ANN)
    assert game.decision is not None and game.decision.player != ANN
    assert "gardienne" in _state(game).players[ANN].heroes


def test_an_ability_exhausts_its_hero_and_a_sbire_ability_waits_for_an_activation() -> None:
    """l.361-367 (B22): using a hero's ability exhausts it; an ability with the sbire icon
    needs a sbire activated this turn and acts on it (the Collectionneur: a second
    collection, l.593)."""
    game = scene(
        3,
        tokens=(("pont", "egg"),),
        who={
            ANN: {
                "dice": (1,) * 5,
                "heroes": ("graveur_de_runes", "collectionneur"),
                "regions": ("pont",) * 3,
            }
        },
    )
    assert _actions(game, UseAbility) == [UseAbility("graveur_de_runes")]
    _refused(game, UseAbility("collectionneur"), ANN)
    game.apply(UseAbility("graveur_de_runes"), player=ANN)
    assert _state(game).players[ANN].runes == 1 and _state(game).players[ANN].exhausted == (
        "graveur_de_runes",
    )
    assert _actions(game, UseAbility) == []
    game.apply(Activate(1, "sturdy"), player=ANN)
    assert _actions(game, UseAbility) == [UseAbility("collectionneur")]
    game.apply(UseAbility("collectionneur"), player=ANN)
    game.apply(Collect("egg"), player=ANN)
    game.apply(Move("prairie"), player=ANN)
    game.apply(Collect("plant"), player=ANN)
    assert _state(game).players[ANN].carried[1] == ("egg", "plant")
    assert _actions(game, Collect) == [] and _actions(game, UseAbility) == []


def test_a_heros_extra_step_comes_after_the_move_the_die_compels() -> None:
    """l.234, l.244, l.365: the activated sbire must move its die's regions; the Rôdeuse's
    sbire ability (one region further, taking a fork's branch, a rune at Vén'Érable, B4)
    comes once that move is made and never stands for it."""
    game = scene(3, who={ANN: {"dice": (3,) * 5, "heroes": ("rodeuse_des_collines",)}})
    _refused(game, UseAbility("rodeuse_des_collines"), ANN, "needs a sbire activated this turn")
    game.apply(Activate(3, "sturdy"), player=ANN)
    assert _actions(game, UseAbility) == []
    _refused(game, UseAbility("rodeuse_des_collines"), ANN, "would do nothing now for your sturdy sbire")
    game.apply(Move("pont/prairie/sous_bois"), player=ANN)
    game.apply(UseAbility("rodeuse_des_collines"), player=ANN)
    assert set(game.legal_actions()) == {Move("ven_erable"), Move("grottes")}
    game.apply(Move("ven_erable"), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.regions[1], ann.runes, ann.exhausted) == ("ven_erable", 1, ("rodeuse_des_collines",))


@pytest.mark.parametrize(("round_", "readied"), [(1, False), (2, True)])
def test_heroes_are_readied_for_rounds_three_five_and_seven(round_: int, readied: bool) -> None:
    """l.367, l.395-397: exhausted heroes are readied at the start of rounds 3, 5 and 7
    (the hydromel the King crosses at the end of rounds 2, 4 and 6), not before."""
    game = round_end(
        3,
        round_,
        who={BOB: {"heroes": ("graveur_de_runes",), "exhausted": ("graveur_de_runes",)}},
        dragon_deck=("orageuse", "givrecaille"),
    )
    settle(game, lambda e: not isinstance(e, DragonAwoke) or e.dragon == "orageuse")
    assert _state(game).round == round_ + 1
    assert bool(since(game, 0, HeroesReadied)) is readied
    assert _state(game).players[BOB].exhausted == (() if readied else ("graveur_de_runes",))


def test_a_heros_bonus_is_once_a_game_for_a_gem_that_stays_on_the_card() -> None:
    """l.371-380 (B18): once a game, a player puts one of his gems on a hero's bonus and
    applies it at once (the Rune Carver's: a rune); the gem stays there, out of the
    reserve, until the end."""
    game = scene(
        3, who={ANN: {"heroes": ("graveur_de_runes",), "energy": 2, "exhausted": ("graveur_de_runes",)}}
    )
    left = gems_left(RULES, _state(game))
    assert _actions(game, UseBonus) == [UseBonus("graveur_de_runes")]
    game.apply(UseBonus("graveur_de_runes"), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.energy, ann.runes, ann.bonuses) == (1, 1, ("graveur_de_runes",))
    assert gems_left(RULES, _state(game)) == left
    assert since(game, 0, BonusUsed) == [BonusUsed(ANN, "graveur_de_runes")]
    assert _actions(game, UseBonus) == []
    _refused(game, UseBonus("graveur_de_runes"), ANN)
    broke = scene(3, who={ANN: {"heroes": ("graveur_de_runes",), "energy": 0}})
    assert _actions(broke, UseBonus) == []


def test_a_bonus_claimed_stays_claimed_when_its_hero_changes_hands() -> None:
    """l.373-380 (B18, B19): the gem on a bonus marks it claimed for the rest of the game:
    Ann swaps her Rune Carver, bonus used, at the Panthéon; it keeps her gem, and Bob, who
    recruits it, cannot claim its bonus again (he may use its ability)."""
    locations = ("pantheon", "marche_itinerant", "portail_magique", "donjon")
    market = ("gardienne", "collectionneur", "vieille_paladine", "barde_vagabond")
    game = scene(
        3,
        locations=locations,
        market=market,
        who={
            ANN: {
                "dice": (1,) * 5,
                "gold": 2,
                "heroes": ("graveur_de_runes",),
                "bonuses": ("graveur_de_runes",),
            },
            BOB: {"energy": 1, "gold": 1},
        },
    )
    game.apply(Activate(1, "sturdy"), player=ANN)
    game.apply(Visit("pantheon"), player=ANN)
    game.apply(ChooseHero("gardienne"), player=ANN)
    game.apply(Move("pont"), player=ANN)
    placed(game, EndActivation(), ANN)
    state = _state(game)
    assert state.players[ANN].heroes == ("gardienne",) and state.market[0] == "graveur_de_runes"
    game.apply(Recruit("graveur_de_runes"), player=BOB)
    pick(game)
    assert _state(game).players[BOB].heroes == ("graveur_de_runes",)
    assert _actions(game, UseBonus) == [] and UseAbility("graveur_de_runes") in game.legal_actions()
    _refused(game, UseBonus("graveur_de_runes"), BOB)
    assert gems_left(RULES, _state(game)) == 25 - 1 - 1 - 1 - 1


def test_the_gardienne_raises_every_available_die_by_one_up_to_four() -> None:
    """l.505: the Gardienne turns every available die of her owner up one: 1 to 2, 2 to 3,
    3 to 4, and 4 stays 4."""
    game = scene(3, who={ANN: {"dice": (1, 2, 3, 4, 4), "heroes": ("gardienne",)}})
    game.apply(UseAbility("gardienne"), player=ANN)
    assert _state(game).players[ANN].dice == (2, 3, 4, 4, 4)


def test_the_mentaliste_copies_the_ability_of_any_hero_even_in_the_market() -> None:
    """l.517: the Mentaliste copies the ability of any hero, exhausted or not, of any
    player or the market; only the Mentaliste is exhausted (a sbire ability still needs a
    sbire activated, l.365)."""
    market = ("gardienne", "collectionneur", "graveur_de_runes", "barde_vagabond")
    game = scene(
        3,
        market=market,
        who={
            ANN: {"dice": (1, 1, 2, 3, 4), "heroes": ("mentaliste",)},
            BOB: {"heroes": ("tire_laine",), "exhausted": ("tire_laine",)},
        },
    )
    game.apply(UseAbility("mentaliste"), player=ANN)
    assert set(game.legal_actions()) == {
        ChooseHero("gardienne"),
        ChooseHero("graveur_de_runes"),
        ChooseHero("barde_vagabond"),
        ChooseHero("tire_laine"),
    }
    game.apply(ChooseHero("gardienne"), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.dice, ann.exhausted) == ((2, 2, 3, 4, 4), ("mentaliste",))
    assert since(game, 0, AbilityCopied) == [AbilityCopied(ANN, "gardienne")]
    assert "gardienne" in _state(game).market


def test_the_faucesse_swaps_only_tokens_whose_slots_take_the_ones_swapped_in() -> None:
    """l.501, l.271-273, l.509: the Faucesse de primes swaps an ingredient Ann's sbire
    carries for one a sbire of another player carries in its region, the two chosen; a
    token stacked on another frees no slot, so a full sbire gives one of its own slot
    (Cy's spice, not his stacked egg)."""
    game = scene(
        3,
        who={
            ANN: {
                "dice": (1,) * 5,
                "heroes": ("faucesse_de_primes",),
                "regions": ("portes", "portes", "pont"),
                "carried": ((), (), ("plant",)),
            },
            CY: {
                "regions": ("pont",) * 3,
                "carried": (("egg", "egg", "spice"), (), ()),
                "stacked": (1, 0, 0),
            },
        },
    )
    game.apply(Activate(1, "shielded"), player=ANN)
    game.apply(UseAbility("faucesse_de_primes"), player=ANN)
    assert since(game, 0, IngredientsSwapped) == [
        IngredientsSwapped(ANN, "shielded", "plant", CY, "booted", "spice")
    ]
    state = _state(game)
    assert state.players[ANN].carried[2] == ("spice",)
    assert (state.players[CY].carried[0], state.players[CY].stacked[0]) == (("egg", "egg", "plant"), 1)
    assert state_problems(RULES, state) == []


def test_the_faucesse_is_not_offered_with_nobody_to_swap_with() -> None:
    """l.501: the swap needs another player's sbire in the region carrying a token: alone
    there, Ann is not offered the Faucesse (it would be exhausted for nothing)."""
    game = scene(
        3,
        who={
            ANN: {
                "dice": (1,) * 5,
                "heroes": ("faucesse_de_primes",),
                "regions": ("portes", "portes", "pont"),
                "carried": ((), (), ("plant",)),
            },
            CY: {"regions": ("verger",) * 3, "carried": (("egg",), (), ())},
        },
    )
    game.apply(Activate(1, "shielded"), player=ANN)
    assert UseAbility("faucesse_de_primes") not in game.legal_actions()


def test_free_actions_are_offered_inside_an_activation_and_a_hunts_window() -> None:
    """l.254, l.299, l.359, l.363: "at any moment of your turn": recruiting, an ability, a
    rune are offered while a sbire is activated and between the hunting roll and the
    attack too."""
    market = ("graveur_de_runes", "gardienne", "vieille_paladine", "barde_vagabond")
    game = scene(
        3,
        market=market,
        dragon="ignarok",
        grid=IGNAROK,
        dragon_deck=("ignarok", "orageuse"),
        who={ANN: {"dice": (1,) * 5, "energy": 3, "gold": 1, "runes": 1, "heroes": ("gardienne",)}},
    )
    game.apply(Activate(1, "sturdy"), player=ANN)
    assert {Recruit("graveur_de_runes"), Reroll(1), UseAbility("gardienne")} <= set(game.legal_actions())
    _hunt(game, "sword")
    assert game.decision is not None and game.decision.kind == "hunt_window"
    assert {Recruit("graveur_de_runes"), RerollHunting("sword"), Strike()} <= set(game.legal_actions())
    game.apply(Recruit("graveur_de_runes"), player=ANN)
    pick(game)
    assert game.decision is not None and game.decision.kind == "hunt_window"
    assert _state(game).players[ANN].heroes == ("gardienne", "graveur_de_runes")


# ============================================================================ the upkeep
def test_a_dragon_wakes_and_the_one_still_in_play_leaves_without_a_trophy() -> None:
    """l.401-405: a dragon wakes on its location and its appearance applies (Orageuse: a
    rune to everyone); a dragon still in play disappears, and nobody wins its trophy."""
    grid = ((), ("arrow",), ("arrow", "axe", "sword"), ("axe", "axe", "sword"), ())
    game = round_end(3, 4, dragon="ignarok", grid=grid, dragon_deck=("ignarok", "orageuse"))
    settle(game)
    assert since(game, 0, DragonLeft) == [DragonLeft("ignarok")]
    (awoke,) = since(game, 0, DragonAwoke)
    assert awoke.dragon == "orageuse" and RULES.dragon("orageuse").location == "D"
    state = _state(game)
    assert (state.dragon, state.dragon_deck) == ("orageuse", ())
    assert since(game, 0, TrophyWon) == [] and all(p.trophies == () for p in state.players)
    assert [p.runes for p in state.players] == [1, 1, 1]


def test_the_magic_refresh_discards_the_boards_tokens_and_draws_ten_new_ones() -> None:
    """l.409-411: every ingredient token left on the board is discarded; 4 plants,
    3 mushrooms, 2 spices and 1 egg go into the bag, and one is drawn onto each empty
    token space."""
    left = (("pont", "egg"), ("lac", "plant"))
    game = round_end(3, 2, tokens=left, bag=())
    settle(game)
    assert since(game, 0, BoardCleared) == [BoardCleared(left)]
    (bag,) = since(game, 0, BagFilled)
    assert Counter(bag.tokens) == {"plant": 4, "mushroom": 3, "spice": 2, "egg": 1}
    drawn = since(game, 0, TokenDrawn)
    assert len(drawn) == 10 and {e.region for e in drawn} == {r.id for r in RULES.regions if r.token}
    assert Counter(k for _, k in _state(game).tokens) == Counter(bag.tokens)


@pytest.mark.parametrize(("events", "round_", "effect"), [(True, 1, "a"), (True, 2, "b"), (False, 1, "")])
def test_an_event_is_revealed_after_rounds_one_two_four_and_five_with_the_module(
    events: bool, round_: int, effect: str
) -> None:
    """l.415-419, l.480: with the Events module, the King's event icon reveals an Event and
    applies the effect the days track shows; without the module nothing happens."""
    game = round_end(3, round_, options={"events": events}, dragon_deck=("orageuse", "givrecaille"))
    settle(game, lambda e: not isinstance(e, DragonAwoke) or e.dragon == "orageuse")
    revealed = since(game, 0, EventRevealed)
    assert [e.effect for e in revealed] == ([effect] if effect else [])


def test_the_upkeep_slides_the_recipe_row_and_clears_the_round() -> None:
    """l.386-390: the dice come back, the gems and tokens on the locations are discarded,
    the recipe row slides one place (the recipe leaving the last place is out of the game)
    and a new recipe is revealed."""
    row = ("veloute_de_cepes", "tisane_de_l_ermite", "risotto_de_lave", "gratin_forestier", "nid_de_dragon")
    game = round_end(
        3,
        3,
        row=row,
        used=(2, 1, 0, 0),
        bank=(1, 0, 0, 0, 2),
        taken=(True, False, False, False, False),
        who={BOB: {"banked": True, "activated": (True, False, True)}},
    )
    settle(game)  # the recipe revealed, then the next round's dice
    assert since(game, 0, RowSlid) == [RowSlid("nid_de_dragon")]
    (revealed,) = since(game, 0, RecipeRevealed)
    state = _state(game)
    assert state.row == (revealed.recipe, *row[:4])
    assert "nid_de_dragon" not in (*state.recipe_deck, *state.row)
    assert (state.used, state.bank, state.taken) == ((0,) * 4, (0,) * 5, (False,) * 5)
    assert all(not p.banked and p.activated == (False,) * 3 and len(p.dice) == 5 for p in state.players)


# ============================================================================ the end
def test_the_final_score_adds_heroes_trophies_missions_and_pantry_but_not_what_sbires_carry() -> None:
    """l.429, l.437-442: after round 7 each player adds his heroes' prestige, his trophies,
    his missions fulfilled (his own and the common one) and 1 per ingredient in his
    pantry; what his sbires still carry does not count."""
    game = round_end(
        3,
        7,
        options={"missions": True},
        mission="tueur_de_dragon",
        who={
            ANN: {
                "prestige": 10,
                "heroes": ("barde_vagabond", "gardienne"),
                "trophies": ("croc_de_dragon",),
                "missions": ("couveuse",),
                "pantry": ("egg", "egg", "plant"),
                "carried": (("meat",), (), ()),
            },
            BOB: {"prestige": 25, "missions": ("couveuse",), "carried": (("egg", "egg"), (), ())},
            CY: {"missions": ()},
        },
    )
    assert game.result is not None
    lines = {s.player: dict(s.breakdown) for s in game.result.standings}
    hero_points = RULES.hero("barde_vagabond").prestige + RULES.hero("gardienne").prestige
    missions = RULES.mission("couveuse").prestige + RULES.mission("tueur_de_dragon").prestige
    assert lines[ANN] == {
        "play": 10,
        "heroes": hero_points,
        "trophies": RULES.trophy("croc_de_dragon").prestige,
        "missions": missions,
        "pantry": 3,
    }
    assert lines[BOB] == {"play": 25, "heroes": 0, "trophies": 0, "missions": 0, "pantry": 0}
    totals = {s.player: s.total for s in game.result.standings}
    assert totals[ANN] == 10 + hero_points + 4 + missions + 3 == _state(game).players[ANN].prestige
    assert totals[BOB] == 25


@pytest.mark.parametrize(
    ("bob_recipes", "ranks"),
    [
        (("gratin_forestier", "ragout_de_champignons"), {ANN: 1, BOB: 2, CY: 3}),
        (("flan_a_l_oeuf_de_dragon",), {ANN: 1, BOB: 1, CY: 3}),
    ],
)
def test_a_tie_goes_to_the_most_prestigious_recipe_cooked_then_is_shared(
    bob_recipes: tuple[str, ...], ranks: dict[int, int]
) -> None:
    """l.444-446 (B8): the most prestige wins; between equals, the player who cooked the
    recipe of the highest printed prestige (Ann's omelette, 5, beats two recipes of 4; who
    cooked nothing loses the tie); still equal, the victory is shared."""
    assert (
        RULES.recipe("omelette_de_dragon").prestige == RULES.recipe("flan_a_l_oeuf_de_dragon").prestige == 5
    )
    game = round_end(
        3,
        7,
        who={
            ANN: {"prestige": 12, "recipes": ("omelette_de_dragon",)},
            BOB: {"prestige": 12, "recipes": bob_recipes},
            CY: {"prestige": 12},
        },
    )
    assert game.result is not None
    standings = {s.player: s for s in game.result.standings}
    assert {seat: s.rank for seat, s in standings.items()} == ranks
    assert all(s.total == 12 for s in standings.values())
    assert standings[ANN].tied is (ranks[BOB] == 1) and standings[CY].tied is False
