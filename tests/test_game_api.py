"""The Game facade: illegal actions, undo, replay, JSON and position documents."""

from __future__ import annotations

import json

import pytest

import taverna_rules as tr
from scenario import RULES, advance_to, of_type
from taverna_rules.core import serialize
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev


def started(players: int = 3, seed: int = 5, undo: tr.UndoPolicy = "until_reveal") -> tr.Game:
    return tr.new_game(RULES, ["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed=seed, undo=undo)


def test_illegal_action_changes_nothing() -> None:
    """An illegal action raises a clear error naming the decision, and changes nothing."""
    game = started()
    before_state, before_events = game.state, game.events
    with pytest.raises(tr.IllegalActionError) as caught:
        game.apply(tr.EndTurn())
    message = str(caught.value)
    assert "EndTurn()" in message and "'buy_deed'" in message and "'Ann'" in message and "legal:" in message
    assert isinstance(caught.value, ValueError)
    assert game.state is before_state and game.events == before_events


def test_no_action_once_over() -> None:
    from taverna_rules.bots import RandomBot, play_out

    game = started()
    play_out(game, RandomBot(1))
    with pytest.raises(tr.IllegalActionError, match="over"):
        game.apply(tr.EndTurn())


def test_undo_until_reveal() -> None:
    """The default policy steps back over actions that revealed nothing hidden."""
    game = started()
    first = game.state
    game.apply(game.legal_actions()[0])  # a deed: nothing hidden is revealed
    assert game.can_undo()
    game.undo()
    assert game.state == first and len(game.events) == len(started().events)
    advance_to(game, "turn_actions")
    game.apply(tr.EndTurn())
    while game.decision is not None and game.decision.kind == "respond":
        game.apply(tr.Pass())  # the last window to close ends the turn
    # The turn is over: a new customer card was revealed.
    assert of_type(game.events[-6:], ev.CustomerRevealed)
    assert not game.can_undo()
    with pytest.raises(tr.UndoError, match="revealed"):
        game.undo()


def test_undo_never_and_always() -> None:
    never = started(undo="never")
    never.apply(never.legal_actions()[0])
    with pytest.raises(tr.UndoError, match="switched off"):
        never.undo()
    always = started(undo="always")
    advance_to(always, "turn_actions")
    before = always.state
    always.apply(tr.EndTurn())
    always.undo()
    assert always.state == before
    with pytest.raises(ValueError, match="undo policy"):
        started(undo="sometimes")  # type: ignore[arg-type]


def test_replay_gives_the_same_game() -> None:
    game = started(4, seed=9)
    advance_to(game, "turn_actions")
    again = tr.replay(RULES, game.events)
    assert again.state == game.state
    assert again.decision == game.decision


def test_replay_refuses_corrupt_logs() -> None:
    game = started()
    log = list(game.events)
    with pytest.raises(tr.ReplayError, match="starts with"):
        tr.replay(RULES, log[1:])
    with pytest.raises(tr.ReplayError, match="second GameStarted"):
        tr.replay(RULES, [*log, log[0]])
    other = tr.load_rules()
    assert other.fingerprint == RULES.fingerprint
    with pytest.raises(tr.ReplayError, match="rules"):
        tr.replay(RULES, [ev.GameStarted("0" * 64, ("A", "B"), ("human",), 1, "small", 0, (), 15)])


def test_json_log_round_trip_and_errors() -> None:
    game = started()
    advance_to(game, "place_customer")
    text = serialize.events_to_json(game.events)
    assert serialize.events_from_json(text) == list(game.events)
    data = json.loads(text)
    assert data[0]["type"] == "GameStarted" and data[0]["v"] == 2
    assert (data[0]["game"], data[0]["engine"], data[0]["packs"]) == (
        "taverna",
        tr.__version__,
        [["base", "1.0.0"]],
    )
    data[3] = {"type": "NoSuchEvent"}
    with pytest.raises(tr.ReplayError, match="event 3: unknown event type 'NoSuchEvent'"):
        serialize.events_from_json(json.dumps(data))
    data[3] = {"type": "CoinsGained", "v": 1, "player": "x"}
    with pytest.raises(tr.ReplayError, match="event 3: malformed event 'CoinsGained'"):
        serialize.events_from_json(json.dumps(data))
    with pytest.raises(tr.ReplayError, match="not JSON"):
        serialize.events_from_json("[{")


def test_actions_and_decisions_on_the_wire() -> None:
    game = started()
    decision = game.decision
    assert decision is not None
    wire = json.loads(serialize.decision_to_json(decision))
    assert wire["kind"] == "buy_deed" and wire["actions"][0]["type"] == "BuyDeed"
    assert serialize.decision_from_json(json.dumps(wire)) == decision
    action = serialize.action_from_json('{"type": "PickCard", "card": "c01", "people": "orc"}')
    assert action == taverna.PickCard("c01", "orc")
    with pytest.raises(tr.ReplayError, match="unknown action type"):
        serialize.action_from_json('{"type": "Cheat"}')


@pytest.mark.parametrize("kind", ["pick_card", "place_customer", "turn_actions"])
def test_state_and_position_round_trip(kind: str) -> None:
    game = started(5, seed=11)
    advance_to(game, kind)
    state = game.state
    assert serialize.state_from_json(serialize.state_to_json(state)) == state
    for fmt in ("yaml", "json"):
        text = tr.dump_position(state, fmt)
        assert tr.load_position(RULES, text) == state
    resumed = tr.Game.from_position(RULES, tr.load_position(RULES, tr.dump_position(state)))
    assert resumed.state.stack == state.stack and resumed.decision == game.decision


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players: []", "format"),
        ("format: taverna-position/1\nplayers: []", "players"),
        (
            "format: taverna-position/1\nplayers: [{name: A}, {name: B}]\nsurprise: 1",
            "unknown position field",
        ),
        ("format: taverna-position/1\nplayers: [{name: A}, {name: B}]\ntaverns: {pub: {}}", "unknown tavern"),
        ("format: taverna-position/1\nplayers: [{name: A, tracks: {gnome: 2}}, {name: B}]", "unknown people"),
        (
            "format: taverna-position/1\nplayers: [{name: A}, {name: B}]\ntaverns: {hall: {deeds: [Zed]}}",
            "Zed",
        ),
        (
            "format: taverna-position/1\nplayers: [{name: A}, {name: B}]\ntaverns: {hall: {tables: [orc]}}",
            "tables",
        ),
        ("format: taverna-position/1\nplayers: [{name: A, coins: lots}, {name: B}]", "coins"),
        ("format: taverna-position/1\nplayers: [{name: A}, {name: B}]\nstack: [{kind: x, player: Q}]", "Q"),
        ("format: taverna-position/1\nplayers: [{name: A, coin: 10}, {name: B}]", "did you mean 'coins'"),
        ("format: taverna-position/1\nplayers: [{name: A}, {name: B}]\ntaverns: {hall: {deed: []}}", "deed"),
        (
            "format: taverna-position/1\nplayers: [{name: A}, {name: B}]\nking: goblin",
            "unknown people 'goblin'",
        ),
        (
            "format: taverna-position/1\nplayers: [{name: A, tracks: {human: 12}}, {name: B}]",
            "human position 12",
        ),
        (
            "format: taverna-position/1\nplayers: [{name: A, tracks: {human: -1}}, {name: B}]",
            "human position -1",
        ),
        (
            "format: taverna-position/1\nplayers: [{name: A}, {name: B}]\nstack: [endgame]",
            "unknown step 'endgame'",
        ),
        ("format: taverna-position/1\nplayers: [{name: A}, {name: B}]\nside: huge", "unknown board side"),
        ("format: taverna-position/1\nplayers: [{name: A}]", "1 player"),
        ("format: taverna-position/1\nplayers: [{name: A}, {name: A}]", "names must differ"),
        ("format: taverna-position/1\nplayers: [{name: A}, {name: B}]\nking: orc\nqueen: orc", "must differ"),
        (
            "format: taverna-position/1\nplayers: [{name: A, tracks: {orc: 7}}, {name: B, tracks: {orc: 7}}]",
            "top",
        ),
        (
            "format: taverna-position/1\nplayers: [{name: A}, {name: B}]\n"
            "taverns: {hall: {deeds: [A, A, null]}}",
            "one per",
        ),
        ("format: taverna-position/1\nplayers: [{name: A, hand: [fireball]}, {name: B}]", "unknown spell"),
        ("format: taverna-position/1\nplayers: [{name: A}, {name: B}]\nrules: deadbeef", "rules"),
        ("format: taverna-position/1\nplayers: [{name: A}, {name: B}]\nstack: [end_game]", "King"),
        (
            "format: taverna-position/1\nplayers: [{name: A}, {name: B}]\nstack: [{kind: income, player: A}]",
            "turn",
        ),
    ],
)
def test_bad_positions_are_refused(text: str, message: str) -> None:
    with pytest.raises(tr.PositionError, match=message):
        tr.load_position(RULES, text)


