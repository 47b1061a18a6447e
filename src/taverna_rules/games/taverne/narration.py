"""Taverne in words, in English and French: a line per event for the narrated demo and
logs, a label per action, the text board, the demo's frame, and the heuristic of the
bots that look one step ahead. Names are the rulebook's (the calls as the Pilier shouts
them, weapons by value and name, Characters by name); what a reader may not see is "a
card"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from taverna_rules.core.choices import ChooseOption, ChoosePlayer
from taverna_rules.core.records import HIDDEN, Action, Event
from taverna_rules.core.words import Wording, counted_noun, french_articles
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne import steps as step
from taverna_rules.games.taverne.actions import (
    Attack,
    BidEnergy,
    Buy,
    CastSpell,
    ChooseCard,
    ChooseCharacter,
    ChooseOrigin,
    Dodge,
    LeaveTable,
    NameValue,
    Pass,
    PlayAtout,
    ReturnToTable,
    SplitDodges,
    TakeBackAtout,
    TakeSeat,
)
from taverna_rules.games.taverne.boxes import in_play, origin
from taverna_rules.games.taverne.effects import RUNTIME
from taverna_rules.games.taverne.ruleset import RuleSet
from taverna_rules.games.taverne.state import GameState, value_of
from taverna_rules.games.taverne.table import prestige, target

__all__ = ["NARRATION", "board_text", "describe_action", "heuristic", "narrate"]

#: The calls as the Pilier announces them (l.115-183), in English and as printed.
CALLS = {
    1: ("Start of the turn!", "Début de tour !"),
    2: ("Spend your Butin!", "Dépensez vos Butins !"),
    3: ("Prepare your dodges!", "Préparez vos esquives !"),
    4: ("To your cards! Ready? Attack!", "À vos cartes ! Prêts ? Attaquez !"),
    5: ("Settle your quarrels!", "Videz vos querelles !"),
    6: ("Out the door!", "Prenez la porte !"),
    7: ("Here comes the Milice!", "Arrivée de la Milice !"),
    8: ("Serve your dirty tricks!", "Servez vos Crasses !"),
    9: ("Pocket a Butin!", "Empochez un Butin !"),
}
SPOTS = {
    "melee_left": ("in melee, on the left", "au corps à corps, à gauche"),
    "melee_right": ("in melee, on the right", "au corps à corps, à droite"),
    "ranged_left": ("at range, on the left", "à distance, à gauche"),
    "ranged_right": ("at range, on the right", "à distance, à droite"),
}


def _say(w: Wording, en: str, fr: str) -> str:
    return french_articles(fr) if w.lang == "fr" else en


def _the(w: Wording, ident: str) -> str:
    """A card's name after "the", in English: none before a name that has its own."""
    name = w.name(ident)
    return name if name.startswith("The ") else f"the {name}"


def weapon(w: Wording, card: str | int) -> str:
    """A weapon by value and name (``the 6, Barrel``); hidden: a weapon."""
    if card == HIDDEN or card is None:
        return _say(w, "a weapon", "une arme")
    value = card if isinstance(card, int) else value_of(card)
    return f"{_say(w, 'the', 'le')} {value} ({w.rules.weapon(value).name.get(w.lang)})"


def _character(w: Wording, ident: str) -> str:
    return _say(w, "a card", "une carte") if ident == HIDDEN else w.name(ident)


# ----------------------------------------------------------------------------- events
def _started(w: Wording, e: ev.GameStarted) -> str:
    names = ", ".join(e.players)
    if e.pilier < 0:  # drawn next (PilierChosen)
        return _say(w, f"A game of Taverne for {names}.", f"Une partie de Taverne pour {names}.")
    return _say(
        w,
        f"A game of Taverne for {names}; {e.players[e.pilier]} is the Pilier.",
        f"Une partie de Taverne pour {names} ; {e.players[e.pilier]} est le Pilier.",
    )


