"""Taverns & Dragons in words, in English and French: a line per event for the narrated
demo and logs, a label per action, the text board and the demo's frame. Things are named
as the board and the cards name them (regions, locations, heroes, recipes, dragons by
name; dice by value); what a reader may not see is "a card"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from taverna_rules.core.choices import ChooseOption, ChoosePlayer, EndTurn, Pass
from taverna_rules.core.records import HIDDEN, Action, Event
from taverna_rules.core.words import Wording, french_articles
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons.actions import (
    Activate,
    ChooseFace,
    ChooseHero,
    ChooseIngredient,
    ChooseLocation,
    ChooseMission,
    ChooseRegion,
    ChooseSbire,
    Collect,
    Cook,
    Damage,
    Drop,
    EndActivation,
    Heal,
    Hunt,
    Move,
    Recruit,
    Reroll,
    RerollHunting,
    Search,
    Strike,
    TakeEnergy,
    TakeGold,
    UseAbility,
    UseBonus,
    UsePower,
    Visit,
)
from taverna_rules.games.taverns_and_dragons.effects import RUNTIME
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState, face_symbols

__all__ = ["NARRATION", "board_text", "describe_action", "narrate"]


def _say(w: Wording, en: str, fr: str) -> str:
    return french_articles(fr) if w.lang == "fr" else en


def _n(w: Wording, count: int, en: str, fr: str) -> str:
    """``3 gems`` / ``3 gemmes``: ``en`` and ``fr`` are the singular; an ``s`` for more
    (in French 0 and 1 take the singular)."""
    word = fr if w.lang == "fr" else en
    single = count <= 1 if w.lang == "fr" else count == 1
    return f"{count} {word}" + ("" if single else "s")


def _face(w: Wording, face: str) -> str:
    """A hunting die's face by its symbols' names: ``sword and wound``."""
    names = [w.name(s) for s in face_symbols(face)]
    return _say(w, " and ", " et ").join(names) if names else "-"


#: The ingredients French names with "une" (plante, épice, viande).
#: The things named in French with a feminine article: ingredients and hunting symbols.
_FEMININE = frozenset({"plant", "spice", "meat", "sword", "arrow", "axe", "wound"})


def _a(w: Wording, kind: str) -> str:
    """An ingredient or a symbol with its article: ``a wild plant``, ``une plante
    sauvage``, ``an arrow``."""
    if w.lang == "fr":
        return f"{'une' if kind in _FEMININE else 'un'} {w.name(kind)}"
    name = w.name(kind)
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def _named(w: Wording, ident: str) -> str:
    return _say(w, "a card", "une carte") if ident == HIDDEN else w.name(ident)


# ----------------------------------------------------------------------------- events
def _started(w: Wording, e: ev.GameStarted) -> str:
    names = ", ".join(e.players)
    return _say(
        w, f"A game of Taverns & Dragons for {names}.", f"Une partie de Taverns & Dragons pour {names}."
    )


def _laid(w: Wording, e: ev.LocationsLaid) -> str:
    spots = ", ".join(
        f"{space}: {w.name(loc)}" for space, loc in zip(w.rules.spaces, e.locations, strict=False)
    )
    return _say(w, f"The locations: {spots}.", f"Les lieux : {spots}.")


def _first(w: Wording, e: ev.FirstPlayerChosen) -> str:
    return _say(
        w, f"{w.who(e.player)} is drawn to play first.", f"{w.who(e.player)} est tiré au sort pour commencer."
    )


def _recipe(w: Wording, e: ev.RecipeRevealed) -> str:
    return _say(
        w, f"A new recipe on the row: {w.name(e.recipe)}.", f"Une nouvelle recette : {w.name(e.recipe)}."
    )


def _hero(w: Wording, e: ev.HeroRevealed) -> str:
    return _say(
        w, f"A hero comes to the market: {w.name(e.hero)}.", f"Un héros arrive au marché : {w.name(e.hero)}."
    )


def _round(w: Wording, e: ev.RoundStarted) -> str:
    return _say(
        w,
        f"Round {e.round} of {w.rules.constants.rounds}.",
        f"Manche {e.round} sur {w.rules.constants.rounds}.",
    )


def _rolled(w: Wording, e: ev.DiceRolled) -> str:
    dice = " ".join(str(d) for d in sorted(e.dice))
    return _say(w, f"{w.who(e.player)} rolls {dice}.", f"{w.who(e.player)} lance {dice}.")


def _first_taken(w: Wording, e: ev.FirstPlayerTaken) -> str:
    return _say(
        w,
        f"{w.who(e.player)}, lowest total, takes the first-player token.",
        f"{w.who(e.player)}, plus petit total, prend le jeton premier joueur.",
    )


def _gold(w: Wording, e: ev.GoldGained) -> str:
    why = _say(w, " (a small roll)", " (petit lancer)") if e.why == "catch-up" else ""
    return _say(
        w,
        f"{w.who(e.player)} gains {e.amount} gold{why}.",
        f"{w.who(e.player)} gagne {e.amount} or{why}.",
    )


def _gold_lost(w: Wording, e: ev.GoldLost) -> str:
    return _say(w, f"{w.who(e.player)} loses {e.amount} gold.", f"{w.who(e.player)} perd {e.amount} or.")


def _energy(w: Wording, e: ev.EnergyGained) -> str:
    return _say(
        w,
        f"{w.who(e.player)} gains {_n(w, e.amount, 'gem', 'gemme')}.",
        f"{w.who(e.player)} gagne {_n(w, e.amount, 'gem', 'gemme')}.",
    )


def _energy_lost(w: Wording, e: ev.EnergyLost) -> str:
    return _say(
        w,
        f"{w.who(e.player)} loses {_n(w, e.amount, 'gem', 'gemme')}.",
        f"{w.who(e.player)} perd {_n(w, e.amount, 'gem', 'gemme')}.",
    )


def _runes(w: Wording, e: ev.RunesGained) -> str:
    where = _say(w, " passing Vén'Érable", " en passant par Vén'Érable") if e.why == "Vén'Érable" else ""
    return _say(
        w,
        f"{w.who(e.player)} takes {_n(w, e.amount, 'rune', 'rune')}{where}.",
        f"{w.who(e.player)} prend {_n(w, e.amount, 'rune', 'rune')}{where}.",
    )


def _prestige(w: Wording, e: ev.PrestigeScored) -> str:
    if e.points < 0:
        return _say(
            w,
            f"{w.who(e.player)} loses {-e.points} prestige.",
            f"{w.who(e.player)} perd {-e.points} de prestige.",
        )
    return _say(
        w,
        f"{w.who(e.player)} scores {e.points} prestige.",
        f"{w.who(e.player)} marque {e.points} de prestige.",
    )


def _gold_taken(w: Wording, e: ev.GoldTaken) -> str:
    return _say(
        w,
        f"{w.who(e.player)} puts a {e.die} on the royal bank: {e.gold} gold.",
        f"{w.who(e.player)} place un {e.die} sur la banque royale : {e.gold} or.",
    )


def _energy_taken(w: Wording, e: ev.EnergyTaken) -> str:
    return _say(
        w,
        f"{w.who(e.player)} puts a {e.die} on the energy source: {_n(w, e.gems, 'gem', 'gemme')}.",
        f"{w.who(e.player)} place un {e.die} sur la source d'énergie : {_n(w, e.gems, 'gem', 'gemme')}.",
    )


def _activated(w: Wording, e: ev.SbireActivated) -> str:
    return _say(
        w,
        f"{w.who(e.player)} activates the {w.name(e.sbire)} with a {e.die}.",
        f"{w.who(e.player)} active le {w.name(e.sbire)} avec un {e.die}.",
    )


def _cooked(w: Wording, e: ev.RecipeCooked) -> str:
    return _say(
        w,
        f"{w.who(e.player)} cooks {w.name(e.recipe)} with a {e.die}: {e.points} prestige.",
        f"{w.who(e.player)} cuisine {w.name(e.recipe)} avec un {e.die} : {e.points} de prestige.",
    )


def _moved(w: Wording, e: ev.SbireMoved) -> str:
    via = ", ".join(w.name(r) for r in e.path[:-1])
    through = _say(w, f" through {via}", f" par {via}") if via else ""
    return _say(
        w,
        f"The {w.name(e.sbire)} of {w.who(e.player)} goes to {w.name(e.path[-1])}{through}.",
        f"Le {w.name(e.sbire)} de {w.who(e.player)} va à {w.name(e.path[-1])}{through}.",
    )


def _teleported(w: Wording, e: ev.SbireTeleported) -> str:
    return _say(
        w,
        f"The {w.name(e.sbire)} of {w.who(e.player)} is sent to {w.name(e.region)}.",
        f"Le {w.name(e.sbire)} de {w.who(e.player)} est envoyé à {w.name(e.region)}.",
    )


def _collected(w: Wording, e: ev.IngredientCollected) -> str:
    where = _say(w, "into the pantry", "dans le garde-manger") if e.pantry else ""
    return _say(
        w,
        f"{w.who(e.player)} collects {_a(w, e.ingredient)}{' ' + where if where else ''}.",
        f"{w.who(e.player)} collecte {_a(w, e.ingredient)}{' ' + where if where else ''}.",
    )


def _gained(w: Wording, e: ev.IngredientGained) -> str:
    return _say(
        w,
        f"{w.who(e.player)} takes {_a(w, e.ingredient)}.",
        f"{w.who(e.player)} prend {_a(w, e.ingredient)}.",
    )


def _lost(w: Wording, e: ev.IngredientLost) -> str:
    return _say(
        w,
        f"{w.who(e.player)} discards {_a(w, e.ingredient)}.",
        f"{w.who(e.player)} défausse {_a(w, e.ingredient)}.",
    )


def _dropped(w: Wording, e: ev.IngredientDropped) -> str:
    return _say(
        w,
        f"{w.who(e.player)} puts {_a(w, e.ingredient)} in the pantry.",
        f"{w.who(e.player)} range {_a(w, e.ingredient)} au garde-manger.",
    )


def _wounded(w: Wording, e: ev.WoundTaken) -> str:
    lost = (
        _say(w, f", losing {_a(w, e.discarded)}", f", qui perd {_a(w, e.discarded)}") if e.discarded else ""
    )
    return _say(
        w,
        f"The {w.name(e.sbire)} of {w.who(e.player)} is wounded{lost}.",
        f"Le {w.name(e.sbire)} de {w.who(e.player)} est blessé{lost}.",
    )


def _healed(w: Wording, e: ev.WoundsHealed) -> str:
    wounds = _n(w, e.count, "wound", "blessure")
    return _say(
        w,
        f"The {w.name(e.sbire)} of {w.who(e.player)} heals {wounds} at the gates.",
        f"Le {w.name(e.sbire)} de {w.who(e.player)} soigne {wounds} aux portes.",
    )


def _visited(w: Wording, e: ev.LocationVisited) -> str:
    return _say(
        w,
        f"{w.who(e.player)} visits {w.name(e.location)}.",
        f"{w.who(e.player)} visite {w.name(e.location)}.",
    )


def _fire(w: Wording, e: ev.FireSet) -> str:
    return _say(
        w,
        f"Fire at {w.name(e.location)}: a place burns.",
        f"Le feu à {w.name(e.location)} : une place brûle.",
    )


def _frozen(w: Wording, e: ev.SbireFrozen) -> str:
    return _say(
        w,
        f"The {w.name(e.sbire)} of {w.who(e.player)} is frozen.",
        f"Le {w.name(e.sbire)} de {w.who(e.player)} est gelé.",
    )


def _second(w: Wording, e: ev.SecondActivation) -> str:
    return _say(
        w,
        f"By the campfire the {w.name(e.sbire)} of {w.who(e.player)} goes again with a {e.die}.",
        f"Au feu de camp, le {w.name(e.sbire)} de {w.who(e.player)} repart avec un {e.die}.",
    )


def _hunt(w: Wording, e: ev.HuntBegun) -> str:
    return _say(
        w,
        f"{w.who(e.player)} hunts the dragon with {_n(w, e.gems, 'gem', 'gemme')}.",
        f"{w.who(e.player)} chasse le dragon avec {_n(w, e.gems, 'gem', 'gemme')}.",
    )


def _hunting(w: Wording, e: ev.HuntingDiceRolled) -> str:
    rolled = "; ".join(_face(w, f) for f in e.faces)
    return _say(w, f"The hunting dice: {rolled}.", f"Les dés de chasse : {rolled}.")


def _hunting_rerolled(w: Wording, e: ev.HuntingDieRerolled) -> str:
    return _say(
        w, f"A hunting die is rerolled: {_face(w, e.to)}.", f"Un dé de chasse relancé : {_face(w, e.to)}."
    )


def _hunting_turned(w: Wording, e: ev.HuntingDieTurned) -> str:
    return _say(
        w, f"A hunting die is turned to {_face(w, e.to)}.", f"Un dé de chasse tourné sur {_face(w, e.to)}."
    )


def _damage(w: Wording, e: ev.DamagePlaced) -> str:
    return _say(
        w,
        f"{w.who(e.player)} strikes: {_a(w, e.symbol)} on row {e.row + 1}.",
        f"{w.who(e.player)} frappe : {_a(w, e.symbol)} sur la ligne {e.row + 1}.",
    )


def _slain(w: Wording, e: ev.DragonSlain) -> str:
    return _say(
        w, f"{w.who(e.player)} slays {w.name(e.dragon)}!", f"{w.who(e.player)} terrasse {w.name(e.dragon)} !"
    )


def _trophy(w: Wording, e: ev.TrophyWon) -> str:
    return _say(
        w,
        f"{w.who(e.player)} takes a trophy, face down.",
        f"{w.who(e.player)} prend un trophée, face cachée.",
    )


def _forge(w: Wording, e: ev.ForgeTokenDrawn) -> str:
    return _say(w, f"{w.who(e.player)} draws a Forge token.", f"{w.who(e.player)} pioche un jeton Forge.")


def _forge_used(w: Wording, e: ev.ForgeTokenUsed) -> str:
    token = next((t for t in w.rules.forge if t.id == e.token), None)
    symbol = _a(w, token.symbol) if token else e.token
    return _say(
        w,
        f"{w.who(e.player)}'s Forge token adds {symbol} to the strike.",
        f"Le jeton Forge de {w.who(e.player)} ajoute {symbol} à l'attaque.",
    )


def _dungeon(w: Wording, e: ev.DungeonTokenDrawn) -> str:
    token = next((t for t in w.rules.dungeon if t.id == e.token), None)
    what = f"{token.kind} {token.amount}" if token else e.token
    words = {
        "gold": ("gold", "or"),
        "prestige": ("prestige", "prestige"),
        "wound": ("a wound", "une blessure"),
    }
    if token:
        en, fr = words[token.kind]
        what = en if token.kind == "wound" else f"{token.amount} {en}"
        what_fr = fr if token.kind == "wound" else f"{token.amount} {fr}"
        return _say(
            w,
            f"In the dungeon {w.who(e.player)} finds {what}.",
            f"Au donjon, {w.who(e.player)} trouve {what_fr}.",
        )
    return _say(w, f"In the dungeon: {what}.", f"Au donjon : {what}.")


def _dice_changed(w: Wording, e: ev.DiceChanged) -> str:
    dice = " ".join(str(d) for d in e.dice)
    return _say(
        w, f"{w.who(e.player)}'s dice now show {dice}.", f"Les dés de {w.who(e.player)} montrent {dice}."
    )


def _die_rerolled(w: Wording, e: ev.DieRerolled) -> str:
    return _say(
        w,
        f"{w.who(e.player)} rerolls a {e.die}: {e.to}.",
        f"{w.who(e.player)} relance un {e.die} : {e.to}.",
    )


def _recruited(w: Wording, e: ev.HeroRecruited) -> str:
    return _say(
        w,
        f"{w.who(e.player)} recruits {w.name(e.hero)} for {e.cost} gold.",
        f"{w.who(e.player)} recrute {w.name(e.hero)} pour {e.cost} or.",
    )


def _ability(w: Wording, e: ev.AbilityUsed) -> str:
    return _say(
        w,
        f"{w.who(e.player)} calls on {w.name(e.hero)}.",
        f"{w.who(e.player)} fait appel à {w.name(e.hero)}.",
    )


def _copied(w: Wording, e: ev.AbilityCopied) -> str:
    return _say(w, f"…copying {w.name(e.hero)}.", f"…en copiant {w.name(e.hero)}.")


def _bonus(w: Wording, e: ev.BonusUsed) -> str:
    return _say(
        w,
        f"{w.who(e.player)} uses the bonus of {w.name(e.hero)}.",
        f"{w.who(e.player)} utilise le bonus de {w.name(e.hero)}.",
    )


def _swapped(w: Wording, e: ev.HeroesSwapped) -> str:
    return _say(
        w,
        f"{w.who(e.player)} swaps {w.name(e.gave)} for {w.name(e.took)}.",
        f"{w.who(e.player)} échange {w.name(e.gave)} contre {w.name(e.took)}.",
    )


def _power(w: Wording, e: ev.PowerUsed) -> str:
    return _say(
        w,
        f"{w.who(e.player)} uses the tavern's power.",
        f"{w.who(e.player)} utilise le pouvoir de sa taverne.",
    )


def _readied(w: Wording, e: ev.HeroesReadied) -> str:
    return _say(
        w,
        "A sip of mead: every hero is ready again.",
        "Pour une gorgée d'hydromel ! Tous les héros sont redressés.",
    )


def _awoke(w: Wording, e: ev.DragonAwoke) -> str:
    space = w.rules.dragon(e.dragon).location
    loc = w.state.locations[w.rules.spaces.index(space)] if space in w.rules.spaces else ""
    at = _say(w, f" at {w.name(loc)}", f" sur {w.name(loc)}") if loc else ""
    return _say(
        w,
        f"The dragon wakes: {w.name(e.dragon)} lands{at}!",
        f"Le réveil du dragon : {w.name(e.dragon)} se pose{at} !",
    )


def _left(w: Wording, e: ev.DragonLeft) -> str:
    return _say(w, f"{w.name(e.dragon)} flies away.", f"{w.name(e.dragon)} s'envole.")


def _cleared(w: Wording, e: ev.BoardCleared) -> str:
    return _say(
        w,
        "Looks like... magic! The board's ingredients are renewed.",
        "Cela ressemble à… de la magie ! Les ingrédients sont renouvelés.",
    )


def _event(w: Wording, e: ev.EventRevealed) -> str:
    return _say(w, f"An unexpected event: {w.name(e.event)}.", f"Un évènement inattendu : {w.name(e.event)}.")


def _final(w: Wording, e: ev.FinalScored) -> str:
    return _say(
        w,
        f"{w.who(e.player)} adds heroes {e.heroes}, trophies {e.trophies}, "
        f"missions {e.missions}, pantry {e.pantry}.",
        f"{w.who(e.player)} ajoute héros {e.heroes}, trophées {e.trophies}, "
        f"missions {e.missions}, garde-manger {e.pantry}.",
    )


def _ended(w: Wording, e: ev.GameEnded) -> str:
    winners = e.result.winners
    if len(winners) == 1:
        return _say(w, f"The game is over: {winners[0]} wins.", f"La partie est finie : {winners[0]} gagne.")
    names = " and ".join(winners) if w.lang != "fr" else " et ".join(winners)
    return _say(
        w,
        f"The game is over: {names} share the win.",
        f"La partie est finie : {names} se partagent la victoire.",
    )


_LINES: dict[type, Callable[[Wording, Any], str | None]] = {
    ev.GameStarted: _started,
    ev.LocationsLaid: _laid,
    ev.FirstPlayerChosen: _first,
    ev.RecipeRevealed: _recipe,
    ev.HeroRevealed: _hero,
    ev.RoundStarted: _round,
    ev.DiceRolled: _rolled,
    ev.FirstPlayerTaken: _first_taken,
    ev.GoldGained: _gold,
    ev.GoldLost: _gold_lost,
    ev.EnergyGained: _energy,
    ev.EnergyLost: _energy_lost,
    ev.RunesGained: _runes,
    ev.PrestigeScored: _prestige,
    ev.GoldTaken: _gold_taken,
    ev.EnergyTaken: _energy_taken,
    ev.SbireActivated: _activated,
    ev.RecipeCooked: _cooked,
    ev.SbireMoved: _moved,
    ev.SbireTeleported: _teleported,
    ev.IngredientCollected: _collected,
    ev.IngredientGained: _gained,
    ev.IngredientLost: _lost,
    ev.IngredientDropped: _dropped,
    ev.WoundTaken: _wounded,
    ev.WoundsHealed: _healed,
    ev.LocationVisited: _visited,
    ev.FireSet: _fire,
    ev.SbireFrozen: _frozen,
    ev.SecondActivation: _second,
    ev.HuntBegun: _hunt,
    ev.HuntingDiceRolled: _hunting,
    ev.HuntingDieRerolled: _hunting_rerolled,
    ev.HuntingDieTurned: _hunting_turned,
    ev.DamagePlaced: _damage,
    ev.DragonSlain: _slain,
    ev.TrophyWon: _trophy,
    ev.ForgeTokenDrawn: _forge,
    ev.ForgeTokenUsed: _forge_used,
    ev.DungeonTokenDrawn: _dungeon,
    ev.DiceChanged: _dice_changed,
    ev.DieRerolled: _die_rerolled,
    ev.HeroRecruited: _recruited,
    ev.AbilityUsed: _ability,
    ev.AbilityCopied: _copied,
    ev.BonusUsed: _bonus,
    ev.HeroesSwapped: _swapped,
    ev.PowerUsed: _power,
    ev.HeroesReadied: _readied,
    ev.DragonAwoke: _awoke,
    ev.DragonLeft: _left,
    ev.BoardCleared: _cleared,
    ev.EventRevealed: _event,
    ev.FinalScored: _final,
    ev.GameEnded: _ended,
}


def narrate(rules: RuleSet, state: GameState, event: Event, lang: str = "en") -> str | None:
    """The line of the log for ``event`` (``state``: the state it led to, as the reader
    sees it), in English or French; ``None`` for bookkeeping."""
    line = _LINES.get(type(event))
    return line(Wording(rules, state, lang), event) if line is not None else None


# ----------------------------------------------------------------------------- actions
def _route(w: Wording, path: str) -> str:
    regions = path.split("/")
    via = ", ".join(w.name(r) for r in regions[:-1])
    through = _say(w, f" (through {via})", f" (par {via})") if via else ""
    return _say(w, f"Move to {w.name(regions[-1])}{through}", f"Aller à {w.name(regions[-1])}{through}")


def _label(w: Wording, action: Action) -> str:
    rules: RuleSet = w.rules
    if isinstance(action, TakeGold):
        gold = rules.bank[action.space].gold if 0 <= action.space < len(rules.bank) else 0
        return _say(w, f"Bank a {action.die}: {gold} gold", f"Banque avec un {action.die} : {gold} or")
    if isinstance(action, TakeEnergy):
        return _say(w, f"Energy source with a {action.die}", f"Source d'énergie avec un {action.die}")
    if isinstance(action, Activate):
        return _say(
            w,
            f"Activate the {w.name(action.sbire)} with a {action.die}",
            f"Activer le {w.name(action.sbire)} avec un {action.die}",
        )
    if isinstance(action, Cook):
        recipe = w.state.row[action.place] if 0 <= action.place < len(w.state.row) else ""
        return _say(
            w, f"Cook {w.name(recipe)} with a {action.die}", f"Cuisiner {w.name(recipe)} avec un {action.die}"
        )
    if isinstance(action, Move):
        return _route(w, action.path)
    if isinstance(action, Collect):
        return _say(w, f"Collect {_a(w, action.ingredient)}", f"Collecter {_a(w, action.ingredient)}")
    if isinstance(action, Visit):
        return _say(w, f"Visit {w.name(action.location)}", f"Visiter {w.name(action.location)}")
    if isinstance(action, Hunt):
        return _say(
            w,
            f"Hunt the dragon with {_n(w, action.gems, 'gem', 'gemme')}",
            f"Chasser le dragon avec {_n(w, action.gems, 'gem', 'gemme')}",
        )
    if isinstance(action, Drop):
        return _say(
            w,
            f"Put {_a(w, action.ingredient)} in the pantry",
            f"Ranger {_a(w, action.ingredient)} au garde-manger",
        )
    if isinstance(action, Heal):
        return _say(
            w,
            f"Heal {_n(w, action.wounds, 'wound', 'blessure')} of the sbire",
            f"Soigner {_n(w, action.wounds, 'blessure', 'blessure')} du sbire",
        )
    if isinstance(action, EndActivation):
        return _say(w, "End the activation", "Terminer l'activation")
    if isinstance(action, Strike):
        return _say(w, "Strike", "Attaquer")
    if isinstance(action, Damage):
        return _say(
            w,
            f"{_a(w, action.symbol).capitalize()} on row {action.row + 1}",
            f"{_a(w, action.symbol).capitalize()} sur la ligne {action.row + 1}",
        )
    if isinstance(action, RerollHunting):
        return _say(
            w,
            f"A rune: reroll the die showing {_face(w, action.face)}",
            f"Une rune : relancer le dé {_face(w, action.face)}",
        )
    if isinstance(action, Recruit):
        cost = rules.hero(action.hero).cost
        return _say(
            w, f"Recruit {w.name(action.hero)} ({cost} gold)", f"Recruter {w.name(action.hero)} ({cost} or)"
        )
    if isinstance(action, UseAbility):
        return _say(w, f"Call on {w.name(action.hero)}", f"Faire appel à {w.name(action.hero)}")
    if isinstance(action, UseBonus):
        return _say(
            w, f"Use the bonus of {w.name(action.hero)}", f"Utiliser le bonus de {w.name(action.hero)}"
        )
    if isinstance(action, Reroll):
        in_reroll = bool(w.state.stack) and w.state.stack[-1].kind == "reroll_dice"
        if in_reroll:
            return _say(
                w, f"Set aside a {action.die} to reroll", f"Mettre de côté un {action.die} à relancer"
            )
        return _say(w, f"A rune: reroll a {action.die}", f"Une rune : relancer un {action.die}")
    if isinstance(action, UsePower):
        return _say(
            w,
            f"Use the tavern's power (space {action.space})",
            f"Utiliser le pouvoir de la taverne (case {action.space})",
        )
    if isinstance(action, ChooseIngredient):
        return w.name(action.ingredient)[:1].upper() + w.name(action.ingredient)[1:]
    if isinstance(action, ChooseRegion):
        return w.name(action.region)
    if isinstance(action, ChooseSbire):
        name = w.name(action.sbire)
        return name[:1].upper() + name[1:]
    if isinstance(action, ChooseHero):
        return w.name(action.hero)
    if isinstance(action, ChooseLocation):
        return w.name(action.location)
    if isinstance(action, ChooseFace):
        return _say(
            w,
            f"Turn {_face(w, action.face)} to {_face(w, action.to)}",
            f"Tourner {_face(w, action.face)} sur {_face(w, action.to)}",
        )
    if isinstance(action, ChooseMission):
        return _say(w, f"Keep {_named(w, action.mission)}", f"Garder {_named(w, action.mission)}")
    if isinstance(action, Search):
        return (
            _say(w, "Search further", "Fouiller encore")
            if action.more
            else _say(w, "Stop searching", "Arrêter la fouille")
        )
    if isinstance(action, ChoosePlayer):
        return w.who(action.seat)
    if isinstance(action, ChooseOption):
        return RUNTIME.option_label(rules, w.state, action, w.lang)
    if isinstance(action, EndTurn):
        return _say(w, "End your turn", "Finir votre tour")
    if isinstance(action, Pass):
        return _say(w, "Roll the dice set aside", "Relancer les dés mis de côté")
    return type(action).__name__


def describe_action(rules: RuleSet, state: GameState, action: Action, lang: str = "en") -> str:
    """A label for ``action`` of the decision pending in ``state``, in English or French."""
    return _label(Wording(rules, state, lang), action)


# ----------------------------------------------------------------------------- the board
def board_text(rules: RuleSet, state: GameState, viewer: int | None, lang: str = "en") -> str:
    """The table as ``viewer`` sees it: the round, the dragon, the locations, the recipe
    row and the market, then each player in the order of play."""
    w = Wording(rules, state, lang)
    colon = " : " if lang == "fr" else ": "
    if state.over:
        lines = [_say(w, "Taverns & Dragons, over", "Taverns & Dragons, terminée")]
    elif not state.round:
        lines = [_say(w, "Taverns & Dragons, setting up", "Taverns & Dragons, mise en place")]
    else:
        lines = [
            _say(
                w,
                f"Taverns & Dragons, round {state.round} of {rules.constants.rounds}",
                f"Taverns & Dragons, manche {state.round} sur {rules.constants.rounds}",
            )
        ]
    if state.dragon:
        space = rules.dragon(state.dragon).location
        left = sum(len(row) for row in state.grid)
        lines.append(
            _say(
                w,
                f"Dragon{colon}{w.name(state.dragon)} on {space}, {left} symbols left",
                f"Dragon{colon}{w.name(state.dragon)} en {space}, {left} symboles restants",
            )
        )
    places = ", ".join(
        f"{space} {w.name(loc)}" for space, loc in zip(rules.spaces, state.locations, strict=False)
    )
    if places:
        lines.append(_say(w, f"Locations{colon}{places}", f"Lieux{colon}{places}"))
    row = ", ".join(w.name(r) for r in state.row if r)
    if row:
        lines.append(_say(w, f"Recipes{colon}{row}", f"Recettes{colon}{row}"))
    if state.market:
        lines.append(_say(w, f"Market{colon}", f"Marché{colon}") + ", ".join(w.name(h) for h in state.market))
    order = state.order() if state.first >= 0 else tuple(range(len(state.players)))
    for seat in order:
        me = state.players[seat]
        mark = "*" if seat == viewer else " "
        dice = " ".join(str(d) for d in me.dice) or "-"
        sbires = "; ".join(
            f"{w.name(s)} {w.name(region)}"
            + (f" [{', '.join(w.name(c) for c in me.carried[i])}]" if me.carried[i] else "")
            for i, (s, region) in enumerate(zip(state.sbires, me.regions, strict=False))
        )
        pantry = ", ".join(w.name(c) for c in me.pantry) or "-"
        lines.append(
            f"{mark} {me.name}{colon}{me.prestige} prestige, {me.gold} {_say(w, 'gold', 'or')}, "
            f"{_n(w, me.energy, 'gem', 'gemme')}, {_n(w, me.runes, 'rune', 'rune')}; "
            f"{_say(w, 'dice', 'dés')} {dice}; {sbires}; {_say(w, 'pantry', 'garde-manger')} {pantry}"
        )
    return "\n".join(lines)


# ----------------------------------------------------------------------------- demo
class Narration:
    """What the narrated demo needs of Taverns & Dragons: the lines after the opening and
    after the result, and the categories of a result in words."""

    @staticmethod
    def intro(rules: RuleSet, state: GameState, lang: str = "en") -> list[str]:
        """Lines after the opening: none (its events say it all)."""
        return []

    @staticmethod
    def outro(rules: RuleSet, state: GameState, lang: str = "en") -> list[str]:
        """Lines after the result: what is reconstructed."""
        if lang == "fr":
            return [
                "La carte, les plateaux et toutes les cartes sont reconstitués, non imprimés\n"
                "(sauf les noms et capacités de neuf héros) : voir docs/taverns_and_dragons.rst."
            ]
        return [
            "The map, the boards and every card are reconstructed, not printed (but for nine\n"
            "heroes' names and abilities): see docs/taverns_and_dragons.rst."
        ]

    @staticmethod
    def category(rules: RuleSet, category: str, lang: str = "en") -> str:
        """A category of a standing in words."""
        words = {
            "play": ("Prestige in play", "Prestige en jeu"),
            "heroes": ("Heroes", "Héros"),
            "trophies": ("Trophies", "Trophées"),
            "missions": ("Missions", "Missions"),
            "pantry": ("Pantry", "Garde-manger"),
        }
        en, fr = words.get(category, (category, category))
        return fr if lang == "fr" else en


NARRATION = Narration()
