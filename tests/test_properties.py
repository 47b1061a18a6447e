"""Property-based tests: random legal games keep the kernel's invariants.

Hypothesis chooses the player count (2 to 5), the seed, every rule option
and every action of a game: an index into ``game.legal_actions()`` drawn with
``st.data()``, so a failing game shrinks towards the first legal actions. Each failing
example prints its ``Setup`` and, as notes, the actions played step by step.

Rulebook citations refer to the English text of ``../shared/rulebooks/taverna-en-fr.txt``;
rulings are numbered as in ``docs/rulings.rst``.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules._records import evolve
from taverna_rules.core.serialize import (
    action_from_json,
    action_to_json,
    decision_from_json,
    decision_to_json,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
    json_strings,
    state_from_json,
    state_to_json,
)
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import (
    Action,
    BuyDeed,
    ChooseOption,
    ChoosePeople,
    ChooseRoyalScoring,
    EndTurn,
    PickCard,
    ReplaceCustomer,
    SeatCustomer,
    SellSpell,
)
from taverna_rules.games.taverna.events import VISIBILITY
from taverna_rules.games.taverna.evolve import fold
from taverna_rules.games.taverna.integrity import coins_from_log
from taverna_rules.games.taverna.state import GameState

RULES = tr.load_rules()
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
#: Decisions a turn may add beyond pick, seat and end turn (choices of track bonuses).
EFFECT_CHOICE_MARGIN = 8
#: Positions are dumped and loaded every this many decisions (and at the start and end).
POSITION_STRIDE = 10
#: Views are folded from the whole redacted log every this many decisions (and at the end).
VIEW_FOLD_STRIDE = 15
#: Multiplies every example count, for a longer hunt: ``TAVERNA_PROPERTY_SCALE=20 pytest ...``.
SCALE = float(os.environ.get("TAVERNA_PROPERTY_SCALE", "1"))


def examples(count: int) -> settings:
    """Settings for a test that plays ``count`` random games (times ``SCALE``)."""
    return settings(
        max_examples=max(1, round(count * SCALE)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


# ----------------------------------------------------------------------------- games
@attrs.frozen
class Setup:
    """What hypothesis chooses before the first action."""

    players: int
    seed: int
    use_curse: bool
    guild_token_may_match_printed_symbol: bool = False
    favours_on_any_turn: bool = False

    def new_game(self, undo: tr.UndoPolicy = "until_reveal") -> tr.Game:
        """A fresh game with these settings."""
        return tr.new_game(
            RULES,
            list(NAMES[: self.players]),
            seed=self.seed,
            options={
                "use_curse": self.use_curse,
                "guild_token_may_match_printed_symbol": self.guild_token_may_match_printed_symbol,
                "favours_on_any_turn": self.favours_on_any_turn,
            },
            undo=undo,
        )


SETUPS = st.builds(
    Setup,
    players=st.sampled_from(RULES.constants.player_counts),
    seed=st.integers(0, 2**32 - 1),
    use_curse=st.booleans(),
    guild_token_may_match_printed_symbol=st.booleans(),
    favours_on_any_turn=st.booleans(),
)

Before = Callable[[tr.Game], None]
After = Callable[[tr.Game, Action, list[ev.Event], int], None]


def decision_bound(players: int) -> int:
    """More decisions than any game of ``players`` can take.

    Setup: the King's (and Queen's) people and two deeds each. A turn: pick, seat, end
    turn and a margin for effect choices. Each spell card is sold at most once. Then the
    royal scoring picks.
    """
    constants = RULES.constants
    setup = 2 + 2 * players
    turns = players * constants.turns_for(players) * (3 + EFFECT_CHOICE_MARGIN)
    sales = sum(spell.copies for spell in RULES.spells)
    royal = players * constants.royal_picks_for(players)
    return setup + turns + sales + royal


def play(
    game: tr.Game,
    data: st.DataObject,
    *,
    before: Before | None = None,
    after: After | None = None,
) -> int:
    """Play ``game`` to its end with the actions hypothesis picks; return the decisions made.

    ``before`` runs at each decision before the action is chosen, ``after`` after it is
    applied, with the action, its events and the number of decisions made so far.
    """
    bound = decision_bound(len(game.state.players))
    decisions = 0
    while not game.over:
        assert decisions < bound, f"no end after {bound} decisions; pending: {game.decision!r}"
        actions = game.legal_actions()
        assert actions, f"a pending decision without a legal action: {game.decision!r}"
        if before is not None:
            before(game)
        action = actions[data.draw(st.integers(0, len(actions) - 1))]
        note(f"step {decisions}: {action!r}")
        events = game.apply(action)
        decisions += 1
        if after is not None:
            after(game, action, events, decisions)
    return decisions


# ----------------------------------------------------------------------------- helpers
def kind_of(card: str) -> str:
    """The kind of a card instance id: ``eviction`` for ``eviction#2``."""
    return card.split("#", 1)[0]