def _pilier_drawn(w: Wording, e: ev.PilierChosen) -> str:
    who = w.who(e.pilier)
    return _say(w, f"{who} is drawn to be the Pilier.", f"Le Pilier, tiré au sort : {who}.")


def _dealt(w: Wording, e: ev.CharactersDealt) -> str:
    n = len(e.characters)
    return _say(
        w,
        f"{w.who(e.player)} is dealt {counted_noun(n, 'Character')}.",
        f"{w.who(e.player)} reçoit {n} Personnage{'s' if n > 1 else ''}.",
    )


def _origin(w: Wording, e: ev.OriginChosen) -> str:
    return _say(
        w,
        f"{w.who(e.player)} comes from {w.name(e.box)}.",
        f"{w.who(e.player)} vient de {w.name(e.box)}.",
    )


def _chosen(w: Wording, e: ev.CharacterChosen) -> str:
    return _say(
        w,
        f"{w.who(e.player)} plays {_the(w, e.character)}.",
        f"{w.who(e.player)} joue {w.name(e.character)}.",
    )


def _seated(w: Wording, e: ev.PlayerSeated) -> str:
    if e.after < 0:
        return _say(
            w,
            f"{w.who(e.player)} sets up a Comptoir: {e.butin} Butin.",
            f"{w.who(e.player)} installe son Comptoir : {e.butin} Butin.",
        )
    return _say(
        w,
        f"{w.who(e.player)} sits on {w.who(e.after)}'s left with {e.butin} Butin.",
        f"{w.who(e.player)} s'assied à la gauche de {w.who(e.after)} avec {e.butin} Butin.",
    )


def _turn(w: Wording, e: ev.TurnStarted) -> str:
    return _say(
        w,
        f"\n== Turn {e.turn}: {w.who(e.pilier)} is the Pilier ==",
        f"\n== Tour {e.turn} : {w.who(e.pilier)} est le Pilier ==",
    )


def _call(w: Wording, e: ev.CallAnnounced) -> str:
    en, fr = CALLS[e.call]
    return f"{e.call}. {_say(w, en, fr)}"


def _butin(w: Wording, e: ev.ButinGained) -> str:
    return _say(w, f"{w.who(e.player)} gains {e.amount} Butin.", f"{w.who(e.player)} gagne {e.amount} Butin.")


def _bought(w: Wording, e: ev.WeaponBought) -> str:
    return _say(
        w,
        f"{w.who(e.player)} buys {weapon(w, e.weapon)}.",
        f"{w.who(e.player)} achète {weapon(w, e.weapon)}.",
    )


def _pint(w: Wording, e: ev.PintBought) -> str:
    level = prestige(w.rules, w.state, e.player)
    return _say(
        w,
        f"{w.who(e.player)} buys a pint (Prestige {level}).",
        f"{w.who(e.player)} achète une chope (Prestige {level}).",
    )


def _pint_lost(w: Wording, e: ev.PintLost) -> str:
    return _say(w, f"{w.who(e.player)} loses a pint.", f"{w.who(e.player)} perd une chope.")


def _milice(w: Wording, e: ev.MiliceCalled) -> str:
    return _say(w, f"{w.who(e.player)} calls the Milice!", f"{w.who(e.player)} appelle la Milice !")


def _dodge(w: Wording, e: ev.DodgeSet) -> str:
    return _say(
        w,
        f"{w.who(e.player)} sets {weapon(w, e.weapon)} aside to dodge.",
        f"{w.who(e.player)} met {weapon(w, e.weapon)} en esquive.",
    )


def _laid(w: Wording, e: ev.AttackLaid) -> str:
    en, fr = SPOTS[e.spot]
    return _say(
        w,
        f"{w.who(e.player)} attacks {w.who(e.target)} {en}.",
        f"{w.who(e.player)} attaque {w.who(e.target)} {fr}.",
    )


