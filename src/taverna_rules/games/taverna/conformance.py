"""Taverna's part of the conformance kit (:mod:`taverna_rules.tools.conformance`):
the components that must be conserved, the names that are public, and the coverage of
its content."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from taverna_rules.core.coverage import (
    Coverage,
    CoverageTable,
    OpTally,
    Options,
    PlayedGame,
    Unmet,
    counted,
    never_happened,
)
from taverna_rules.core.records import Event
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.integrity import coin_changes, state_problems
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.setup import resolve_options
from taverna_rules.games.taverna.state import GameState, card_kind

__all__ = ["KIT", "Ledger", "Tally", "TavernaKit"]


class Ledger:
    """What one game must conserve: customer tiles and cards, spell cards, royal
    favours, privilege and guild tokens each somewhere exactly once, and each player's
    coins as the log's ledger says."""

    def __init__(self, rules: RuleSet, game: PlayedGame) -> None:
        self.rules = rules
        state = game.state
        started = game.events[0]
        assert isinstance(started, ev.GameStarted)
        self.coins = [started.starting_coins] * len(state.players)
        self.spells_at_start = Counter(self._spell_cards(state))
        box = Counter({s.id: s.copies for s in rules.spells if not s.curse})
        dealt = Counter(card_kind(card) for card in self.spells_at_start)
        self.opening = [
            f"{dealt[kind]} cards of spell {kind!r} in the game, not {copies}"
            for kind, copies in box.items()
            if dealt[kind] != copies
        ]

    @staticmethod
    def _spell_cards(state: GameState) -> list[str]:
        return [
            *state.spell_deck,
            *(card for p in state.players for card in (*p.hand, *p.cast)),
            *(card for _, card in state.spell_discard),
            *state.curses,
        ]

    def check(self, state: GameState, new: Sequence[Event]) -> list[str]:
        """Components created or lost, and coins off the ledger of the new events; and
        every inconsistency of the state."""
        rules, out = self.rules, state_problems(self.rules, state)
        players = state.players
        supply, removed = Counter(dict(state.tiles)), Counter(dict(state.tiles_removed))
        seated = Counter(p for tavern in state.taverns for p in tavern.tables if p is not None)
        turn = state.turn
        if turn is not None and turn.people is not None and turn.tavern is None:
            seated[turn.people] += 1  # picked, not seated yet
        for people, count in rules.tiles:
            found = supply[people] + seated[people] + removed[people]
            if found != count or supply[people] < 0 or removed[people] < 0:
                out.append(f"{found} {people} customer tiles in play, not {count}")

        cards = Counter([*state.customer_deck, *state.row, *(c for p in players for c in p.cards)])
        kept = Counter(c.id for c in rules.customers if c.players <= len(players))
        if cards != kept:
            out.append(f"customer cards created or lost: {dict((cards - kept) + (kept - cards))}")
        if len(state.row) > rules.constants.row_size:
            out.append(f"{len(state.row)} customer cards in the row")

        spells = self._spell_cards(state)
        if Counter(spells) != self.spells_at_start:
            changed = (Counter(spells) - self.spells_at_start) + (self.spells_at_start - Counter(spells))
            out.append(f"spell cards created or lost since setup: {dict(changed)}")

        favours = [
            *state.castle,
            *state.favour_reserve,
            *(tile for p in players for tile in (*p.favours, *p.favours_used)),
        ]
        box = Counter({f.id: f.copies for f in rules.favours})
        if len(favours) != len(set(favours)) or Counter(card_kind(t) for t in favours) != box:
            out.append(f"royal favour tiles created, lost or doubled: {sorted(favours)}")

        privileges = (
            state.privilege_supply
            + sum(tavern.privilege for tavern in state.taverns)
            + sum(p.privileges for p in players)
            + state.privileges_discarded
        )
        if privileges != rules.privilege_tokens:
            out.append(f"{privileges} privilege tokens in play, not {rules.privilege_tokens}")
        if state.privilege_supply < 0:
            out.append(f"the privilege token supply is {state.privilege_supply}")

        guild = Counter(dict(state.guild_supply))
        placed = Counter(token for tavern in state.taverns for token in tavern.guild_tokens)
        for symbol, count in rules.guild_tokens:
            if guild[symbol] + placed[symbol] != count or guild[symbol] < 0:
                out.append(f"{guild[symbol] + placed[symbol]} {symbol} guild tokens in play, not {count}")

        for event in new:
            for seat, change in coin_changes(event):
                self.coins[seat] += change
        held = [p.coins for p in players]
        if held != self.coins:
            out.append(f"coins {held} differ from the ledger of the log {self.coins}")
        return out


_TABLES = (
    ("spells", "spells cast"),
    ("favours", "favours used"),
    ("dignitary_levels", "dignitary levels activated"),
    ("customer_cards", "customer cards played"),
    ("track_bonuses", "track bonus positions reached"),
    ("royal_scorings", "royal scorings chosen"),
)


