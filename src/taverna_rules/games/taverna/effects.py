"""The effect DSL at run time: control ops walk the tree on the stack, primitives emit events.

An ``effect`` task points at a node by ref and path; control ops push their children as
new tasks, choices become decisions, and primitive ops run their executor. Nothing here
loops without a bound: ``repeat`` is capped by the schema and trees are finite.
"""

from __future__ import annotations

from taverna_rules.core._registry import Registry
from taverna_rules.core.effects import EFFECT, EffectRuntime, Executor
from taverna_rules.core.engine import Engine
from taverna_rules.core.prompts import asked
from taverna_rules.core.words import say
from taverna_rules.dsl.nodes import Count, Expr, Node, Table
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import (
    ChangeSymbol,
    ChooseDeed,
    ChooseGuildToken,
    ChoosePeople,
    ChoosePlayer,
    ChooseTable,
    TakeFavour,
)
from taverna_rules.games.taverna.applicable import (
    applicable,
    climbable,
    deed_spaces,
    movable_customers,
    other_peoples,
    step_ahead,
    symbol_matters,
    targets,
    token_choices,
)
from taverna_rules.games.taverna.expressions import EVALUATOR, bounded, evaluate
from taverna_rules.games.taverna.flow import FLOW, automatic, decision, resolve_ref
from taverna_rules.games.taverna.labels import effect_words
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState, Task, TurnState, card_kind
from taverna_rules.games.taverna.tracks import advance, draw_spells, refill_castle
from taverna_rules.games.taverna.vocabulary import MAX_LEVELS

__all__ = ["EXECUTORS", "RUNTIME"]

EXECUTORS: Registry[Executor] = Registry("op executor")

CATEGORIES = {
    "track": "track_bonus",
    "royal": "royal",
    "spell": "spells",
    "dignitary": "dignitaries",
    "favour": "favours",
}


def _expr(node: Node, name: str) -> Expr:
    value = node.arg(name, 1)
    assert isinstance(value, int | Count | Table), f"{node.op}.{name} is not an expression"
    return value


def _for_each(engine: Engine, task: Task, node: Node) -> None:
    # Whether a target's share applies is judged now, before any share resolves: the
    # shares are one effect, as on the card, not a chain that feeds itself.
    seats = _takers(engine.rules, engine.state, task.player, node)
    if node.arg("players") != "chosen_opponent":
        engine.push(*(Task(EFFECT, seat, task.ref, (*task.path, 0)) for seat in seats))
    elif seats:  # nobody for whom it would do something: nothing to choose
        engine.push(Task("choose_player", task.player, task.ref, task.path))


def _asks(op: str, kind: str) -> None:
    """Register an op whose whole work is a choice: the decision ``kind`` resolves it."""

    def ask(engine: Engine, task: Task, node: Node) -> None:
        engine.push(Task(kind, task.player, task.ref, task.path))

    EXECUTORS.add(op, ask)


_executor = EXECUTORS.register


@_executor("gain_coins")
def _gain_coins(engine: Engine, task: Task, node: Node) -> None:
    amount = evaluate(_expr(node, "amount"), engine.state, task.player)
    if amount > 0:
        engine.emit(ev.CoinsGained(task.player, amount, task.ref))


@_executor("pay_coins")
def _pay_coins(engine: Engine, task: Task, node: Node) -> None:
    amount = min(
        evaluate(_expr(node, "amount"), engine.state, task.player),
        engine.state.players[task.player].coins,
    )
    if amount > 0:
        engine.emit(ev.CoinsPaid(task.player, amount, task.ref))


@_executor("score_vp")
def _score_vp(engine: Engine, task: Task, node: Node) -> None:
    amount = evaluate(_expr(node, "amount"), engine.state, task.player)
    # A negative amount loses VP, never below none at all.
    amount = max(amount, -engine.state.players[task.player].total_vp)
    if amount:
        category = CATEGORIES.get(task.ref.partition(":")[0], "effects")
        engine.emit(ev.VPScored(task.player, amount, category))


@_executor("draw_spells")
def _draw(engine: Engine, task: Task, node: Node) -> None:
    draw_spells(engine, task.player, evaluate(_expr(node, "count"), engine.state, task.player))


@_executor("gain_privileges")
def _privileges(engine: Engine, task: Task, node: Node) -> None:
    wanted = evaluate(_expr(node, "count"), engine.state, task.player)
    count = min(wanted, engine.state.privilege_supply)
    if count > 0:
        engine.emit(ev.PrivilegesGained(task.player, count))


def _levels(node: Node, state: GameState, player: int) -> tuple[int, bool]:
    bonuses = node.arg("bonuses", True)
    assert isinstance(bonuses, bool)
    return bounded(node, "levels", state, player, MAX_LEVELS), bonuses


