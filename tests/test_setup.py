"""Setup and the deed draft (rulebook, "Set up", steps 1 and 2)."""

from __future__ import annotations

import pytest

import taverna_rules as tr
from scenario import RULES, of_type
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def game_for(players: int, seed: int = 1, **kwargs: object) -> tr.Game:
    return tr.new_game(RULES, NAMES[:players], seed=seed, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "side"), [(2, "small"), (3, "small"), (4, "large"), (5, "large")])
def test_board_side_follows_player_count(players: int, side: str) -> None:
    """Step 1.1: "choosing the appropriate side for the number of players (2/3 or 4/5)"."""
    game = game_for(players)
    assert game.state.side == side
    layout = RULES.side_for(players)
    assert [len(t.tables) for t in game.state.taverns] == [
        len(layout.layout(t.id).tables) for t in RULES.taverns
    ]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_material(players: int) -> None:
    """Steps 1.2, 1.6-1.9: 15 coins; 5 favours face up, the rest in reserve; a privilege on
    each tavern; a dignitary in each small tavern; 3 spells dealt to each player."""
    game = game_for(players)
    state = game.state
    # No deed bought yet; a player dealt the Curse pays its 2 coins (our Curse).
    cursed = {e.player for e in of_type(game.events, ev.CurseDrawn)}
    assert [p.coins for p in state.players] == [13 if i in cursed else 15 for i in range(players)]
    assert len(state.castle) == 5 and len(state.favour_reserve) == 10
    assert all(t.privilege for t in state.taverns)
    assert state.privilege_supply == 15 - 5
    small = {t.id for t in RULES.taverns if t.size == "small"}
    assert {t.id for t in state.taverns if t.dignitaries} == small
    assert sorted(d for t in state.taverns for d in t.dignitaries) == sorted(d.id for d in RULES.dignitaries)
    assert all(len(p.hand) == 3 for p in state.players)
    assert all(p.tracks == (0, 0, 0, 0) for p in state.players)


@pytest.mark.parametrize(("players", "cards"), [(2, 22), (3, 22), (4, 28), (5, 34)])
def test_customer_deck_filtered_by_player_mark(players: int, cards: int) -> None:
    """Step 1.10: 2+ cards for 2-5 players, 4+ for 4-5, 5 for 5; a row of 4 face up."""
    state = game_for(players).state
    assert len(state.row) == 4
    in_play = set(state.row) | set(state.customer_deck)
    assert len(in_play) == cards
    assert all(RULES.customer(c).players <= players for c in in_play)


def test_dignitaries_and_decks_depend_on_the_seed() -> None:
    """Shuffles come from the seed: the same seed gives the same game, another seed another."""
    assert game_for(4, seed=3).state == game_for(4, seed=3).state
    assert game_for(4, seed=3).state.customer_deck != game_for(4, seed=4).state.customer_deck


def test_curse_is_optional() -> None:
    """Step 1.9 note: the Curse may be removed from the spell cards during set up."""
    for seed in range(5):
        state = game_for(5, seed=seed, options={"use_curse": False}).state
        cards = set(state.spell_deck) | {c for p in state.players for c in p.hand} | set(state.curses)
        assert "curse" not in cards
        assert len(cards) == 31


def test_curse_drawn_is_set_aside_and_replaced() -> None:
    """Step 1.9 note: a player who draws the Curse applies it and draws another card."""
    for seed in range(40):
        game = game_for(5, seed=seed)
        cursed = of_type(game.events, ev.CurseDrawn)
        if cursed:
            assert game.state.curses == ("curse",)
            victim = game.state.players[cursed[0].player]
            assert len(victim.hand) == 3 and "curse" not in victim.hand
            return
    pytest.fail("no seed among 40 dealt the Curse to a player")


def test_king_people_from_first_card() -> None:
    """Step 1.12: the first card revealed designates the chosen people."""
    for seed in range(30):
        game = game_for(3, seed=seed)
        first = RULES.customer(game.state.row[0])
        if len(first.peoples) == 1:
            assert game.state.king == first.peoples[0]
            assert game.decision is not None and game.decision.kind == "buy_deed"
            return
    pytest.fail("no single-people first card in 30 seeds")


def test_dual_first_card_lets_first_player_choose() -> None:
    """Step 1.12: "If the revealed card is a dual customer card, the first player chooses"."""
    for seed in range(400):
        game = game_for(3, seed=seed, first_player=1)
        first = RULES.customer(game.state.row[0])
        if len(first.peoples) == 2:
            decision = game.decision
            assert decision is not None and decision.kind == "choose_people" and decision.player == 1
            assert decision.actions == tuple(taverna.ChoosePeople(p) for p in first.peoples)
            game.apply(taverna.ChoosePeople(first.peoples[1]))
            assert game.state.king == first.peoples[1]
            return
    pytest.fail("no dual first card in 400 seeds")