class Tally:
    """Counts what games exercised."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.counts: dict[str, Counter[str]] = {key: Counter() for key, _ in _TABLES}
        self.ops = OpTally(rules)
        self.peoples = set(rules.people_ids())
        #: Spells whose trigger fired, royal scorings that changed something: what
        #: "happened" means for the items met (:meth:`unmet`).
        self.fired: Counter[str] = Counter()
        self.scored: Counter[str] = Counter()

    def add(self, events: Sequence[Event], trace: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        """Count the items of one game's log and the ops of its trace."""
        counts, rules = self.counts, self.rules
        for event in events:
            if isinstance(event, ev.SpellCast | ev.CurseDrawn):
                counts["spells"][card_kind(event.spell)] += 1
            elif isinstance(event, ev.FavourUsed):
                counts["favours"][card_kind(event.favour)] += 1
            elif isinstance(event, ev.DignitaryActivated):
                counts["dignitary_levels"][f"{event.dignitary}:{event.level}"] += 1
            elif isinstance(event, ev.CustomerCardPicked):
                counts["customer_cards"][event.card] += 1
            elif isinstance(event, ev.TrackAdvanced) and event.people in self.peoples:
                track = rules.track(event.people)
                for position in range(event.start + 1, event.end + 1):
                    if track.bonus(position) is not None:
                        counts["track_bonuses"][f"{event.people}:{position}"] += 1
            elif isinstance(event, ev.RoyalScoringChosen):
                counts["royal_scorings"][event.scoring] += 1
        self.scored.update(_royal_changes(events))
        self.fired.update(
            ref.partition(":")[2] for ref, path in trace if ref.startswith("trigger:") and not path
        )
        self.ops.add(trace)

    def unmet(self) -> tuple[Unmet, ...]:
        """Spells cast whose trigger never fired, royal scorings chosen that never changed
        anything (a scoring of nobody, a table nobody reached)."""
        triggered = {s.id for s in self.rules.spells if s.trigger is not None}
        cast = {spell: n for spell, n in self.counts["spells"].items() if spell in triggered}
        return (
            *never_happened("spells", cast, self.fired, "cast", "its trigger never fired", "never-fired"),
            *never_happened(
                "royal_scorings",
                self.counts["royal_scorings"],
                self.scored,
                "chosen",
                "never changed anything",
                "never-changed",
                kind="royal_scoring",
            ),
        )

    def coverage(self, player_counts: Sequence[int], options: Options = ()) -> Coverage:
        """The tables, every item of the content the games could meet listed (not the
        Curse when the options leave it out of the deck)."""
        rules = self.rules
        most = max(player_counts, default=0)
        use_curse = dict(resolve_options(rules, dict(options))).get("use_curse", True)
        known = {
            "spells": [s.id for s in rules.spells if use_curse or not s.curse],
            "favours": [f.id for f in rules.favours],
            "dignitary_levels": [f"{d.id}:{i}" for d in rules.dignitaries for i in range(len(d.levels))],
            "customer_cards": [c.id for c in rules.customers if c.players <= most],
            "track_bonuses": [f"{t.people}:{position}" for t in rules.tracks for position, _ in t.bonuses],
            "royal_scorings": [r.id for r in rules.royal_scorings],
        }
        items = tuple(
            CoverageTable(key, title, counted(known[key], self.counts[key])) for key, title in _TABLES
        )
        return Coverage(items, self.ops.table(rules.effects()), self.unmet())


def _royal_changes(events: Sequence[Event]) -> set[str]:
    """The royal scorings of one game whose effect changed something: an event between the
    scoring chosen and the next choice, or the people scoring that follows the last (a VP
    score of 0 changes nothing)."""
    changed: set[str] = set()
    scoring: str | None = None
    for event in events:
        if isinstance(event, ev.RoyalScoringChosen):
            scoring = event.scoring
        elif isinstance(event, ev.VPScored) and event.category == "people":
            scoring = None
        elif scoring is not None and not (isinstance(event, ev.VPScored) and event.amount == 0):
            changed.add(scoring)
    return changed


class TavernaKit:
    """Taverna's hooks for the conformance kit."""

    @staticmethod
    def public(rules: RuleSet, names: Sequence[str]) -> set[str]:
        """Names that are public although a card id may read the same: not tracked as
        secrets (they would raise false alarms; base game card ids never do)."""
        return {
            *rules.people_ids(),
            *(s.id for s in rules.symbols),
            *(t.id for t in rules.taverns),
            *(d.id for d in rules.dignitaries),
            *(r.id for r in rules.royal_scorings),
            *(o.id for o in rules.options),
            *(side.id for side in rules.sides),
            *names,
        }

    @staticmethod
    def ledger(rules: RuleSet, game: PlayedGame) -> Ledger:
        """The ledger of a new game."""
        return Ledger(rules, game)

    @staticmethod
    def tally(rules: RuleSet) -> Tally:
        """An empty coverage tally."""
        return Tally(rules)


KIT: Any = TavernaKit()
