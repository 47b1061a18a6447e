"""Explicit chance mode (``new_game(..., chance="explicit")``, :mod:`taverna_rules.core.chance`).

In explicit mode nothing is drawn from the seed: every draw stops the game at a chance
decision of player :data:`~taverna_rules.CHANCE` whose actions are ``PickOutcome(i)``, with
exact probabilities from :meth:`~taverna_rules.Game.chance_outcomes`. These tests hold:

1. each draw helper (``card_from``, ``cards_from``, ``dice``, ``arrangement``) to the exact
   distribution of its sampled draw, counted here independently by brute force;
2. whole explicit games of both games (chance picked by its probabilities, players at
   random) to the kernel's invariants: they end, outcomes are a distribution within the
   module's bound, the log replays (verified and folded) and round-trips through JSON;
3. views at a chance decision: they show that chance decides, and nothing of what;
4. refusals at (and of) chance decisions, which change nothing;
5. the ``chance`` argument and the sampled mode;
6. the setup's first draws against the rulebooks' setups;
7. determinize and position documents of explicit games;
8. undo over a chance decision.

Rulebook citations: Taverna's "Set up" (``../shared/rulebooks/taverna-en-fr.txt``) and
Cavern Tavern's "Setup" / "Start Play" (see ``games/cavern_tavern/setup.py``).
"""

from __future__ import annotations

import itertools
import json
import math
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules.core import (
    HIDDEN,
    Chance,
    Event,
    FlowAdvanced,
    Task,
    arrangement,
    card_from,
    cards_from,
    dice,
)
from taverna_rules.core.action_space import game_length
from taverna_rules.core.serialize import (
    decision_to_json,
    events_from_json,
    events_to_json,
    json_strings,
    state_to_json,
)
from taverna_rules.games import taverna

RULES: dict[str, Any] = {"taverna": tr.load_rules(), "cavern_tavern": tr.load_rules("cavern_tavern")}
GAME_IDS = sorted(RULES)
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def fast(count: int) -> settings:
    """Hypothesis settings for ``count`` examples of a test that plays whole games."""
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------------------- 1. helpers
@attrs.frozen
class Drew(Event):
    """What a test draw gives: the cards (or dice, or order) drawn."""

    TYPE: ClassVar[str] = "Drew"
    things: tuple[Any, ...]


def drew_one(card: str) -> Event:
    return Drew((card,))


def drew(things: tuple[Any, ...]) -> Event:
    return Drew(things)