def test_views_hide_hands_and_decks() -> None:
    game = started(3)
    view = game.view("Bob")
    assert view.players[1].hand == game.state.players[1].hand
    assert set(view.players[0].hand) == {ev.HIDDEN} and view.seed == 0
    assert set(view.customer_deck) == {ev.HIDDEN} and len(view.customer_deck) == len(game.state.customer_deck)
    with pytest.raises(tr.UnknownPlayerError, match="Zoe"):
        game.view("Zoe")
    with pytest.raises(tr.UnknownPlayerError, match="seat True"):
        game.view(True)


def test_decision_view_hides_the_actions_of_others() -> None:
    """Selling a spell names a card of a hidden hand: only the decider sees the actions."""
    game = started(3)
    advance_to(game, "pick_card")
    decision = game.decision
    assert decision is not None and any(isinstance(a, taverna.SellSpell) for a in decision.actions)
    mine = game.decision_for(decision.player)
    assert mine == decision
    other = game.decision_for((decision.player + 1) % 3)
    assert other is not None and other.actions == () and other.kind == "pick_card"
    assert other.player == decision.player


def finished(players: int = 3, seed: int = 2) -> tr.Game:
    from taverna_rules.bots import RandomBot, play_out

    game = started(players, seed)
    play_out(game, RandomBot(seed))
    return game


