"""Whether an effect applies: what makes a dignitary level, a favour or a spell playable.

The rulebook offers an optional play only "as long as the effect is applicable and you
can pay the cost". Each primitive op says what it needs; control ops combine their
children as in every game (:func:`taverna_rules.core.effects.control_applies`: a ``seq``
needs all of them, ``each_possible`` and a choice one). ``coins`` is what the player
will have once the cost is paid; ``arrival`` the tavern a dignitary would be sent to.
"""

from __future__ import annotations

from collections.abc import Callable

from taverna_rules.core.effects import APPLICABILITY_OF_CONTROLS, control_applies
from taverna_rules.dsl.nodes import Count, Node, Table
from taverna_rules.games.taverna.expressions import bounded, option_holds
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState
from taverna_rules.games.taverna.tracks import tavern_symbols
from taverna_rules.games.taverna.vocabulary import MAX_LEVELS, MAX_REPEAT

__all__ = [
    "applicable",
    "step_ahead",
    "climbable_levels",
    "deed_spaces",
    "movable_customers",
    "symbol_matters",
    "targets",
    "token_choices",
]


def step_ahead(state: GameState, symbol: str) -> bool:
    """Whether the step a guild symbol triggers is still to come this turn: Trickery before
    seating, Feast and Magic at income, Influence in the dignitary window."""
    turn = state.turn
    if turn is None:
        return False
    steps = {task.kind for task in state.stack}
    if symbol == "mask":
        return "place_customer" in steps
    if symbol in ("beer", "spellbook"):
        return "place_customer" in steps or "income" in steps
    if symbol == "lyre":
        return "place_customer" in steps or ("turn_actions" in steps and not turn.regular_activation_used)
    return False


def symbol_matters(rules: RuleSet, state: GameState, symbol: str) -> bool:
    """Whether adding ``symbol`` to the card played can still change something this turn:
    the card lacks it, its step is still ahead, and (once the customer is seated) the
    tavern shows it too, for the guild effects that need both."""
    turn = state.turn
    if turn is None or turn.card is None or symbol in turn.symbols or not step_ahead(state, symbol):
        return False
    if symbol != "mask" and turn.tavern is not None:
        return symbol in tavern_symbols(rules, state, turn.tavern)
    return True


def movable_customers(state: GameState) -> tuple[tuple[str, int], ...]:
    """Seated customers that have a free table in another tavern to go to."""
    free = {t.id for t in state.taverns if None in t.tables}
    return tuple(
        (tavern.id, table)
        for tavern in state.taverns
        for table, people in enumerate(tavern.tables)
        if people is not None and free - {tavern.id}
    )


def deed_spaces(
    rules: RuleSet, state: GameState, player: int, tavern_id: str, coins: int, premium: int
) -> tuple[int, ...]:
    """Deed spaces of a tavern the player may buy with ``coins``: unowned at the price, an
    opponent's at the price plus ``premium`` unless it is their last deed on the board."""
    tavern = state.tavern(tavern_id)
    if player in tavern.deeds or state.deeds_owned(player) >= rules.constants.deeds_per_player:
        return ()
    layout = rules.side_for(len(state.players)).layout(tavern_id)
    out = []
    for space, owner in enumerate(tavern.deeds):
        price = layout.deeds[space].price
        # An opponent's deed costs more, and a player's last deed is never taken.
        takeover = owner is not None and state.deeds_owned(owner) > 1
        if (owner is None and price <= coins) or (takeover and price + premium <= coins):
            out.append(space)
    return tuple(out)


def token_choices(rules: RuleSet, state: GameState, tavern_id: str) -> tuple[str, ...]:
    """Guild tokens that may go into a tavern: in the supply, not there yet, and (unless the
    rule option allows it) not the tavern's printed symbol (ruling #5)."""
    printed, *tokens = tavern_symbols(rules, state, tavern_id)
    may_match = bool(dict(state.options).get("guild_token_may_match_printed_symbol", False))
    return tuple(
        symbol
        for symbol, left in state.guild_supply
        if left > 0 and symbol not in tokens and (may_match or symbol != printed)
    )


def climbable_levels(rules: RuleSet, state: GameState, player: int) -> int:
    """How many levels the player could still climb over all tracks."""
    top = rules.constants.top
    total = 0
    # A track's column holds every player's level on it; the player's own is below the top
    # where it counts, so a top in the column is another player's.
    for column in zip(*[p.tracks for p in state.players], strict=True):
        position = column[player]
        if position < top:
            total += (top - 1 if top in column else top) - position
    return max(total, 0)


def targets(node: Node, state: GameState, player: int) -> tuple[int, ...]:
    """The seats a ``for_each`` resolves its effect for, clockwise from ``player``:
    everyone else (``opponents``), everyone with ``player`` first (``all``), or the owners
    of a deed of the tavern where this turn's customer sits (``deed_owners``; nobody before
    the customer sits)."""
    n = len(state.players)
    which = node.arg("players")
    if which == "deed_owners":
        tavern = state.turn.tavern if state.turn is not None else None
        owners = set(state.tavern(tavern).deeds) if tavern is not None else set()
        return tuple(seat for seat in ((player + i) % n for i in range(n)) if seat in owners)
    first = 0 if which == "all" else 1
    return tuple((player + i) % n for i in range(first, n))