def check_exact(chance: Chance, expected: Counter[Event], total: int) -> None:
    """``chance.outcomes()`` is exactly ``expected`` (ways out of ``total``): each event
    once, with probability ways / total, summing to 1; and ``sample`` only ever gives one
    of those events."""
    outcomes = chance.outcomes()
    events = [event for event, _ in outcomes]
    assert len(events) == len(set(events)), "outcomes() must merge equal events"
    assert dict(outcomes) == {event: Fraction(ways, total) for event, ways in expected.items()}
    assert all(p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    for seed in range(40):
        assert chance.sample(random.Random(seed)) in expected


DECKS = st.lists(st.sampled_from("abcd"), min_size=1, max_size=6)


@settings(max_examples=150, deadline=None)
@given(deck=DECKS)
def test_card_from_gives_each_copy_the_same_chance(deck: list[str]) -> None:
    """One card of an unordered deck: each copy as likely, so a card's probability is its
    number of copies over the deck's size (the top card of a shuffled deck)."""
    expected: Counter[Event] = Counter({Drew((card,)): n for card, n in Counter(deck).items()})
    check_exact(card_from(deck, drew_one), expected, len(deck))


@st.composite
def deck_and_count(draw: st.DrawFn) -> tuple[list[str], int]:
    deck = draw(DECKS)
    return deck, draw(st.integers(0, min(3, len(deck))))


@settings(max_examples=150, deadline=None)
@given(case=deck_and_count())
def test_cards_from_gives_each_set_of_positions_the_same_chance(case: tuple[list[str], int]) -> None:
    """``count`` cards at once, sorted: counted over every set of ``count`` positions of
    the deck (each as likely as the others), cards of a kind being alike."""
    deck, count = case
    expected: Counter[Event] = Counter(
        Drew(tuple(sorted(deck[i] for i in positions)))
        for positions in itertools.combinations(range(len(deck)), count)
    )
    check_exact(cards_from(deck, count, drew), expected, math.comb(len(deck), count))


@settings(max_examples=100, deadline=None)
@given(count=st.integers(0, 3), sides=st.integers(1, 4))
def test_dice_give_each_roll_of_each_die_the_same_chance(count: int, sides: int) -> None:
    """``count`` dice of ``sides`` faces, sorted: counted over every face of every die."""
    expected: Counter[Event] = Counter(
        Drew(tuple(sorted(faces))) for faces in itertools.product(range(1, sides + 1), repeat=count)
    )
    check_exact(dice(count, drew, sides), expected, sides**count)


@st.composite
def items_and_count(draw: st.DrawFn) -> tuple[list[str], int]:
    items = draw(st.lists(st.sampled_from("wxyz"), min_size=0, max_size=4))
    return items, draw(st.integers(0, len(items)))


@settings(max_examples=150, deadline=None)
@given(case=items_and_count())
def test_arrangement_gives_each_order_the_same_chance(case: tuple[list[str], int]) -> None:
    """``count`` items in a random order: counted over every ordered choice of ``count``
    positions (equal items give equal orders, merged)."""
    items, count = case
    expected: Counter[Event] = Counter(
        Drew(tuple(items[i] for i in order)) for order in itertools.permutations(range(len(items)), count)
    )
    check_exact(arrangement(items, count, drew), expected, math.perm(len(items), count))


def test_outcomes_merge_equal_events_in_the_order_first_met() -> None:
    """``Chance.outcomes`` adds up the probabilities of equal events, keeps the order in
    which each event was first listed, and leaves out events of probability 0."""
    a, b, c = Drew(("a",)), Drew(("b",)), Drew(("c",))
    listed = [(b, Fraction(1, 4)), (a, Fraction(1, 2)), (c, Fraction(0)), (b, Fraction(1, 4))]
    chance = Chance(lambda rng: a, lambda: iter(listed))
    assert chance.outcomes() == ((b, Fraction(1, 2)), (a, Fraction(1, 2)))


# ----------------------------------------------------------------------------- 2. whole games
def pick(rng: random.Random, outcomes: Sequence[tr.Outcome]) -> tr.Outcome:
    """An outcome drawn by its exact probability."""
    point = Fraction(rng.getrandbits(60), 2**60)
    for outcome in outcomes:
        point -= outcome.probability
        if point < 0:
            return outcome
    return outcomes[-1]


def new_explicit(gid: str, players: int, seed: int, undo: tr.UndoPolicy = "until_reveal") -> tr.Game:
    return tr.new_game(RULES[gid], list(NAMES[:players]), seed, chance="explicit", undo=undo)


AtChance = Callable[[tr.Game, int], None]


def decision_bound(game: tr.Game) -> int:
    """The module's bound on the decisions of a game of this many players."""
    bound = game_length(game.rules, len(game.state.players), dict(game.state.options))
    assert bound is not None
    return bound


def play(game: tr.Game, rng: random.Random, at_chance: AtChance | None = None) -> tuple[int, int]:
    """Play ``game`` to its end: chance by its probabilities, players uniformly at random.
    Check each chance decision (and call ``at_chance`` with the game and the number of
    chance decisions so far). Return the player and chance decisions made."""
    bound = decision_bound(game)
    most_of = game.module.max_chance_outcomes
    assert most_of is not None
    most = most_of(game.rules, len(game.state.players))
    moves = chances = 0
    # The outcomes picked since the last player's action: a unit of work that draws is
    # run again at each pick, and its events come all at once, after its last draw.
    picked: list[Event] = []
    picks: list[tr.Outcome] = []
    while not game.over:
        decision = game.decision
        assert decision is not None and decision.actions, f"no legal action: {decision!r}"
        if decision.player != tr.CHANCE:
            assert game.chance_outcomes() == ()
            assert moves < bound, f"no end after {bound} decisions"
            game.apply(rng.choice(decision.actions))
            moves += 1
            continue
        assert chances < bound, f"no end after {bound} chance decisions"
        outcomes = game.chance_outcomes()
        assert decision.kind == "chance"
        assert [o.action for o in outcomes] == list(decision.actions)
        assert decision.actions == tuple(tr.PickOutcome(i) for i in range(len(outcomes)))
        assert 1 <= len(outcomes) <= most
        assert all(o.probability > 0 for o in outcomes)
        assert sum(o.probability for o in outcomes) == 1
        assert len({o.event for o in outcomes}) == len(outcomes)
        if at_chance is not None:
            at_chance(game, chances)
        chosen = pick(rng, outcomes)
        picked.append(chosen.event)
        picks.append(chosen)
        new = game.apply(chosen.action)
        chances += 1
        after = game.decision
        if after is not None and after.player == tr.CHANCE:
            # Still the same unit: the game only records the outcomes picked so far.
            assert len(new) == 1 and isinstance(new[0], FlowAdvanced)
            step = new[0].stack[-1]
            assert step.kind == "chance" and step.args[1:] == tuple(str(o.action.index) for o in picks)
        else:
            rest = iter(new)
            assert all(event in rest for event in picked), "a picked outcome's event is missing"
            picked, picks = [], []
    return moves, chances


def check_log(game: tr.Game) -> None:
    """The log of an ended explicit game replays, verified and folded, to its state, and
    reads back equal from JSON."""
    rules = game.rules
    replayed = tr.replay(rules, game.events)
    assert replayed.state == game.state and replayed.result == game.result
    assert replayed.chance == "explicit"
    assert tr.replay(rules, game.events, verify=False).state == game.state
    text = events_to_json(game.events, game=rules.game)
    log = events_from_json(text, game=rules.game)
    assert log == list(game.events)
    assert tr.replay(rules, log, verify=False).state == game.state


@st.composite
def setups(draw: st.DrawFn, gid: str) -> tuple[int, int]:
    players = draw(st.sampled_from(RULES[gid].supported_players()))
    return players, draw(st.integers(0, 2**32 - 1))


@pytest.mark.parametrize("gid", GAME_IDS)
@fast(6)
@given(data=st.data())
def test_explicit_games_end_and_their_logs_replay(gid: str, data: st.DataObject) -> None:
    """Explicit play ends with a result; each chance decision's outcomes are a probability
    distribution (every probability > 0, summing to exactly 1) of distinct events, no more
    than the module's ``max_chance_outcomes``, one ``PickOutcome`` each; a pick either
    waits for the next draw of the same action or gives every outcome picked; the log
    replays (verified and folded) to the same state and round-trips through JSON."""
    players, seed = data.draw(setups(gid))
    game = new_explicit(gid, players, seed)
    assert game.chance == "explicit"
    mid_unit: list[int] = []

    def replay_mid_unit(game: tr.Game, count: int) -> None:
        # Once, at a chance decision inside a unit that has drawn already: the log records
        # the picks so far only in its chance step, and verified replay finds them there.
        if not mid_unit and len(game.state.stack[-1].args) > 2:
            mid_unit.append(count)
            replayed = tr.replay(game.rules, game.events)
            assert replayed.state == game.state
            assert replayed.chance_outcomes() == game.chance_outcomes()

    moves, chances = play(game, random.Random(seed), replay_mid_unit)
    assert game.over and game.result is not None and game.decision is None
    assert sorted(s.player for s in game.result.standings) == list(range(players))
    assert moves > 0 and chances > 0
    check_log(game)


def forged(event: Event) -> Event | None:
    """``event`` changed into one no draw can give (dice of 7, a card not in the box), or
    ``None`` for an event not drawn."""
    from taverna_rules.games.cavern_tavern import events as cev

    if isinstance(event, cev.DiceRolled):
        return event.replace(dice=(7,) * len(event.dice))
    if isinstance(event, cev.SecretDealt):
        return event.replace(card="no_such_task")
    if isinstance(event, taverna.CustomerRevealed):
        return event.replace(card="no_such_customer")
    return None


@pytest.mark.parametrize("gid", GAME_IDS)
def test_verified_replay_refuses_an_outcome_no_draw_gives(gid: str) -> None:
    """In explicit mode the log holds what chance gave; verified replay checks it is one of
    the outcomes of the chance decision: a forged draw is a ReplayError (and the same
    log, unforged, replays)."""
    game = new_explicit(gid, 3, 8)
    play(game, random.Random(8))
    log = list(game.events)
    index, fake = next((i, f) for i, e in enumerate(log) if (f := forged(e)) is not None)
    log[index] = fake
    with pytest.raises(tr.ReplayError, match="chance"):
        tr.replay(game.rules, log)
    assert tr.replay(game.rules, game.events).state == game.state


# ----------------------------------------------------------------------------- 3. views
def secret_names(game: tr.Game, seat: int | None) -> set[str]:
    return game.module.visibility.hidden(game.state, seat)


def check_blank(step: Task, true: Task, seat: int | None) -> None:
    """``step`` is the chance step ``true`` as ``seat`` sees it: chance decides, the
    outcomes picked so far are hidden, and the action that draws is shown to its own seat
    only (it is not played out yet)."""
    assert step.kind == "chance" and step.player == tr.CHANCE and step.path == ()
    assert step.args == (HIDDEN,), step
    actor = true.args[0]
    assert step.ref == (true.ref if seat is not None and actor == str(seat) else ""), (step, true)


def check_views_at_chance(game: tr.Game, fold: bool) -> None:
    """At a chance decision each seat (and a spectator) sees that chance decides, never
    what the draw is or which outcomes were picked: the chance step of the view and of the
    redacted log is blank, the decision lists no action, no hidden card is named; with
    ``fold``, the redacted log folds to the view, which shows no outcome."""
    state = game.state
    true = state.stack[-1]
    assert true.kind == "chance" and true.args and HIDDEN not in true.args
    flows = [i for i, e in enumerate(game.events) if isinstance(e, FlowAdvanced)]
    for seat in [*range(len(state.players)), None]:
        view = game.view(seat)
        assert view.stack[:-1] == state.stack[:-1]
        check_blank(view.stack[-1], true, seat)
        decision = game.decision_for(seat)
        assert decision is not None and decision.player == tr.CHANCE and decision.actions == ()
        secret = secret_names(game, seat)
        assert not secret & set(json_strings(json.loads(state_to_json(view))))
        assert not secret & set(json_strings(json.loads(decision_to_json(decision))))
        log = game.events_for(seat)
        for index in flows:
            event, seen = game.events[index], log[index]
            assert isinstance(event, FlowAdvanced) and isinstance(seen, FlowAdvanced)
            if event.stack and event.stack[-1].kind == "chance":
                assert seen.stack[:-1] == event.stack[:-1]
                check_blank(seen.stack[-1], event.stack[-1], seat)
            else:
                assert seen == event
        if fold:
            folded = tr.replay(game.rules, log, verify=False)
            assert folded.state == view
            assert folded.decision == tr.Decision(tr.CHANCE, "chance", "chance", ())
            assert folded.chance_outcomes() == ()
            with pytest.raises(tr.IllegalActionError):
                folded.apply(tr.PickOutcome(0))


@pytest.mark.parametrize("gid", GAME_IDS)
@fast(3)
@given(data=st.data())
def test_a_view_at_a_chance_decision_reveals_nothing(gid: str, data: st.DataObject) -> None:
    """Every few chance decisions of an explicit game, every seat's view, pending decision
    and redacted log show a blank chance step and name no hidden card; their logs fold to
    their views (see :func:`check_views_at_chance`)."""
    players, seed = data.draw(setups(gid))
    game = new_explicit(gid, players, seed)

    def check(game: tr.Game, count: int) -> None:
        if count % 4 == 0:
            check_views_at_chance(game, fold=count % 20 == 0)

    play(game, random.Random(seed), check)


# ----------------------------------------------------------------------------- 4. refusals
def first_action(gid: str, players: int) -> tr.Action:
    """A player's action legal at the start of a sampled game."""
    return tr.new_game(RULES[gid], list(NAMES[:players]), 0).legal_actions()[0]


def check_refused(game: tr.Game, action: tr.Action, player: int | None, *words: str) -> None:
    """``action`` (sent by ``player``) raises IllegalActionError naming ``words`` and
    changes nothing; sent by a seat, the refusal names no card hidden from it."""
    events, state = game.events, game.state
    with pytest.raises(tr.IllegalActionError) as caught:
        game.apply(action, player=player)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    if player is not None:
        words_said = set(re.findall(r"[\w#-]+", message))
        assert not secret_names(game, player) & words_said, message
    assert game.events == events and game.state == state


def check_refusals_at_chance(game: tr.Game, other: tr.Action) -> None:
    """At a chance decision: a player's action, an outcome out of range, and a pick sent
    by a seat are refused, naming the chance decision."""
    count = len(game.chance_outcomes())
    check_refused(game, other, None, "chance decision", "PickOutcome")
    check_refused(game, tr.PickOutcome(-1), None, "chance decision", f"index 0 to {count - 1}")
    check_refused(game, tr.PickOutcome(count), None, "chance decision", f"index 0 to {count - 1}")
    check_refused(game, tr.PickOutcome(0), 0, "'chance'", "refused")
    check_refused(game, other, 0, "'chance'", "refused")


@pytest.mark.parametrize("gid", GAME_IDS)
@fast(3)
@given(data=st.data())
def test_refusals_at_chance_decisions_change_nothing(gid: str, data: st.DataObject) -> None:
    """At every tenth chance decision of an explicit game (the first one at setup among
    them), wrong picks and players' actions are refused; at every tenth player decision,
    ``PickOutcome(0)`` is refused. Nothing changes on a refusal."""
    players, seed = data.draw(setups(gid))
    game = new_explicit(gid, players, seed)
    other = first_action(gid, players)
    rng = random.Random(seed)
    moves = chances = 0
    while not game.over:
        decision = game.decision
        assert decision is not None
        if decision.player == tr.CHANCE:
            if chances % 10 == 0:
                check_refusals_at_chance(game, other)
            chances += 1
            game.apply(pick(rng, game.chance_outcomes()).action)
        else:
            if moves % 10 == 0:
                check_refused(game, tr.PickOutcome(0), None, "PickOutcome", repr(decision.kind))
                check_refused(game, tr.PickOutcome(0), decision.player, "PickOutcome")
            moves += 1
            game.apply(rng.choice(decision.actions))
    check_refused(game, tr.PickOutcome(0), None, "over")


# ----------------------------------------------------------------------------- 5. the mode
@pytest.mark.parametrize("gid", GAME_IDS)
@pytest.mark.parametrize("mode", ["bogus", 1, None, "Explicit", True, b"explicit"])
def test_an_unknown_chance_mode_is_refused(gid: str, mode: Any) -> None:
    """``chance`` is ``"sampled"`` or ``"explicit"``: anything else is an OptionError."""
    with pytest.raises(tr.OptionError, match="chance"):
        tr.new_game(RULES[gid], ["Ann", "Bob"], 1, chance=mode)


def test_a_game_without_described_draws_has_no_explicit_mode() -> None:
    """A game module without ``max_chance_outcomes`` (the toy dice race) refuses the
    explicit mode, and plays sampled as before."""
    from toy_games import installed
    from toy_games.dice_race import RULES as RACE

    with installed():
        with pytest.raises(tr.OptionError, match="no explicit chance mode"):
            tr.new_game(RACE, ["Ann", "Bob"], 1, chance="explicit")
        assert tr.new_game(RACE, ["Ann", "Bob"], 1, chance="sampled").chance == "sampled"


@pytest.mark.parametrize("gid", GAME_IDS)
def test_the_mode_is_reported_and_sampled_games_never_wait_for_chance(gid: str) -> None:
    """``game.chance`` says the mode, kept by replay and copies; a sampled game (the
    default) never waits on CHANCE and has no outcomes at any decision."""
    rules = RULES[gid]
    explicit = new_explicit(gid, 3, 5)
    assert explicit.chance == "explicit" and explicit.copy().chance == "explicit"
    assert tr.replay(rules, explicit.events).chance == "explicit"
    unpickled = pickle.loads(pickle.dumps(explicit))
    assert unpickled.chance == "explicit" and unpickled.chance_outcomes() == explicit.chance_outcomes()
    for game in (
        tr.new_game(rules, ["Ann", "Bob", "Cy"], 5),
        tr.new_game(rules, ["A", "B"], 6, chance="sampled"),
    ):
        assert game.chance == "sampled"
        rng = random.Random(0)
        while not game.over:
            decision = game.decision
            assert decision is not None and decision.player != tr.CHANCE
            assert decision.kind != "chance" and game.chance_outcomes() == ()
            game.apply(rng.choice(decision.actions))
        assert game.chance_outcomes() == ()


# ----------------------------------------------------------------------------- 6. setup
def test_taverna_places_the_dignitaries_as_one_of_24_equally_likely_arrangements() -> None:
    """Taverna "Set up": the 4 dignitaries are placed at random, one on each small tavern.
    The first chance decision lists every arrangement once (4! = 24), each 1/24, and the
    sampled mode's placement is always one of them."""
    rules = RULES["taverna"]
    small = [t.id for t in rules.taverns if t.size == "small"]
    dignitaries = {d.id for d in rules.dignitaries}
    assert len(small) == len(dignitaries) == 4
    game = tr.new_game(rules, ["Ann", "Bob", "Cy"], 1, chance="explicit")
    assert game.decision is not None and game.decision.player == tr.CHANCE
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 24 and {o.probability for o in outcomes} == {Fraction(1, 24)}
    placements = set()
    for outcome in outcomes:
        event = outcome.event
        assert isinstance(event, taverna.BoardPrepared)
        on = {t.id: t.dignitaries for t in event.taverns}
        assert all(len(on[t]) == 1 for t in small)
        assert all(not d for t, d in on.items() if t not in small)
        placements.add(tuple(on[t][0] for t in small))
    assert placements == set(itertools.permutations(sorted(dignitaries)))
    events = {o.event for o in outcomes}
    for seed in range(15):
        sampled = tr.new_game(rules, ["Ann", "Bob", "Cy"], seed)
        assert next(e for e in sampled.events if isinstance(e, taverna.BoardPrepared)) in events


@pytest.mark.parametrize("first", [0, 2])
def test_cavern_tavern_deals_a_secret_task_to_each_player_then_rolls(first: int) -> None:
    """Cavern Tavern "Setup": each player, from the first, gets a secret task, every task
    left as likely; then ("Start Play") each player rolls their dice, the last one the
    white die too: a chance decision with the exact distribution of sorted dice."""
    from taverna_rules.games.cavern_tavern import events as cev

    rules = RULES["cavern_tavern"]
    names = ["Ann", "Bob", "Cy"]
    game = tr.new_game(rules, names, 1, chance="explicit", first_player=first)
    tasks = {s.id for s in rules.secret_tasks}
    order = [(first + i) % 3 for i in range(3)]
    dealt: set[str] = set()
    for seat in order:
        outcomes = game.chance_outcomes()
        left = tasks - dealt
        assert {o.event for o in outcomes} == {cev.SecretDealt(seat, card) for card in left}
        assert {o.probability for o in outcomes} == {Fraction(1, len(left))}
        chosen = outcomes[len(dealt) % len(outcomes)]
        assert isinstance(chosen.event, cev.SecretDealt)
        dealt.add(chosen.event.card)
        game.apply(chosen.action)
    per_player = rules.constants.dice_per_player
    for seat in order:
        count = per_player + (seat == order[-1])
        outcomes = game.chance_outcomes()
        expected = dice(count, partial(cev.DiceRolled, seat)).outcomes()
        assert {(o.event, o.probability) for o in outcomes} == set(expected)
        assert len(outcomes) == math.comb(count + 5, 5)
        game.apply(outcomes[-1].action)
    sampled = tr.new_game(rules, names, 3, first_player=first)
    first_deal = next(e for e in sampled.events if isinstance(e, cev.SecretDealt))
    assert first_deal.player == first and first_deal.card in tasks


# ----------------------------------------------------------------------------- 7. positions
def to_player_decision(game: tr.Game, rng: random.Random) -> None:
    """Pick outcomes until a player decides."""
    while game.decision is not None and game.decision.player == tr.CHANCE:
        game.apply(pick(rng, game.chance_outcomes()).action)


def play_sampled_to_end(game: tr.Game, rng: random.Random) -> None:
    for _ in range(decision_bound(game)):
        if game.over:
            return
        decision = game.decision
        assert decision is not None and decision.player != tr.CHANCE
        game.apply(rng.choice(decision.actions))
    assert game.over


@pytest.mark.parametrize("gid", GAME_IDS)
@fast(4)
@given(data=st.data())
def test_determinize_of_an_explicit_game_is_a_sampled_game(gid: str, data: st.DataObject) -> None:
    """A determinized sample is one world: its new seed decides the draws to come, so it
    is a sampled game (the same view for the seat) that plays to the end."""
    players, seed = data.draw(setups(gid))
    game = new_explicit(gid, players, seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 30))):
        to_player_decision(game, rng)
        decision = game.decision
        assert decision is not None
        game.apply(rng.choice(decision.actions))
    to_player_decision(game, rng)
    seat = data.draw(st.integers(0, players - 1))
    sample = game.determinize(seat, random.Random(1))
    assert sample.chance == "sampled" and game.chance == "explicit"
    assert sample.decision is not None and sample.decision.player != tr.CHANCE
    play_sampled_to_end(sample, rng)


