"""Taverns & Dragons' locations and tavern powers, one scenario a rule: the Dungeon's
push-your-luck, the magic portal's teleport, the Forge, the laboratory, the two markets,
the caravan, and the tavern power module (l.484-493, l.533-587; the facts sheet's
readings B4, B7, B16, B17). A location is visited from a region bearing its space's letter
(l.281): the scenes put it on space A, next to the city gates where the sbires start."""

from __future__ import annotations

from typing import Any

import pytest

import taverna_rules as tr
from dragons import RULES, pick, placed, scene, since
from taverna_rules.games.taverns_and_dragons import (
    Activate,
    ChooseIngredient,
    ChooseRegion,
    Collect,
    Cook,
    Drop,
    DungeonTokenDrawn,
    ForgeTokenDrawn,
    ForgeTokenUsed,
    GameState,
    Heal,
    Hunt,
    HuntingDiceRolled,
    HuntStruck,
    IngredientDropped,
    LocationVisited,
    PowerAdvanced,
    Recruit,
    RunesGained,
    SbireTeleported,
    Search,
    Strike,
    TakeEnergy,
    UsePower,
    Visit,
    WoundTaken,
)
from taverna_rules.games.taverns_and_dragons.upkeep import starting_grid

ANN = 0
OTHERS = ("marche_itinerant", "runes_enchantees", "caravane")
CARRIED = ((), ("egg", "spice"), ())
#: The module on, Ann's tavern the Smoking Cauldron (its track: gold/gem/rune, a spice...).
POWERS: dict[str, Any] = {"options": {"tavern_powers": True}}
CAULDRON = {"tavern": "chaudron"}


def _state(game: tr.Game) -> GameState:
    state: GameState = game.state
    return state


def _at_gates(location: str, **ann: Any) -> tr.Game:
    """Ann's turn, ``location`` on space A next to her sbires at the city gates, her sturdy
    sbire activated with a 1."""
    others = tuple(o for o in OTHERS if o != location)[:3]
    game = scene(3, locations=(location, *others), who={ANN: {"dice": (1,) * 5, **ann}})
    game.apply(Activate(1, "sturdy"), player=ANN)
    return game


def _drawn(token: str) -> Any:
    return lambda e: isinstance(e, DungeonTokenDrawn) and e.token == token


# ----------------------------------------------------------------------------- the Dungeon
def test_the_dungeon_pays_each_token_drawn_until_the_player_stops() -> None:
    """l.545-549: the Dungeon's tokens go in the bag; each drawn pays its gold or prestige
    and the player draws again or stops."""
    game = _at_gates("donjon", energy=1)
    game.apply(Visit("donjon"), player=ANN)
    pick(game, _drawn("donjon_or_2"))
    assert set(game.legal_actions()) >= {Search(True), Search(False)}
    game.apply(Search(True), player=ANN)
    pick(game, _drawn("donjon_prestige_3"))
    game.apply(Search(False), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.gold, ann.prestige, ann.energy) == (1 + 2, 3, 0)
    assert game.decision is not None and game.decision.kind == "activation"


def test_a_wound_drawn_in_the_dungeon_ends_the_search() -> None:
    """l.549: the wound token wounds the sbire (2 wounds, our token) and the search ends:
    nothing more is drawn."""
    game = _at_gates("donjon", energy=1)
    game.apply(Visit("donjon"), player=ANN)
    pick(game, _drawn("donjon_or_1"))
    game.apply(Search(True), player=ANN)
    mark = len(game.events)
    pick(game, _drawn("donjon_blessure"))
    assert len(since(game, mark, WoundTaken)) == 2
    assert _state(game).players[ANN].wounds[1] == 2
    assert Search(True) not in game.legal_actions()


# ----------------------------------------------------------------------------- the portal
def test_the_magic_portal_sends_the_sbire_to_any_other_region_without_a_rune() -> None:
    """l.539-541: the portal moves the sbire to any other region; a teleport does not pass
    through Vén'Érable (B4): no rune."""
    game = _at_gates("portail_magique", energy=1, runes=0)
    game.apply(Visit("portail_magique"), player=ANN)
    regions = {a.region for a in game.legal_actions() if isinstance(a, ChooseRegion)}
    assert regions == {r.id for r in RULES.regions} - {"portes"}
    mark = len(game.events)
    game.apply(ChooseRegion("ven_erable"), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.regions[1], ann.runes) == ("ven_erable", 0)
    assert since(game, mark, SbireTeleported) and not since(game, mark, RunesGained)