def spell_deck_kinds(use_curse: bool) -> Counter[str]:
    """The spell cards of a game, by kind (the Curse is optional at setup)."""
    return Counter({s.id: s.copies for s in RULES.spells if use_curse or not s.curse})


def customer_cards_for(players: int) -> Counter[str]:
    """The customer cards kept for ``players`` (their player mark at most the count)."""
    return Counter(c.id for c in RULES.customers if c.players <= players)


def check_coin_events(events: Sequence[ev.Event]) -> None:
    """Coins move in positive amounts, and a deed taken over refunds half its price
    (rounded down) to its owner."""
    for event in events:
        if isinstance(event, ev.CoinsGained | ev.CoinsPaid):
            assert event.amount > 0, event
        elif isinstance(event, ev.DeedTakenOver):
            assert event.refund == event.price // 2, event


def viewers(game: tr.Game) -> list[int | None]:
    """Every seat, and a spectator."""
    return [*range(len(game.state.players)), None]


# ----------------------------------------------------------------------------- 1. play ends
@examples(100)
@given(setup=SETUPS, data=st.data())
def test_random_play_ends_with_a_consistent_result(setup: Setup, data: st.DataObject) -> None:
    """Random legal play never crashes and ends within a bound of decisions, with a result
    ranking every player by total VP, each total the sum of its breakdown and of the
    player's VP.

    Rulebook, "Game cycle": the game ends when each player has played eight customers
    (2 players) or six (3-5 players); "End of game": each scoring opportunity can only be
    used once, 2 players choose two each. Ties without birthdays are shared (ruling #9).
    """
    game = setup.new_game()
    play(game, data)

    state, result = game.state, game.result
    assert result is not None and game.over
    assert game.decision is None and game.legal_actions() == ()
    n = setup.players
    constants = RULES.constants
    for player in state.players:
        assert len(player.cards) == constants.turns_for(n)
        assert len(player.royal) == constants.royal_picks_for(n)
    used = [scoring for scoring, _ in state.royal_used]
    assert len(used) == len(set(used)) == n * constants.royal_picks_for(n)

    standings = result.standings
    assert sorted(s.player for s in standings) == list(range(n))
    for standing in standings:
        player = state.players[standing.player]
        assert standing.name == player.name
        assert standing.breakdown == player.vp
        assert standing.total == sum(amount for _, amount in standing.breakdown) == player.total_vp
    totals = [s.total for s in standings]
    ranks = [s.rank for s in standings]
    assert totals == sorted(totals, reverse=True)
    assert ranks == sorted(ranks) and ranks[0] == 1
    for standing in standings:
        assert standing.rank == 1 + sum(total > standing.total for total in totals)
        assert standing.tied == (totals.count(standing.total) > 1)
    assert result.winners == tuple(s.name for s in standings if s.total == totals[0])


