"""Undo never takes back a reveal (issue #25): what a step of play reveals follows from the
zones and the draws (:meth:`Visibility.reveals <taverna_rules.core.views.Visibility.reveals>`),
for every game, and the conformance kit checks it with its own reading."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules._records import evolve
from taverna_rules.bots import RandomBot
from taverna_rules.core import ChoicesRevealed
from taverna_rules.core.chance import ChanceMode, waits_for_chance
from taverna_rules.core.records import Event, Task
from taverna_rules.core.serialize import decision_to_json, event_to_dict, json_strings, state_to_json
from taverna_rules.core.views import Visibility, Zone
from taverna_rules.games import taverna
from taverna_rules.tools.conformance import run_checks
from toy_games import installed
from toy_games.auction import RULES as AUCTION
from toy_games.auction import Bid
from toy_games.dice_race import RULES as RACE
from toy_games.dice_race import DieRolled, Roll

TAVERNA = tr.load_rules()
CAVERN = tr.load_rules("cavern_tavern")
NAMES = ["Ann", "Bob", "Cy"]


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with installed():
        yield


def play_until(game: tr.Game, seed: int, wanted: type[Event]) -> list[Event]:
    """Play ``game`` at random until a step emits a ``wanted`` event; that step's events."""
    bot = RandomBot(seed)
    while not game.over:
        decision = game.decision
        assert decision is not None
        new = game.apply(bot.choose(game.seat(decision.player)))
        if any(isinstance(event, wanted) for event in new):
            return new
    raise AssertionError(f"no {wanted.__name__} in the game")


# ----------------------------------------------------------------------------- the cases
def test_cavern_tavern_refilling_the_table_cannot_be_undone() -> None:
    """The issue's case: an order turned up from the deck onto the table is seen by all."""
    game = tr.new_game(CAVERN, NAMES, seed=2)
    new = play_until(game, 2, tr.game_module("cavern_tavern").events["TableRefilled"])
    assert not any(type(event).REVEALS for event in new)  # no flag says it: the zones do
    assert not game.can_undo()
    with pytest.raises(tr.UndoError, match="revealed hidden information"):
        game.undo()


def test_a_taverna_spell_drawn_into_a_hand_cannot_be_undone() -> None:
    game = tr.new_game(TAVERNA, NAMES, seed=4)
    new = play_until(game, 4, taverna.SpellDrawn)
    assert not any(type(event).REVEALS for event in new)
    assert not game.can_undo()
    with pytest.raises(tr.UndoError):
        game.undo()


def test_a_dice_roll_cannot_be_undone() -> None:
    """The roll is public and the next one would be the same: a chance outcome is a reveal."""
    game = tr.new_game(RACE, ["Ann", "Bob"], seed=99)
    new = game.apply(Roll())
    assert any(isinstance(event, DieRolled) for event in new)
    assert not game.can_undo()


def test_the_bids_of_a_sealed_auction_cannot_be_undone_once_revealed() -> None:
    game = tr.new_game(AUCTION, ["Ann", "Bob", "Cy"], seed=1)
    game.apply(Bid(2), player=2)
    assert game.can_undo()  # a commit shows the others nothing
    game.apply(Bid(3), player=0)
    new = game.apply(Bid(1), player=1)
    assert any(isinstance(event, ChoicesRevealed) for event in new)
    assert not game.can_undo()


def test_explicit_chance_a_pick_is_a_reveal_the_action_before_it_is_not() -> None:
    """In the explicit chance mode the action that stops at a draw shows nothing yet (undo
    takes it back); the outcome picked is a reveal."""
    game = tr.new_game(CAVERN, NAMES, seed=3, chance="explicit")
    rng = random.Random(3)
    picks = stops = 0
    while not game.over and picks < 12:
        decision = game.decision
        assert decision is not None
        if decision.player == tr.CHANCE:
            game.apply(rng.choice(decision.actions))
            assert not game.can_undo()
            picks += 1
            continue
        game.apply(rng.choice(decision.actions))
        if waits_for_chance(game.state):
            assert game.can_undo()
            stops += 1
    assert picks == 12 and stops > 0


def test_undo_after_a_refusal_stays_refused_and_steps_before_are_undone_one_by_one() -> None:
    """The reveal is kept with its step: undoing the steps after it walks back to it and
    stops there, and a copy or a pickle keeps what was worked out."""
    import pickle

    game = tr.new_game(TAVERNA, NAMES, seed=4)
    play_until(game, 4, taverna.SpellDrawn)
    assert not game.can_undo()
    game.apply(game.legal_actions()[0])
    while game.can_undo() and len(game.events) > 0:
        game.undo()
    for same in (game, game.copy(), pickle.loads(pickle.dumps(game))):
        assert not same.can_undo()


