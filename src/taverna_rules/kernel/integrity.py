"""What a consistent game state looks like, as a list of plain-English problems.

Used on position documents (a state written by hand must be playable before the engine
takes it) and by tests. Each check names the offending value; an empty list means the
state is consistent with the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from taverna_rules.content.model import RuleSet
from taverna_rules.kernel import events as ev
from taverna_rules.kernel.engine import AUTOMATIC, DECISIONS, resolve_ref
from taverna_rules.kernel.state import GameState

__all__ = ["coin_changes", "coins_from_log", "state_problems"]

TURN_STEPS = ("pick_card", "place_customer", "income", "turn_actions", "end_turn")
END_STEPS = ("end_game", "royal_scoring", "choose_royal")


def _kind(card: str) -> str:
    return card.split("#", 1)[0]


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
    if len(set(names)) != n:
        out.append(f"player names must differ: {names}")
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
            if _kind(card) not in spells:
                out.append(f"{p.name}: unknown spell card {card!r}")
        for tile in (*p.favours, *p.favours_used):
            if _kind(tile) not in favours:
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
        if _kind(card) not in spells:
            out.append(f"unknown spell card {card!r}")
    for tile in (*state.castle, *state.favour_reserve):
        if _kind(tile) not in favours:
            out.append(f"unknown royal favour {tile!r}")

    kinds = [task.kind for task in state.stack]
    for task in state.stack:
        if task.kind not in AUTOMATIC and task.kind not in DECISIONS:
            known = sorted({*AUTOMATIC, *DECISIONS})
            out.append(f"unknown step {task.kind!r} in the stack; known: {', '.join(known)}")
        if task.player >= n:
            out.append(f"step {task.kind!r}: player {task.player} is not a seat")
        if task.ref.partition(":")[0] in ("track", "royal", "spell", "dignitary", "favour"):
            try:
                resolve_ref(rules, task.ref).at(task.path)
            except (KeyError, IndexError, ValueError):
                out.append(f"step {task.kind!r}: no effect at {task.ref!r} {list(task.path)}")
        if task.kind in TURN_STEPS and (state.turn is None or state.turn.player != task.player):
            out.append(f"step {task.kind!r} of seat {task.player} needs the 'turn' of that player")
    turn = state.turn
    if turn is not None:
        picked = "pick_card" not in kinds
        if "place_customer" in kinds and picked and turn.people not in peoples:
            out.append("the turn needs the 'people' of the customer to seat")
        if "income" in kinds and picked and "place_customer" not in kinds and turn.tavern is None:
            out.append("the turn needs the 'tavern' where the customer sits")
    if state.king is None and any(kind in END_STEPS for kind in kinds):
        out.append("royal scoring needs the King's people: set 'king'")
    picks = rules.constants.royal_picks_for(n) if n in rules.constants.player_counts else 1
    if picks > 1 and state.queen is None and any(kind in END_STEPS for kind in kinds):
        out.append(f"with {n} players royal scoring also follows the Queen's people: set 'queen'")
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