# ----------------------------------------------------------------------------- 2. fold
@examples(40)
@given(setup=SETUPS, data=st.data())
def test_folding_the_log_gives_the_live_state(setup: Setup, data: st.DataObject) -> None:
    """After every action, folding the whole log from nothing gives exactly the live state,
    and at the end ``replay`` of the log is the same game (DESIGN.md: "folding the log
    gives exactly the live state")."""
    game = setup.new_game()
    assert fold(game.events) == game.state

    def check(game: tr.Game, action: Action, events: list[ev.Event], step: int) -> None:
        assert events, f"{action!r} produced no event"
        assert fold(game.events) == game.state

    play(game, data, after=check)
    replayed = tr.replay(RULES, game.events)
    assert replayed.state == game.state
    assert replayed.over and replayed.result == game.result


# ----------------------------------------------------------------------------- 3. conservation
def check_conservation(game: tr.Game, setup: Setup) -> None:
    """Every component of the box is somewhere exactly once; coins follow the ledger."""
    state = game.state
    players = state.players
    n = len(players)

    # Customer tiles: 36 in the box (9 per people, components.yaml). A tile is in the
    # supply, at a table, in front of the active player (picked, not seated yet), or
    # out of the game (Trickery, ruling #3).
    supply, removed = dict(state.tiles), dict(state.tiles_removed)
    seated = Counter(p for tavern in state.taverns for p in tavern.tables if p is not None)
    turn = state.turn
    in_hand = Counter(
        [turn.people] if turn is not None and turn.people is not None and turn.tavern is None else []
    )
    for people, count in RULES.tiles:
        assert supply[people] >= 0 and removed[people] >= 0
        assert supply[people] + seated[people] + removed[people] + in_hand[people] == count, people
    assert set(seated) <= set(state.peoples)

    # Customer cards: those kept for the player count, in the deck, the row or played.
    cards = Counter([*state.customer_deck, *state.row, *(c for p in players for c in p.cards)])
    assert cards == customer_cards_for(n)
    assert len(state.row) <= RULES.constants.row_size

    # Spell cards: 32 with the Curse, each in the deck, a hand, cast, discarded or set aside.
    spells = [
        *state.spell_deck,
        *(card for p in players for card in (*p.hand, *p.cast)),
        *(card for _, card in state.spell_discard),
        *state.curses,
    ]
    assert len(spells) == len(set(spells)), "a spell card is in two places"
    assert Counter(RULES.spell(card).id for card in spells) == spell_deck_kinds(setup.use_curse)

    # Privilege tokens: 15, one on each tavern at setup, the rest in reserve.
    privileges = (
        state.privilege_supply
        + sum(tavern.privilege for tavern in state.taverns)
        + sum(p.privileges for p in players)
        + state.privileges_discarded
    )
    assert privileges == RULES.privilege_tokens
    assert state.privilege_supply >= 0 and all(p.privileges >= 0 for p in players)

    # Guild tokens: 12; two identical tokens may never be in the same tavern.
    guild_supply = dict(state.guild_supply)
    placed = Counter(token for tavern in state.taverns for token in tavern.guild_tokens)
    for symbol, count in RULES.guild_tokens:
        assert guild_supply[symbol] >= 0
        assert guild_supply[symbol] + placed[symbol] == count, symbol
    for tavern in state.taverns:
        assert len(set(tavern.guild_tokens)) == len(tavern.guild_tokens), tavern

    # Royal favours: 15 tiles at the castle, in reserve or with the players.
    favours = [
        *state.castle,
        *state.favour_reserve,
        *(tile for p in players for tile in (*p.favours, *p.favours_used)),
    ]
    assert len(favours) == len(set(favours)), "a favour tile is in two places"
    assert Counter(kind_of(tile) for tile in favours) == Counter({f.id: f.copies for f in RULES.favours})
    assert len(favours) == 15

    # Deeds: each player has 5 property deed tokens.
    for seat in range(n):
        assert state.deeds_owned(seat) <= RULES.constants.deeds_per_player

    # Coins: the ledger of the log, never negative.
    check_coin_events(game.events)
    assert [p.coins for p in players] == coins_from_log(game.events)
    assert all(p.coins >= 0 for p in players)

    # People tracks: the last level can only be reached by one player.
    top = RULES.constants.top
    for index in range(len(state.peoples)):
        positions = [p.tracks[index] for p in players]
        assert all(0 <= position <= top for position in positions)
        assert positions.count(top) <= 1


