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
from taverna_rules.core.effects import EFFECT_CHOICE
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

    out += _reference_problems(rules, state)
    out += _copy_problems(rules, state)
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


def _copy_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Each card or tile is one of the game's copies, in one place (a document may leave
    some out; none is there twice, nor more of a kind than the game has)."""
    players = state.players
    found = {
        "spell card": [
            *state.spell_deck,
            *state.curses,
            *(card for _, card in state.spell_discard),
            *(card for p in players for card in (*p.hand, *p.cast)),
        ],
        "royal favour": [
            *state.castle,
            *state.favour_reserve,
            *(tile for p in players for tile in (*p.favours, *p.favours_used)),
        ],
        "customer card": [*state.row, *state.customer_deck, *(card for p in players for card in p.cards)],
    }
    copies = {
        "spell card": {s.id: s.copies for s in rules.spells},
        "royal favour": {f.id: f.copies for f in rules.favours},
        "customer card": {c.id: 1 for c in rules.customers},
    }
    out = []
    for kind, things in found.items():
        # A hand-written position may name a card by its kind (``gain_level``).
        twice = [thing for thing, count in Counter(things).items() if count > 1 and "#" in thing]
        kinds = Counter(card_kind(thing) for thing in things)
        many = [k for k, count in kinds.items() if count > copies[kind].get(k, count)]
        if twice or many:
            out.append(f"{kind}s {shown(sorted(twice + many))}: more than the game's copies, or twice")
    return out


def _reference_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Every name in the state that the checks above do not read names a thing of its kind:
    a tavern where a tavern is expected, a card that exists, a seat that is one."""
    turn = state.turn
    kinds: dict[str, set[str]] = {
        "tavern": {t.id for t in state.taverns},
        "customer card": {c.id for c in rules.customers},
        "people": set(rules.people_ids()),
        "guild symbol": {s.id for s in rules.symbols},
        "dignitary": {d.id for d in rules.dignitaries},
        "royal favour": {f.id for f in rules.favours},
        "royal scoring": {r.id for r in rules.royal_scorings},
    }
    refs: list[tuple[str, object, str]] = [
        ("royal_used", scoring, "royal scoring") for scoring, _ in state.royal_used
    ]
    refs += [(f"{p.name} royal", scoring, "royal scoring") for p in state.players for scoring in p.royal]
    if turn is not None:
        refs += [
            ("turn.tavern", turn.tavern, "tavern"),
            ("turn.arrival", turn.arrival, "tavern"),
            ("turn.card", turn.card, "customer card"),
            ("turn.people", turn.people, "people"),
            *(("turn.symbols", symbol, "guild symbol") for symbol in turn.symbols),
            *(("turn.dignitaries_used", d, "dignitary") for d in turn.dignitaries_used),
            *(("turn.favours_used", f, "royal favour") for f in turn.favours_used),
        ]
    out = [
        f"{where}: {shown(value)} is no {kind}"
        for where, value, kind in refs
        if value is not None and value not in kinds[kind]
    ]
    n = len(state.players)
    if any(not 0 <= seat < n for _, seat in state.royal_used):
        out.append(f"royal_used: {shown(list(state.royal_used))} names a seat that is none")
    if turn is not None:
        tables = next((len(t.tables) for t in state.taverns if t.id == turn.tavern), 0)
        if turn.table is not None and not 0 <= turn.table < tables:
            out.append(f"turn.table: {turn.table} is no table of tavern {shown(turn.tavern)}")
        if not 0 <= turn.player < n or any(not 0 <= seat < n for seat in turn.responded):
            out.append(f"turn: player {turn.player} or responded {shown(list(turn.responded))} is no seat")
        if turn.spells_cast < 0 or turn.extra_casts < 0:
            out.append("turn: spells_cast and extra_casts cannot be negative")
    turns = n * rules.constants.turns_for(n)
    if state.customers_played > turns:
        out.append(f"customers_played: {state.customers_played} is more than the game's {turns}")
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
    EFFECT_CHOICE: ("choose", "optional"),
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
    """Customers for every pick to come: those of the turn in progress from the row as it
    is, then one a turn until the game's last (``customers_played`` reaches the players
    times the turns each).

    A pick needs a card of the row showing a people with tiles left. A people with tiles
    for as many picks as can take it (the picks left, or the cards showing it) never runs
    out: each pick takes one card and one tile, so that holds after every pick. A row
    card showing such a people can always be picked; every card must show one (a full
    game does: each people has a tile for each card showing it). A customer changed to
    another people (the royal favour "Another people") takes a tile no card shows: the
    game's own copies of such changes are the margin a real game may have used, so
    every position a game reaches is taken, though one of them may in theory run out."""
    ahead = [task.kind for task in state.stack[carrier + 1 :]]
    now = ahead.count("pick_card")
    kind, n = state.stack[carrier].kind, len(state.players)
    left = rules.constants.turns_for(n) * n - state.customers_played - now
    picks = now + (max(left, 1) if kind == "turn" else max(left, 0) if kind == "end_turn" else 0)
    out = []
    if now > len(state.row):
        out.append(f"{now} customer(s) to pick now from a row of {len(state.row)}")
    cards = (*state.row, *state.customer_deck)
    if picks > len(cards):
        return [*out, f"{picks} customer(s) to pick before the end, {len(cards)} customer card(s) left"]
    changes = _people_changes(rules)
    if changes is None:
        return out
    known = {card.id: card.peoples for card in rules.customers}  # an unknown card is refused apart
    showing = Counter(people for card in cards for people in known.get(card, ()))
    tiles = dict(state.tiles)
    lasting = {p for p, count in showing.items() if tiles.get(p, 0) + changes >= min(picks, count)}
    stuck = [card for card in cards if known.get(card) and lasting.isdisjoint(known[card])]
    if picks and stuck:
        out.append(
            f"{picks} customer(s) to pick before the end: {shown(stuck)} may find no tile left "
            f"(tiles: {dict(state.tiles)})"
        )
    return out


def _people_changes(rules: RuleSet) -> int | None:
    """How many customers the content's cards and favours can change to another people in
    a game (each copy once), or ``None`` when a dignitary, a bonus or a royal scoring can,
    without a bound the content states."""

    def changes(node: Node | None) -> bool:
        return node is not None and any(n.op == "swap_customer_people" for n in node.walk())

    copies = [s.copies for s in rules.spells if changes(s.effect)]
    copies += [f.copies for f in rules.favours if changes(f.effect)]
    repeated = [*(level.effect for d in rules.dignitaries for level in d.levels)]
    repeated += [
        *(node for t in rules.tracks for _, node in t.bonuses),
        *(r.effect for r in rules.royal_scorings),
    ]
    return None if any(map(changes, repeated)) else sum(copies)


def resume(rules: RuleSet, state: GameState) -> list[ev.Event]:
    """The events that resume ``state``: it loaded, then its automatic steps ran up to the
    first decision. :class:`PositionError` when the state does not play: an inconsistency,
    a step that fails, a decision without a legal action, or steps that run out before the
    game ends. What a position loads, a game can play."""
    loaded = ev.PositionLoaded(state)
    return resume_state(rules, evolve(None, loaded), loaded, state_problems(rules, state))