def test_two_players_choose_king_and_queen() -> None:
    """Step 1.12, 2 players: the first player picks the King's people, the second the
    Queen's, and the two must differ."""
    game = game_for(2, first_player=1)
    decision = game.decision
    assert decision is not None and (decision.kind, decision.player) == ("choose_people", 1)
    assert len(decision.actions) == 4
    game.apply(taverna.ChoosePeople("orc"))
    decision = game.decision
    assert decision is not None and (decision.kind, decision.player) == ("choose_people", 0)
    assert taverna.ChoosePeople("orc") not in decision.actions
    with pytest.raises(tr.IllegalActionError):
        game.apply(taverna.ChoosePeople("orc"))
    game.apply(taverna.ChoosePeople("elf"))
    assert (game.state.king, game.state.queen) == ("orc", "elf")


def test_deed_draft_order_is_snake() -> None:
    """Step 2: first player then clockwise; then the last player, counter-clockwise."""
    game = game_for(4, first_player=2)
    order = []
    while game.decision is not None and game.decision.kind in ("choose_people", "buy_deed"):
        if game.decision.kind == "buy_deed":
            order.append(game.decision.player)
        game.apply(game.legal_actions()[0])
    assert order == [2, 3, 0, 1, 1, 0, 3, 2]


def test_deed_purchase_pays_price_and_scores() -> None:
    """Step 2.1: pay the price, place a deed token, score the VP shown."""
    game = game_for(3)
    action = game.legal_actions()[-1]
    assert isinstance(action, taverna.BuyDeed)
    deed = RULES.side_for(3).layout(action.tavern).deeds[action.space]
    player = game.decision.player if game.decision else -1
    game.apply(action)
    p = game.state.players[player]
    assert p.coins == 15 - deed.price
    assert dict(p.vp) == {"deeds": deed.vp}
    assert game.state.tavern(action.tavern).deeds[action.space] == player


def test_one_deed_per_tavern_in_the_draft() -> None:
    """Step 2, "a single player can only have one property deed in each tavern"."""
    game = game_for(2, first_player=0)
    game.apply(taverna.ChoosePeople("human"))
    game.apply(taverna.ChoosePeople("orc"))
    game.apply(taverna.BuyDeed("hall", 0))  # seat 0
    game.apply(taverna.BuyDeed("hall", 1))  # seat 1 may buy in the same tavern
    decision = game.decision
    assert decision is not None and decision.player == 1
    assert not [a for a in decision.actions if isinstance(a, taverna.BuyDeed) and a.tavern == "hall"]
    with pytest.raises(tr.IllegalActionError, match="buy_deed"):
        game.apply(taverna.BuyDeed("hall", 2))


def test_first_player_from_birthdays() -> None:
    """Step 1.4: the player with the most recent birthday plays first."""
    game = tr.new_game(
        RULES, ["Ann", "Bob", "Cy"], seed=1, birthdays=["01-10", "11-20", "11-25"], played_on="2026-11-22"
    )
    assert game.state.first_player == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ["Ann"]}, "2 to 5 players"),
        ({"players": ["Ann", "Ann"]}, "distinct"),
        ({"options": {"use_curse": "yes"}}, "true or false"),
        ({"options": {"use_cruse": True}}, "unknown rule option"),
        ({"first_player": 7}, "first_player"),
        ({"birthdays": ["13-45", None], "played_on": "2026-01-01"}, "MM-DD"),
        ({"birthdays": ["01-01", "02-02"]}, "played_on"),
        ({"players": "AnnBob"}, "list of names"),
        ({"players": ["Ann", "?"]}, "other than"),
        ({"seed": "abc"}, "seed is an integer"),
        ({"seed": 1.5}, "seed is an integer"),
        ({"first_player": "B"}, "seat number"),
        ({"options": ["use_curse"]}, "mapping"),
    ],
)
def test_bad_setup_is_refused(kwargs: dict[str, object], message: str) -> None:
    """Bad arguments raise OptionError (a ValueError) naming the problem."""
    args: dict[str, object] = {"players": ["Ann", "Bob"], "seed": 1, **kwargs}
    with pytest.raises(tr.OptionError, match=message):
        tr.new_game(RULES, **args)  # type: ignore[arg-type]


def test_deed_refusals_say_why() -> None:
    game = game_for(3)
    game.apply(taverna.BuyDeed("hall", 2))
    game.apply(taverna.BuyDeed("hall", 0))
    with pytest.raises(tr.IllegalActionError, match="belongs to Ann"):
        game.apply(taverna.BuyDeed("hall", 2))
    with pytest.raises(tr.IllegalActionError, match="no tavern 'pub'"):
        game.apply(taverna.BuyDeed("pub", 0))
