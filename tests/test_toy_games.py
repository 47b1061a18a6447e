"""Two toy games (tests/toy_games, not shipped) run on the generic core: a dice race draws
during play, a sealed-bid auction asks every seat at once. Both pass the conformance kit
that Taverna passes (random games, verified replay, JSON round trips, views, undo)."""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

import taverna_rules as tr
from taverna_rules.core import ChoiceCommitted, ChoicesRevealed, run_flow, serialize
from taverna_rules.core.decide import pending_decision
from taverna_rules.games import taverna
from taverna_rules.tools.conformance import CHECKS, run_checks
from toy_games import installed
from toy_games.auction import RULES as AUCTION
from toy_games.auction import Bid, LotSold
from toy_games.common import Started
from toy_games.dice_race import RULES as RACE
from toy_games.dice_race import DieRolled, Hold, Roll


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with installed():
        yield


@pytest.mark.parametrize("rules", [RACE, AUCTION], ids=["dice_race", "sealed_auction"])
def test_the_toy_games_pass_the_conformance_kit(rules: object) -> None:
    report = run_checks(rules, games=8, seed=0)
    assert report.ok, report.format_text()
    assert report.games_played == ((2, 8), (3, 8), (4, 8))
    assert "undo" in CHECKS


def test_the_toy_games_are_found_by_entry_point() -> None:
    assert {"dice_race", "sealed_auction", "taverna"} <= set(tr.installed_games())
    assert tr.game_module("dice_race").decisions["turn"].seats is None
    assert tr.game_module("sealed_auction").decisions["bid"].seats is not None


# ----------------------------------------------------------------------------- chance
def test_dice_are_drawn_during_play_from_the_seed_and_recorded() -> None:
    """The same seed rolls the same dice; the rolls are events, so a verified replay of
    the log reaches the same state without a generator of its own."""
    rolls = []
    for _ in range(2):
        game = tr.new_game(RACE, ["Ann", "Bob"], seed=11)
        for _ in range(6):
            game.apply(Roll())
        rolls.append([e.value for e in game.events if isinstance(e, DieRolled)])
        assert game.state.draws == len(rolls[-1]) == 6
        assert tr.replay(RACE, game.events).state == game.state
    assert rolls[0] == rolls[1]
    other = tr.new_game(RACE, ["Ann", "Bob"], seed=12)
    for _ in range(6):
        other.apply(Roll())
    assert [e.value for e in other.events if isinstance(e, DieRolled)] != rolls[0]


def test_a_forged_roll_is_refused_by_verified_replay() -> None:
    game = tr.new_game(RACE, ["Ann", "Bob"], seed=3)
    game.apply(Roll())
    log = list(game.events)
    index = next(i for i, e in enumerate(log) if isinstance(e, DieRolled))
    rolled = log[index]
    assert isinstance(rolled, DieRolled)
    log[index] = attrs.evolve(rolled, value=7 - rolled.value)
    with pytest.raises(tr.ReplayError, match=f"events {index}-"):
        tr.replay(RACE, log)
    assert tr.replay(RACE, log, verify=False).state.pot != game.state.pot or rolled.value == 1


def test_a_view_shows_the_dice_but_never_the_seed() -> None:
    game = tr.new_game(RACE, ["Ann", "Bob"], seed=99)
    game.apply(Roll())
    for viewer in (0, 1, None):
        assert game.view(viewer).seed == 0
        started = game.events_for(viewer)[0]
        assert isinstance(started, Started) and started.seed == 0
        assert [e for e in game.events_for(viewer) if isinstance(e, DieRolled)] == [
            e for e in game.events if isinstance(e, DieRolled)
        ]
    # A roll is a chance outcome: undo refuses to take it back (the next roll would be the
    # same again) but under the "always" policy, where it gives the same roll again.
    assert not game.can_undo()
    game = tr.new_game(RACE, ["Ann", "Bob"], seed=99, undo="always")
    game.apply(Roll())
    before = list(game.events)
    game.undo()
    game.apply(Roll())
    assert list(game.events) == before