# ----------------------------------------------------------------------------- the rule, on a model
@attrs.frozen
class _Seat:
    hand: tuple[str, ...] = ()


@attrs.frozen
class _Table:
    players: tuple[_Seat, ...]
    deck: tuple[str, ...] = ()
    row: tuple[str, ...] = ()
    commits: tuple[tuple[int, Any], ...] = ()
    draws: int = 0
    stack: tuple[Task, ...] = ()


_VIS = Visibility(
    (
        Zone("deck", "deck", "count"),
        Zone("hand", "players.hand", "owner"),
        Zone("commits", "commits", "owner", pairs=True, pool=None),
    )
)


def _table(deck: tuple[str, ...] = (), row: tuple[str, ...] = (), *hands: tuple[str, ...]) -> _Table:
    seats = tuple(_Seat(hand) for hand in (hands or ((), ())))
    return _Table(seats, deck, row)


@pytest.mark.parametrize(
    ("before", "after", "reveals"),
    [
        (_table(("a", "b")), _table(("b",), ("a",)), True),  # turned up
        (_table(("a", "b")), _table(("b",), (), ("a",), ()), True),  # drawn: its owner sees it
        (_table(("a", "b")), _table(("b",)), False),  # out of the game unseen
        (_table(("a", "b")), _table(("b", "a")), False),  # the deck reordered
        (_table((), ("a",)), _table((), (), ("a",), ()), False),  # a public card taken in hand
        (_table((), (), ("a",), ()), _table((), (), (), ("a",)), True),  # passed: seat 1 sees it
        (_table(("x", "x")), _table(("x",), ("x",)), True),  # one copy of two
        (_table(("x",), ("x",)), _table((), ("x",)), False),  # gone, the other copy was seen
    ],
)
def test_what_leaving_a_hidden_zone_reveals(before: _Table, after: _Table, reveals: bool) -> None:
    assert _VIS.reveals(before, after) is reveals


def test_a_choice_used_and_a_draw_reveal_a_commit_does_not() -> None:
    empty = _table()
    committed = attrs.evolve(empty, commits=((0, ("bid", 3)),))
    assert not _VIS.reveals(empty, committed)
    assert _VIS.reveals(committed, empty)
    assert _VIS.reveals(empty, attrs.evolve(empty, draws=1))
    waiting = attrs.evolve(empty, stack=(Task("chance", -1),))
    assert _VIS.reveals(waiting, empty)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_zone_rule_agrees_with_what_each_viewer_sees(data: st.DataObject) -> None:
    """For distinct cards, a step reveals exactly when some viewer (each seat, a spectator)
    sees after it a card it did not see before and that was in the game before."""
    cards = [f"c{i}" for i in range(data.draw(st.integers(1, 7), label="cards"))]
    places = ["deck", "row", "hand0", "hand1", "gone"]

    def deal(label: str) -> dict[str, list[str]]:
        where: dict[str, list[str]] = {place: [] for place in places}
        for card in cards:
            where[data.draw(st.sampled_from(places), label=f"{label} {card}")].append(card)
        for pile in where.values():
            data.draw(st.randoms(use_true_random=False)).shuffle(pile)
        return where

    def table(where: dict[str, list[str]]) -> _Table:
        return _table(tuple(where["deck"]), tuple(where["row"]), tuple(where["hand0"]), tuple(where["hand1"]))

    before, after = deal("before"), deal("after")

    def seen(where: dict[str, list[str]], viewer: int | None) -> set[str]:
        return {*where["row"], *(where[f"hand{viewer}"] if viewer is not None else ())}

    def hidden(where: dict[str, list[str]], viewer: int | None) -> set[str]:
        return {*where["deck"], *where["hand0"], *where["hand1"]} - seen(where, viewer)

    expected = any(hidden(before, viewer) & seen(after, viewer) for viewer in (0, 1, None))
    assert _VIS.reveals(table(before), table(after)) is expected


# ----------------------------------------------------------------------------- the class, in play
def _strings(data: Any) -> set[str]:
    return set(json_strings(data))


def _seen(game: tr.Game, state: Any, viewer: int | None) -> set[str]:
    return _strings(json.loads(state_to_json(game.module.visibility.redact_state(state, viewer))))