@_executor("advance_track")
def _advance_track(engine: Engine, task: Task, node: Node) -> None:
    people = node.arg("people")
    levels, bonuses = _levels(node, engine.state, task.player)
    if people == "choice":
        engine.push(Task("effect_track", task.player, task.ref, task.path))
        return
    if people == "card":
        turn = engine.state.turn
        if turn is None or turn.people is None:
            return
        people = turn.people
    assert isinstance(people, str)
    advance(engine, task.player, people, levels, bonuses)


@_executor("advance_all_tracks")
def _advance_all(engine: Engine, task: Task, node: Node) -> None:
    levels, bonuses = _levels(node, engine.state, task.player)
    for people in engine.state.peoples:
        advance(engine, task.player, people, levels, bonuses)


# ----------------------------------------------------------------------------- choices
def _tracks(rules: RuleSet, state: GameState, task: Task) -> tuple[ChoosePeople, ...]:
    # Only tracks where a level can still be gained (the top may belong to someone else).
    return tuple(ChoosePeople(p) for p in climbable(rules, state, task.player))


@decision(
    "effect_track",
    _tracks,
    asked(
        Text(
            en="choose the people track to climb",
            fr="choisissez la piste de peuple sur laquelle monter",
            nl="kies het volkerenspoor waarop je klimt",
        )
    ),
    takes=(ChoosePeople,),
)
def _choose_track(engine: Engine, task: Task, action: ChoosePeople) -> None:
    """An effect lets its player climb a people track of their choice: ``ChoosePeople``."""
    levels, bonuses = _levels(engine.effect(task.ref, task.path), engine.state, task.player)
    advance(engine, task.player, action.people, levels, bonuses)


# ----------------------------------------------------------------------------- board ops
def _arrival(state: GameState) -> str:
    assert state.turn is not None and state.turn.arrival is not None, "no tavern of arrival"
    return state.turn.arrival


_asks("buy_deed", "choose_deed")


def _premium(node: Node) -> int:
    premium = node.arg("takeover_premium", 0)
    assert isinstance(premium, int)
    return premium


def _deed_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[ChooseDeed, ...]:
    node = resolve_ref(rules, task.ref).at(task.path)
    tavern = _arrival(state)
    coins = state.players[task.player].coins
    return tuple(
        ChooseDeed(tavern, space)
        for space in deed_spaces(rules, state, task.player, tavern, coins, _premium(node))
    )