def _split(w: Wording, e: ev.DodgesSplit) -> str:
    return _say(
        w,
        f"{w.who(e.player)} puts {e.count} dodge(s) on {w.who(e.attacker)}'s attack.",
        f"{w.who(e.player)} oppose {e.count} esquive(s) à l'attaque de {w.who(e.attacker)}.",
    )


def _named(w: Wording, e: ev.ValueNamed) -> str:
    return _say(w, f"{w.who(e.player)} names {e.value}.", f"{w.who(e.player)} annonce {e.value}.")


def _revealed(w: Wording, e: ev.AttackRevealed) -> str:
    card = weapon(w, e.weapon)
    if e.dodged:
        return _say(
            w,
            f"{w.who(e.attacker)} turns up {card}: {w.who(e.target)} dodges it.",
            f"{w.who(e.attacker)} retourne {card} : {w.who(e.target)} l'esquive.",
        )
    return _say(
        w,
        f"{w.who(e.attacker)} turns up {card}: it hits {w.who(e.target)}.",
        f"{w.who(e.attacker)} retourne {card} : {w.who(e.target)} est touché.",
    )


def _energy(w: Wording, e: ev.EnergyLost) -> str:
    left = w.state.players[e.player].energy
    stunned = _say(w, " and is Sonné", " et est Sonné") if left == 0 else ""
    return _say(
        w,
        f"{w.who(e.player)} loses {e.amount} Energy ({left} left){stunned}.",
        f"{w.who(e.player)} perd {e.amount} d'Énergie (reste {left}){stunned}.",
    )


def _eliminated(w: Wording, e: ev.PlayerEliminated) -> str:
    return _say(
        w,
        f"{w.who(e.player)} takes the door: {_the(w, e.character)} goes to the KO pile.",
        f"{w.who(e.player)} prend la porte : {w.name(e.character)} va au Tas des KO.",
    )


def _pilier(w: Wording, e: ev.PilierPassed) -> str:
    return _say(w, f"{w.who(e.pilier)} becomes the Pilier.", f"{w.who(e.pilier)} devient le Pilier.")


def _ended(w: Wording, e: ev.GameEnded) -> str:
    winners = [s.name for s in e.result.standings if s.rank == 1]
    if len(winners) == 1:
        return _say(
            w, f"The game is over: {winners[0]} wins.", f"La partie est finie : {winners[0]} l'emporte."
        )
    joined = _say(w, ", ", ", ").join(winners[:-1]) + _say(w, " and ", " et ") + winners[-1]
    return _say(
        w,
        f"The game is over: {joined} share the win.",
        f"La partie est finie : {joined} se partagent la victoire.",
    )


def _card(w: Wording, card: str) -> str:
    return _say(w, "a Specialty", "une Spécialité") if card == HIDDEN else w.name(card)


def _piled(w: Wording, e: ev.SpecialtiesPiled) -> str:
    n = len(e.pile)
    boxes = len(in_play(w.rules, w.state))
    if boxes > 1:  # Double Taverne: a pile a box (l.322)
        return _say(
            w,
            f"The {n} Specialties are shuffled, a pile for each of the {boxes} Tavernes.",
            f"Les {n} Spécialités sont mélangées, un paquet par Taverne ({boxes}).",
        )
    return _say(w, f"The {n} Specialties are shuffled.", f"Les {n} Spécialités sont mélangées.")


def _drawn(w: Wording, e: ev.SpecialtyDrawn) -> str:
    card = _card(w, e.card)
    if e.bought:
        return _say(w, f"{w.who(e.player)} buys {card}.", f"{w.who(e.player)} achète {card}.")
    return _say(w, f"{w.who(e.player)} draws {card}.", f"{w.who(e.player)} pioche {card}.")


def _returned(w: Wording, e: ev.SpecialtiesReturned) -> str:
    return _say(
        w,
        "The Specialty pile is spent: the cards under it come back.",
        "La pile de Spécialités est épuisée : les cartes glissées dessous reviennent.",
    )


