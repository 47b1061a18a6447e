"""Taverne's state: frozen, built only by folding events
(:mod:`taverna_rules.games.taverne.evolve`).

Weapons are held as card ids, one set a seat: ``"6#2"`` is the 6 (the Tonneau) of the
second seat's set, so every card is a distinct text and a view can hide it. The table is
the seats in clockwise order (the order of play, from the Pilier to his left); a seat
whose player is knocked out keeps its place in it until the player sits again
elsewhere, and the players *present* are the seats with a Character.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from taverna_rules._records import KEEP, Keep
from taverna_rules.core.records import Action, Result, Task

__all__ = ["GameState", "Player", "value_of", "weapon_id"]


def weapon_id(value: int, seat: int) -> str:
    """The card id of the weapon ``value`` of ``seat``'s set: ``"6#2"``."""
    return f"{value}#{seat + 1}"


def value_of(weapon: str) -> int:
    """The value of a weapon card id (1 to 9)."""
    return int(weapon.partition("#")[0])


class Player:
    """One seat: its Character, Comptoir (pints, Energy, Butin) and weapons."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "absent",
        "atouts",
        "butin",
        "character",
        "dodges",
        "energy",
        "hand",
        "knocked_out",
        "name",
        "offered",
        "pile",
        "pints",
        "specialties",
        "spells",
        "suffers",
        "top",
        "used",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("name", "str"),
        ("character", "str"),
        ("offered", "tuple[str, ...]"),
        ("pints", "int"),
        ("energy", "int"),
        ("butin", "int"),
        ("hand", "tuple[str, ...]"),
        ("top", "str"),
        ("pile", "tuple[str, ...]"),
        ("dodges", "tuple[str, ...]"),
        ("knocked_out", "int"),
        ("specialties", "tuple[str, ...]"),
        ("atouts", "tuple[str, ...]"),
        ("used", "tuple[str, ...]"),
        ("suffers", "tuple[str, ...]"),
        ("spells", "int"),
        ("absent", "bool"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "character": "",
        "offered": (),
        "pints": 1,
        "energy": 0,
        "butin": 0,
        "hand": (),
        "top": "",
        "pile": (),
        "dodges": (),
        "knocked_out": 0,
        "specialties": (),
        "atouts": (),
        "used": (),
        "suffers": (),
        "spells": 0,
        "absent": False,
    }
    name: Final[str]
    #: The Character in play; ``""`` while the player is out (knocked out, waiting to
    #: sit again).
    character: Final[str]
    #: The Characters dealt to choose one from (owner only).
    offered: Final[tuple[str, ...]]
    #: The Prestige meter: pints, 1 to 11.
    pints: Final[int]
    #: Energy, 0 (Sonné) to 30.
    energy: Final[int]
    butin: Final[int]
    #: Weapons in hand (owner only).
    hand: Final[tuple[str, ...]]
    #: The top of the weapon pile, face up (``""``: the pile is empty), and the cards
    #: under it, from the next down (secret, l.266; the owner's own).
    top: Final[str]
    pile: Final[tuple[str, ...]]
    #: Weapons set aside face up as dodges this turn.
    dodges: Final[tuple[str, ...]]
    #: This player's Characters in the KO pile.
    knocked_out: Final[int]
    #: Specialties in hand (owner only; how many is public, l.312).
    specialties: Final[tuple[str, ...]]
    #: Atouts in play, face up (l.277), and those used this turn (l.279).
    atouts: Final[tuple[str, ...]]
    used: Final[tuple[str, ...]]
    #: The Crasse suffered, face up (one at most, l.283; two only while call 8 asks which
    #: to keep).
    suffers: Final[tuple[str, ...]]
    #: Spells cast this turn (at most the Prestige, l.296).
    spells: Final[int]
    #: Away from the table for a few turns (l.303-304): nothing touches him meanwhile.
    absent: Final[bool]

    def __init__(
        self,
        name: str,
        #: The Character in play; ``""`` while the player is out (knocked out, waiting to
        #: sit again).
        character: str = "",
        #: The Characters dealt to choose one from (owner only).
        offered: tuple[str, ...] = (),
        #: The Prestige meter: pints, 1 to 11.
        pints: int = 1,
        #: Energy, 0 (Sonné) to 30.
        energy: int = 0,
        butin: int = 0,
        #: Weapons in hand (owner only).
        hand: tuple[str, ...] = (),
        #: The top of the weapon pile, face up (``""``: the pile is empty), and the cards
        #: under it, from the next down (secret, l.266; the owner's own).
        top: str = "",
        pile: tuple[str, ...] = (),
        #: Weapons set aside face up as dodges this turn.
        dodges: tuple[str, ...] = (),
        #: This player's Characters in the KO pile.
        knocked_out: int = 0,
        #: Specialties in hand (owner only; how many is public, l.312).
        specialties: tuple[str, ...] = (),
        #: Atouts in play, face up (l.277), and those used this turn (l.279).
        atouts: tuple[str, ...] = (),
        used: tuple[str, ...] = (),
        #: The Crasse suffered, face up (one at most, l.283; two only while call 8 asks which
        #: to keep).
        suffers: tuple[str, ...] = (),
        #: Spells cast this turn (at most the Prestige, l.296).
        spells: int = 0,
        #: Away from the table for a few turns (l.303-304): nothing touches him meanwhile.
        absent: bool = False,
    ) -> None:
        self.name = name
        self.character = character
        self.offered = offered
        self.pints = pints
        self.energy = energy
        self.butin = butin
        self.hand = hand
        self.top = top
        self.pile = pile
        self.dodges = dodges
        self.knocked_out = knocked_out
        self.specialties = specialties
        self.atouts = atouts
        self.used = used
        self.suffers = suffers
        self.spells = spells
        self.absent = absent

    def replace(
        self,
        *,
        name: Keep | str = KEEP,
        character: Keep | str = KEEP,
        offered: Keep | tuple[str, ...] = KEEP,
        pints: Keep | int = KEEP,
        energy: Keep | int = KEEP,
        butin: Keep | int = KEEP,
        hand: Keep | tuple[str, ...] = KEEP,
        top: Keep | str = KEEP,
        pile: Keep | tuple[str, ...] = KEEP,
        dodges: Keep | tuple[str, ...] = KEEP,
        knocked_out: Keep | int = KEEP,
        specialties: Keep | tuple[str, ...] = KEEP,
        atouts: Keep | tuple[str, ...] = KEEP,
        used: Keep | tuple[str, ...] = KEEP,
        suffers: Keep | tuple[str, ...] = KEEP,
        spells: Keep | int = KEEP,
        absent: Keep | bool = KEEP,
    ) -> Player:
        """A copy with the fields given changed."""
        return Player(
            self.name if name is KEEP else name,
            self.character if character is KEEP else character,
            self.offered if offered is KEEP else offered,
            self.pints if pints is KEEP else pints,
            self.energy if energy is KEEP else energy,
            self.butin if butin is KEEP else butin,
            self.hand if hand is KEEP else hand,
            self.top if top is KEEP else top,
            self.pile if pile is KEEP else pile,
            self.dodges if dodges is KEEP else dodges,
            self.knocked_out if knocked_out is KEEP else knocked_out,
            self.specialties if specialties is KEEP else specialties,
            self.atouts if atouts is KEEP else atouts,
            self.used if used is KEEP else used,
            self.suffers if suffers is KEEP else suffers,
            self.spells if spells is KEEP else spells,
            self.absent if absent is KEEP else absent,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Player):
            return NotImplemented
        return (
            self.name,
            self.character,
            self.offered,
            self.pints,
            self.energy,
            self.butin,
            self.hand,
            self.top,
            self.pile,
            self.dodges,
            self.knocked_out,
            self.specialties,
            self.atouts,
            self.used,
            self.suffers,
            self.spells,
            self.absent,
        ) == (
            other.name,
            other.character,
            other.offered,
            other.pints,
            other.energy,
            other.butin,
            other.hand,
            other.top,
            other.pile,
            other.dodges,
            other.knocked_out,
            other.specialties,
            other.atouts,
            other.used,
            other.suffers,
            other.spells,
            other.absent,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.name,
                self.character,
                self.offered,
                self.pints,
                self.energy,
                self.butin,
                self.hand,
                self.top,
                self.pile,
                self.dodges,
                self.knocked_out,
                self.specialties,
                self.atouts,
                self.used,
                self.suffers,
                self.spells,
                self.absent,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"name={self.name!r}",
            f"character={self.character!r}",
            f"offered={self.offered!r}",
            f"pints={self.pints!r}",
            f"energy={self.energy!r}",
            f"butin={self.butin!r}",
            f"hand={self.hand!r}",
            f"top={self.top!r}",
            f"pile={self.pile!r}",
            f"dodges={self.dodges!r}",
            f"knocked_out={self.knocked_out!r}",
            f"specialties={self.specialties!r}",
            f"atouts={self.atouts!r}",
            f"used={self.used!r}",
            f"suffers={self.suffers!r}",
            f"spells={self.spells!r}",
            f"absent={self.absent!r}",
        )
        return "Player(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[Player], tuple[Any, ...]]:
        return Player, (
            self.name,
            self.character,
            self.offered,
            self.pints,
            self.energy,
            self.butin,
            self.hand,
            self.top,
            self.pile,
            self.dodges,
            self.knocked_out,
            self.specialties,
            self.atouts,
            self.used,
            self.suffers,
            self.spells,
            self.absent,
        )

    # end of record

    @property
    def present(self) -> bool:
        """True while the player has a Character at the table (not knocked out, not away)."""
        return self.character != "" and not self.absent


class GameState:
    """A game of Taverne at one moment."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "attacks",
        "auction",
        "bids",
        "call",
        "chance",
        "characters",
        "commits",
        "crasses",
        "draws",
        "hits",
        "ko",
        "laid",
        "milice",
        "named",
        "options",
        "pilier",
        "players",
        "result",
        "revealed",
        "rules",
        "seed",
        "specialty_buried",
        "specialty_deck",
        "specialty_discard",
        "split",
        "stack",
        "table",
        "turn",
        "under",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("rules", "str"),
        ("players", "tuple[Player, ...]"),
        ("seed", "int"),
        ("draws", "int"),
        ("chance", "str"),
        ("options", "tuple[tuple[str, Any], ...]"),
        ("turn", "int"),
        ("call", "int"),
        ("pilier", "int"),
        ("table", "tuple[int, ...]"),
        ("characters", "tuple[str, ...]"),
        ("under", "tuple[str, ...]"),
        ("ko", "tuple[str, ...]"),
        ("auction", "tuple[str, ...]"),
        ("bids", "tuple[int, ...]"),
        ("milice", "tuple[int, ...]"),
        ("attacks", "tuple[tuple[int, int, str], ...]"),
        ("laid", "tuple[tuple[int, str], ...]"),
        ("revealed", "tuple[tuple[int, str], ...]"),
        ("split", "tuple[tuple[int, int], ...]"),
        ("named", "tuple[tuple[int, int], ...]"),
        ("specialty_deck", "tuple[str, ...]"),
        ("specialty_discard", "tuple[str, ...]"),
        ("specialty_buried", "tuple[str, ...]"),
        ("crasses", "tuple[tuple[int, str], ...]"),
        ("hits", "tuple[int, ...]"),
        ("commits", "tuple[tuple[int, Action | None], ...]"),
        ("stack", "tuple[Task, ...]"),
        ("result", "Result | None"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "seed": 0,
        "draws": 0,
        "chance": "sampled",
        "options": (),
        "turn": 0,
        "call": 0,
        "pilier": 0,
        "table": (),
        "characters": (),
        "under": (),
        "ko": (),
        "auction": (),
        "bids": (),
        "milice": (),
        "attacks": (),
        "laid": (),
        "revealed": (),
        "split": (),
        "named": (),
        "specialty_deck": (),
        "specialty_discard": (),
        "specialty_buried": (),
        "crasses": (),
        "hits": (),
        "commits": (),
        "stack": (),
        "result": None,
    }
    rules: Final[str]
    players: Final[tuple[Player, ...]]
    seed: Final[int]
    draws: Final[int]
    chance: Final[str]
    options: Final[tuple[tuple[str, Any], ...]]
    turn: Final[int]
    #: The call the Pilier announced last, 1 to 9 (0 before the first turn).
    call: Final[int]
    pilier: Final[int]
    #: Every seat in clockwise order (to the left), present or not.
    table: Final[tuple[int, ...]]
    #: The Character pile as shuffled, unordered (a Character dealt from it is a draw),
    #: and the Characters put under it since, the first put first (count only).
    characters: Final[tuple[str, ...]]
    under: Final[tuple[str, ...]]
    #: The KO pile: Characters out for the rest of the game.
    ko: Final[tuple[str, ...]]
    #: Characters by auction (rule option ``auction``): those laid face up to choose
    #: from, and the Energy each seat bid.
    auction: Final[tuple[str, ...]]
    bids: Final[tuple[int, ...]]
    #: The seats that called the Milice this turn, first caller first.
    milice: Final[tuple[int, ...]]
    #: This turn's attacks: (attacker, defender, spot), kept until the turn ends.
    attacks: Final[tuple[tuple[int, int, str], ...]]
    #: The weapons laid face down for them, by attacker (each seen by its owner).
    laid: Final[tuple[tuple[int, str], ...]]
    #: The attacks resolved, by attacker, with the weapon turned up.
    revealed: Final[tuple[tuple[int, str], ...]]
    #: The dodges each defender put on each attack: (attacker, count).
    split: Final[tuple[tuple[int, int], ...]]
    #: The values named against each attack: (attacker, value).
    named: Final[tuple[tuple[int, int], ...]]
    #: The Specialty pile as shuffled, unordered (a card bought from it is a draw); the
    #: discards put under it since (l.274): those seen face up (a Sort cast, an Atout or
    #: a Crasse discarded from play) and those nobody saw (a knocked-out player's hand,
    #: a Crasse laid with a dodged attack). Count only but for the first.
    specialty_deck: Final[tuple[str, ...]]
    specialty_discard: Final[tuple[str, ...]]
    specialty_buried: Final[tuple[str, ...]]
    #: The Crasses laid face down with an attack this turn, by attacker (l.281), and
    #: the attackers whose attack hit this turn (their Crasses are served at call 8,
    #: l.180-182).
    crasses: Final[tuple[tuple[int, str], ...]]
    hits: Final[tuple[int, ...]]
    commits: Final[tuple[tuple[int, Action | None], ...]]
    stack: Final[tuple[Task, ...]]
    result: Final[Result | None]

    def __init__(
        self,
        rules: str,
        players: tuple[Player, ...],
        seed: int = 0,
        draws: int = 0,
        chance: str = "sampled",
        options: tuple[tuple[str, Any], ...] = (),
        turn: int = 0,
        #: The call the Pilier announced last, 1 to 9 (0 before the first turn).
        call: int = 0,
        pilier: int = 0,
        #: Every seat in clockwise order (to the left), present or not.
        table: tuple[int, ...] = (),
        #: The Character pile as shuffled, unordered (a Character dealt from it is a draw),
        #: and the Characters put under it since, the first put first (count only).
        characters: tuple[str, ...] = (),
        under: tuple[str, ...] = (),
        #: The KO pile: Characters out for the rest of the game.
        ko: tuple[str, ...] = (),
        #: Characters by auction (rule option ``auction``): those laid face up to choose
        #: from, and the Energy each seat bid.
        auction: tuple[str, ...] = (),
        bids: tuple[int, ...] = (),
        #: The seats that called the Milice this turn, first caller first.
        milice: tuple[int, ...] = (),
        #: This turn's attacks: (attacker, defender, spot), kept until the turn ends.
        attacks: tuple[tuple[int, int, str], ...] = (),
        #: The weapons laid face down for them, by attacker (each seen by its owner).
        laid: tuple[tuple[int, str], ...] = (),
        #: The attacks resolved, by attacker, with the weapon turned up.
        revealed: tuple[tuple[int, str], ...] = (),
        #: The dodges each defender put on each attack: (attacker, count).
        split: tuple[tuple[int, int], ...] = (),
        #: The values named against each attack: (attacker, value).
        named: tuple[tuple[int, int], ...] = (),
        #: The Specialty pile as shuffled, unordered (a card bought from it is a draw); the
        #: discards put under it since (l.274): those seen face up (a Sort cast, an Atout or
        #: a Crasse discarded from play) and those nobody saw (a knocked-out player's hand,
        #: a Crasse laid with a dodged attack). Count only but for the first.
        specialty_deck: tuple[str, ...] = (),
        specialty_discard: tuple[str, ...] = (),
        specialty_buried: tuple[str, ...] = (),
        #: The Crasses laid face down with an attack this turn, by attacker (l.281), and
        #: the attackers whose attack hit this turn (their Crasses are served at call 8,
        #: l.180-182).
        crasses: tuple[tuple[int, str], ...] = (),
        hits: tuple[int, ...] = (),
        commits: tuple[tuple[int, Action | None], ...] = (),
        stack: tuple[Task, ...] = (),
        result: Result | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.draws = draws
        self.chance = chance
        self.options = options
        self.turn = turn
        self.call = call
        self.pilier = pilier
        self.table = table
        self.characters = characters
        self.under = under
        self.ko = ko
        self.auction = auction
        self.bids = bids
        self.milice = milice
        self.attacks = attacks
        self.laid = laid
        self.revealed = revealed
        self.split = split
        self.named = named
        self.specialty_deck = specialty_deck
        self.specialty_discard = specialty_discard
        self.specialty_buried = specialty_buried
        self.crasses = crasses
        self.hits = hits
        self.commits = commits
        self.stack = stack
        self.result = result

    def replace(
        self,
        *,
        rules: Keep | str = KEEP,
        players: Keep | tuple[Player, ...] = KEEP,
        seed: Keep | int = KEEP,
        draws: Keep | int = KEEP,
        chance: Keep | str = KEEP,
        options: Keep | tuple[tuple[str, Any], ...] = KEEP,
        turn: Keep | int = KEEP,
        call: Keep | int = KEEP,
        pilier: Keep | int = KEEP,
        table: Keep | tuple[int, ...] = KEEP,
        characters: Keep | tuple[str, ...] = KEEP,
        under: Keep | tuple[str, ...] = KEEP,
        ko: Keep | tuple[str, ...] = KEEP,
        auction: Keep | tuple[str, ...] = KEEP,
        bids: Keep | tuple[int, ...] = KEEP,
        milice: Keep | tuple[int, ...] = KEEP,
        attacks: Keep | tuple[tuple[int, int, str], ...] = KEEP,
        laid: Keep | tuple[tuple[int, str], ...] = KEEP,
        revealed: Keep | tuple[tuple[int, str], ...] = KEEP,
        split: Keep | tuple[tuple[int, int], ...] = KEEP,
        named: Keep | tuple[tuple[int, int], ...] = KEEP,
        specialty_deck: Keep | tuple[str, ...] = KEEP,
        specialty_discard: Keep | tuple[str, ...] = KEEP,
        specialty_buried: Keep | tuple[str, ...] = KEEP,
        crasses: Keep | tuple[tuple[int, str], ...] = KEEP,
        hits: Keep | tuple[int, ...] = KEEP,
        commits: Keep | tuple[tuple[int, Action | None], ...] = KEEP,
        stack: Keep | tuple[Task, ...] = KEEP,
        result: Keep | Result | None = KEEP,
    ) -> GameState:
        """A copy with the fields given changed."""
        return GameState(
            self.rules if rules is KEEP else rules,
            self.players if players is KEEP else players,
            self.seed if seed is KEEP else seed,
            self.draws if draws is KEEP else draws,
            self.chance if chance is KEEP else chance,
            self.options if options is KEEP else options,
            self.turn if turn is KEEP else turn,
            self.call if call is KEEP else call,
            self.pilier if pilier is KEEP else pilier,
            self.table if table is KEEP else table,
            self.characters if characters is KEEP else characters,
            self.under if under is KEEP else under,
            self.ko if ko is KEEP else ko,
            self.auction if auction is KEEP else auction,
            self.bids if bids is KEEP else bids,
            self.milice if milice is KEEP else milice,
            self.attacks if attacks is KEEP else attacks,
            self.laid if laid is KEEP else laid,
            self.revealed if revealed is KEEP else revealed,
            self.split if split is KEEP else split,
            self.named if named is KEEP else named,
            self.specialty_deck if specialty_deck is KEEP else specialty_deck,
            self.specialty_discard if specialty_discard is KEEP else specialty_discard,
            self.specialty_buried if specialty_buried is KEEP else specialty_buried,
            self.crasses if crasses is KEEP else crasses,
            self.hits if hits is KEEP else hits,
            self.commits if commits is KEEP else commits,
            self.stack if stack is KEEP else stack,
            self.result if result is KEEP else result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.rules,
            self.players,
            self.seed,
            self.draws,
            self.chance,
            self.options,
            self.turn,
            self.call,
            self.pilier,
            self.table,
            self.characters,
            self.under,
            self.ko,
            self.auction,
            self.bids,
            self.milice,
            self.attacks,
            self.laid,
            self.revealed,
            self.split,
            self.named,
            self.specialty_deck,
            self.specialty_discard,
            self.specialty_buried,
            self.crasses,
            self.hits,
            self.commits,
            self.stack,
            self.result,
        ) == (
            other.rules,
            other.players,
            other.seed,
            other.draws,
            other.chance,
            other.options,
            other.turn,
            other.call,
            other.pilier,
            other.table,
            other.characters,
            other.under,
            other.ko,
            other.auction,
            other.bids,
            other.milice,
            other.attacks,
            other.laid,
            other.revealed,
            other.split,
            other.named,
            other.specialty_deck,
            other.specialty_discard,
            other.specialty_buried,
            other.crasses,
            other.hits,
            other.commits,
            other.stack,
            other.result,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.rules,
                self.players,
                self.seed,
                self.draws,
                self.chance,
                self.options,
                self.turn,
                self.call,
                self.pilier,
                self.table,
                self.characters,
                self.under,
                self.ko,
                self.auction,
                self.bids,
                self.milice,
                self.attacks,
                self.laid,
                self.revealed,
                self.split,
                self.named,
                self.specialty_deck,
                self.specialty_discard,
                self.specialty_buried,
                self.crasses,
                self.hits,
                self.commits,
                self.stack,
                self.result,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"rules={self.rules!r}",
            f"players={self.players!r}",
            f"seed={self.seed!r}",
            f"draws={self.draws!r}",
            f"chance={self.chance!r}",
            f"options={self.options!r}",
            f"turn={self.turn!r}",
            f"call={self.call!r}",
            f"pilier={self.pilier!r}",
            f"table={self.table!r}",
            f"characters={self.characters!r}",
            f"under={self.under!r}",
            f"ko={self.ko!r}",
            f"auction={self.auction!r}",
            f"bids={self.bids!r}",
            f"milice={self.milice!r}",
            f"attacks={self.attacks!r}",
            f"laid={self.laid!r}",
            f"revealed={self.revealed!r}",
            f"split={self.split!r}",
            f"named={self.named!r}",
            f"specialty_deck={self.specialty_deck!r}",
            f"specialty_discard={self.specialty_discard!r}",
            f"specialty_buried={self.specialty_buried!r}",
            f"crasses={self.crasses!r}",
            f"hits={self.hits!r}",
            f"commits={self.commits!r}",
            f"stack={self.stack!r}",
            f"result={self.result!r}",
        )
        return "GameState(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[GameState], tuple[Any, ...]]:
        return GameState, (
            self.rules,
            self.players,
            self.seed,
            self.draws,
            self.chance,
            self.options,
            self.turn,
            self.call,
            self.pilier,
            self.table,
            self.characters,
            self.under,
            self.ko,
            self.auction,
            self.bids,
            self.milice,
            self.attacks,
            self.laid,
            self.revealed,
            self.split,
            self.named,
            self.specialty_deck,
            self.specialty_discard,
            self.specialty_buried,
            self.crasses,
            self.hits,
            self.commits,
            self.stack,
            self.result,
        )

    # end of record

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self.result is not None

    def option(self, name: str, default: Any = None) -> Any:
        """The value of the rule option ``name``."""
        return dict(self.options).get(name, default)

    def around(self) -> tuple[int, ...]:
        """Every seat in clockwise order from the Pilier (the order of play, l.103)."""
        table = self.table
        start = table.index(self.pilier) if self.pilier in table else 0
        return table[start:] + table[:start]

    def present(self) -> tuple[int, ...]:
        """The seats at the table with a Character, in the order of play."""
        players = self.players
        return tuple(
            seat for seat in self.around() if players[seat].character != "" and not players[seat].absent
        )
