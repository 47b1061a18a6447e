"""Words instead of ids (issue #26): every label of a legal action, every narrated line
(for every seat and a spectator) and the text board name things as the rulebook and the
board print them. Random games of every installed game are searched for internal ids:
card instance ids, the ids of every content item of the rule set that differ from its
name, ``(spell:``-like references, ``key: value`` field dumps of actions, action and event
reprs, zero-based table numbers; each option of a choice has its own label; and no label
or line for a seat names a card hidden from that seat. The prompt of every pending
decision is searched the same way (every seat sees it): it names its decider first and
numbers no option."""

from __future__ import annotations

import doctest
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import taverna_rules as tr
from taverna_rules._records import field_names
from taverna_rules.core.serialize import event_to_dict, json_strings, state_to_json
from taverna_rules.dsl.nodes import Node
from taverna_rules.games import taverna
from taverna_rules.games.cavern_tavern import TakeOrder
from taverna_rules.games.cavern_tavern import labels as cavern_labels
from taverna_rules.games.taverna import labels as taverna_labels
from taverna_rules.server.payloads import view_payload

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
#: Games played: (game, players, seed). A few, fast: about a second each.
PLAYS = [
    ("taverna", 2, 1),
    ("taverna", 4, 7),
    ("fey_court", 2, 2),
    ("cavern_tavern", 2, 3),
    ("cavern_tavern", 3, 11),
]
#: The example expansion: its spells and favours offer choices (ChooseOption), which the
#: base game's content does not.
FEY = Path(__file__).resolve().parent.parent / "examples" / "packs" / "fey_court"


def _rules(game_id: str) -> Any:
    return tr.load_rules(FEY) if game_id == "fey_court" else tr.load_rules(game_id)


#: Every how many actions the lines, boards and hidden cards of every reader are checked.
CHECK_EVERY = 15


def _content(rules: Any) -> dict[str, tuple[str, ...]]:
    """Every content item of ``rules`` that has an id: its id and its names, English
    first (none when it has none). Found by walking the rule set's records, so a new kind of card is
    searched for without changing this test."""
    found: dict[str, tuple[str, ...]] = {}
    todo: list[Any] = [rules]
    seen: set[int] = set()
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, Node):
            continue
        seen.add(id(item))
        if field_names(type(item)):
            ident = getattr(item, "id", None)
            if isinstance(ident, str) and ident:
                name: Any = getattr(item, "name", None)
                languages = ("en", "fr", "nl") if hasattr(name, "get") else ()
                found[ident] = tuple(name.get(lang) for lang in languages)
            todo.extend(getattr(item, name) for name in field_names(type(item)))
        elif isinstance(item, tuple | list):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
    return found


def _id_patterns(rules: Any) -> list[tuple[str, re.Pattern[str]]]:
    """What no label, line or board may hold, each with why."""
    module = tr.game_module(rules.game)
    patterns: list[tuple[str, re.Pattern[str]]] = [
        ("a card instance id", re.compile(r"\w#\d")),
        ("a reference like (spell:curse)", re.compile(r"[a-z_]+:[a-z_]+")),
    ]
    for ident, names in _content(rules).items():
        if ident not in names:  # an id is its own name when the content says so
            patterns.append(
                (f"the content id {ident!r}", re.compile(rf"(?<![\w'-]){re.escape(ident)}(?![\w'-])"))
            )
    for cls in (*module.actions.values(), *module.events.values()):
        patterns.append((f"a repr of {cls.__name__}", re.compile(rf"\b{cls.__name__}\(")))
    for cls in module.actions.values():
        for field in attrs.fields(cls):
            # A dump lists fields in parentheses: "Choose option (option: 0; ...)".
            dump = re.compile(rf"(\(|; ){field.name}: \S")
            patterns.append((f"a dump of {cls.__name__}.{field.name}", dump))
    return patterns


def _check_text(
    text: str, patterns: list[tuple[str, re.Pattern[str]]], where: str, names: tuple[str, ...] = ()
) -> None:
    # Names may hold words that are also ids (the favour "Add lyre"): they are not searched.
    bare = text
    for name in names:
        bare = bare.replace(name, " ")
    for why, pattern in patterns:
        found = pattern.search(bare)
        assert found is None, f"{where} shows {why} ({found.group()!r}): {text!r}"