def _atout(w: Wording, e: ev.AtoutPlayed) -> str:
    return _say(
        w,
        f"{w.who(e.player)} puts {_the(w, e.card)} into play.",
        f"{w.who(e.player)} met en jeu {w.name(e.card)}.",
    )


def _atout_back(w: Wording, e: ev.AtoutTakenBack) -> str:
    card = _say(w, "an Atout", "un Atout") if e.card == HIDDEN else w.name(e.card)
    return _say(w, f"{w.who(e.player)} takes {card} back.", f"{w.who(e.player)} reprend {card} en main.")


def _power(w: Wording, e: ev.PowerUsed) -> str:
    return _say(
        w, f"{w.who(e.player)}: {_the(w, e.source)} acts.", f"{w.who(e.player)} : {w.name(e.source)} agit."
    )


def _formula(w: Wording, card: str) -> str:
    """The formula of the box ``card`` comes from, each box its own (l.291, l.297)."""
    box = w.rules.box_of(card)
    return w.rules.box(box).formula.get(w.lang) if box else "…"


def _spell(w: Wording, e: ev.SpellCast) -> str:
    return _say(
        w,
        f'{w.who(e.player)}: "{_formula(w, e.card)}" and casts {w.name(e.card)}.',
        f"{w.who(e.player)} : « {_formula(w, e.card)} » et lance {w.name(e.card)}.",
    )


def _discarded(w: Wording, e: ev.SpecialtyDiscarded) -> str:
    return _say(
        w,
        f"{w.who(e.player)} discards {_the(w, e.card)}.",
        f"{w.who(e.player)} défausse {w.name(e.card)}.",
    )


def _crasse_lost(w: Wording, e: ev.CrasseLost) -> str:
    return _say(
        w,
        f"The Crasse laid with {w.who(e.player)}'s attack is discarded.",
        f"La Crasse jouée avec l'attaque de {w.who(e.player)} est défaussée.",
    )


def _served(w: Wording, e: ev.CrasseServed) -> str:
    return _say(
        w,
        f"{w.who(e.player)} suffers {_the(w, e.card)}, served by {w.who(e.attacker)}.",
        f"{w.who(e.player)} subit {w.name(e.card)}, servie par {w.who(e.attacker)}.",
    )


def _pint_gained(w: Wording, e: ev.PintGained) -> str:
    return _say(w, f"{w.who(e.player)} gains a pint.", f"{w.who(e.player)} gagne une chope.")


def _butin_lost(w: Wording, e: ev.ButinLost) -> str:
    return _say(w, f"{w.who(e.player)} loses {e.amount} Butin.", f"{w.who(e.player)} perd {e.amount} Butin.")


def _energy_gained(w: Wording, e: ev.EnergyGained) -> str:
    return _say(
        w, f"{w.who(e.player)} gains {e.amount} Energy.", f"{w.who(e.player)} gagne {e.amount} d'Énergie."
    )


def _taken(w: Wording, e: ev.WeaponTaken) -> str:
    return _say(
        w,
        f"{w.who(e.player)} takes {weapon(w, e.weapon)} from the pile.",
        f"{w.who(e.player)} prend {weapon(w, e.weapon)} de sa pile.",
    )


def _laid_out(w: Wording, e: ev.CharactersLaidOut) -> str:
    names = ", ".join(w.name(c) for c in e.characters)
    return _say(
        w, f"Characters laid out for the auction: {names}.", f"Personnages mis aux enchères : {names}."
    )


def _settled(w: Wording, e: ev.AuctionSettled) -> str:
    bids = ", ".join(f"{w.who(seat)} {e.bids[seat]}" for seat in e.order)
    return _say(w, f"Energy bids, lowest first: {bids}.", f"Énergies annoncées, de la plus basse : {bids}.")