@decision(
    "choose_deed",
    _deed_choices,
    asked(
        Text(
            en="choose the deed to buy in the tavern of arrival",
            fr="choisissez l'acte à acheter dans la taverne d'arrivée",
            nl="kies de akte die je koopt in de taverne van aankomst",
        )
    ),
    takes=(ChooseDeed,),
)
def _choose_deed(engine: Engine, task: Task, action: ChooseDeed) -> None:
    """The Notary (or an effect like it) buys a deed in the tavern of arrival: ``ChooseDeed``."""
    state = engine.state
    deed = engine.rules.side_for(len(state.players)).layout(action.tavern).deeds[action.space]
    owner = state.tavern(action.tavern).deeds[action.space]
    if owner is None:
        engine.emit(ev.DeedBought(task.player, action.tavern, action.space, deed.price, deed.vp))
        return
    paid = deed.price + _premium(engine.effect(task.ref, task.path))
    engine.emit(ev.DeedTakenOver(task.player, owner, action.tavern, action.space, paid, paid // 2, deed.vp))


@_executor("place_guild_tokens")
def _place_tokens(engine: Engine, task: Task, node: Node) -> None:
    count = node.arg("count", 1)
    assert isinstance(count, int)
    engine.push(*(Task("choose_guild_token", task.player, task.ref, task.path) for _ in range(count)))


def _token_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[ChooseGuildToken, ...]:
    node = resolve_ref(rules, task.ref).at(task.path)
    taverns = [_arrival(state)] if node.arg("where") == "arrival" else [t.id for t in state.taverns]
    return tuple(
        ChooseGuildToken(tavern, symbol)
        for tavern in taverns
        for symbol in token_choices(rules, state, tavern)
    )


@decision(
    "choose_guild_token",
    _token_choices,
    asked(
        Text(
            en="choose a guild token to place (never two identical ones in a tavern)",
            fr="choisissez un jeton guilde à placer (jamais deux identiques dans une taverne)",
            nl="kies een gildetegel om te leggen (nooit twee dezelfde in een taverne)",
        )
    ),
    takes=(ChooseGuildToken,),
)
def _choose_token(engine: Engine, task: Task, action: ChooseGuildToken) -> None:
    """An effect places a guild token: ``ChooseGuildToken`` names the symbol and the tavern."""
    engine.emit(ev.GuildTokenPlaced(task.player, action.tavern, action.symbol))


@_executor("take_favours")
def _take_favours(engine: Engine, task: Task, node: Node) -> None:
    count = node.arg("count", 1)
    assert isinstance(count, int)
    picks = [Task("choose_favour", task.player, task.ref, task.path) for _ in range(count)]
    engine.push(*picks, Task("refill_castle", task.player))


def _favour_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[TakeFavour, ...]:
    seen: dict[str, TakeFavour] = {}
    for tile in state.castle:
        seen.setdefault(card_kind(tile), TakeFavour(tile))  # copies are one choice
    return tuple(seen.values())


@decision(
    "choose_favour",
    _favour_choices,
    asked(
        Text(
            en="choose a royal favour from the castle",
            fr="choisissez une faveur royale au château",
            nl="kies een koninklijke gunst uit het kasteel",
        )
    ),
    takes=(TakeFavour,),
)
def _choose_favour(engine: Engine, task: Task, action: TakeFavour) -> None:
    """An effect takes a royal favour tile from the castle: ``TakeFavour``."""
    engine.emit(ev.FavourTaken(task.player, action.favour))


@automatic("refill_castle")
def _refill(engine: Engine, task: Task) -> None:
    refill_castle(engine)


# ----------------------------------------------------------------------------- card and customer ops
def _turn(state: GameState) -> TurnState:
    assert state.turn is not None, "no turn in progress"
    return state.turn


@_executor("add_card_symbol")
def _add_symbol(engine: Engine, task: Task, node: Node) -> None:
    symbol = node.arg("symbol")
    assert isinstance(symbol, str)
    turn = _turn(engine.state)
    if symbol not in turn.symbols:  # a symbol already there gives nothing twice
        engine.emit(ev.CardSymbolsChanged(task.player, (*turn.symbols, symbol)))


_asks("change_card_symbol", "choose_symbol_change")


def _symbol_changes(rules: RuleSet, state: GameState, task: Task) -> tuple[ChangeSymbol, ...]:
    symbols = _turn(state).symbols
    return tuple(
        ChangeSymbol(old, new.id)
        for old in symbols
        if step_ahead(state, old)
        for new in rules.symbols
        if symbol_matters(rules, state, new.id)
    )


@decision(
    "choose_symbol_change",
    _symbol_changes,
    asked(
        Text(
            en="replace a guild symbol of your card by another",
            fr="remplacez un symbole de guilde de votre carte par un autre",
            nl="vervang een gildesymbool van je kaart door een ander",
        )
    ),
    takes=(ChangeSymbol,),
)
def _choose_symbol_change(engine: Engine, task: Task, action: ChangeSymbol) -> None:
    """An effect changes a guild symbol of the card played: ``ChangeSymbol(old, new)``."""
    symbols = _turn(engine.state).symbols
    changed = tuple(action.new if s == action.old else s for s in symbols)
    engine.emit(ev.CardSymbolsChanged(task.player, changed))


def _takers(rules: RuleSet, state: GameState, player: int, node: Node) -> tuple[int, ...]:
    """The targets of a ``for_each`` for whom its effect would do something now."""
    child = node.children[0]
    return tuple(
        seat
        for seat in targets(node, state, player)
        if applicable(rules, state, seat, child, coins=state.players[seat].coins, arrival=None)
    )


def _player_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[ChoosePlayer, ...]:
    node = resolve_ref(rules, task.ref).at(task.path)
    return tuple(ChoosePlayer(seat) for seat in _takers(rules, state, task.player, node))


@decision(
    "choose_player",
    _player_choices,
    asked(Text(en="choose an opponent", fr="choisissez un adversaire", nl="kies een tegenstander")),
    takes=(ChoosePlayer,),
)
def _choose_player(engine: Engine, task: Task, action: ChoosePlayer) -> None:
    """``for_each: {players: chosen_opponent}``: the player picks one opponent (among those
    for whom the effect would do something), who then acts as "you" in it."""
    engine.push(Task(EFFECT, action.seat, task.ref, (*task.path, 0)))


_asks("swap_customer_people", "choose_other_people")


def _other_peoples(rules: RuleSet, state: GameState, task: Task) -> tuple[ChoosePeople, ...]:
    return tuple(ChoosePeople(p) for p in other_peoples(rules, state))


@decision(
    "choose_other_people",
    _other_peoples,
    asked(
        Text(
            en="take a customer of another people instead",
            fr="prenez plutôt un client d'un autre peuple",
            nl="neem in plaats daarvan een klant van een ander volk",
        )
    ),
    takes=(ChoosePeople,),
)
def _choose_other_people(engine: Engine, task: Task, action: ChoosePeople) -> None:
    """An effect changes the people of a seated customer: ``ChoosePeople`` names the new one."""
    current = _turn(engine.state).people
    assert current is not None
    engine.emit(ev.CustomerPeopleChanged(task.player, current, action.people))


_asks("move_customer", "choose_customer_to_move")


def _movable(rules: RuleSet, state: GameState, task: Task) -> tuple[ChooseTable, ...]:
    return tuple(ChooseTable(tavern, table) for tavern, table in movable_customers(state))


@decision(
    "choose_customer_to_move",
    _movable,
    asked(
        Text(
            en="choose the seated customer to move",
            fr="choisissez le client installé à déplacer",
            nl="kies de klant die je verplaatst",
        )
    ),
    takes=(ChooseTable,),
)
def _choose_customer(engine: Engine, task: Task, action: ChooseTable) -> None:
    """An effect moves a seated customer; first choose the customer: ``ChooseTable``."""
    engine.push(
        Task("choose_free_table", task.player, task.ref, task.path, (action.tavern, str(action.table)))
    )


def _free_tables(rules: RuleSet, state: GameState, task: Task) -> tuple[ChooseTable, ...]:
    source = task.args[0]
    return tuple(
        ChooseTable(tavern.id, table)
        for tavern in state.taverns
        if tavern.id != source
        for table, people in enumerate(tavern.tables)
        if people is None
    )


_FREE_TABLE = Text(
    en="choose a free table in a tavern other than {tavern}",
    fr="choisissez une table libre dans une autre taverne que {tavern}",
    nl="kies een vrije tafel in een andere taverne dan {tavern}",
)


def _free_table_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    return say(_FREE_TABLE, lang, tavern=rules.name_of(task.args[0], lang))


@decision(
    "choose_free_table",
    _free_tables,
    _free_table_prompt,
    takes=(ChooseTable,),
)
def _choose_free_table(engine: Engine, task: Task, action: ChooseTable) -> None:
    """Then the free table the moved customer goes to: ``ChooseTable``."""
    state, rules = engine.state, engine.rules
    source, source_table = task.args[0], int(task.args[1])
    people = state.tavern(source).tables[source_table]
    assert people is not None
    engine.emit(ev.CustomerMoved(task.player, source, source_table, action.tavern, action.table, people))
    gain = engine.effect(task.ref, task.path).arg("owners_gain", 0)
    assert isinstance(gain, int)
    for owner in sorted({o for o in engine.state.tavern(action.tavern).deeds if o is not None}):
        if gain:
            engine.emit(ev.CoinsGained(owner, gain, task.ref))
    tavern = engine.state.tavern(action.tavern)
    if tavern.privilege and None not in tavern.tables:
        engine.emit(ev.PrivilegeTaken(task.player, action.tavern))
    # The moved tile's people, if it now sits at a table of its colour (ruling #11).
    if rules.side_for(len(state.players)).layout(action.tavern).tables[action.table] == people:
        advance(engine, task.player, people)


@_executor("grant_spell_cast")
def _grant_cast(engine: Engine, task: Task, node: Node) -> None:
    count = node.arg("count", 1)
    assert isinstance(count, int)
    engine.emit(ev.SpellCastGranted(task.player, count))


_asks("remove_customer", "choose_customer_to_remove")


def _seated(rules: RuleSet, state: GameState, task: Task) -> tuple[ChooseTable, ...]:
    return tuple(
        ChooseTable(tavern.id, table)
        for tavern in state.taverns
        for table, people in enumerate(tavern.tables)
        if people is not None
    )


@decision(
    "choose_customer_to_remove",
    _seated,
    asked(
        Text(
            en="choose a seated customer to remove from the game",
            fr="choisissez un client installé à retirer du jeu",
            nl="kies een klant die je uit het spel haalt",
        )
    ),
    takes=(ChooseTable,),
)
def _choose_removed(engine: Engine, task: Task, action: ChooseTable) -> None:
    """An effect removes a seated customer: ``ChooseTable`` names its table."""
    people = engine.state.tavern(action.tavern).tables[action.table]
    assert people is not None
    engine.emit(ev.CustomerRemoved(task.player, action.tavern, action.table, people))
    if engine.effect(task.ref, task.path).arg("climb", False):
        advance(engine, task.player, people)


def _applies_now(rules: RuleSet, state: GameState, player: int, node: Node) -> bool:
    """Whether an option of a choice would do something now: with the player's coins, at
    the tavern of arrival of the turn (if a dignitary was sent to one)."""
    arrival = state.turn.arrival if state.turn is not None else None
    return applicable(rules, state, player, node, coins=state.players[player].coins, arrival=arrival)


RUNTIME = EffectRuntime(
    EXECUTORS,
    EVALUATOR,
    resolve_ref,
    effect_words,
    controls={"for_each": _for_each},
    applicable=_applies_now,
)
RUNTIME.install(FLOW)