# ----------------------------------------------------------------------------- the Forge
def test_a_forge_token_adds_its_marker_to_the_next_hunt_and_goes_back() -> None:
    """l.552-554 (B16): the Forge gives a token drawn from those left, one held at most; the
    next hunt adds a damage marker of its symbol and the token returns to the Forge."""
    locations = ("marche_itinerant", "forge", "runes_enchantees", "caravane")
    game = scene(
        3,
        locations=locations,
        dragon="ignarok",
        grid=starting_grid(RULES, "ignarok", 3),
        dragon_deck=("ignarok", "orageuse"),
        who={ANN: {"dice": (1,) * 5, "gold": 2, "energy": 1, "regions": ("sous_bois",) * 3}},
    )
    game.apply(Activate(1, "sturdy"), player=ANN)
    game.apply(Visit("forge"), player=ANN)
    pick(game, lambda e: isinstance(e, ForgeTokenDrawn) and e.token == "forge_epee_1")
    assert _state(game).players[ANN].forge == "forge_epee_1"
    assert "forge_epee_1" not in _state(game).forge_pool
    game.apply(Hunt(1), player=ANN)
    pick(game, lambda e: isinstance(e, HuntingDiceRolled) and e.faces == ("axe",))
    mark = len(game.events)
    game.apply(Strike(), player=ANN)
    assert since(game, mark, ForgeTokenUsed) == [ForgeTokenUsed(ANN, "forge_epee_1")]
    assert since(game, mark, HuntStruck)[0].strikes == ("axe", "sword")
    state = _state(game)
    assert state.players[ANN].forge == "" and "forge_epee_1" in state.forge_pool


# ----------------------------------------------------------------------------- printed costs
def test_the_laboratory_turns_a_carried_spice_and_a_gem_into_two_gold() -> None:
    """l.567-570: the laboratory costs 1 energy gem and a spice the visiting sbire carries,
    and pays 2 gold; a sbire with no spice cannot pay."""
    game = _at_gates("laboratoire", energy=1, gold=0, carried=((), ("spice", "plant"), ()))
    game.apply(Visit("laboratoire"), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.gold, ann.energy, ann.carried[1]) == (2, 0, ("plant",))
    bare = _at_gates("laboratoire", energy=1, carried=((), ("plant",), ()))
    assert Visit("laboratoire") not in bare.legal_actions()


@pytest.mark.parametrize(("prestige", "open_"), [(2, True), (1, False)])
def test_the_black_market_sells_an_egg_or_a_meat_for_gold_and_prestige(prestige: int, open_: bool) -> None:
    """l.579-582 (B7, B17): the first visit of a round costs 1 gold and 2 prestige for a
    dragon egg or meat put in the pantry; a player without the prestige cannot pay it."""
    game = _at_gates("marche_noir", gold=1, prestige=prestige)
    assert (Visit("marche_noir") in game.legal_actions()) is open_
    if not open_:
        return
    game.apply(Visit("marche_noir"), player=ANN)
    assert {a.ingredient for a in game.legal_actions() if isinstance(a, ChooseIngredient)} == {"egg", "meat"}
    game.apply(ChooseIngredient("meat"), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.gold, ann.prestige, ann.pantry) == (0, 0, ("meat",))
    assert since(game, 0, LocationVisited)[0] == LocationVisited(
        ANN, "sturdy", "marche_noir", gold=1, prestige=2
    )


def test_the_caravan_takes_what_the_sbire_carries_to_the_pantry_from_afar() -> None:
    """l.562-563: the caravan puts the ingredients the sbire carries into the pantry, far
    from the city gates."""
    locations = ("marche_itinerant", "runes_enchantees", "caravane", "donjon")
    game = scene(
        3,
        locations=locations,
        who={
            ANN: {
                "dice": (1,) * 5,
                "gold": 1,
                "regions": ("volcan",) * 3,
                "carried": CARRIED,
            }
        },
    )
    game.apply(Activate(1, "sturdy"), player=ANN)
    mark = len(game.events)
    game.apply(Visit("caravane"), player=ANN)
    ann = _state(game).players[ANN]
    assert (sorted(ann.pantry), ann.carried[1], ann.gold) == (["egg", "spice"], (), 0)
    assert len(since(game, mark, IngredientDropped)) == 2


