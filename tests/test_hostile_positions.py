"""Hostile position documents: each is refused with PositionError, or it plays to the end.

A position that loads must play (issue #8): its fields are read strictly, every step of
its stack is checked by kind, and its first steps are run before it is accepted. The
hypothesis test mutates positions dumped from random games and plays what loads to the
end with random legal actions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from mutations import mutate_position, yaml_text
from taverna_rules.games.taverna.flow import AUTOMATIC, DECISIONS
from taverna_rules.games.taverna.state import Task
from test_properties import SETUPS, Setup, decision_bound

RULES = tr.load_rules()
CARDS = [card.id for card in RULES.customers if card.players <= 2]
HEAD = "format: taverna-position/1\nking: orc\nqueen: elf\nplayers: [{name: A}, {name: B}]\n"


def refused(text: str, message: str) -> None:
    """``text`` is refused by ``load_position`` with a PositionError matching ``message``."""
    with pytest.raises(tr.PositionError, match=message):
        tr.load_position(RULES, text)


# ----------------------------------------------------------------------------- the findings
@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEAD + "tiles: []", "'tiles' is a mapping"),
        (HEAD + "guild_supply: 3", "'guild_supply' is a mapping"),
        (HEAD + "taverns: [5]", "a tavern is a mapping"),
        (HEAD + "taverns: [{id: [x]}]", "has an 'id'"),
        (HEAD + "royal_used: [royal]", "pairs"),
        (HEAD + "stack: end_game", "'stack' is a list"),
        (HEAD + "stack: [5]", "a stack step is a mapping"),
        (HEAD + "stack: [{kind: effect, player: A}, end_game]", "step 'effect': no effect at ref ''"),
        (HEAD + "stack: [{kind: effect, player: A, ref: 'track:orc:-1'}, end_game]", "no effect"),
        (HEAD + "stack: [{kind: effect, player: A, ref: 'royal:nope'}, end_game]", "no effect"),
        (HEAD + "stack: [refill_castle]", "carries the game on to its end"),
        (HEAD + "stack: [{kind: choose_favour, player: A}, refill_castle]", "carries the game on"),
        (
            HEAD + "stack: [{kind: send_dignitary, player: A, ref: 'dignitary:princess:0'}, end_game]",
            "princess is on no tavern",
        ),
        (HEAD + "stack: [{kind: choose_free_table, player: A}, end_game]", "step 'choose_free_table'"),
        (
            HEAD
            + "stack: [{kind: choose_free_table, player: A, ref: 'dignitary:ambassador:0', path: [0]},"
            + " end_game]",
            "step 'choose_free_table'",
        ),
        (HEAD + "stack: [{kind: send_dignitary, player: A}, end_game]", "ref is 'dignitary:<id>:<level>'"),
        (HEAD + "stack: [setup]", "'setup' opens a new game"),
        (HEAD + "stack: [end_game, refill_castle]", "come after 'end_game', which ends the game"),
        (HEAD + "stack: [{kind: choose_people, player: A, ref: jester}, end_game]", "'king' or 'queen'"),
        (HEAD + "stack: [{kind: turn, player: -1}]", "unknown player -1"),
        (HEAD + "stack: [{kind: turn, player: true}]", "unknown player True"),
        (
            HEAD + "customer_deck: []\nstack: [{kind: turn, player: A}]",
            "16 customer\\(s\\) to pick before the end, 0",
        ),
        (HEAD + "stack: [{kind: turn, player: A}]", "step 'pick_card' of seat 0 has no legal action"),
        (
            HEAD + "stack: [choose_royal, choose_royal, choose_royal, choose_royal, choose_royal, end_game]",
            "royal",
        ),
        (
            HEAD + "stack: [{kind: choose_royal, player: A}, {kind: choose_royal, player: B}, end_game]",
            "6 royal",
        ),
        (HEAD + "coins: 1\nstack: [end_game]", "unknown position field"),
        (
            HEAD.replace("{name: A}", "{name: A, coins: true}") + "stack: [end_game]",
            "coins: True is not an integer",
        ),
        (
            HEAD.replace("{name: A}", "{name: A, coins: 18446744073709551616}") + "stack: [end_game]",
            "is out of range",
        ),
        (HEAD.replace("{name: A}", "{name: A, hand: eviction}") + "stack: [end_game]", "hand"),
        (HEAD.replace("{name: A}", "{name: A, birthday: '02-30'}") + "stack: [end_game]", "birthday"),
        (HEAD + "played_on: '2026-02-30'\nstack: [end_game]", "played_on"),
        (HEAD.replace("{name: A}", "{name: '?'}") + "stack: [end_game]", "hidden"),
        (HEAD.replace("{name: A}", "{name: ' A'}") + "stack: [end_game]", "space"),
        (HEAD.replace("{name: A}", "{name: 5}") + "stack: [end_game]", "a player name is a string"),
        (HEAD.replace("{name: A}", "{}") + "stack: [end_game]", "a player name is a string"),
        (HEAD + "turn: {player: A, symbols: lyre}\nstack: [end_game]", "symbols"),
        (HEAD + "options: [use_curse]\nstack: [end_game]", "options is a mapping"),
        (HEAD + "options: {1: true}\nstack: [end_game]", "unknown rule option"),
    ],
    ids=lambda value: value[-40:].replace("\n", " ") if isinstance(value, str) else None,
)
def test_hostile_positions_are_refused(text: str, message: str) -> None:
    refused(text, message)


def test_a_princess_step_with_no_destination_is_refused() -> None:
    """The Princess is on the board but her level cannot apply anywhere: no legal action."""
    text = (
        HEAD
        + f"customer_deck: {CARDS}\n"
        + "castle: []\nfavour_reserve: []\n"
        + "taverns: {hall: {dignitaries: [princess]}}\n"
        + "turn: {player: A}\n"
        + "stack: [{kind: send_dignitary, player: A, ref: 'dignitary:princess:0'},"
        + " {kind: end_turn, player: A}]"
    )
    refused(text, "has no legal action")


def test_a_moved_customer_must_still_sit_where_the_step_says() -> None:
    text = (
        HEAD
        + "turn: {player: A}\n"
        + "stack: [{kind: choose_free_table, player: A, ref: 'favour:move_customer', args: [tankard, '0']},"
        + " {kind: end_turn, player: A}]"
    )
    refused(text, "no customer sits at table 0 of tavern 'tankard'")


def test_from_position_checks_states_built_in_python() -> None:
    """``Game.from_position`` runs the same checks on a state that did not come from text."""
    state = tr.load_position(RULES, HEAD + "stack: [end_game]")
    for stack in ((Task("refill_castle"),), (Task("effect", 0), Task("end_game"))[::-1]):
        with pytest.raises(tr.PositionError):
            tr.Game.from_position(RULES, state.replace(stack=stack))
    with pytest.raises(tr.PositionError, match="GameState"):
        tr.Game.from_position(RULES, "stack: [end_game]")


def test_load_position_takes_text() -> None:
    with pytest.raises(tr.PositionError, match="text"):
        tr.load_position(RULES, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 5, "stack: [end_game]", {"players": []}, [], object()])
def test_dump_position_takes_a_state(value: object) -> None:
    """It raised ``AttributeError`` ('... has no attribute players')."""
    with pytest.raises(tr.PositionError, match="writes a game's state"):
        tr.dump_position(value)
    state = tr.load_position(RULES, HEAD + "stack: [end_game]")
    with pytest.raises(tr.PositionError, match="'yaml' or 'json'"):
        tr.dump_position(state, value)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- mutations
KINDS = sorted({*AUTOMATIC, *DECISIONS})
REFS = [
    "",
    "king",
    "queen",
    "royal:archmage",
    "track:orc:2",
    "track:human:99",
    "spell:eviction",
    "favour:move_customer",
    "dignitary:princess:0",
    "dignitary:notary:1",
    "dignitary:nobody:0",
    "dignitary:ambassador:x",
]


def mutate(doc: dict[str, Any], data: st.DataObject) -> None:
    """One hostile change to a Taverna position document."""
    mutate_position(doc, data, KINDS, REFS, ["tankard", "0"])


def play_to_the_end(game: tr.Game, data: st.DataObject) -> None:
    """Random legal actions until the game is over, within a bound: no stall, no crash."""
    bound = 2 * decision_bound(len(game.state.players)) + 100
    for _ in range(bound):
        if game.over:
            return
        actions = game.legal_actions()
        assert actions, f"a decision without a legal action: {game.decision!r}"
        game.apply(actions[data.draw(st.integers(0, len(actions) - 1), label="action")])
    raise AssertionError(f"no end after {bound} decisions")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(setup=SETUPS, data=st.data())
def test_a_mutated_position_is_refused_or_plays_to_the_end(setup: Setup, data: st.DataObject) -> None:
    game = setup.new_game()
    for _ in range(data.draw(st.integers(0, 120), label="decisions before the dump")):
        if game.over:
            break
        actions = game.legal_actions()
        game.apply(actions[data.draw(st.integers(0, len(actions) - 1))])
    doc = json.loads(tr.dump_position(game.state, "json"))
    for _ in range(data.draw(st.integers(1, 2), label="mutations")):
        mutate(doc, data)
    text = json.dumps(doc) if data.draw(st.booleans(), label="json") else yaml_text(doc)
    try:
        resumed = tr.Game.from_position(RULES, tr.load_position(RULES, text))
    except tr.PositionError:
        return  # including a state that loads with nothing to come (see the quickstart)
    play_to_the_end(resumed, data)


# ----------------------------------------------------------------------------- issue #25
RECORDED = Path(__file__).resolve().parent / "recorded" / "positions"


def recorded(name: str = "p2-default-at-20") -> dict[str, Any]:
    """A recorded position's data (a real game's, mid-play)."""
    state = tr.load_position(RULES, (RECORDED / f"{name}.yaml").read_text(encoding="utf-8"))
    data: dict[str, Any] = json.loads(tr.dump_position(state, "json"))
    return data


@pytest.mark.parametrize("name", ["p2-default-at-20", "p3-default-at-20", "p5-switched-at-60"])
def test_a_position_without_customers_for_the_turns_left_is_refused(name: str) -> None:
    """It loaded and stalled at an empty row 13 to 28 decisions later: every pick to come
    needs a card, and a card of the row a people with tiles left."""
    doc = recorded(name)
    refused(
        json.dumps({**doc, "customer_deck": []}),
        "customer\\(s\\) to pick before the end, [0-9] customer card",
    )
    tiles = dict.fromkeys(RULES.people_ids(), 0)
    refused(json.dumps({**doc, "tiles": tiles}), "may find no tile left")


def test_a_position_with_just_the_customers_it_needs_plays_to_the_end() -> None:
    """The bound is not stricter than the game: the cards for exactly the picks left play."""
    doc = recorded()
    n, turns = len(doc["players"]), RULES.constants.turns_for(len(doc["players"]))
    picks = n * turns - doc["customers_played"]
    doc["customer_deck"] = doc["customer_deck"][: picks - len(doc["row"]) - 1]
    refused(json.dumps(doc), f"{picks} customer\\(s\\) to pick before the end, {picks - 1} customer")
    doc = recorded()
    doc["customer_deck"] = doc["customer_deck"][: picks - len(doc["row"])]
    game = tr.Game.from_position(RULES, tr.load_position(RULES, json.dumps(doc)))
    while not game.over:
        game.apply(game.legal_actions()[-1])


TURN_AT_A_DEED = (
    HEAD
    + "customers_played: 15\n"
    + "turn: {player: A, card: c01, people: human, tavern: TAVERN, table: 0, arrival: tankard}\n"
    + "stack: [{kind: choose_deed, player: A, ref: 'dignitary:notary:0'}, {kind: income, player: A},"
    + " {kind: end_turn, player: A}]"
)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("tavern: TAVERN", "tavern: c01"),
        ("arrival: tankard", "arrival: c01"),
        ("card: c01", "card: tankard"),
        ("people: human", "people: tankard"),
        ("people: human", "people: human, symbols: [orc]"),
        ("people: human", "people: human, dignitaries_used: [c01]"),
        ("people: human", "people: human, favours_used: [notary]"),
        ("table: 0", "table: 7"),
        ("table: 0", "table: 0, responded: [5]"),
    ],
)
def test_every_reference_names_a_thing_of_its_kind(field: str, value: str) -> None:
    """A position at a Notary's deed with ``turn.tavern: c01`` loaded, and its first legal
    action raised ``KeyError: 'c01'`` (the income of the tavern 'c01')."""
    good = TURN_AT_A_DEED.replace("TAVERN", "tankard")
    tr.Game.from_position(RULES, tr.load_position(RULES, good))
    refused(TURN_AT_A_DEED.replace(field, value).replace("TAVERN", "tankard"), "is no|no table|no seat")


def test_a_reference_the_checks_miss_fails_at_load_not_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a static check misses, every action of the decision a position loads at is
    tried: an error there is the position's, refused when it loads."""
    from taverna_rules.games.taverna import integrity

    monkeypatch.setattr(integrity, "_reference_problems", lambda rules, state: [])
    refused(TURN_AT_A_DEED.replace("TAVERN", "c01"), "ChooseDeed.* at step 'choose_deed' fails: KeyError")