@pytest.mark.parametrize("gid", GAME_IDS)
@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_a_position_keeps_the_explicit_mode(gid: str, fmt: str) -> None:
    """A position document of an explicit game (at a player's decision) says
    ``chance: explicit`` and loads back equal, still explicit; a sampled game's document
    leaves the mode out (as documents did before the mode)."""
    rules = RULES[gid]
    game = new_explicit(gid, 3, 2)
    rng = random.Random(2)
    for _ in range(5):
        to_player_decision(game, rng)
        decision = game.decision
        assert decision is not None
        game.apply(rng.choice(decision.actions))
    to_player_decision(game, rng)
    text = tr.dump_position(game.state, fmt)
    loaded = tr.load_position(rules, text)
    assert loaded == game.state and loaded.chance == "explicit"
    resumed = tr.Game.from_position(rules, loaded)
    assert resumed.chance == "explicit" and resumed.decision == game.decision
    sampled = tr.new_game(rules, ["Ann", "Bob", "Cy"], 2)
    if fmt == "json":
        assert json.loads(text)["chance"] == "explicit"
        assert "chance" not in json.loads(tr.dump_position(sampled.state, "json"))
    else:
        assert "chance: explicit" in text.splitlines()
        assert not any(line.startswith("chance") for line in tr.dump_position(sampled.state).splitlines())


