"""What a consistent game state looks like, as a list of plain-English problems.

Used on position documents (a state written by hand must be playable before the engine
takes it) and by tests. Each check names the offending value; an empty list means the
state is consistent with the rules.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import partial

from taverna_rules._shown import shown
from taverna_rules.core.position_data import check_stack
from taverna_rules.core.resume import resume_state
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.evolve import evolve
from taverna_rules.games.taverna.flow import AUTOMATIC, DECISIONS, resolve_ref
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.setup import birthday_problem, name_problem, played_on_problem
from taverna_rules.games.taverna.state import GameState, Task, card_kind

__all__ = ["coin_changes", "coins_from_log", "resume", "stack_problems", "state_problems"]

TURN_STEPS = ("pick_card", "place_customer", "income", "turn_actions", "end_turn")
_COUNTERS = ("privilege_supply", "privileges_discarded", "customers_played")
#: Carriers that lead to the royal scoring.
_TO_ROYAL = ("turn", "end_turn", "end_game", "royal_scoring")


def state_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Every inconsistency of ``state`` with ``rules`` (empty when consistent)."""
    out: list[str] = []
    peoples = rules.people_ids()
    n = len(state.players)
    top = rules.constants.top
    customers = {c.id for c in rules.customers}
    spells = {s.id for s in rules.spells}
    favours = {f.id for f in rules.favours}
    symbols = {s.id for s in rules.symbols}
    dignitaries = {d.id for d in rules.dignitaries}

    if n not in rules.constants.player_counts:
        out.append(f"{n} players: the rules are for {rules.constants.player_counts}")
    names = [p.name for p in state.players]
    out += [problem for problem in map(name_problem, names) if problem]
    if len(set(names)) != n:
        out.append(f"player names must differ: {shown(names)}")
    out += [f"{p.name}: {problem}" for p in state.players if (problem := birthday_problem(p.birthday))]
    problem = played_on_problem(state.played_on)
    if problem:
        out.append(problem)
    if tuple(state.peoples) != peoples:
        out.append(f"peoples {list(state.peoples)} are not the rules' {list(peoples)}")
    for role, people in (("king", state.king), ("queen", state.queen)):
        if people is not None and people not in peoples:
            out.append(f"{role}: unknown people {people!r}")
    if state.king is not None and state.king == state.queen:
        out.append("the King's and the Queen's peoples must differ")
    if not 0 <= state.first_player < max(n, 1):
        out.append(f"first_player {state.first_player} is not a seat")

    for p in state.players:
        if len(p.tracks) != len(peoples):
            out.append(f"{p.name}: {len(p.tracks)} track positions for {len(peoples)} tracks")
        for people, position in zip(peoples, p.tracks, strict=False):
            if not 0 <= position <= top:
                out.append(f"{p.name}: {people} position {position} is not between 0 and {top}")
        if p.coins < 0 or p.privileges < 0:
            out.append(f"{p.name}: coins and privileges cannot be negative")
        for card in (*p.hand, *p.cast):
            if card_kind(card) not in spells:
                out.append(f"{p.name}: unknown spell card {card!r}")
        for tile in (*p.favours, *p.favours_used):
            if card_kind(tile) not in favours:
                out.append(f"{p.name}: unknown royal favour {tile!r}")
        for card in p.cards:
            if card not in customers:
                out.append(f"{p.name}: unknown customer card {card!r}")
        if state.deeds_owned(state.players.index(p)) > rules.constants.deeds_per_player:
            out.append(f"{p.name}: more than {rules.constants.deeds_per_player} deeds on the board")
    for index, people in enumerate(peoples):
        at_top = [p.name for p in state.players if len(p.tracks) > index and p.tracks[index] == top]
        if len(at_top) > 1:
            out.append(f"only one player may reach the top of the {people} track: {at_top}")

    for tavern in state.taverns:
        for people in tavern.tables:
            if people is not None and people not in peoples:
                out.append(f"tavern {tavern.id}: unknown people {people!r} at a table")
        owners = Counter(o for o in tavern.deeds if o is not None)
        for owner, count in owners.items():
            if not 0 <= owner < n:
                out.append(f"tavern {tavern.id}: deed owner {owner} is not a seat")
            elif count > 1:
                out.append(f"tavern {tavern.id}: {names[owner]} owns {count} deeds (one per tavern)")
        if len(tavern.dignitaries) > 2 or set(tavern.dignitaries) - dignitaries:
            out.append(f"tavern {tavern.id}: dignitaries {list(tavern.dignitaries)} (at most 2 known ones)")
        if len(set(tavern.guild_tokens)) != len(tavern.guild_tokens) or set(tavern.guild_tokens) - symbols:
            out.append(f"tavern {tavern.id}: guild tokens {list(tavern.guild_tokens)} (known, never twice)")
    for card in (*state.row, *state.customer_deck):
        if card not in customers:
            out.append(f"unknown customer card {card!r}")
    for card in (*state.spell_deck, *state.curses, *(c for _, c in state.spell_discard)):
        if card_kind(card) not in spells:
            out.append(f"unknown spell card {card!r}")
    for tile in (*state.castle, *state.favour_reserve):
        if card_kind(tile) not in favours:
            out.append(f"unknown royal favour {tile!r}")

    counts = [*state.tiles, *state.tiles_removed, *state.guild_supply]
    counts += [(name, getattr(state, name)) for name in _COUNTERS]
    out += [f"{name}: {count} cannot be negative" for name, count in counts if count < 0]
    kinds = [task.kind for task in state.stack]
    out += stack_problems(rules, state)
    turn = state.turn
    if turn is not None:
        picked = "pick_card" not in kinds
        if "place_customer" in kinds and picked and turn.people not in peoples:
            out.append("the turn needs the 'people' of the customer to seat")
        if "income" in kinds and picked and "place_customer" not in kinds and turn.tavern is None:
            out.append("the turn needs the 'tavern' where the customer sits")
    return out