@examples(80)
@given(setup=SETUPS, data=st.data())
def test_components_are_conserved(setup: Setup, data: st.DataObject) -> None:
    """After every action, nothing is created or lost: customer tiles (36), customer cards
    (those kept for the player count), spell cards (32, or 31 without the Curse),
    privilege tokens (15), guild tokens (12) and royal favours (15) are each in exactly
    one place; no player holds more than 5 deeds; each player's coins equal the 15 they
    started with plus the coins gained minus the coins paid and the deeds bought in the
    log, and are never negative; no two players share the top of a people track; a
    pending pick sees a full row of 4 cards.

    Rulebook, "Game Components" (the counts), "Set up" steps 2, 7, 9 and 10, "Game cycle"
    steps 2 (top level), Gob'Trotter (no two identical guild tokens in a tavern) and
    "There must always be 4 available customers cards to choose from".
    """
    assert RULES.constants.starting_coins == 15
    assert sum(spell_deck_kinds(True).values()) == 32
    assert sum(count for _, count in RULES.tiles) == 36
    assert sum(count for _, count in RULES.guild_tokens) == 12
    assert RULES.privilege_tokens == 15

    game = setup.new_game()
    check_conservation(game, setup)

    def check(game: tr.Game, action: Action, events: list[ev.Event], step: int) -> None:
        check_conservation(game, setup)
        decision = game.decision
        if decision is not None and decision.kind == "pick_card":
            state = game.state
            assert len(state.row) == RULES.constants.row_size or not state.customer_deck

    play(game, data, after=check)


# ----------------------------------------------------------------------------- 4. wire formats
@examples(50)
@given(setup=SETUPS, data=st.data())
def test_wire_formats_round_trip(setup: Setup, data: st.DataObject) -> None:
    """JSON is lossless for the wire: every event of the log, every legal action, the state
    and the pending decision at every step come back equal from their JSON, and a log read
    back from JSON replays to the same state (DESIGN.md, "Serialization")."""
    game = setup.new_game()

    def check(game: tr.Game) -> None:
        decision = game.decision
        assert decision is not None
        assert decision_from_json(decision_to_json(decision)) == decision
        for action in decision.actions:
            assert action_from_json(action_to_json(action)) == action
        assert state_from_json(state_to_json(game.state)) == game.state

    play(game, data, before=check)
    assert state_from_json(state_to_json(game.state)) == game.state
    for event in game.events:
        assert event_from_json(event_to_json(event)) == event
    log = events_from_json(events_to_json(game.events))
    assert log == list(game.events)
    assert tr.replay(RULES, log).state == game.state
    spectator = game.view(None)
    assert state_from_json(state_to_json(spectator)) == spectator


@pytest.mark.parametrize("fmt", ["json", "yaml"])
@examples(15)
@given(setup=SETUPS, data=st.data())
def test_positions_round_trip(fmt: str, setup: Setup, data: st.DataObject) -> None:
    """A position document holds the whole state: ``load_position(dump_position(s)) == s``
    in YAML and JSON, at the start, every few decisions and at the end; a game resumed
    from it waits for the same decision (position.py: "Dumping writes every field")."""
    game = setup.new_game()

    def check(game: tr.Game) -> None:
        state = game.state
        loaded = tr.load_position(RULES, tr.dump_position(state, fmt))
        assert loaded == state
        assert tr.Game.from_position(RULES, loaded).decision == game.decision

    check(game)

    def sample(game: tr.Game, action: Action, events: list[ev.Event], step: int) -> None:
        if step % POSITION_STRIDE == 0:
            check(game)

    play(game, data, after=sample)
    check(game)