@pytest.mark.parametrize("gid", GAME_IDS)
@pytest.mark.parametrize("mode", ["bogus", 1, None])
def test_a_position_with_an_unknown_chance_mode_is_refused(gid: str, mode: Any) -> None:
    """``chance`` in a position document is one of the modes: else PositionError."""
    rules = RULES[gid]
    game = tr.new_game(rules, ["Ann", "Bob"], 3)
    data = json.loads(tr.dump_position(game.state, "json"))
    data["chance"] = mode
    with pytest.raises(tr.PositionError, match="chance"):
        tr.load_position(rules, json.dumps(data))
    data["chance"] = "explicit"
    assert tr.load_position(rules, json.dumps(data)).chance == "explicit"


def mid_game_chance(gid: str) -> tr.Game:
    """An explicit game at a chance decision after setup (a player's action drew)."""
    game = new_explicit(gid, 3, 4)
    rng = random.Random(4)
    to_player_decision(game, rng)
    while True:
        decision = game.decision
        assert decision is not None
        if decision.player == tr.CHANCE and not any(t.kind == "setup" for t in game.state.stack):
            return game
        if decision.player == tr.CHANCE:
            game.apply(pick(rng, game.chance_outcomes()).action)
        else:
            game.apply(rng.choice(decision.actions))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_a_chance_decision_is_no_position_and_no_sample(gid: str) -> None:
    """A game waiting on chance is in the middle of an action (its events are not made
    yet): a position and a determinization are taken at a player's decision, so both are
    refused with the library's own errors, naming why, and nothing changes."""
    game = mid_game_chance(gid)
    before, length = game.state, len(game.events)
    with pytest.raises(tr.PositionError, match="chance decision"):
        tr.dump_position(game.state, "json")
    with pytest.raises(tr.DeterminizeError, match="chance decision"):
        game.determinize(0, random.Random(1))
    with pytest.raises(tr.DeterminizeError, match="chance decision"):
        game.seat(0).playout(random.Random(1))
    assert game.state == before and len(game.events) == length
    # After the draw, at the next player's decision, both work again.
    rng = random.Random(2)
    while game.decision is not None and game.decision.player == tr.CHANCE:
        game.apply(pick(rng, game.chance_outcomes()).action)
    if not game.over:
        assert tr.load_position(game.rules, tr.dump_position(game.state, "json")) == game.state
        sample = game.determinize(0, random.Random(1))
        assert sample.chance == "sampled"
        play_sampled_to_end(sample, random.Random(1))


