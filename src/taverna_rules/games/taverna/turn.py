"""A player's turn: pick a card, seat the customer, collect income, optional plays, refill.

Rulebook, "Game cycle" steps 1-7. The plays a player may make "at any time during your
turn" (an extra dignitary, royal favours, casting a spell, selling spells: EN 144-154)
are offered in each decision of the turn: before picking the card, before seating the
customer and in the ``turn_actions`` window after income, which also ends the turn.
"""

from __future__ import annotations

import functools

from taverna_rules.core.action import shared
from taverna_rules.core.engine import Engine
from taverna_rules.core.prompts import asked
from taverna_rules.core.words import say
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import (
    Action,
    ActivateDignitary,
    CastSpell,
    EndTurn,
    PickCard,
    ReplaceCustomer,
    SeatCustomer,
    SellSpell,
    UseFavour,
)
from taverna_rules.games.taverna.dignitaries import activate, activation_actions, activation_refusal
from taverna_rules.games.taverna.favours import favour_actions, favour_refusal, use_favour
from taverna_rules.games.taverna.flow import automatic, decision
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.spells import cast_actions, cast_refusal, cast_spell
from taverna_rules.games.taverna.state import GameState, Task, TurnState, card_kind
from taverna_rules.games.taverna.tracks import advance, draw_spells, tavern_symbols

__all__: list[str] = []


def _turn(state: GameState) -> TurnState:
    assert state.turn is not None, "no turn in progress"
    return state.turn


@automatic("turn")
def _start_turn(engine: Engine, task: Task) -> None:
    engine.emit(ev.TurnStarted(task.player))
    p = task.player
    n = len(engine.state.players)
    # The other players may answer with a lightning spell before the turn ends.
    responses = [Task("respond", (p + i) % n) for i in range(1, n)]
    engine.push(
        Task("pick_card", p),
        Task("place_customer", p),
        Task("income", p),
        Task("turn_actions", p),
        *responses,
        Task("end_turn", p),
    )


# ----------------------------------------------------------------------------- optional plays
# Dignitaries, royal favours, casting and selling spells are offered in every decision of
# the turn that a player may act in: before picking, before seating and in the window
# after income (docs/rulings.rst, "The turn's optional plays are offered in each of its
# decisions").
OPTIONAL_PLAYS_TYPES = (ActivateDignitary, UseFavour, CastSpell, SellSpell)


def _optional_plays(rules: RuleSet, state: GameState, player: int) -> tuple[Action, ...]:
    return (
        *activation_actions(rules, state, player),
        *favour_actions(rules, state, player),
        *cast_actions(rules, state, player),
        *_sales(state, player),
    )


def _sales(state: GameState, player: int) -> tuple[SellSpell, ...]:
    """One sale per kind of spell in hand: copies of a spell are the same choice."""
    seen: set[str] = set()
    sells: list[SellSpell] = []
    for card in state.players[player].hand:
        kind = card_kind(card)
        if kind not in seen:
            seen.add(kind)
            sells.append(shared(SellSpell, card))
    return tuple(sells)


def _sale_refusal(state: GameState, player: int, action: SellSpell) -> str:
    hand = state.players[player].hand
    if action.spell not in hand:
        return f"{action.spell!r} is not in your hand"
    kind = card_kind(action.spell)
    first = next(card for card in hand if card_kind(card) == kind)
    return f"copies of a spell are one choice: sell {first!r}"


def _optional_refusal(rules: RuleSet, state: GameState, player: int, action: Action) -> str | None:
    """Why an optional play is refused, or ``None`` for another kind of action."""
    if isinstance(action, ActivateDignitary):
        return activation_refusal(rules, state, player, action)
    if isinstance(action, UseFavour):
        return favour_refusal(rules, state, player, action)
    if isinstance(action, CastSpell):
        return cast_refusal(rules, state, player, action)
    if isinstance(action, SellSpell):
        return _sale_refusal(state, player, action)
    return None


def _optional_play(engine: Engine, task: Task, action: Action) -> bool:
    """Play an optional action and come back to ``task``; False for other actions."""
    if isinstance(action, ActivateDignitary):
        activate(engine, task, action)
    elif isinstance(action, UseFavour):
        use_favour(engine, task, action)
    elif isinstance(action, CastSpell):
        cast_spell(engine, task, action)
    elif isinstance(action, SellSpell):
        engine.emit(ev.SpellSold(task.player, action.spell))
        engine.emit(ev.CoinsGained(task.player, 1, "spell sold"))
        engine.push(task)
    else:
        return False
    return True