def _names(rules: Any) -> tuple[str, ...]:
    """Every name of the content, longest first."""
    every = {name for names in _content(rules).values() for name in names if name}
    return tuple(sorted(every, key=len, reverse=True))


def _visible(game: tr.Game, seat: int | None) -> set[str]:
    """The card kinds ``seat`` has seen: in their view of the state and of the log."""
    events = [event_to_dict(event, game=game.module) for event in game.events_for(seat)]
    strings = {*json_strings(json.loads(state_to_json(game.view(seat)))), *json_strings(events)}
    return {text.split("#", 1)[0] for text in strings}


def _hidden_names(game: tr.Game, seat: int | None) -> dict[str, str]:
    """The names of the cards hidden from ``seat`` whose kind they have never seen."""
    rules = game.rules
    visible = _visible(game, seat)
    hidden = game.module.visibility.hidden(game.state, seat)
    kinds = {thing.split("#", 1)[0] for thing in hidden} - visible
    return {kind: rules.name_of(kind) for kind in kinds if rules.name_of(kind) != kind}


def _readers(game: tr.Game) -> list[int | None]:
    return [None, *range(len(game.state.players))]


def _played(rules: Any, players: int, seed: int) -> Iterator[tuple[tr.Game, int]]:
    """A random game, after each action (with the number of actions so far)."""
    game = tr.new_game(rules, NAMES[:players], seed=seed)
    rng = random.Random(seed)
    steps = 0
    yield game, steps
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        yield game, steps


#: An option numbered in a prompt, "0: take fruit; 1: take herbs" (not a number of things:
#: "round 2: ..." is the round's).
NUMBERED = re.compile(r"(^|[;,] )\d+: ")


def _check_prompts(
    game: tr.Game, patterns: list[tuple[str, re.Pattern[str]]], names: tuple[str, ...]
) -> list[str]:
    """Every pending decision's prompt: no id, dump or numbered option; it starts with its
    decider's name (so a seat that is not deciding reads whose choice it is)."""
    prompts = []
    for decision in game.decisions:
        prompt = decision.prompt
        where = f"the prompt of {decision.kind!r}"
        _check_text(prompt, patterns, where, names)
        assert not NUMBERED.search(prompt), f"{where} numbers its options: {prompt!r}"
        assert not re.search(r"'[a-z_]+'", prompt), f"{where} quotes an id: {prompt!r}"
        name = "chance" if decision.player == tr.CHANCE else game.state.players[decision.player].name
        assert prompt.startswith(f"{name}: "), f"{where} does not name its decider first: {prompt!r}"
        prompts.append(prompt)
    return prompts


def _labels_of(game: tr.Game, lang: str) -> list[tuple[tr.Action, str]]:
    return [(action, game.describe(action, lang)) for action in game.legal_actions()]


def _check_labels(game: tr.Game, patterns: list[tuple[str, re.Pattern[str]]]) -> set[str]:
    """Every legal action's label in every language of the game; return the action types."""
    decision = game.decision
    assert decision is not None
    canonical = game.module.canonical
    for lang in game.module.languages:
        labels = _labels_of(game, lang)
        for action, label in labels:
            where = f"the {lang} label of {action!r}"
            _check_text(label, patterns, where, _names(game.rules))
            assert label and label == label.strip(), where
            table = getattr(action, "table", None)
            if isinstance(table, int):
                word = {"en": "table", "fr": "table", "nl": "tafel"}[lang]
                assert f"{word} {table + 1}" in label, f"{where}: tables are numbered from 1 ({label!r})"
            seat = getattr(action, "seat", None)
            if isinstance(seat, int):
                assert game.state.players[seat].name in label, f"{where} does not name the player"
        # Each choice has its own label: the labels part the actions that differ.
        by_label: dict[str, set[Any]] = {}
        for action, label in labels:
            by_label.setdefault(label, set()).add(canonical(action))
        same = {label: actions for label, actions in by_label.items() if len(actions) > 1}
        assert not same, f"{decision.kind}: one label for different actions: {same}"
    return {type(action).__name__ for action in decision.actions}