#: ``check(rules, state, player, node, coins, arrival)``: whether one op would do something.
_Check = Callable[[RuleSet, GameState, int, Node, int, "str | None"], bool]
_CHECKS: dict[str, _Check] = {}


def _check(*ops: str) -> Callable[[_Check], _Check]:
    def register(fn: _Check) -> _Check:
        for op in ops:
            _CHECKS[op] = fn
        return fn

    return register


def applicable(
    rules: RuleSet, state: GameState, player: int, node: Node, *, coins: int, arrival: str | None
) -> bool:
    """True when ``node`` would do something for ``player`` now (an op without a check of
    its own always does)."""
    check = _CHECKS.get(node.op)
    return True if check is None else check(rules, state, player, node, coins, arrival)


@_check(*APPLICABILITY_OF_CONTROLS)
def _control(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    if node.op == "repeat" and _climbs_by_choice(node.children[0]):
        # Each time climbs a track of the player's choice: it needs a level for each.
        times = bounded(node, "times", state, player, MAX_REPEAT)
        return times > 0 and climbable_levels(rules, state, player) >= times
    return control_applies(
        node,
        lambda child: applicable(rules, state, player, child, coins=coins, arrival=arrival),
        lambda cond: option_holds(cond, state),
        lambda repeat: bounded(repeat, "times", state, player, MAX_REPEAT),
    )


def _climbs_by_choice(node: Node) -> bool:
    return node.op == "advance_track" and node.arg("people") == "choice"


@_check("for_each")
def _for_each(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    child = node.children[0]
    return any(
        applicable(rules, state, seat, child, coins=state.players[seat].coins, arrival=arrival)
        for seat in targets(node, state, player)
    )


@_check("buy_deed")
def _buy_deed(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    premium = node.arg("takeover_premium", 0)
    assert isinstance(premium, int)
    return arrival is not None and bool(deed_spaces(rules, state, player, arrival, coins, premium))


@_check("place_guild_tokens")
def _guild_tokens(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    count = _int(node, "count")
    if node.arg("where") == "arrival":
        return arrival is not None and len(token_choices(rules, state, arrival)) >= count
    return any(len(token_choices(rules, state, t.id)) >= count for t in state.taverns)


@_check("take_favours")
def _take_favours(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    return len(state.castle) >= _int(node, "count")


@_check("advance_track", "advance_all_tracks")
def _advance(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    if bounded(node, "levels", state, player, MAX_LEVELS) <= 0:
        return False  # a count of levels that comes to nothing
    if node.op == "advance_track" and node.arg("people") == "choice":
        return climbable_levels(rules, state, player) >= 1
    return True


@_check("add_card_symbol")
def _add_symbol(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    symbol = node.arg("symbol")
    return isinstance(symbol, str) and symbol_matters(rules, state, symbol)


@_check("change_card_symbol")
def _change_symbol(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    turn = state.turn
    # A symbol whose step has passed has paid out already: it cannot be traded.
    return (
        turn is not None
        and any(step_ahead(state, old) for old in turn.symbols)
        and any(symbol_matters(rules, state, s.id) for s in rules.symbols)
    )


@_check("swap_customer_people")
def _swap_people(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    turn = state.turn
    return (
        turn is not None
        and turn.people is not None
        and any(task.kind == "place_customer" for task in state.stack)
        and bool(other_peoples(rules, state))
    )


@_check("move_customer")
def _move_customer(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    return bool(movable_customers(state))


@_check("remove_customer")
def _remove_customer(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    return any(people is not None for tavern in state.taverns for people in tavern.tables)


@_check("grant_spell_cast")
def _grant_cast(
    rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None
) -> bool:
    return any(rules.spell(card).effect is not None for card in state.players[player].hand)


@_check("pay_coins")
def _pay(rules: RuleSet, state: GameState, player: int, node: Node, coins: int, arrival: str | None) -> bool:
    amount = node.arg("amount")
    return not isinstance(amount, int) or amount <= coins


def _int(node: Node, name: str) -> int:
    value = node.arg(name, 1)
    assert isinstance(value, int) and not isinstance(value, Count | Table)
    return value


def _card_peoples(rules: RuleSet, state: GameState) -> tuple[str, ...]:
    turn = state.turn
    return rules.customer(turn.card).peoples if turn is not None and turn.card else ()


def climbable(rules: RuleSet, state: GameState, player: int) -> tuple[str, ...]:
    """The people tracks ``player`` can still climb one level on."""
    top = rules.constants.top
    others = [p.tracks for i, p in enumerate(state.players) if i != player]
    mine = state.players[player].tracks
    out = []
    for index, people in enumerate(state.peoples):
        taken = any(tracks[index] == top for tracks in others)
        if mine[index] < (top - 1 if taken else top):
            out.append(people)
    return tuple(out)


def other_peoples(rules: RuleSet, state: GameState) -> tuple[str, ...]:
    """Peoples not on the card played, with tiles left (the Another people favour)."""
    card = _card_peoples(rules, state)
    return tuple(people for people, left in state.tiles if left > 0 and people not in card)