def test_verified_replay_accepts_the_real_log_with_its_undo_history() -> None:
    game = finished()
    again = tr.replay(RULES, game.events, undo="always")
    assert again.state == game.state and again.result == game.result
    again.undo()
    assert not again.over


def test_verified_replay_names_the_first_bad_event() -> None:
    """A log edited by hand, reordered or cut inside an action is refused."""

    log = list(finished().events)
    gained = next(i for i, e in enumerate(log) if isinstance(e, ev.CoinsGained))
    original = log[gained]
    assert isinstance(original, ev.CoinsGained)
    forged = [*log[:gained], original.replace(amount=1000), *log[gained + 1 :]]
    with pytest.raises(tr.ReplayError, match=f"events? {gained}|follow from no legal action"):
        tr.replay(RULES, forged)
    bought = [i for i, e in enumerate(log) if isinstance(e, ev.DeedBought)]
    swapped = list(log)
    swapped[bought[0]], swapped[bought[1]] = swapped[bought[1]], swapped[bought[0]]
    with pytest.raises(tr.ReplayError, match="no legal action"):
        tr.replay(RULES, swapped)
    with pytest.raises(tr.ReplayError, match="middle of an action"):
        tr.replay(RULES, log[:-1])
    # Folding alone trusts the log: verify=False is for logs you produced yourself.
    assert tr.replay(RULES, forged, verify=False).state != finished().state


def test_a_redacted_log_cannot_be_replayed_as_a_game() -> None:
    game = finished()
    with pytest.raises(tr.ReplayError, match="redacted"):
        tr.replay(RULES, game.events_for("Ann"))


def test_fold_errors_name_the_event() -> None:
    log = list(started().events)
    log.append(ev.CoinsGained(7, 1, "income"))
    with pytest.raises(tr.ReplayError, match=f"event {len(log) - 1} \\(CoinsGained\\) does not apply"):
        tr.replay(RULES, log, verify=False)


def test_position_for_other_rules_is_refused() -> None:
    state = started().state

    with pytest.raises(tr.PositionError, match="rules"):
        tr.Game.from_position(RULES, state.replace(rules="0" * 64))


def test_a_position_with_nothing_to_do_cannot_be_played() -> None:
    state = tr.load_position(RULES, "format: taverna-position/1\nplayers: [{name: A}, {name: B}]")
    with pytest.raises(tr.PositionError, match="stack"):
        tr.Game.from_position(RULES, state)


def test_two_player_end_needs_the_queen() -> None:
    text = "format: taverna-position/1\nking: orc\nplayers: [{name: A}, {name: B}]\nstack: [end_game]"
    with pytest.raises(tr.PositionError, match="Queen"):
        tr.load_position(RULES, text)


def test_positions_inside_logs_are_checked() -> None:

    from taverna_rules.games.taverna.state import Task

    state = tr.load_position(RULES, "format: taverna-position/1\nking: orc\nplayers: [{name: A}, {name: B}]")
    forged = state.replace(queen="elf", stack=(Task("end_game"),))
    forged = forged.replace(players=(forged.players[0].replace(coins=-50), forged.players[1]))
    with pytest.raises(tr.ReplayError, match="bad position"):
        tr.replay(RULES, [ev.PositionLoaded(forged)])
    with pytest.raises(tr.PositionError, match="negative"):
        tr.Game.from_position(RULES, forged)