@pytest.mark.parametrize(("game_id", "players", "seed"), PLAYS)
def test_no_label_line_or_board_shows_an_internal_id_or_a_hidden_card(
    game_id: str, players: int, seed: int
) -> None:
    rules = _rules(game_id)
    patterns = _id_patterns(rules)
    names = _names(rules)
    kinds: set[str] = set()
    since: dict[int | None, int] = {}
    lines = secrets = 0
    prompts: list[str] = []  # since the last check of hidden cards
    for game, steps in _played(rules, players, seed):
        if not game.over:
            kinds |= _check_labels(game, patterns)
            prompts += _check_prompts(game, patterns, names)
        if steps % CHECK_EVERY and not game.over:
            continue
        for reader in _readers(game):
            secret = _hidden_names(game, reader)
            secrets += len(secret)
            secret_patterns = [
                (f"the hidden card {kind!r}", re.compile(rf"(?<!\w){re.escape(name)}(?!\w)"))
                for kind, name in secret.items()
            ]
            texts = []
            for lang in game.module.languages:
                new = game.narrate(reader, lang=lang, since=since.get(reader, 0))
                lines += len(new)
                texts += [*new, game.board(reader, lang=lang)]
            since[reader] = len(game.events)
            if reader is not None and game.decision is not None and game.decision.player == reader:
                texts += [label for _, label in _labels_of(game, game.module.languages[0])]
            texts += prompts  # every seat and a spectator see the pending decision
            for text in texts:
                _check_text(text, patterns, f"seat {reader}'s text", names)
                _check_text(text, secret_patterns, f"seat {reader}'s text")
        prompts = []
    assert lines > 50
    assert secrets > 0, "no reader had a hidden card to leak: the leak check would prove nothing"
    # The game's own labels spoke for most of its kinds of actions.
    assert len(kinds) >= len(tr.game_module(rules.game).actions) // 2, kinds
    if game_id == "fey_court":
        assert "ChooseOption" in kinds


def test_the_patterns_catch_what_the_library_printed_before() -> None:
    """The search finds the words of issue #26: ids, field dumps, reprs, references."""
    rules = tr.load_rules("taverna")
    patterns = _id_patterns(rules)
    before = [
        "Choose option (option: 0)",
        "Activate dignitary (dignitary: Gob'Trotter; level: 0; extra: False)",
        "Bob pays 2 coins (spell:forged_deed).",
        "Ann picks card c17 (Dwarves; Mask) and takes a customer of the Dwarves.",
        "PickCard(card='c11', people='elf')",
        "Sell spell (spell: eviction#2)",
    ]
    for text in before:
        with pytest.raises(AssertionError):
            _check_text(text, patterns, "an old label")
    game = tr.new_game(rules, ["Ann", "Bob"], seed=1)
    secret = _hidden_names(game, 1)
    theirs = {rules.name_of(card) for card in game.state.players[0].hand} - {
        rules.name_of(card) for card in game.state.players[1].hand
    }
    assert theirs and theirs <= set(secret.values())  # Ann's spells, for Bob
    cavern = _id_patterns(tr.load_rules("cavern_tavern"))
    with pytest.raises(AssertionError):
        _check_text("Place dice (place: cellar_1; dice: 1)", cavern, "an old label")