def test_hold_banks_the_pot_and_a_one_loses_it() -> None:
    game = tr.new_game(RACE, ["Ann", "Bob"], seed=5)
    while True:
        game.apply(Roll())
        rolled = [e for e in game.events if isinstance(e, DieRolled)][-1]
        if rolled.value == 1:
            assert game.state.pot == 0 and game.decision is not None and game.decision.player == 1
            break
        pot = game.state.pot
        game.apply(Hold())
        assert game.state.players[0].score == pot and game.decision is not None
        assert game.decision.player == 1
        break


# ----------------------------------------------------------------------------- simultaneous
def test_every_seat_bids_at_once_in_any_order() -> None:
    game = tr.new_game(AUCTION, ["Ann", "Bob", "Cy"], seed=1)
    assert [d.player for d in game.decisions] == [0, 1, 2]
    assert game.decision is not None and game.decision.player == 0  # the turn-based loop still works
    game.apply(Bid(2), player=2)
    game.apply(Bid(3), player=0)
    assert [d.player for d in game.decisions] == [1]
    with pytest.raises(tr.IllegalActionError, match="'Cy' is refused: they have already chosen"):
        game.apply(Bid(1), player=2)
    new = game.apply(Bid(1), player=1)
    revealed = [e for e in new if isinstance(e, ChoicesRevealed)]
    assert revealed == [ChoicesRevealed(((0, Bid(3)), (1, Bid(1)), (2, Bid(2))))]
    assert LotSold(0, 0, 3) in new
    assert game.state.players[0].coins == 3 and game.state.commits == ()
    assert [d.player for d in game.decisions] == [0, 1, 2]  # the next lot


def test_a_commit_stays_hidden_until_the_reveal() -> None:
    game = tr.new_game(AUCTION, ["Ann", "Bob"], seed=1)
    game.apply(Bid(4), player=1)
    for viewer in (0, None):
        seen = [e for e in game.events_for(viewer) if isinstance(e, ChoiceCommitted)]
        assert seen == [ChoiceCommitted(1, None)]
        assert game.view(viewer).commits == ((1, None),)
        assert game.decision_for(viewer) is not None
    own = [e for e in game.events_for(1) if isinstance(e, ChoiceCommitted)]
    assert own == [ChoiceCommitted(1, Bid(4))]
    decision = game.decision_for(0)
    assert decision is not None and decision.player == 0 and Bid(6) in decision.actions
    # Undo before the reveal takes the bid back; after it, the bids are out.
    assert game.can_undo()
    game.undo()
    assert game.state.commits == ()
    game.apply(Bid(4), player=1)
    game.apply(Bid(0), player=0)
    assert not game.can_undo()


def test_a_bid_beyond_the_coins_is_refused_with_the_decision() -> None:
    game = tr.new_game(AUCTION, ["Ann", "Bob"], seed=1)
    with pytest.raises(
        tr.IllegalActionError, match=r"Bid\(amount=7\) is not legal in decision 'bid' of 'Bob'"
    ):
        game.apply(Bid(7), player=1)
    assert game.state.commits == () and len(game.events) == 2


def test_a_player_log_of_the_auction_folds_to_their_view() -> None:
    game = tr.new_game(AUCTION, ["Ann", "Bob"], seed=1)
    game.apply(Bid(2), player=0)
    for viewer in (0, 1, None):
        own = tr.replay(AUCTION, game.events_for(viewer), verify=False)
        assert own.state == game.view(viewer)
    with pytest.raises(tr.IllegalActionError, match="player's view"):
        tr.replay(AUCTION, game.events_for(1), verify=False).apply(Bid(1), player=1)


