"""Taverna in words, one line per event, in English, French or Dutch, for the log a seat
reads (:meth:`Game.narrate <taverna_rules.Game.narrate>`), the narrated demo and the
server; and how a player stands for bots that look one step ahead.

Things are named as the board and the cards print them (a customer card, which has no
printed name, by its peoples and symbols), tables numbered from 1.

>>> import taverna_rules as tr
>>> game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
>>> game.narrate(lang="fr")[0]
'Une partie pour Ann, Bob (Face 2/3 joueurs) ; Ann commence.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from taverna_rules.dsl.text import Text, fill
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.labels import card_words
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState

__all__ = ["NARRATION", "Narration", "card_text", "describe_event", "heuristic", "narrate"]

_T = Text
#: The lines, by key; fields in braces, nouns after a number in two forms (``{n:coin|coins}``).
_LINES: dict[str, Text] = {
    "started": _T(
        en="A game for {players} ({side}); {first} starts.",
        fr="Une partie pour {players} ({side}) ; {first} commence.",
        nl="Een spel voor {players} ({side}); {first} begint.",
    ),
    "dignitaries": _T(
        en="Dignitaries: {list}.", fr="Dignitaires : {list}.", nl="Hoogwaardigheidsbekleders: {list}."
    ),
    "dignitary_at": _T(
        en="{dignitary} at {tavern}", fr="{dignitary} à {tavern}", nl="{dignitary} in {tavern}"
    ),
    "castle": _T(
        en="Royal favours at the castle: {list}.",
        fr="Faveurs royales au château : {list}.",
        nl="Koninklijke gunsten in het kasteel: {list}.",
    ),
    "people_chosen": _T(
        en="The {role}'s people: {people} (chosen by {who}).",
        fr="Le peuple du {role} : {people} (choisi par {who}).",
        nl="Het volk van de {role}: {people} (gekozen door {who}).",
    ),
    "people_first": _T(
        en="The {role}'s people: {people} (the first card).",
        fr="Le peuple du {role} : {people} (la première carte).",
        nl="Het volk van de {role}: {people} (de eerste kaart).",
    ),
    "deed": _T(
        en="{who} buys a deed at {tavern} for {price} {price:coin|coins} (+{vp} VP).",
        fr="{who} achète un acte à {tavern} pour {price} {price:sou|sous} (+{vp} PV).",
        nl="{who} koopt een akte in {tavern} voor {price} {price:munt|munten} (+{vp} PW).",
    ),
    "turn": _T(
        en="\n-- {who}'s turn, round {round} of {rounds} --",
        fr="\n-- Tour de {who}, manche {round} sur {rounds} --",
        nl="\n-- Beurt van {who}, ronde {round} van {rounds} --",
    ),
    "picked": _T(
        en="{who} picks a card of the row ({card}) and takes a customer of the {people}.",
        fr="{who} prend une carte de la rangée ({card}) et un client {people}.",
        nl="{who} neemt een kaart uit de rij ({card}) en een klant van de {people}.",
    ),
    "seated": _T(
        en="{who} seats the customer at {tavern}, at table {table} ({colour}).",
        fr="{who} installe le client à {tavern}, table {table} ({colour}).",
        nl="{who} zet de klant in {tavern}, aan tafel {table} ({colour}).",
    ),
    "removed": _T(
        en="Trickery: {who} removes a customer of the {people} from {tavern} (out of the game).",
        fr="Complot : {who} retire un client {people} de {tavern} (hors jeu).",
        nl="Bedrog: {who} haalt een klant van de {people} uit {tavern} (uit het spel).",
    ),
    "revealed": _T(
        en="New in the row: {card}.",
        fr="Nouvelle carte dans la rangée : {card}.",
        nl="Nieuw in de rij: {card}.",
    ),
    "track": _T(
        en="{who} climbs the {people} track {start} -> {end}.",
        fr="{who} monte sur la piste des {people} : {start} -> {end}.",
        nl="{who} klimt op het spoor van de {people}: {start} -> {end}.",
    ),
    "gains": _T(
        en="{who} gains {n} {n:coin|coins} ({reason}).",
        fr="{who} gagne {n} {n:sou|sous} ({reason}).",
        nl="{who} krijgt {n} {n:munt|munten} ({reason}).",
    ),
    "pays": _T(
        en="{who} pays {n} {n:coin|coins} ({reason}).",
        fr="{who} paie {n} {n:sou|sous} ({reason}).",
        nl="{who} betaalt {n} {n:munt|munten} ({reason}).",
    ),
    "scores": _T(
        en="{who} scores {n} VP ({category}).",
        fr="{who} marque {n} PV ({category}).",
        nl="{who} scoort {n} PW ({category}).",
    ),
    "privilege": _T(
        en="{who} takes the privilege token of {tavern}.",
        fr="{who} prend le jeton privilège de {tavern}.",
        nl="{who} neemt het privilegefiche van {tavern}.",
    ),
    "privileges": _T(
        en="{who} takes {n} {n:privilege token|privilege tokens}.",
        fr="{who} prend {n} {n:jeton privilège|jetons privilège}.",
        nl="{who} neemt {n} {n:privilegefiche|privilegefiches}.",
    ),
    "draws": _T(en="{who} draws a spell.", fr="{who} pioche un sort.", nl="{who} trekt een spreuk."),
    "draws_named": _T(
        en="{who} draws a spell: {spell}.",
        fr="{who} pioche un sort : {spell}.",
        nl="{who} trekt een spreuk: {spell}.",
    ),
    "curse": _T(
        en="{who} draws the {curse}! It is set aside.",
        fr="{who} pioche la {curse} ! Elle est mise de côté.",
        nl="{who} trekt de {curse}! Die wordt opzijgelegd.",
    ),
    "sold": _T(
        en="{who} sells a spell for 1 coin.",
        fr="{who} vend un sort pour 1 sou.",
        nl="{who} verkoopt een spreuk voor 1 munt.",
    ),
    "exchanged": _T(
        en="{who} exchanges {n} {n:unused spell|unused spells} for {n} {n:coin|coins}.",
        fr="{who} échange {n} {n:sort inutilisé|sorts inutilisés} contre {n} {n:sou|sous}.",
        nl="{who} ruilt {n} {n:ongebruikte spreuk|ongebruikte spreuken} voor {n} {n:munt|munten}.",
    ),
    "privileges_exchanged": _T(
        en="{who} exchanges {n} {n:privilege token|privilege tokens} for {n} VP.",
        fr="{who} échange {n} {n:jeton privilège|jetons privilège} contre {n} PV.",
        nl="{who} ruilt {n} {n:privilegefiche|privilegefiches} voor {n} PW.",
    ),
    "activates": _T(
        en="{who} activates the {dignitary}.",
        fr="{who} active : {dignitary}.",
        nl="{who} activeert: {dignitary}.",
    ),
    "activates_extra": _T(
        en="{who} activates the {dignitary} with two privilege tokens.",
        fr="{who} active : {dignitary}, avec deux jetons privilège.",
        nl="{who} activeert: {dignitary}, met twee privilegefiches.",
    ),
    "moved": _T(
        en="The {dignitary} goes to {tavern}.",
        fr="{dignitary} : vers {tavern}.",
        nl="{dignitary} gaat naar {tavern}.",
    ),
    "takeover": _T(
        en="{who} takes over {owner}'s deed at {tavern} for {n} {n:coin|coins} "
        "({owner} gets {refund}; +{vp} VP).",
        fr="{who} rachète l'acte de {owner} à {tavern} pour {n} {n:sou|sous} "
        "({owner} reçoit {refund} ; +{vp} PV).",
        nl="{who} neemt de akte van {owner} in {tavern} over voor {n} {n:munt|munten} "
        "({owner} krijgt {refund}; +{vp} PW).",
    ),
    "token": _T(
        en="{who} places a {symbol} guild token at {tavern}.",
        fr="{who} place un jeton guilde {symbol} à {tavern}.",
        nl="{who} legt een gildetegel {symbol} in {tavern}.",
    ),
    "favour": _T(
        en="{who} takes the royal favour {favour}.",
        fr="{who} prend la faveur royale {favour}.",
        nl="{who} neemt de koninklijke gunst {favour}.",
    ),
    "refilled": _T(
        en="The castle shows a new royal favour: {favour}.",
        fr="Le château montre une nouvelle faveur royale : {favour}.",
        nl="Het kasteel toont een nieuwe koninklijke gunst: {favour}.",
    ),
    "discards": _T(
        en="{who} discards {n} {n:privilege token|privilege tokens}.",
        fr="{who} défausse {n} {n:jeton privilège|jetons privilège}.",
        nl="{who} legt {n} {n:privilegefiche|privilegefiches} af.",
    ),
    "favour_used": _T(
        en="{who} uses the royal favour {favour}.",
        fr="{who} utilise la faveur royale {favour}.",
        nl="{who} gebruikt de koninklijke gunst {favour}.",
    ),
    "symbols": _T(
        en="{who}'s card now shows {symbols}.",
        fr="La carte de {who} montre maintenant {symbols}.",
        nl="De kaart van {who} toont nu {symbols}.",
    ),
    "people_changed": _T(
        en="{who} takes a customer of the {end} instead of the {start}.",
        fr="{who} prend un client {end} au lieu de {start}.",
        nl="{who} neemt een klant van de {end} in plaats van de {start}.",
    ),
    "customer_moved": _T(
        en="{who} moves a customer of the {people} from {start} to {end}, at table {table} ({colour}).",
        fr="{who} déplace un client {people} de {start} à {end}, table {table} ({colour}).",
        nl="{who} verplaatst een klant van de {people} van {start} naar {end}, aan tafel {table} ({colour}).",
    ),
    "granted": _T(
        en="{who} may cast {n} {n:more spell|more spells} this turn.",
        fr="{who} peut lancer {n} {n:sort de plus|sorts de plus} ce tour-ci.",
        nl="{who} mag deze beurt nog {n} {n:spreuk|spreuken} uitspreken.",
    ),
    "royal": _T(
        en="{who} chooses the royal scoring: {scoring}.",
        fr="{who} choisit le décompte royal : {scoring}.",
        nl="{who} kiest de koninklijke telling: {scoring}.",
    ),
    "wins": _T(
        en="The game is over: {who} wins.",
        fr="La partie est finie : {who} gagne.",
        nl="Het spel is afgelopen: {who} wint.",
    ),
    "share": _T(
        en="The game is over: {who} share the win.",
        fr="La partie est finie : {who} se partagent la victoire.",
        nl="Het spel is afgelopen: {who} delen de overwinning.",
    ),
    "and": _T(en=" and ", fr=" et ", nl=" en "),
    "track_bonus": _T(
        en="{people} track bonus, position {position}",
        fr="bonus de la piste des {people}, case {position}",
        nl="bonus van het spoor van de {people}, vak {position}",
    ),
    "income": _T(
        en="income: owns a deed here", fr="revenu : possède un acte ici", nl="inkomen: bezit hier een akte"
    ),
    "feast": _T(en="Feast", fr="Ripaille", nl="Feest"),
}
#: The VP categories in words.
_CATEGORIES: dict[str, Text] = {
    "people": _T(en="people tracks", fr="pistes des peuples", nl="volkssporen"),
    "deeds": _T(en="deeds", fr="actes", nl="akten"),
    "track_bonus": _T(en="track bonus", fr="bonus de piste", nl="spoorbonus"),
    "royal": _T(en="royal scoring", fr="décompte royal", nl="koninklijke telling"),
    "spells": _T(en="spells", fr="sorts", nl="spreuken"),
    "dignitaries": _T(en="dignitaries", fr="dignitaires", nl="hoogwaardigheidsbekleders"),
    "favours": _T(en="royal favours", fr="faveurs royales", nl="koninklijke gunsten"),
    "effects": _T(en="effects", fr="effets", nl="effecten"),
    "privileges": _T(en="privilege tokens", fr="jetons privilège", nl="privilegefiches"),
}


def describe_event(rules: RuleSet, state: GameState, event: ev.Event, lang: str = "en") -> str | None:
    """One line for ``event`` in ``lang`` (``state`` gives player names), or ``None`` for
    bookkeeping."""

    def name(ident: str) -> str:
        return rules.name_of(ident, lang)

    def who(index: int) -> str:
        return state.players[index].name

    def say(key: str, **fields: object) -> str:
        return fill(_LINES[key], lang, **{k: str(v) for k, v in fields.items()})

    def at_table(tavern: str, table: int) -> dict[str, object]:
        # Numbered as printed, from 1.
        colour = name(rules.side_for(len(state.players)).layout(tavern).tables[table])
        return {"table": table + 1, "colour": colour}

    def names(ids: tuple[str, ...]) -> str:
        return ", ".join(name(i) for i in ids)

    text: dict[type[ev.Event], Callable[[Any], str]] = {
        ev.GameStarted: lambda e: say(
            "started",
            players=", ".join(e.players),
            side=_side(rules, e.side, lang),
            first=e.players[e.first_player],
        ),
        ev.BoardPrepared: lambda e: say(
            "dignitaries",
            list=", ".join(
                say("dignitary_at", dignitary=name(d), tavern=name(t.id))
                for t in e.taverns
                for d in t.dignitaries
            ),
        ),
        ev.FavoursShuffled: lambda e: say("castle", list=names(e.castle)),
        ev.ChosenPeople: lambda e: (
            say("people_chosen", role=name(e.role), people=name(e.people), who=who(e.player))
            if e.player >= 0
            else say("people_first", role=name(e.role), people=name(e.people))
        ),
        ev.DeedBought: lambda e: say(
            "deed", who=who(e.player), tavern=name(e.tavern), price=e.price, vp=e.vp
        ),
        ev.TurnStarted: lambda e: say("turn", who=who(e.player), **_round(rules, state)),
        ev.CustomerCardPicked: lambda e: say(
            "picked", who=who(e.player), card=card_words(rules, e.card, lang), people=name(e.people)
        ),
        ev.CustomerSeated: lambda e: say(
            "seated", who=who(e.player), tavern=name(e.tavern), **at_table(e.tavern, e.table)
        ),
        ev.CustomerRemoved: lambda e: say(
            "removed", who=who(e.player), people=name(e.people), tavern=name(e.tavern)
        ),
        ev.CustomerRevealed: lambda e: say("revealed", card=card_words(rules, e.card, lang)),
        ev.TrackAdvanced: lambda e: say(
            "track", who=who(e.player), people=name(e.people), start=e.start, end=e.end
        ),
        ev.CoinsGained: lambda e: say(
            "gains", who=who(e.player), n=e.amount, reason=_reason(rules, e.reason, lang)
        ),
        ev.CoinsPaid: lambda e: say(
            "pays", who=who(e.player), n=e.amount, reason=_reason(rules, e.reason, lang)
        ),
        ev.VPScored: lambda e: say(
            "scores", who=who(e.player), n=f"{e.amount:+d}", category=_category(e.category, lang)
        ),
        ev.PrivilegeTaken: lambda e: say("privilege", who=who(e.player), tavern=name(e.tavern)),
        ev.PrivilegesGained: lambda e: say("privileges", who=who(e.player), n=e.count),
        ev.SpellDrawn: lambda e: (
            say("draws", who=who(e.player))
            if e.spell == ev.HIDDEN
            else say("draws_named", who=who(e.player), spell=name(e.spell))
        ),
        ev.CurseDrawn: lambda e: say("curse", who=who(e.player), curse=name(e.spell)),
        ev.SpellSold: lambda e: say("sold", who=who(e.player)),
        ev.SpellsExchanged: lambda e: say("exchanged", who=who(e.player), n=len(e.spells)),
        ev.PrivilegesExchanged: lambda e: say("privileges_exchanged", who=who(e.player), n=e.count),
        ev.DignitaryActivated: lambda e: say(
            "activates_extra" if e.extra else "activates", who=who(e.player), dignitary=name(e.dignitary)
        ),
        ev.DignitaryMoved: lambda e: say("moved", dignitary=name(e.dignitary), tavern=name(e.end)),
        ev.DeedTakenOver: lambda e: say(
            "takeover",
            who=who(e.player),
            owner=who(e.owner),
            tavern=name(e.tavern),
            n=e.price,
            refund=e.refund,
            vp=e.vp,
        ),
        ev.GuildTokenPlaced: lambda e: say(
            "token", who=who(e.player), symbol=name(e.symbol), tavern=name(e.tavern)
        ),
        ev.FavourTaken: lambda e: say("favour", who=who(e.player), favour=name(e.favour)),
        ev.CastleRefilled: lambda e: say("refilled", favour=name(e.favour)),
        ev.PrivilegesDiscarded: lambda e: say("discards", who=who(e.player), n=e.count),
        ev.FavourUsed: lambda e: say("favour_used", who=who(e.player), favour=name(e.favour)),
        ev.CardSymbolsChanged: lambda e: say("symbols", who=who(e.player), symbols=names(e.symbols)),
        ev.CustomerPeopleChanged: lambda e: say(
            "people_changed", who=who(e.player), start=name(e.start), end=name(e.end)
        ),
        ev.CustomerMoved: lambda e: say(
            "customer_moved",
            who=who(e.player),
            people=name(e.people),
            start=name(e.start),
            end=name(e.end),
            **at_table(e.end, e.end_table),
        ),
        ev.SpellCastGranted: lambda e: say("granted", who=who(e.player), n=e.count),
        ev.RoyalScoringChosen: lambda e: say("royal", who=who(e.player), scoring=name(e.scoring)),
        ev.GameEnded: lambda e: (
            say("wins", who=e.result.winners[0])
            if len(e.result.winners) == 1
            else say("share", who=fill(_LINES["and"], lang).join(e.result.winners))
        ),
    }
    if isinstance(event, ev.CoinsGained) and event.reason in ("spell sold", "spells exchanged"):
        return None  # the SpellSold and SpellsExchanged lines say it
    if isinstance(event, ev.VPScored) and event.category == "privileges":
        return None  # the PrivilegesExchanged line says it
    render = text.get(type(event))
    return render(event) if render is not None else None


def _round(rules: RuleSet, state: GameState) -> dict[str, object]:
    n = len(state.players)
    turns = rules.constants.turns_for(n)
    return {"round": min(state.customers_played // n + 1, turns), "rounds": turns}


def card_text(rules: RuleSet, card_id: str, lang: str = "en") -> str:
    """A customer card as a player sees it: its peoples and guild symbols (it has no
    printed name; :func:`~taverna_rules.games.taverna.labels.card_words`)."""
    return card_words(rules, card_id, lang)


def _side(rules: RuleSet, side: str, lang: str) -> str:
    """A board side by its name (``2/3-player side``)."""
    return next((s.name.get(lang) for s in rules.sides if s.id == side), side)


def _category(category: str, lang: str) -> str:
    words = _CATEGORIES.get(category)
    return words.get(lang) if words is not None else category.replace("_", " ")


def _reason(rules: RuleSet, reason: str, lang: str) -> str:
    kind, _, rest = reason.partition(":")
    if kind == "track":
        people, _, position = rest.rpartition(":")
        return fill(_LINES["track_bonus"], lang, people=rules.name_of(people, lang), position=position)
    if kind == "royal":
        return rules.name_of(rest, lang)
    if kind in ("dignitary", "favour", "spell", "trigger"):
        return rules.name_of(rest.partition(":")[0], lang)
    if reason in ("income", "feast"):
        return fill(_LINES[reason], lang)
    # Any other reason is a phrase; a content id in it is said by its name.
    return " ".join(rules.name_of(word, lang) for word in reason.replace(":", " ").split())


def heuristic(rules: RuleSet, state: GameState, seat: int) -> float:
    """How well ``seat`` stands: VP, the people tracks' VP at their positions, coins (a
    third of a VP each), and the spells cast and royal favours held or used."""
    me = state.players[seat]
    people = sum(rules.constants.track_vp[position] for position in me.tracks)
    return me.total_vp + people + me.coins / 3 + len(me.cast) + len(me.favours) + len(me.favours_used)


def _routine(event: ev.Event, in_setup: bool) -> bool:
    """Events the demo's table summary already shows: the opening deal and the people scoring."""
    if isinstance(event, ev.SpellDrawn | ev.CustomerRevealed):
        return in_setup
    return isinstance(event, ev.VPScored) and event.category == "people"