def _left(w: Wording, e: ev.PlayerLeft) -> str:
    return _say(
        w, f"{w.who(e.player)} leaves the table for a while.", f"{w.who(e.player)} quitte la table un moment."
    )


def _back(w: Wording, e: ev.PlayerReturned) -> str:
    return _say(w, f"{w.who(e.player)} comes back to the table.", f"{w.who(e.player)} revient à la table.")


_LINES: dict[type, Callable[[Wording, Any], str | None]] = {
    ev.PlayerLeft: _left,
    ev.PlayerReturned: _back,
    ev.CharactersLaidOut: _laid_out,
    ev.AuctionSettled: _settled,
    ev.SpecialtiesPiled: _piled,
    ev.SpecialtyDrawn: _drawn,
    ev.SpecialtiesReturned: _returned,
    ev.AtoutPlayed: _atout,
    ev.AtoutTakenBack: _atout_back,
    ev.PowerUsed: _power,
    ev.SpellCast: _spell,
    ev.SpecialtyDiscarded: _discarded,
    ev.CrasseLost: _crasse_lost,
    ev.CrasseServed: _served,
    ev.PintGained: _pint_gained,
    ev.ButinLost: _butin_lost,
    ev.EnergyGained: _energy_gained,
    ev.WeaponTaken: _taken,
    ev.GameStarted: _started,
    ev.PilierChosen: _pilier_drawn,
    ev.CharactersDealt: _dealt,
    ev.OriginChosen: _origin,
    ev.CharacterChosen: _chosen,
    ev.PlayerSeated: _seated,
    ev.TurnStarted: _turn,
    ev.CallAnnounced: _call,
    ev.ButinGained: _butin,
    ev.WeaponBought: _bought,
    ev.PintBought: _pint,
    ev.PintLost: _pint_lost,
    ev.MiliceCalled: _milice,
    ev.DodgeSet: _dodge,
    ev.AttackLaid: _laid,
    ev.DodgesSplit: _split,
    ev.ValueNamed: _named,
    ev.AttackRevealed: _revealed,
    ev.EnergyLost: _energy,
    ev.PlayerEliminated: _eliminated,
    ev.PilierPassed: _pilier,
    ev.GameEnded: _ended,
}


def narrate(rules: RuleSet, state: GameState, event: Event, lang: str = "en") -> str | None:
    """The line of the log for ``event`` (``state``: the state it led to, as the reader
    sees it), in English or French; ``None`` for bookkeeping."""
    line = _LINES.get(type(event))
    return line(Wording(rules, state, lang), event) if line is not None else None