def test_json_of_a_toy_game_reads_with_its_own_names() -> None:
    game = tr.new_game(AUCTION, ["Ann", "Bob"], seed=1)
    game.apply(Bid(2), player=0)
    text = serialize.events_to_json(list(game.events))
    assert serialize.events_from_json(text, game="sealed_auction") == list(game.events)
    with pytest.raises(tr.ReplayError, match="unknown event type 'Started'"):
        serialize.events_from_json(text)  # read as Taverna's


# ----------------------------------------------------------------------------- choosing a game
def test_load_rules_and_validate_choose_the_game_by_id() -> None:
    """Taverna stays the default; a game is named by id; a game without content files
    says so instead of loading Taverna's."""
    assert tr.load_rules().game == "taverna" and tr.load_rules(game="taverna") is tr.load_rules()
    assert tr.validate(game="taverna").ok
    assert tr.load_rules(game="dice_race").game == "dice_race"
    with pytest.raises(tr.GameModuleError, match="'sealed_auction' ships no content pipeline"):
        tr.load_rules(game="sealed_auction")
    with pytest.raises(tr.GameModuleError, match="no game 'chess' is installed"):
        tr.validate(game="chess")


def test_the_command_line_takes_the_game() -> None:
    import io

    from taverna_rules.tools.cli import main

    out = io.StringIO()
    assert main(["validate", "--game", "taverna"], out) == 0
    out = io.StringIO()
    assert main(["validate", "--game", "sealed_auction"], out) == 2
    assert "'sealed_auction' ships no content pipeline" in out.getvalue()


def test_what_a_viewer_must_not_see_is_listed_as_texts_only() -> None:
    """The seed and a committed bid are hidden by their zones, but only texts can be
    searched for in a message: a refusal saying "space=0" leaks no seed 0."""
    game = tr.new_game(AUCTION, ["Ann", "Bob"], seed=0)
    game.apply(Bid(0), player=1)
    visibility = tr.game_module("sealed_auction").visibility
    assert visibility.hidden(game.state, 0) == set()
    assert game.view(0).commits == ((1, None),) and game.view(0).seed == 0


def test_a_module_with_sealed_choices_must_hide_them() -> None:
    """A game author who forgets the commits zone (or names a zone that does not exist)
    hears it when the module is built, not from a view that shows the others' bids."""
    from toy_games import auction

    with pytest.raises(tr.GameModuleError, match="declare Zone\\('commits'"):
        attrs.evolve(auction.GAME, visibility=tr.Visibility((tr.Zone("seed", "seed", "hidden"),)))
    commits = tr.Zone("commits", "commits", "owner", pairs=True)
    with pytest.raises(tr.GameModuleError, match=r"Started\.seed names the zone 'seed'"):
        attrs.evolve(auction.GAME, visibility=tr.Visibility((commits,)))


def test_a_module_is_refused_when_it_lacks_what_the_core_reads() -> None:
    """What a game author forgets is named when the module is built: a state without the
    contract's fields (or its pending choices, with simultaneous decisions), a decision
    taking an action type the game does not register, no flow, no opening."""
    from toy_games import auction

    @attrs.frozen
    class Bare:
        rules: str
        players: tuple[str, ...]

    with pytest.raises(tr.GameModuleError, match=r"Bare has no 'seed'.*'stack'.*'over'.*'commits'"):
        attrs.evolve(auction.GAME, state_type=Bare)  # type: ignore[arg-type]
    with pytest.raises(tr.GameModuleError, match=r"takes Bid, which its actions do not register"):
        attrs.evolve(auction.GAME, actions={})
    with pytest.raises(tr.GameModuleError, match=r"no steps: give flow=FLOW"):
        attrs.evolve(auction.GAME, flow=None, steps={}, decisions={})
    with pytest.raises(tr.GameModuleError, match=r"no opening: give opener="):
        attrs.evolve(auction.GAME, opener=None, openings=())