# ----------------------------------------------------------------------------- 5. views
def check_view(game: tr.Game, viewer: int | None) -> None:
    """``viewer``'s view shows counts where it must, and it and the pending decision as
    ``viewer`` sees it never name a secret card."""
    state, view = game.state, game.view(viewer)
    assert view.seed == 0
    for name in ("customer_deck", "spell_deck", "favour_reserve"):
        hidden: tuple[str, ...] = getattr(view, name)
        assert hidden == (ev.HIDDEN,) * len(getattr(state, name)), name
    for seat, (seen, player) in enumerate(zip(view.players, state.players, strict=True)):
        if seat == viewer:
            assert seen == player
        else:
            assert seen.hand == (ev.HIDDEN,) * len(player.hand)
            assert evolve(seen, hand=player.hand) == player
    for (seat, card), (true_seat, true_card) in zip(view.spell_discard, state.spell_discard, strict=True):
        assert seat == true_seat
        assert card == (true_card if seat == viewer else ev.HIDDEN)
    # Nothing else is hidden: put the secrets back and the view is the state.
    restored = evolve(
        view,
        seed=state.seed,
        players=state.players,
        customer_deck=state.customer_deck,
        spell_deck=state.spell_deck,
        favour_reserve=state.favour_reserve,
        spell_discard=state.spell_discard,
    )
    assert restored == state

    secret = VISIBILITY.hidden(state, viewer)
    assert not secret & set(json_strings(json.loads(state_to_json(view))))
    decision = game.decision_for(viewer)
    if decision is not None:
        assert not secret & set(json_strings(json.loads(decision_to_json(decision))))


def check_log(log: Sequence[ev.Event], state: GameState, viewer: int | None) -> None:
    """Redacted events of ``viewer`` name no card ``viewer`` may not see in ``state``."""
    secret = VISIBILITY.hidden(state, viewer)
    assert not secret & set(json_strings(json.loads(events_to_json(log))))
    for event in log:
        if isinstance(event, ev.GameStarted):
            assert event.seed == 0
        elif isinstance(event, ev.CustomerDeckShuffled | ev.SpellDeckShuffled):
            assert set(event.order) <= {ev.HIDDEN}
        elif isinstance(event, ev.FavoursShuffled):
            assert set(event.reserve) <= {ev.HIDDEN}
        elif isinstance(event, ev.SpellDrawn | ev.SpellSold) and event.player != viewer:
            assert event.spell == ev.HIDDEN
        elif isinstance(event, ev.SpellsExchanged) and event.player != viewer:
            assert set(event.spells) <= {ev.HIDDEN}


@examples(30)
@given(setup=SETUPS, data=st.data())
def test_views_hide_what_they_must(setup: Setup, data: st.DataObject) -> None:
    """After every action, each player's view (and a spectator's) hides the other hands,
    the order of the customer and spell decks and of the favour reserve (counts only),
    the spells others discarded and the seed, and nothing else; their log never names a
    card they may not see; folding their log gives their view.

    Rulebook, "Set up" steps 6, 9, 11 (face down), "Game cycle" step 6 (spells sold
    face down); DESIGN.md, "One visibility model".
    """
    game = setup.new_game()
    seats = viewers(game)
    folded = {viewer: fold(game.events_for(viewer)) for viewer in seats}

    def check(game: tr.Game, action: Action, events: list[ev.Event], step: int) -> None:
        for viewer in seats:
            seen = VISIBILITY.redact_events(events, viewer)
            folded[viewer] = fold(seen, folded[viewer])
            assert folded[viewer] == game.view(viewer)
            check_view(game, viewer)
            # Secrets only ever get fewer, so each event is checked when it is new, and
            # the whole log now and then.
            check_log(seen, game.state, viewer)
            if step % VIEW_FOLD_STRIDE == 0:
                assert fold(game.events_for(viewer)) == game.view(viewer)
                check_log(game.events_for(viewer), game.state, viewer)

    for viewer in seats:
        check_view(game, viewer)
        check_log(game.events_for(viewer), game.state, viewer)
    play(game, data, after=check)
    for viewer in seats:
        assert fold(game.events_for(viewer)) == game.view(viewer)
        check_log(game.events_for(viewer), game.state, viewer)
        assert game.view(viewer) == game.view(NAMES[viewer] if viewer is not None else None)