# ----------------------------------------------------------------------------- 1. pick a card
def _pick_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    supplied = {people for people, left in state.tiles if left > 0}
    picks = [pick for card_id in state.row for pick in rules.picks(card_id) if pick.people in supplied]
    return (*picks, *_optional_plays(rules, state, task.player))


def _pick_refusal(rules: RuleSet, state: GameState, task: Task, action: Action) -> str:
    optional = _optional_refusal(rules, state, task.player, action)
    if optional is not None:
        return optional
    assert isinstance(action, PickCard)
    if action.card not in state.row:
        return f"card {action.card!r} is not in the row {list(state.row)}"
    peoples = rules.customer(action.card).peoples
    if action.people not in peoples:
        return f"card {action.card!r} shows {' and '.join(peoples)}, not {action.people!r}"
    return f"no {action.people} customer tile is left in the supply"


@decision(
    "pick_card",
    _pick_choices,
    asked(
        Text(
            en="pick a customer card from the row",
            fr="prenez une carte client de la rangée",
            nl="neem een klantenkaart uit de rij",
        )
    ),
    _pick_refusal,
    (PickCard, *OPTIONAL_PLAYS_TYPES),
)
def _pick(engine: Engine, task: Task, action: Action) -> None:
    """Step 1 of a turn: take a card of the row and one customer tile of a people it
    shows; or first any play allowed at any time of the turn (see ``turn_actions``)."""
    if _optional_play(engine, task, action):
        return
    assert isinstance(action, PickCard)
    card = engine.rules.customer(action.card)
    engine.emit(ev.CustomerCardPicked(task.player, action.card, action.people, card.symbols))


# ----------------------------------------------------------------------------- 2. seat it
# Seating choices depend only on which tables are free: built once per tavern and
# tables (a bounded cache: tables take a handful of peoples), then shared.
@functools.lru_cache(maxsize=8192)
def _seats(tavern: str, tables: tuple[str | None, ...], trickery: bool) -> tuple[Action, ...]:
    out: list[Action] = []
    for table, seated in enumerate(tables):
        if seated is None:
            out.append(SeatCustomer(tavern, table))
        elif trickery:
            out.append(ReplaceCustomer(tavern, table))
    return tuple(out)


def _place_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    trickery = "mask" in _turn(state).symbols
    out: list[Action] = list(_optional_plays(rules, state, task.player))
    for tavern in state.taverns:
        out += _seats(tavern.id, tavern.tables, trickery)
    return tuple(out)


_SEAT = Text(
    en="seat your customer of the {people} at a free table",
    fr="installez votre client {people} à une table libre",
    nl="zet je klant van de {people} aan een vrije tafel",
)
_OR_REPLACE = Text(
    en=", or replace a seated customer (Trickery)",
    fr=", ou remplacez un client déjà installé (Complot)",
    nl=", of vervang een klant die al zit (Bedrog)",
)


def _place_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    turn = _turn(state)
    assert turn.people is not None  # a card picked names its people
    text = say(_SEAT, lang, people=rules.name_of(turn.people, lang))
    if "mask" in turn.symbols and any(t is not None for tavern in state.taverns for t in tavern.tables):
        text += _OR_REPLACE.get(lang)
    return text


def _place_refusal(rules: RuleSet, state: GameState, task: Task, action: Action) -> str:
    optional = _optional_refusal(rules, state, task.player, action)
    if optional is not None:
        return optional
    assert isinstance(action, SeatCustomer | ReplaceCustomer)
    ids = [t.id for t in state.taverns]
    if action.tavern not in ids:
        return f"there is no tavern {action.tavern!r} (taverns: {', '.join(ids)})"
    tables = state.tavern(action.tavern).tables
    if not 0 <= action.table < len(tables):
        return f"{action.tavern!r} has tables 0 to {len(tables) - 1}"
    if isinstance(action, SeatCustomer):
        return f"table {action.table} of {action.tavern!r} is taken"
    if "mask" not in _turn(state).symbols:
        return "replacing a seated customer needs a mask on the card played (Trickery)"
    return f"table {action.table} of {action.tavern!r} is free: seat the customer there"