def test_a_module_that_declares_no_visibility_hides_the_seed() -> None:
    """Every state has a seed, and the core's opening event names its zone: a module that
    declares no visibility hides the seed from every view by default."""
    from toy_games import dice_race

    given = {
        f.name: getattr(dice_race.GAME, f.name) for f in attrs.fields(tr.GameModule) if f.name != "visibility"
    }
    module = tr.GameModule(**given)
    assert [(z.name, z.path, z.policy) for z in module.visibility.zones] == [("seed", "seed", "hidden")]


def test_an_opening_that_never_ran_its_steps_is_named() -> None:
    """start() must run the opening's steps: a state left on an automatic step is the game
    module's error, said as such (it was a bare KeyError)."""
    import toy_games.dice_race as race

    state = race.evolve(None, Started(RACE.fingerprint, ("Ann", "Bob"), 1))
    broken = attrs.evolve(state, stack=(*state.stack, tr.Task("deal")))
    with pytest.raises(tr.GameModuleError, match="waits on step 'deal', which is no decision"):
        pending_decision(RACE, broken)
    with pytest.raises(tr.GameModuleError, match="no step 'deal' in its flow"):
        run_flow(RACE, broken)


def test_a_game_in_english_only_names_itself_in_english() -> None:
    name = tr.game_module("dice_race").name
    assert (name.get("en"), name.get("fr"), name.get("nl")) == ("Dice race",) * 3
    assert tr.game_module("taverna").name.get("fr") == "Taverna"


def test_a_type_name_may_be_qualified_by_its_game() -> None:
    """Wire names are the game's: ``sealed_auction.Bid`` reads as the auction's Bid, a
    Taverna reader refuses it by name, and a bare name reads in the reader's game."""
    assert serialize.action_from_json(
        '{"type": "sealed_auction.Bid", "amount": 2}', game="sealed_auction"
    ) == Bid(2)
    assert serialize.action_from_json('{"type": "Bid", "amount": 2}', game="sealed_auction") == Bid(2)
    with pytest.raises(
        tr.ReplayError,
        match=r"'sealed_auction\.Bid' is an action of the game 'sealed_auction', not of 'taverna'",
    ):
        serialize.action_from_json('{"type": "sealed_auction.Bid", "amount": 2}')
    read = serialize.event_from_json(
        '{"type": "taverna.CoinsGained", "v": 1, "player": 0, "amount": 1, "reason": "x"}'
    )
    assert read == taverna.CoinsGained(0, 1, "x")
    nested = '{"type": "ChoiceCommitted", "v": 1, "player": 1, "action": {"type": "taverna.EndTurn"}}'
    with pytest.raises(tr.ReplayError, match="of the game 'taverna', not of 'sealed_auction'"):
        serialize.event_from_json(nested, game="sealed_auction")


def test_writers_qualify_names_by_the_game_given() -> None:
    """A log written with its game's names reads back in that game and is refused, by
    name, by a reader of another game; an object of another game is not written as its."""
    game = tr.new_game(AUCTION, ["Ann", "Bob"], seed=4)
    game.apply(Bid(1), player=0)
    text = serialize.events_to_json(list(game.events), game="sealed_auction")
    assert '"type": "sealed_auction.Started"' in text
    assert serialize.events_from_json(text, game="sealed_auction") == list(game.events)
    with pytest.raises(tr.ReplayError, match="of the game 'sealed_auction', not of 'dice_race'"):
        serialize.events_from_json(text, game="dice_race")
    assert (
        serialize.action_to_json(Bid(3), game="sealed_auction")
        == '{"amount": 3, "type": "sealed_auction.Bid"}'
    )
    with pytest.raises(tr.ReplayError, match="Bid is no action of the game 'taverna'"):
        serialize.action_to_json(Bid(3), game="taverna")


def test_a_game_that_does_not_number_its_actions_says_so() -> None:
    """The action codec is a game module's opt-in (``actions_of``): without it,
    ``action_space`` names the game instead of guessing."""
    with pytest.raises(tr.GameModuleError, match="'dice_race' does not number its actions"):
        tr.action_space(RACE)