class Narration:
    """What the narrated demo needs of Taverna: a line per event (with a header for each
    turn), the lines after the opening and those after the score table."""

    @staticmethod
    def describe(rules: RuleSet, state: GameState, event: ev.Event) -> str | None:
        """The demo's line for ``event``, or ``None`` (:func:`narrate` in English)."""
        return narrate(rules, state, event)

    @staticmethod
    def intro(rules: RuleSet, state: GameState) -> list[str]:
        """Lines after the opening: the secret spells and the row of customer cards."""
        return [
            f"Each player is dealt {rules.constants.spell_hand} spells, kept secret.",
            "The row: " + "; ".join(f"{i}. {card_text(rules, c)}" for i, c in enumerate(state.row, 1)) + ".",
        ]

    @staticmethod
    def outro(rules: RuleSet, state: GameState) -> list[str]:
        """Lines after the score table."""
        return [
            "Coins left: " + ", ".join(f"{p.name} {p.coins}" for p in state.players),
            "Reconstructed content (customer cards, board layouts, track bonuses, spells) is ours,\n"
            "not the printed game's: see docs/content.rst.",
        ]


NARRATION = Narration()


def narrate(rules: RuleSet, state: GameState, event: ev.Event, lang: str = "en") -> str | None:
    """The line of the log for ``event`` in ``lang`` (``state``: the state it led to, as the
    reader sees it), or ``None``: for bookkeeping, and for what the table already shows
    (the opening deal, the people scoring of the score table)."""
    if _routine(event, state.turn is None and state.customers_played == 0):
        return None
    return describe_event(rules, state, event, lang)