# ----------------------------------------------------------------------------- actions
def _label(w: Wording, action: Action) -> str:
    if isinstance(action, ChooseOrigin):
        return _say(w, f"Come from {w.name(action.box)}", f"Venir de {w.name(action.box)}")
    if isinstance(action, ChooseCharacter):
        butin = w.rules.character(action.character).butin
        return _say(
            w,
            f"Keep {_the(w, action.character)} ({butin} Butin)",
            f"Garder {w.name(action.character)} ({butin} Butin)",
        )
    if isinstance(action, BidEnergy):
        return _say(w, f"Start with {action.energy} Energy", f"Commencer avec {action.energy} d'Énergie")
    if isinstance(action, LeaveTable):
        return _say(w, "Leave the table for a while", "Quitter la table un moment")
    if isinstance(action, ReturnToTable):
        return _say(w, "Come back to the table", "Revenir à la table")
    if isinstance(action, TakeSeat):
        return _say(
            w, f"Sit on {w.who(action.after)}'s left", f"S'asseoir à la gauche de {w.who(action.after)}"
        )
    if isinstance(action, Buy):
        if action.what == "pint":
            return _say(w, "Buy a pint", "Acheter une chope")
        if action.what == "specialty":
            return _say(w, "Buy a Specialty", "Acheter une Spécialité")
        return _say(w, "Buy the top weapon of your pile", "Acheter l'arme du dessus de votre pile")
    if isinstance(action, PlayAtout):
        return _say(w, f"Put {_the(w, action.card)} into play", f"Mettre en jeu {w.name(action.card)}")
    if isinstance(action, TakeBackAtout):
        return _say(w, f"Take {_the(w, action.card)} back", f"Reprendre {w.name(action.card)}")
    if isinstance(action, CastSpell):
        return _say(w, f"Cast {w.name(action.card)}", f"Lancer {w.name(action.card)}")
    if isinstance(action, ChooseCard):
        return (
            _say(w, f"Keep {_the(w, action.card)}", f"Garder {w.name(action.card)}")
            if _keeping(w)
            else w.name(action.card)
        )
    if isinstance(action, ChoosePlayer):
        return w.who(action.seat)
    if isinstance(action, ChooseOption):
        return RUNTIME.option_label(w.rules, w.state, action, w.lang)
    if isinstance(action, Dodge):
        return _say(w, f"Dodge with {weapon(w, action.weapon)}", f"Esquiver avec {weapon(w, action.weapon)}")
    if isinstance(action, Attack):
        seat = w.state.stack[-1].player if w.state.stack else -1
        en, fr = SPOTS[action.spot]
        whom = target(w.state, seat, action.spot) if seat >= 0 else -1
        name = w.who(whom) if whom >= 0 else "?"
        label = _say(
            w,
            f"Attack {name} {en} with {weapon(w, action.weapon)}",
            f"Attaquer {name} {fr} avec {weapon(w, action.weapon)}",
        )
        if action.crasse:
            label += _say(w, f", and {_the(w, action.crasse)}", f", et {w.name(action.crasse)}")
        return label
    if isinstance(action, SplitDodges):
        return _say(
            w,
            f"{action.count} dodge(s) against {w.who(action.attacker)}",
            f"{action.count} esquive(s) contre {w.who(action.attacker)}",
        )
    if isinstance(action, NameValue):
        return _say(
            w,
            f"Name {action.value} against {w.who(action.attacker)}",
            f"Annoncer {action.value} contre {w.who(action.attacker)}",
        )
    if isinstance(action, Pass):
        kind = w.state.stack[-1].kind if w.state.stack else ""
        if kind == step.AWAY:
            return _say(w, "Stay as you are", "Rester ainsi")
        if kind == step.CAST:
            return _say(w, "No spell", "Aucun sort")
        return _say(w, "Done", "Terminé")
    return type(action).__name__


def _keeping(w: Wording) -> bool:
    stack = w.state.stack
    return bool(stack) and stack[-1].kind == step.KEEP_CRASSE


def describe_action(rules: RuleSet, state: GameState, action: Action, lang: str = "en") -> str:
    """A label for ``action`` of the decision pending in ``state``, in English or French."""
    return _label(Wording(rules, state, lang), action)