@decision(
    "place_customer",
    _place_choices,
    _place_prompt,
    _place_refusal,
    (SeatCustomer, ReplaceCustomer, *OPTIONAL_PLAYS_TYPES),
)
def _place(
    engine: Engine,
    task: Task,
    action: Action,
) -> None:
    """Step 2 of a turn: seat the customer at a free table of any tavern (same people as
    the table: one level up its track; the last free table: the tavern's privilege), or,
    with a mask on the card, replace a seated customer (Trickery); or first any play
    allowed at any time of the turn."""
    if _optional_play(engine, task, action):
        return
    assert isinstance(action, SeatCustomer | ReplaceCustomer)
    rules, state = engine.rules, engine.state
    player, turn = task.player, _turn(state)
    assert turn.people is not None
    tavern = state.tavern(action.tavern)
    layout = rules.side_for(len(state.players)).layout(action.tavern)
    if isinstance(action, ReplaceCustomer):
        removed = tavern.tables[action.table]
        assert removed is not None
        engine.emit(ev.CustomerRemoved(player, action.tavern, action.table, removed))
        engine.emit(ev.CustomerSeated(player, action.tavern, action.table, turn.people))
        # Trickery ignores the table colour and climbs the removed people's track;
        # the tavern had no free table more or less, so no privilege (ruling #4, docs/rulings.rst).
        advance(engine, player, removed)
        return
    engine.emit(ev.CustomerSeated(player, action.tavern, action.table, turn.people))
    last_table = all(t is not None for t in engine.state.tavern(action.tavern).tables)
    if last_table and tavern.privilege:
        engine.emit(ev.PrivilegeTaken(player, action.tavern))
    if layout.tables[action.table] == turn.people:
        advance(engine, player, turn.people)


# ----------------------------------------------------------------------------- 3. income
@automatic("income")
def _income(engine: Engine, task: Task) -> None:
    rules, state = engine.rules, engine.state
    turn = _turn(state)
    assert turn.tavern is not None
    amount = rules.constants.income_for(len(state.players))
    owners = sorted({o for o in state.tavern(turn.tavern).deeds if o is not None})
    for owner in owners:
        engine.emit(ev.CoinsGained(owner, amount, "income"))
    on_both = set(turn.symbols) & set(tavern_symbols(rules, state, turn.tavern))
    if "beer" in on_both:
        engine.emit(ev.CoinsGained(task.player, amount, "feast"))
    if "spellbook" in on_both:
        draw_spells(engine, task.player, 1)


# ----------------------------------------------------------------------------- 4-7. optional plays
def _action_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return (*_optional_plays(rules, state, task.player), shared(EndTurn))


def _action_refusal(rules: RuleSet, state: GameState, task: Task, action: Action) -> str:
    return _optional_refusal(rules, state, task.player, action) or ""


@decision(
    "turn_actions",
    _action_choices,
    asked(
        Text(
            en="activate a dignitary, use royal favours, cast a spell, sell spells, or end your turn",
            fr="activez un dignitaire, utilisez des faveurs royales, lancez un sort, vendez des sorts, "
            "ou finissez votre tour",
            nl="activeer een hoogwaardigheidsbekleder, gebruik koninklijke gunsten, spreek een spreuk "
            "uit, verkoop spreuken, of beëindig je beurt",
        )
    ),
    _action_refusal,
    (*OPTIONAL_PLAYS_TYPES, EndTurn),
)
def _turn_action(engine: Engine, task: Task, action: Action) -> None:
    """Steps 4 to 7 of a turn, after income: the dignitary of the tavern of arrival (or
    any, with Influence), one more for two privilege tokens, royal favours, one spell,
    spells sold for a coin each, in any order and as often as allowed; ``EndTurn``
    closes the window and the turn."""
    _optional_play(engine, task, action)  # EndTurn: the end of the turn follows


@automatic("end_turn")
def _end_turn(engine: Engine, task: Task) -> None:
    rules = engine.rules
    engine.emit(ev.TurnEnded(task.player))
    while len(engine.state.row) < rules.constants.row_size and engine.state.customer_deck:
        engine.draw_card(engine.state.customer_deck, ev.CustomerRevealed)
    state = engine.state
    n = len(state.players)
    if state.customers_played >= n * rules.constants.turns_for(n):
        engine.push(Task("end_game"))
    else:
        engine.push(Task("turn", (task.player + 1) % n))  # clockwise