# ----------------------------------------------------------------------------- tavern powers
def test_a_die_of_one_advances_the_power_marker_with_the_module_only() -> None:
    """l.486-493 (B24): with the module, each die of value 1 played moves the marker one
    space (a die of another value does not); without the module there is no marker."""
    game = scene(3, **POWERS, who={ANN: {"dice": (1, 4, 4, 4, 4), **CAULDRON}})
    placed(game, TakeEnergy(4), ANN)
    assert _state(game).players[ANN].power == 0
    game = scene(3, **POWERS, who={ANN: {"dice": (1, 4, 4, 4, 4), **CAULDRON}})
    placed(game, TakeEnergy(1), ANN)
    assert since(game, 0, PowerAdvanced) == [PowerAdvanced(ANN)]
    assert _state(game).players[ANN].power == 1
    plain = scene(3, who={ANN: {"dice": (1,) * 5}})
    placed(plain, TakeEnergy(1), ANN)
    assert _state(plain).players[ANN].power == 0


def test_the_power_used_takes_a_space_up_to_the_marker_and_sends_it_back() -> None:
    """l.488-493: the chaudron's second space is a magma spice for the pantry; the third
    is beyond the marker and is not offered."""
    game = scene(3, **POWERS, who={ANN: {"dice": (4,) * 5, "power": 2, **CAULDRON}})
    offered = {a.space for a in game.legal_actions() if isinstance(a, UsePower)}
    assert offered == {1, 2}
    game.apply(UsePower(2), player=ANN)
    ann = _state(game).players[ANN]
    assert (ann.power, ann.pantry) == (0, ("spice",))
    assert not [a for a in game.legal_actions() if isinstance(a, UsePower)]
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (ANN, "place_die")


# ----------------------------------------------------------------------------- refusals
@pytest.mark.parametrize(
    ("action", "why"),
    [
        (Visit("donjon"), "not adjacent to the sbire's region"),
        (Visit("forge"), "'forge' is not one of the locations laid"),
        (Visit("marche_itinerant"), "you cannot pay its cost"),
        (Heal(1), "no wound to heal"),
        (Drop("egg"), "carries spice, not 'egg'"),
    ],
)
def test_a_refused_visit_or_drop_says_the_actual_reason(action: tr.Action, why: str) -> None:
    """A refusal names what stands in the way (l.258, l.281-291), not a list of what
    might: a location not laid or not adjacent, a cost the player cannot pay, a wound or
    an ingredient the sbire does not have."""
    locations = ("marche_itinerant", "runes_enchantees", "caravane", "donjon")
    game = scene(
        3, locations=locations, who={ANN: {"dice": (1,) * 5, "gold": 0, "carried": ((), ("spice",), ())}}
    )
    game.apply(Activate(1, "sturdy"), player=ANN)
    before = len(game.events)
    with pytest.raises(tr.IllegalActionError, match=why):
        game.apply(action, player=ANN)
    assert len(game.events) == before


@pytest.mark.parametrize(
    "action", [Recruit("superman"), Cook(1, 99), Visit("atlantis"), Heal(-3), Collect("unicorn")]
)
def test_describe_refuses_an_action_no_rule_set_offers(action: tr.Action) -> None:
    """A label names things as the cards do: an action naming a hero, a place or a number
    the rules do not have is refused in the library's words (a server labelling a
    client's action), not a ``KeyError`` or a label with an id in it."""
    game = scene(3)
    with pytest.raises(tr.IllegalActionError, match="not among the actions these Taverns & Dragons rules"):
        game.describe(action)
    assert game.describe(Recruit("gardienne")) == "Recruit Guardian (4 gold)"


def test_a_player_holding_a_forge_token_may_not_visit_the_forge() -> None:
    """l.554 (B16): a Forge token is kept, one at most: a player who holds one is not
    offered the Forge (he would pay for nothing) and is told why."""
    locations = ("forge", "marche_itinerant", "runes_enchantees", "caravane")
    held = {"dice": (1,) * 5, "gold": 2, "forge": "forge_arc"}
    game = scene(3, locations=locations, forge_pool=("forge_epee_1", "forge_hache_1"), who={ANN: held})
    game.apply(Activate(1, "sturdy"), player=ANN)
    assert Visit("forge") not in game.legal_actions()
    with pytest.raises(tr.IllegalActionError, match="Forge token already"):
        game.apply(Visit("forge"), player=ANN)