def coin_changes(event: ev.Event) -> tuple[tuple[int, int], ...]:
    """What ``event`` does to coins: (seat, change) pairs; a deed taken over pays its
    price and gives the refund to its owner."""
    if isinstance(event, ev.CoinsGained):
        return ((event.player, event.amount),)
    if isinstance(event, ev.CoinsPaid):
        return ((event.player, -event.amount),)
    if isinstance(event, ev.DeedBought):
        return ((event.player, -event.price),)
    if isinstance(event, ev.DeedTakenOver):
        return ((event.player, -event.price), (event.owner, event.refund))
    return ()


def coins_from_log(events: Sequence[ev.Event]) -> list[int]:
    """Each player's coins by the ledger of a log that starts with ``GameStarted``."""
    started = events[0]
    if not isinstance(started, ev.GameStarted):
        raise ValueError(f"a log starts with GameStarted, not {started.TYPE}")
    coins = [started.starting_coins] * len(started.players)
    for event in events:
        for seat, change in coin_changes(event):
            coins[seat] += change
    return coins


# ----------------------------------------------------------------------------- the stack
#: Steps that carry the game on to its end: a stack needs one. The first of them to run
#: plays the game to its result; steps below it never run.
CARRIERS = ("turn", "end_turn", "end_game", "royal_scoring", "finish")
#: Steps that work for a player: their ``player`` must be a seat.
_NO_PLAYER = ("end_game", "royal_scoring", "people_scoring", "finish", "refill_castle")
#: Decision steps that resolve the effect node their task points at, and the op it must have.
_NODE_OPS: dict[str, tuple[str, ...]] = {
    "effect_choice": ("choose", "optional"),
    "choose_player": ("for_each",),
    "effect_track": ("advance_track",),
    "choose_deed": ("buy_deed",),
    "choose_guild_token": ("place_guild_tokens",),
    "choose_symbol_change": ("change_card_symbol",),
    "choose_other_people": ("swap_customer_people",),
    "choose_customer_to_move": ("move_customer",),
    "choose_free_table": ("move_customer",),
    "choose_customer_to_remove": ("remove_customer",),
}
#: Ops that read the turn in progress: an effect holding one needs a ``turn``.
_TURN_OPS = ("add_card_symbol", "change_card_symbol", "swap_customer_people", "buy_deed")
_INDEX = re.compile(r"[0-9]{1,4}")
_REF_KINDS = ("track", "royal", "spell", "dignitary", "favour")


def _node(rules: RuleSet, ref: str, path: tuple[int, ...]) -> Node | None:
    """The effect node a task points at, or ``None`` when the ref or the path leads nowhere.

    Numbers in refs and paths are plain non-negative integers: ``-1`` would reach a node
    from the end, which no live game does.
    """
    kind, _, rest = ref.partition(":")
    if kind not in _REF_KINDS or any(i < 0 for i in path):
        return None
    if kind in ("track", "dignitary") and not _INDEX.fullmatch(rest.rpartition(":")[2]):
        return None
    try:
        return resolve_ref(rules, ref).at(path)
    except (KeyError, IndexError, ValueError):
        return None


def _task_problem(rules: RuleSet, state: GameState, task: Task) -> str | None:
    """Why ``task`` cannot run in ``state``, or ``None``; the stack as a whole is checked
    by :func:`stack_problems`."""
    n = len(state.players)
    if task.kind == "setup":
        return "'setup' opens a new game: a position starts after it"
    if not (task.player == -1 and task.kind in _NO_PLAYER) and not 0 <= task.player < n:
        return f"player {task.player} is not a seat (0 to {n - 1})"
    turn = state.turn
    if task.kind in TURN_STEPS and (turn is None or turn.player != task.player):
        return f"needs the 'turn' of seat {task.player}"
    if task.kind == "choose_people":
        if task.ref not in ("king", "queen"):
            return f"ref is 'king' or 'queen', not {task.ref!r}"
        if task.ref == "king" and n > 2 and not state.row:
            return "the King's people is chosen from the first card of the row: the row is empty"
    if task.kind == "send_dignitary":
        if _node(rules, task.ref, ()) is None or not task.ref.startswith("dignitary:"):
            return f"ref is 'dignitary:<id>:<level>', not {task.ref!r}"
        dignitary = task.ref.split(":")[1]
        if not any(dignitary in t.dignitaries for t in state.taverns):
            return f"the {dignitary} is on no tavern of the board"
    if task.kind == "effect" or task.kind in _NODE_OPS:
        node = _node(rules, task.ref, task.path)
        if node is None:
            return f"no effect at ref {task.ref!r} path {list(task.path)}"
        ops = _NODE_OPS.get(task.kind)
        if ops is not None and node.op not in ops:
            return f"points at a {node.op!r} effect, not {' or '.join(map(repr, ops))}"
        if turn is None and any(n.op in _TURN_OPS for n in node.walk()):
            return "its effect acts on the card of the turn: the position needs a 'turn'"
        if any(n.op == "buy_deed" or n.arg("where") == "arrival" for n in node.walk()) and (
            turn is None or turn.arrival not in {t.id for t in state.taverns}
        ):
            return "its effect acts in the tavern of arrival: the turn needs an 'arrival'"
    if task.kind == "choose_free_table":
        return _move_problem(state, task)
    return None