# ----------------------------------------------------------------------------- the board
def board_text(rules: RuleSet, state: GameState, viewer: int | None, lang: str = "en") -> str:
    """The table as ``viewer`` sees it (``state`` is their view): the turn, the call and the
    Pilier, then each player's Character and Comptoir, in the order of play."""
    w = Wording(rules, state, lang)
    colon = " : " if lang == "fr" else ": "
    if state.over:
        lines = [_say(w, "Taverne, over", "Taverne, terminée")]
    elif not state.turn:
        lines = [_say(w, "Taverne, setting up", "Taverne, mise en place")]
    else:
        call = f", {_say(w, 'call', 'appel')} {state.call}" if state.call else ""
        turn = f"{_say(w, 'turn', 'tour')} {state.turn}{call}"
        lines = [f"Taverne, {turn} (Pilier{colon}{w.who(state.pilier)})"]
    # with two boxes, each player's Taverne of origin: it is where his Butin buys (l.323)
    boxes = len(in_play(rules, state)) > 1
    for seat in state.around():
        me = state.players[seat]
        mark = "*" if seat == viewer else " "
        if not me.character:
            waiting = _say(w, "not seated yet", "pas encore assis") if not state.turn else None
            lines.append(f"{mark} {me.name}{colon}{waiting or _say(w, 'out of the game', 'hors du jeu')}")
            continue
        who = f"{me.name}, {_character(w, me.character)}"
        if boxes:
            who += f" ({w.name(origin(rules, state, seat))})"
        if me.absent:
            lines.append(f"{mark} {who}{colon}{_say(w, 'away', 'absent')}")
            continue
        hand = " ".join(str(value_of(c)) if c != HIDDEN else "?" for c in me.hand)
        dodges = " ".join(str(value_of(c)) for c in me.dodges)
        top = str(value_of(me.top)) if me.top else "-"
        plural = "" if me.pints == 1 else "s"
        pints = _say(w, f"{me.pints} pint{plural}", f"{me.pints} chope{plural}")
        lines.append(
            f"{mark} {who}{colon}Prestige {prestige(rules, state, seat)} "
            f"({pints}), {_say(w, 'Energy', 'Énergie')} {me.energy}, Butin {me.butin}{_say(w, '; ', ' ; ')}"
            f"{_say(w, 'hand', 'main')} [{hand}], {_say(w, 'pile', 'pile')} {top}+{len(me.pile)}"
            + (f", {_say(w, 'dodges', 'esquives')} [{dodges}]" if dodges else "")
        )
    return "\n".join(lines)


# ----------------------------------------------------------------------------- bots and demo
def heuristic(rules: RuleSet, state: GameState, seat: int) -> float:
    """How well ``seat`` stands, for bots that look one step ahead: out of the game is
    worst; then Prestige (the way to win), Energy (the way to stay) and Butin."""
    me = state.players[seat]
    if state.result is not None:
        return 100.0 if me.name in state.result.winners else -100.0
    if not me.character:
        return -50.0
    return 6.0 * prestige(rules, state, seat) + 1.5 * me.pints + 0.4 * me.energy + 0.8 * me.butin


class Narration:
    """What the narrated demo needs of Taverne: the lines after the opening and after the
    result, and the categories of a result in words."""

    @staticmethod
    def intro(rules: RuleSet, state: GameState, lang: str = "en") -> list[str]:
        """Lines after the opening: none (its events say it all)."""
        return []

    @staticmethod
    def outro(rules: RuleSet, state: GameState, lang: str = "en") -> list[str]:
        """Lines after the result: what is reconstructed, counted from the cards in play
        (a printed name is one whose provenance says so)."""
        played = in_play(rules, state)
        ours = sum(
            c.provenance != "rulebook" and "printed" not in c.note
            for c in rules.characters
            if c.box in played
        )
        second = len(played) > 1
        if lang == "fr":
            rest = (
                ", les Butins de départ et toute la seconde boîte" if second else " et les Butins de départ"
            )
            return [
                f"Les Spécialités, les pouvoirs, {ours} noms de Personnages{rest}\n"
                "sont reconstitués, non imprimés : voir docs/taverne.rst."
            ]
        box = ", the whole second box" if second else ""
        return [
            f"The Specialties, the powers, {ours} of the Characters' names and every Initial Butin{box}\n"
            "are reconstructed, not printed: see docs/taverne.rst."
        ]

    @staticmethod
    def category(rules: RuleSet, category: str, lang: str = "en") -> str:
        """A category of a standing in words."""
        words = {
            "butin": ("Butin", "Butin"),
            "energy": ("Energy", "Énergie"),
            "prestige": ("Prestige", "Prestige"),
            "knocked_out": ("Characters KO", "Personnages KO"),
        }
        en, fr = words.get(category, (category, category))
        return fr if lang == "fr" else en


NARRATION = Narration()