def test_a_choice_labels_each_option_and_a_table_as_printed() -> None:
    """Cavern Tavern's first decision: its options by what they do; a table from 1."""
    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    assert [game.describe(action) for action in game.legal_actions()] == ["Take Fruit", "Take Herbs"]
    while not any(isinstance(action, TakeOrder) for action in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    take = next(a for a in game.legal_actions() if isinstance(a, TakeOrder) and a.table == 0)
    order = game.rules.name_of(game.state.tables[0])
    assert game.describe(take).startswith(f"Take the order {order} from table 1 (")


def test_taverna_labels_speak_each_language_and_name_cards_by_what_they_show() -> None:
    rules = tr.load_rules()
    game = tr.new_game(rules, ["Ann", "Bob"], seed=1)
    first = game.legal_actions()[0]
    assert game.describe(first) == "The King's people: Humans"
    assert game.describe(first, "fr") == "Le peuple du Roy : Humains"
    assert game.describe(first, "nl") == "Het volk van de Koning: Mensen"
    while not isinstance(game.legal_actions()[0], taverna.PickCard):
        game.apply(game.legal_actions()[0])
    pick = game.legal_actions()[0]
    assert isinstance(pick, taverna.PickCard)
    card = rules.customer(pick.card)
    label = game.describe(pick)
    position = game.state.row.index(pick.card) + 1
    assert label.startswith(f"Card {position} of the row (")
    assert all(rules.name_of(p) in label for p in card.peoples)
    assert all(rules.name_of(s) in label for s in card.symbols)


@pytest.mark.parametrize("bad", ["de", "", None, 3, b"en"])
def test_a_language_the_game_is_not_written_in_is_refused(bad: object) -> None:
    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    action = game.legal_actions()[0]
    for call in (
        lambda: game.describe(action, bad),  # type: ignore[arg-type]
        lambda: game.narrate(lang=bad),  # type: ignore[arg-type]
        lambda: game.board(lang=bad),  # type: ignore[arg-type]
    ):
        if bad is None:
            call()  # the game's first language
            continue
        with pytest.raises(
            tr.OptionError, match="Cavern Tavern is written in 'en': language must be one of them"
        ):
            call()


def test_describe_refuses_what_is_no_action_of_the_game() -> None:
    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    with pytest.raises(
        tr.IllegalActionError, match="not an action of Cavern Tavern: it is an action of Taverna"
    ):
        game.describe(taverna.PickCard("c01", "elf"))
    for bad in ("TakeOrder", None):
        with pytest.raises(
            tr.IllegalActionError, match="not an action: describe takes an action of Cavern Tavern"
        ):
            game.describe(bad)  # type: ignore[arg-type]


def test_print_game_is_the_spectators_board_and_repr_stays_short() -> None:
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=2)
    assert str(game) == game.board() == game.board(None)
    assert str(game).splitlines()[0] == "Taverna, setting up"
    assert repr(game) == f"<Game [Ann, Bob] {len(game.events)} events>"
    # A seat's board shows their own hand by name, the other's counted.
    mine = game.board("Ann")
    assert "hand: 3 hidden" in mine and mine.count("hand: 3 hidden") == 1


def test_taverna_narrates_in_its_three_languages() -> None:
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    first = [game.narrate(lang=lang)[0] for lang in ("en", "fr", "nl")]
    assert first == [
        "A game for Ann, Bob (2/3-player side); Ann starts.",
        "Une partie pour Ann, Bob (Face 2/3 joueurs) ; Ann commence.",
        "Een spel voor Ann, Bob (Kant voor 2/3 spelers); Ann begint.",
    ]


def test_narration_is_numbered_by_the_event_it_follows() -> None:
    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    numbered = game.narration()
    assert [line for _, line in numbered] == game.narrate()
    assert all(1 <= number <= len(game.events) for number, _ in numbered)
    assert game.narrate(since=len(game.events)) == []
    with pytest.raises(tr.OptionError, match="since is a number of events"):
        game.narrate(since=-1)


@pytest.mark.parametrize("game_id", ["taverna", "cavern_tavern"])
def test_the_servers_buttons_and_board_are_the_librarys(game_id: str) -> None:
    game = tr.new_game(tr.load_rules(game_id), ["Ann", "Bob"], seed=4)
    decision = game.decision
    assert decision is not None
    payload = view_payload("g1", game, decision.player, len(game.events))
    assert payload["labels"] == [game.describe(action) for action in decision.actions]
    assert payload["board"] == game.board(decision.player)


def test_a_game_module_without_labels_gets_the_defaults() -> None:
    """The hooks' defaults: an action's kind and its values by name, no line, the players."""
    from taverna_rules.core.game_modules import describe_fields, players_text

    rules = tr.load_rules()
    game = tr.new_game(rules, ["Ann", "Bob"], seed=1)
    assert describe_fields(rules, game.state, taverna.SellSpell("eviction#2"), "en") == "Sell spell: Eviction"
    assert describe_fields(rules, game.state, tr.EndTurn(), "fr") == "End turn"
    assert players_text(rules, game.state, 1, "en") == "  Ann\n* Bob"


@pytest.mark.parametrize("module", [taverna_labels, cavern_labels])
def test_the_labels_modules_examples_run(module: Any) -> None:
    failed, attempted = doctest.testmod(module)
    assert attempted and not failed


def test_a_game_that_narrates_the_old_way_still_narrates() -> None:
    """A game module written before the narrate hook gave its lines in narration.describe."""
    from taverna_rules.core import game_modules

    class Old:
        @staticmethod
        def describe(rules: Any, state: Any, event: Any) -> str:
            return f"{type(event).__name__} happened"

    cavern = tr.game_module("cavern_tavern")
    old = attrs.evolve(cavern, narration=Old(), narrate=game_modules._silent)
    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    assert old.narrate(game.rules, game.state, game.events[0], "en") == "GameStarted happened"