def _move_problem(state: GameState, task: Task) -> str | None:
    """A customer being moved: ``args`` name its tavern and table, where it still sits."""
    if len(task.args) != 2 or not _INDEX.fullmatch(task.args[1]):
        return f"args are [tavern, table] of the customer moved, not {list(task.args)}"
    tavern, table = task.args[0], int(task.args[1])
    tables = next((t.tables for t in state.taverns if t.id == tavern), ())
    if not table < len(tables) or tables[table] is None:
        return f"no customer sits at table {table} of tavern {tavern!r}"
    return None


def stack_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Every reason the stack of ``state`` cannot play on to the end of the game."""
    known = {*AUTOMATIC, *DECISIONS}  # with "setup", whose step problem says why it cannot run
    # The engine still runs the automatic steps it reaches after the end in the same run,
    # so only carriers may wait below the first one.
    out, carrier = check_stack(
        state.stack,
        known,
        CARRIERS,
        partial(_task_problem, rules, state),
        may_wait=CARRIERS,
        over=state.result is not None,
    )
    if out or carrier is None:
        return out  # over, or checked by whoever resumes it (nothing comes next)
    out += _royal_problems(rules, state, carrier)
    out += _customer_problems(rules, state, carrier)
    return out


def _royal_problems(rules: RuleSet, state: GameState, carrier: int) -> list[str]:
    """The King's (and Queen's) people for the royal scoring, and enough opportunities
    left for every choice to come before the game ends (the stack's steps above its first
    ``carrier`` and those the carrier leads to)."""
    n = len(state.players)
    if n not in rules.constants.player_counts:
        return []
    out = []
    ahead = state.stack[carrier:]
    chosen = {task.ref for task in ahead if task.kind == "choose_people"}
    if state.stack[carrier].kind in _TO_ROYAL:
        if state.king is None and "king" not in chosen:
            out.append("royal scoring needs the King's people: set 'king'")
        if rules.constants.royal_picks_for(n) > 1 and state.queen is None and "queen" not in chosen:
            out.append(f"with {n} players royal scoring also follows the Queen's people: set 'queen'")
    left = len(rules.royal_scorings) - len({scoring for scoring, _ in state.royal_used})
    coming = sum(task.kind == "choose_royal" for task in state.stack[carrier:])
    if state.stack[carrier].kind in ("turn", "end_turn", "end_game", "royal_scoring"):
        coming += n * rules.constants.royal_picks_for(n)
    if coming > left:
        out.append(f"{coming} royal scoring choices to come, {left} opportunities left")
    return out


def _customer_problems(rules: RuleSet, state: GameState, carrier: int) -> list[str]:
    """Customers for the picks at hand: those of the turn in progress from the row as it is,
    and one for a turn about to start. (A position may hold fewer cards or tiles than the
    turns left need: the game then waits at a pick without a legal action; the engine
    does not yet end a game whose customers ran out.)"""
    ahead = [task.kind for task in state.stack[carrier + 1 :]]
    now = ahead.count("pick_card")
    soon = now + (1 if state.stack[carrier].kind == "turn" else 0)
    out = []
    if now > len(state.row):
        out.append(f"{now} customer(s) to pick now from a row of {len(state.row)}")
    cards = len(state.row) + len(state.customer_deck)
    if soon > cards:
        out.append(f"{soon} customer(s) to pick soon, {cards} customer card(s) left")
    tiles = sum(count for _, count in state.tiles)
    if soon > tiles:
        out.append(f"{soon} customer(s) to pick soon, {tiles} customer tile(s) left")
    return out


def resume(rules: RuleSet, state: GameState) -> list[ev.Event]:
    """The events that resume ``state``: it loaded, then its automatic steps ran up to the
    first decision. :class:`PositionError` when the state does not play: an inconsistency,
    a step that fails, a decision without a legal action, or steps that run out before the
    game ends. What a position loads, a game can play."""
    loaded = ev.PositionLoaded(state)
    return resume_state(rules, evolve(None, loaded), loaded, state_problems(rules, state))
