"""Bots that take a seat, never the full state (issue #12, "Bots"): random, greedy on a
determinization, and information-set MCTS that draws a new determinization each
iteration. The test that matters: a bot chooses the same in two games that look the same
to its seat, so it cannot have peeked."""

from __future__ import annotations

import random

import pytest

import taverna_rules as tr
from taverna_rules.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, play_out, ranked_returns
from taverna_rules.core.records import HIDDEN

GAMES = ("taverna", "cavern_tavern", "taverne", "taverns_and_dragons")


def _midgame(game_id: str, seed: int, steps: int) -> tr.Game:
    game = tr.new_game(tr.load_rules(game_id), ["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _twins(game_id: str, seed: int, steps: int) -> tuple[tr.Game, tr.Game, int]:
    """A game at a decision with several actions, and one its decider cannot tell apart
    but whose hidden cards and seed are dealt otherwise."""
    game = _midgame(game_id, seed, steps)
    while len(game.legal_actions()) < 3:
        game.apply(game.legal_actions()[0])
    decision = game.decision
    assert decision is not None
    twin = game.determinize(decision.player, random.Random(seed + 1))
    assert twin.state != game.state
    return game, twin, decision.player


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "make",
    [lambda: GreedyBot(5), lambda: ISMCTSBot(iterations=12, seed=5)],
    ids=["greedy", "ismcts"],
)
def test_a_bot_chooses_the_same_in_games_its_seat_cannot_tell_apart(game_id: str, make: object) -> None:
    for seed, steps in ((1, 20), (2, 45)):
        game, twin, seat = _twins(game_id, seed, steps)
        bot_a, bot_b = make(), make()  # type: ignore[operator]
        chosen = bot_a.choose(game.seat(seat))
        assert chosen in game.legal_actions()
        assert bot_b.choose(twin.seat(seat)) == chosen


def test_ismcts_runs_its_budget_and_plays_a_legal_action() -> None:
    game = _midgame("cavern_tavern", 3, 30)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    bot = ISMCTSBot(iterations=15, seed=1)
    decision = game.decision
    assert decision is not None
    assert bot.choose(game.seat(decision.player)) in game.legal_actions()
    assert bot.last_iterations == 15
    timed = ISMCTSBot(iterations=None, seconds=0.05, seed=1)
    timed.choose(game.seat(decision.player))
    assert timed.last_iterations >= 1


def test_ranked_returns_read_like_a_results_returns() -> None:
    """A heuristic's values rank the seats as a result's ranks do: +1 for each seat one
    stands above, -1 for each above it, 0 for a tie, averaged over the others."""
    assert ranked_returns([5.0, 1.0]) == (1.0, -1.0)
    assert ranked_returns([3.0, 3.0, 1.0, 9.0]) == (0.0, 0.0, -1.0, 1.0)
    assert ranked_returns([2.0, 2.0]) == (0.0, 0.0)
    assert sum(ranked_returns([4.0, 7.0, 1.0])) == 0.0


def test_ismcts_with_a_depth_stops_its_playouts_and_ranks_by_the_heuristic() -> None:
    """With ``depth``, a playout stops early and the game's heuristic scores it: a long
    game gets more iterations in the same time. A depth must be a positive int."""
    game = _midgame("taverns_and_dragons", 4, 20)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    decision = game.decision
    assert decision is not None
    seat = game.seat(decision.player)
    shallow = ISMCTSBot(iterations=None, seconds=0.2, depth=5, seed=1)
    assert shallow.choose(seat) in game.legal_actions()
    deep = ISMCTSBot(iterations=None, seconds=0.2, seed=1)
    deep.choose(seat)
    assert shallow.last_iterations > deep.last_iterations
    with pytest.raises(ValueError, match="depth must be a positive int"):
        ISMCTSBot(depth=0)


def test_ismcts_finds_the_winning_move_at_the_end() -> None:
    """Cavern Tavern, last placement of the game: searching plays better than chance. Over
    several end positions ISMCTS's return is at least the mean return of the legal moves."""
    rules = tr.load_rules("cavern_tavern")
    better = 0
    for seed in range(6):
        game = tr.new_game(rules, ["Ann", "Bob"], seed=seed)
        rng = random.Random(seed)
        while not game.over and game.state.round < rules.constants.rounds:
            game.apply(rng.choice(game.legal_actions()))
        if game.over:
            continue
        decision = game.decision
        assert decision is not None
        me = decision.player
        chosen = ISMCTSBot(iterations=60, seed=seed).choose(game.seat(me))

        def value(action: tr.Action, game: tr.Game = game, me: int = me) -> float:
            outcomes = []
            for k in range(6):
                trial = game.determinize(me, random.Random(k)).playout()
                trial.apply(action)
                trial.play_random(random.Random(k))
                outcomes.append(trial.returns()[me])
            return sum(outcomes) / len(outcomes)

        values = {action: value(action) for action in game.legal_actions()}
        better += values[chosen] >= sum(values.values()) / len(values) - 1e-9
    assert better >= 4


def test_bots_refuse_a_seat_with_nothing_to_choose() -> None:
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    decision = game.decision
    assert decision is not None
    idle = game.seat(1 - decision.player)
    bots: list[Bot] = [RandomBot(1), GreedyBot(1), ISMCTSBot(iterations=3, seed=1)]
    for bot in bots:
        with pytest.raises(ValueError, match="nothing to choose"):
            bot.choose(idle)
    with pytest.raises(ValueError, match="budget"):
        ISMCTSBot(iterations=None)
    with pytest.raises(ValueError, match="positive"):
        ISMCTSBot(iterations=0)


def test_a_seat_shows_only_what_its_player_sees() -> None:
    game = _midgame("taverna", 4, 25)
    seat = game.seat("Bob")
    assert seat.player == 1 and seat.name == "Bob"
    assert seat.state == game.view(1)
    assert seat.events == game.events_for(1)
    assert seat.state.players[0].hand == (HIDDEN,) * len(game.state.players[0].hand)
    assert seat.state.players[1].hand == game.state.players[1].hand
    if seat.decision is not None and seat.decision.player != 1:
        assert seat.legal_actions() == ()
    with pytest.raises(tr.UnknownPlayerError):
        game.seat(None)  # type: ignore[arg-type]


def test_play_out_hands_each_bot_its_own_seat() -> None:
    seen: list[int] = []

    class Recorder:
        def choose(self, seat: tr.Seat) -> tr.Action:
            seen.append(seat.player)
            return seat.legal_actions()[0]

    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    made = play_out(game, Recorder())
    assert game.over and len(seen) == made and set(seen) == {0, 1}


@pytest.mark.parametrize("game_id", ["taverna", "cavern_tavern"])
def test_bots_play_games_in_explicit_chance_mode(game_id: str) -> None:
    """play_out picks each chance decision's outcome with its own generator; bots never
    act for chance (their determinized worlds draw from a new seed), and the game's log
    replays. The same chance generator gives the same game."""
    rules = tr.load_rules(game_id)
    logs = []
    for _ in range(2):
        game = tr.new_game(rules, ["Ann", "Bob"], chance="explicit")
        bots: list[Bot] = [GreedyBot(1), ISMCTSBot(iterations=3, seed=2)]
        made = play_out(game, bots, chance=random.Random(3))
        assert game.over and 0 < made <= tr.action_space(rules).max_decisions(2)
        picks = [
            e
            for e in game.events
            if isinstance(e, tr.FlowAdvanced) and e.stack and e.stack[-1].kind == "chance"
        ]
        assert picks, "the game drew nothing at chance decisions"
        assert tr.replay(rules, game.events).state == game.state
        logs.append(game.events)
    assert logs[0] == logs[1]