# ----------------------------------------------------------------------------- 8. undo
@pytest.mark.parametrize("gid", GAME_IDS)
@fast(3)
@given(data=st.data())
def test_undo_goes_back_to_the_chance_decision(gid: str, data: st.DataObject) -> None:
    """Under the ``always`` policy, undoing a pick returns to the chance decision with the
    same outcomes, log and state; picking again (maybe another outcome) plays on, and the
    log still replays, verified."""
    players, seed = data.draw(setups(gid))
    game = new_explicit(gid, players, seed, undo="always")
    rng = random.Random(seed)
    chances = 0
    while not game.over:
        decision = game.decision
        assert decision is not None
        if decision.player != tr.CHANCE:
            game.apply(rng.choice(decision.actions))
            continue
        outcomes = game.chance_outcomes()
        if chances % 3 == 0:
            events, state = game.events, game.state
            game.apply(pick(rng, outcomes).action)
            assert game.can_undo()
            game.undo()
            assert game.events == events and game.state == state
            assert game.decision == decision and game.chance_outcomes() == outcomes
        chances += 1
        game.apply(pick(rng, outcomes).action)
    assert tr.replay(game.rules, game.events).state == game.state


def test_undo_of_the_first_pick_returns_to_the_setups_draw() -> None:
    """The first chance decision (the dignitaries' placement) is an undo point: undo after
    picking gives the same 24 outcomes back."""
    game = new_explicit("taverna", 2, 9, undo="always")
    outcomes = game.chance_outcomes()
    events = game.events
    game.apply(tr.PickOutcome(7))
    assert len(game.events) > len(events)
    game.undo()
    assert game.events == events
    assert game.chance_outcomes() == outcomes and len(outcomes) == 24
    assert not game.can_undo()


@pytest.mark.parametrize("gid", GAME_IDS)
def test_an_explicit_game_is_played_out_from_a_sample(gid: str) -> None:
    """A playout draws nothing and an unordered deck is no shuffle: an explicit game refuses
    to be played out as it is, and its determinized sample plays out to a result."""
    game = new_explicit(gid, 2, 1)
    rng = random.Random(1)
    to_player_decision(game, rng)
    with pytest.raises(tr.IllegalActionError, match="explicit chance mode"):
        game.playout()
    decision = game.decision
    assert decision is not None
    playout = game.seat(decision.player).playout(random.Random(2))
    assert playout.play_random(random.Random(3)) is not None