def test_a_people_is_chosen_for_the_king_or_for_a_track_to_climb() -> None:
    """One action (ChoosePeople) answers two decisions: each says which."""
    rules = tr.load_rules()
    game = tr.new_game(rules, ["Ann", "Bob"], seed=1)
    rng = random.Random(1)
    assert game.describe(game.legal_actions()[0]).startswith("The King's people: ")
    while game.decision is not None and game.decision.kind != "effect_track":
        game.apply(rng.choice(game.legal_actions()))
    assert game.decision is not None, "no track was climbed by choice: the test would prove nothing"
    labels = [game.describe(action) for action in game.legal_actions()]
    assert labels and all(label.startswith("Climb the ") and label.endswith(" track") for label in labels)


def test_an_ingredient_chosen_says_where_it_goes() -> None:
    """ChooseIngredient answers three decisions (take from the Cellar, give back, give to an
    opponent): each label says which, and the other decisions' actions keep their words."""
    kinds: dict[str, str] = {}
    for seed in (1, 4):  # seed 4 reaches a forced trade
        game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob", "Cy"], seed=seed)
        rng = random.Random(seed)
        while game.decision is not None:
            decision = game.decision
            if decision.kind in ("choose_cellar", "give_ingredient", "give_to"):
                kinds[decision.kind] = game.describe(decision.actions[0])
            game.apply(rng.choice(game.legal_actions()))
        if len(kinds) == 3:
            break
    assert re.fullmatch(r"Take .+ from the Cellar", kinds["choose_cellar"])
    assert re.fullmatch(r"Give .+ back to the Cellar", kinds["give_ingredient"])
    assert re.fullmatch(r"Give .+ to (Ann|Bob|Cy)", kinds["give_to"])


def test_prompts_name_the_decider_and_things_as_printed() -> None:
    """The prompts of issue #26's examples, as every seat reads them: the decider's name,
    then the question with names, not ids ('hall', 'elf') or indexes ('0: take fruit')."""
    from taverna_rules.core.records import Task

    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    assert game.decision is not None
    assert game.decision.prompt == "Ann: choose one: take Fruit; or take Herbs"
    rules = tr.load_rules()
    game = tr.new_game(rules, ["Ann", "Bob"], seed=1)
    rng = random.Random(1)
    while game.decision is not None and game.decision.kind != "place_customer":
        game.apply(rng.choice(game.legal_actions()))
    decision = game.decision
    assert decision is not None
    people = rules.name_of(game.state.turn.people)
    name = game.state.players[decision.player].name
    assert decision.prompt.startswith(f"{name}: seat your customer of the {people} at a free table")
    # Every tavern a customer may move away from, as the board names it.
    kind = game.module.decisions["choose_free_table"]
    for tavern in game.state.taverns:
        task = Task("choose_free_table", 1, args=(tavern.id,))
        prompt = kind.prompt(rules, game.state, task)
        assert prompt == f"Bob: choose a free table in a tavern other than {rules.name_of(tavern.id)}"


def test_the_chance_decision_reads_like_a_players() -> None:
    """The core's own prompt has the same shape: its decider ('chance'), then the question."""
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=3, chance="explicit")
    rng = random.Random(3)
    while game.decision is not None and game.decision.player != tr.CHANCE:
        game.apply(rng.choice(game.legal_actions()))
    assert game.decision is not None
    assert re.fullmatch(r"chance: one of \d+ outcomes", game.decision.prompt), game.decision.prompt


def test_a_simultaneous_decision_names_each_seat_asked() -> None:
    """The core puts each seat's name in front of a simultaneous decision's prompt, as it
    does for every decision a flow registers: the game writes only the question."""
    from taverna_rules.core.records import Task

    flow = tr.Flow()
    prompt = lambda r, s, t: "bid for the lot"  # noqa: E731 - the prompt a game registers

    @flow.simultaneous("bid", lambda r, s, t: (0, 1), lambda r, s, t: (), prompt)
    def _bid(engine: Any, task: Task, choices: Any) -> None:
        """Nothing."""

    state = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1).state
    worded = flow.decisions["bid"].prompt
    assert [worded(None, state, Task("bid", seat)) for seat in (0, 1)] == [
        "Ann: bid for the lot",
        "Bob: bid for the lot",
    ]