@settings(max_examples=6, deadline=None)
@given(
    gid=st.sampled_from(["taverna", "cavern_tavern"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    chance=st.sampled_from(["sampled", "explicit"]),
)
def test_undo_is_offered_exactly_after_steps_that_show_no_viewer_anything(
    gid: str, players: int, seed: int, chance: ChanceMode
) -> None:
    """Read from what each seat and a spectator are shown (the state's view after the step,
    the step's events as they see them, their pending decision): undo is offered exactly
    when no viewer was shown a card hidden from them before, nothing was drawn and no
    chance outcome was picked; and then undo gives back the state before the step."""
    game = tr.new_game(tr.load_rules(gid), ["Ann", "Bob", "Cy", "Dee"][:players], seed, chance=chance)
    bot, rng = RandomBot(seed), random.Random(seed)
    visibility = game.module.visibility
    for _ in range(400):
        if game.over:
            break
        decision = game.decision
        assert decision is not None
        before, length = game.state, len(game.events)
        picked = decision.player == tr.CHANCE
        action = rng.choice(decision.actions) if picked else bot.choose(game.seat(decision.player))
        new = game.apply(action)
        drew = picked or getattr(before, "draws", 0) != getattr(game.state, "draws", 0)
        shown: dict[int | None, set[str]] = {}
        for viewer in (*range(players), None):
            named = _seen(game, game.state, viewer)
            named |= _strings([event_to_dict(e) for e in visibility.redact_events(new, viewer)])
            pending = game.decision_for(viewer)
            named |= _strings(json.loads(decision_to_json(pending)) if pending is not None else [])
            fresh = visibility.hidden(before, viewer) & named - _seen(game, before, viewer)
            if fresh:
                shown[viewer] = fresh
        assert game.can_undo() is not (drew or bool(shown)), (action, new, shown, drew)
        if game.can_undo():
            back = game.copy()
            back.undo()
            assert back.state == before and len(back.events) == length


# ----------------------------------------------------------------------------- the kit
@pytest.mark.parametrize("rules", [RACE, AUCTION], ids=["dice_race", "sealed_auction"])
def test_the_kit_checks_undo_over_reveals_for_the_toy_games(rules: Any) -> None:
    report = run_checks(rules, games=2, seed=3)
    assert report.ok, report.format_text()


_REVEALS = Visibility.reveals
_HIDDEN_THINGS = Visibility._hidden_things


def _forgets_chance(self: Visibility, before: Any, after: Any, events: Any = ()) -> bool:
    drawn = {"draws": after.draws} if hasattr(before, "draws") else {}
    return _REVEALS(self, evolve(before, stack=(), **drawn), after, events)


def _forgets_zones(self: Visibility, before: Any, after: Any, events: Any = ()) -> bool:
    return _REVEALS(Visibility(), before, after, events)


def _forgets_choices(self: Visibility, *args: Any) -> Counter[Any]:
    return Counter({t: n for t, n in _HIDDEN_THINGS(self, *args).items() if isinstance(t, str)})


def _reveals_everything(self: Visibility, before: Any, after: Any, events: Any = ()) -> bool:
    return True


@pytest.mark.parametrize(
    ("name", "mutant", "rules", "said"),
    [
        ("reveals", _forgets_chance, RACE, "offered after a step that revealed a draw"),
        ("reveals", _forgets_zones, TAVERNA, "offered after a step that revealed ["),
        ("_hidden_things", _forgets_choices, AUCTION, "offered after a step that revealed a hidden choice"),
        ("reveals", _reveals_everything, TAVERNA, "refused after a step that revealed nothing"),
    ],
    ids=["chance", "zones", "choices", "everything"],
)
def test_the_kit_catches_a_game_that_forgets_a_class_of_reveal(
    monkeypatch: pytest.MonkeyPatch, name: str, mutant: Any, rules: Any, said: str
) -> None:
    """The kit's reading of a reveal is its own: a Game whose reading forgets chance, the
    zones or the hidden choices (or sees reveals everywhere) fails the kit's undo check."""
    monkeypatch.setattr(Visibility, name, mutant)
    report = run_checks(rules, games=1, seed=5, player_counts=[2])
    assert [f.check for f in report.failures] == ["undo"], report.format_text()
    assert said in report.failures[0].message


def test_an_event_may_still_declare_a_reveal_that_moves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The escape hatch: a game's event with ``REVEALS`` (a peek at a hand, say) stops undo
    though no zone changed; the kit honours it too."""
    game = tr.new_game(TAVERNA, NAMES, seed=5)
    game.apply(game.legal_actions()[0])
    assert game.can_undo()
    game.undo()
    monkeypatch.setattr(taverna.DeedBought, "REVEALS", True)
    new = game.apply(game.legal_actions()[0])
    assert any(isinstance(event, taverna.DeedBought) for event in new)
    assert not game.can_undo()


def test_what_a_step_revealed_is_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counted(self: Visibility, before: Any, after: Any, events: Any = ()) -> bool:
        calls.append(1)
        return _REVEALS(self, before, after, events)

    monkeypatch.setattr(Visibility, "reveals", counted)
    game = tr.new_game(TAVERNA, NAMES, seed=5)
    game.apply(game.legal_actions()[0])
    assert calls == []  # apply pays nothing for undo
    assert game.can_undo() and game.copy().can_undo() and game.can_undo()
    assert calls == [1]