# ----------------------------------------------------------------------------- 6. illegal actions
def action_catalogue(state: GameState) -> list[Action]:
    """Actions of every kind, legal somewhere or nowhere: free and occupied tables, owned
    and free deeds, cards in the row, the deck and played, spells in any hand."""
    peoples = state.peoples
    out: list[Action] = [
        EndTurn(),
        ChooseOption(0),
        ChooseOption(1),
        ChooseOption(-1),
        ChooseOption(99),
        ChoosePeople("goblin"),
        *(ChoosePeople(people) for people in peoples),
        ChooseRoyalScoring("jester"),
        *(ChooseRoyalScoring(scoring.id) for scoring in RULES.royal_scorings),
        SellSpell(ev.HIDDEN),
        SellSpell("no_such_spell"),
        *(SellSpell(card) for player in state.players for card in player.hand),
        *(SellSpell(card) for card in state.spell_deck[:2]),
        BuyDeed("nowhere", 0),
        SeatCustomer("nowhere", 0),
        ReplaceCustomer("nowhere", 0),
        PickCard("c99", peoples[0]),
        *(PickCard(card, people) for card in state.row for people in peoples),
        *(PickCard(card, people) for card in state.customer_deck[:2] for people in peoples),
        *(PickCard(card, peoples[0]) for player in state.players for card in player.cards[-1:]),
    ]
    for tavern in state.taverns:
        for table in range(-1, len(tavern.tables) + 1):
            out += [SeatCustomer(tavern.id, table), ReplaceCustomer(tavern.id, table)]
        for space in range(-1, len(tavern.deeds) + 1):
            out.append(BuyDeed(tavern.id, space))
    return out


@examples(60)
@given(setup=SETUPS, data=st.data())
def test_illegal_actions_change_nothing(setup: Setup, data: st.DataObject) -> None:
    """At random decisions, an action not among the legal ones (a card not in the row, a
    people not on the card, an occupied table, an owned deed, another player's spell, a
    used royal scoring, an action of another kind...) raises ``IllegalActionError``, a
    ``ValueError``, and leaves the state, the log and the decision as they were
    (DESIGN.md: decide "raises a typed error and changes nothing on an illegal action")."""
    game = setup.new_game()

    def attempt(game: tr.Game, action: Action) -> None:
        state, log, decision = game.state, game.events, game.decision
        with pytest.raises(tr.IllegalActionError) as raised:
            game.apply(action)
        assert isinstance(raised.value, ValueError)
        assert game.state is state
        assert game.events == log
        assert game.decision == decision

    def probe(game: tr.Game) -> None:
        if not data.draw(st.booleans(), label="probe"):
            return
        legal = set(game.legal_actions())
        illegal = [action for action in action_catalogue(game.state) if action not in legal]
        action = data.draw(st.sampled_from(illegal), label="illegal action")
        attempt(game, action)

    play(game, data, before=probe)
    for action in action_catalogue(game.state):
        attempt(game, action)


# ----------------------------------------------------------------------------- 7. undo
@examples(60)
@given(setup=SETUPS, data=st.data())
def test_undo_restores_the_previous_decision(setup: Setup, data: st.DataObject) -> None:
    """Under the ``always`` policy, ``undo()`` right after an action restores exactly the
    state, the log and the decision before it, and playing the action again gives the same
    events; at the end, undoing step by step walks back through every earlier decision
    to the start, where nothing is left to undo (DESIGN.md: "undo is the previous state")."""
    game = setup.new_game(undo="always")
    history: list[tuple[GameState, tuple[ev.Event, ...]]] = [(game.state, game.events)]

    def check(game: tr.Game, action: Action, events: list[ev.Event], step: int) -> None:
        after = (game.state, game.events)
        before_state, before_log = history[-1]
        game.undo()
        assert game.state == before_state
        assert game.events == before_log
        assert action in game.legal_actions()
        assert game.apply(action) == events
        assert (game.state, game.events) == after
        history.append(after)

    play(game, data, after=check)
    for state, log in reversed(history[:-1]):
        assert game.can_undo()
        game.undo()
        assert game.state == state
        assert game.events == log
    assert not game.can_undo()
    with pytest.raises(tr.UndoError):
        game.undo()
