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

from taverna_rules.core.words import Wording, say
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.labels import card_words, role_words
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
        fr="Le peuple de {role} : {people} (choisi par {who}).",
        nl="Het volk van de {role}: {people} (gekozen door {who}).",
    ),
    "people_first": _T(
        en="The {role}'s people: {people} (the first card).",
        fr="Le peuple de {role} : {people} (la première carte).",
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
    "dealt": _T(
        en="Each player is dealt {n} spells, kept secret.",
        fr="Chaque joueur reçoit {n} sorts, gardés secrets.",
        nl="Iedere speler krijgt {n} spreuken, geheim gehouden.",
    ),
    "row": _T(en="The row: {row}.", fr="La rangée : {row}.", nl="De rij: {row}."),
    "coins_left": _T(
        en="Coins left: {coins}", fr="Sous restants : {coins}", nl="Overgebleven munten: {coins}"
    ),
    "reconstructed": _T(
        en="Reconstructed content (customer cards, board layouts, track bonuses, spells) is ours,\n"
        "not the printed game's: see docs/content.rst.",
        fr="Le contenu reconstitué (cartes client, plans des tavernes, bonus de piste, sorts) est le\n"
        "nôtre, pas celui du jeu imprimé : voir docs/content.rst.",
        nl="Gereconstrueerde inhoud (klantenkaarten, indeling van de tavernes, spoorbonussen,\n"
        "spreuken) is van ons, niet van het gedrukte spel: zie docs/content.rst.",
    ),
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


# ----------------------------------------------------------------------------- one line per event
def _line(w: Wording, key: str, /, **fields: object) -> str:
    return say(_LINES[key], w.lang, **fields)


def _table(w: Wording, tavern: str, table: int) -> dict[str, object]:
    """A table numbered as printed, from 1, with its colour."""
    colour = w.name(w.rules.side_for(len(w.state.players)).layout(tavern).tables[table])
    return {"table": table + 1, "colour": colour}


def _started(w: Wording, e: ev.GameStarted) -> str:
    side = _side(w.rules, e.side, w.lang)
    return _line(w, "started", players=", ".join(e.players), side=side, first=e.players[e.first_player])


def _board_prepared(w: Wording, e: ev.BoardPrepared) -> str:
    placed = (
        _line(w, "dignitary_at", dignitary=w.name(d), tavern=w.name(t.id))
        for t in e.taverns
        for d in t.dignitaries
    )
    return _line(w, "dignitaries", list=", ".join(placed))


def _favours_shuffled(w: Wording, e: ev.FavoursShuffled) -> str:
    return _line(w, "castle", list=", ".join(map(w.name, e.castle)))


def _chosen_people(w: Wording, e: ev.ChosenPeople) -> str:
    role = role_words(w.rules, e.role, w.lang)
    if e.player < 0:
        return _line(w, "people_first", role=role, people=w.name(e.people))
    return _line(w, "people_chosen", role=role, people=w.name(e.people), who=w.who(e.player))


def _deed_bought(w: Wording, e: ev.DeedBought) -> str:
    return _line(w, "deed", who=w.who(e.player), tavern=w.name(e.tavern), price=e.price, vp=e.vp)


def _turn_started(w: Wording, e: ev.TurnStarted) -> str:
    return _line(w, "turn", who=w.who(e.player), **_round(w.rules, w.state))


def _card_picked(w: Wording, e: ev.CustomerCardPicked) -> str:
    card = card_words(w.rules, e.card, w.lang)
    return _line(w, "picked", who=w.who(e.player), card=card, people=w.name(e.people))


def _seated(w: Wording, e: ev.CustomerSeated) -> str:
    return _line(w, "seated", who=w.who(e.player), tavern=w.name(e.tavern), **_table(w, e.tavern, e.table))


def _removed(w: Wording, e: ev.CustomerRemoved) -> str:
    return _line(w, "removed", who=w.who(e.player), people=w.name(e.people), tavern=w.name(e.tavern))


def _revealed(w: Wording, e: ev.CustomerRevealed) -> str:
    return _line(w, "revealed", card=card_words(w.rules, e.card, w.lang))


def _track_advanced(w: Wording, e: ev.TrackAdvanced) -> str:
    return _line(w, "track", who=w.who(e.player), people=w.name(e.people), start=e.start, end=e.end)


def _coins_gained(w: Wording, e: ev.CoinsGained) -> str | None:
    if e.reason in ("spell sold", "spells exchanged"):
        return None  # the SpellSold and SpellsExchanged lines say it
    return _line(w, "gains", who=w.who(e.player), n=e.amount, reason=_reason(w.rules, e.reason, w.lang))


def _coins_paid(w: Wording, e: ev.CoinsPaid) -> str:
    return _line(w, "pays", who=w.who(e.player), n=e.amount, reason=_reason(w.rules, e.reason, w.lang))


def _vp_scored(w: Wording, e: ev.VPScored) -> str | None:
    if e.category == "privileges":
        return None  # the PrivilegesExchanged line says it
    category = _category(e.category, w.lang)
    return _line(w, "scores", who=w.who(e.player), n=f"{e.amount:+d}", category=category)


def _privilege_taken(w: Wording, e: ev.PrivilegeTaken) -> str:
    return _line(w, "privilege", who=w.who(e.player), tavern=w.name(e.tavern))


def _privileges_gained(w: Wording, e: ev.PrivilegesGained) -> str:
    return _line(w, "privileges", who=w.who(e.player), n=e.count)


def _spell_drawn(w: Wording, e: ev.SpellDrawn) -> str:
    if e.spell == ev.HIDDEN:
        return _line(w, "draws", who=w.who(e.player))
    return _line(w, "draws_named", who=w.who(e.player), spell=w.name(e.spell))


def _curse_drawn(w: Wording, e: ev.CurseDrawn) -> str:
    return _line(w, "curse", who=w.who(e.player), curse=w.name(e.spell))


def _spell_sold(w: Wording, e: ev.SpellSold) -> str:
    return _line(w, "sold", who=w.who(e.player))


def _spells_exchanged(w: Wording, e: ev.SpellsExchanged) -> str:
    return _line(w, "exchanged", who=w.who(e.player), n=len(e.spells))


def _privileges_exchanged(w: Wording, e: ev.PrivilegesExchanged) -> str:
    return _line(w, "privileges_exchanged", who=w.who(e.player), n=e.count)


def _dignitary_activated(w: Wording, e: ev.DignitaryActivated) -> str:
    key = "activates_extra" if e.extra else "activates"
    return _line(w, key, who=w.who(e.player), dignitary=w.name(e.dignitary))


def _dignitary_moved(w: Wording, e: ev.DignitaryMoved) -> str:
    return _line(w, "moved", dignitary=w.name(e.dignitary), tavern=w.name(e.end))


def _deed_taken_over(w: Wording, e: ev.DeedTakenOver) -> str:
    return _line(
        w,
        "takeover",
        who=w.who(e.player),
        owner=w.who(e.owner),
        tavern=w.name(e.tavern),
        n=e.price,
        refund=e.refund,
        vp=e.vp,
    )


def _guild_token_placed(w: Wording, e: ev.GuildTokenPlaced) -> str:
    return _line(w, "token", who=w.who(e.player), symbol=w.name(e.symbol), tavern=w.name(e.tavern))


def _favour_taken(w: Wording, e: ev.FavourTaken) -> str:
    return _line(w, "favour", who=w.who(e.player), favour=w.name(e.favour))


def _castle_refilled(w: Wording, e: ev.CastleRefilled) -> str:
    return _line(w, "refilled", favour=w.name(e.favour))


def _privileges_discarded(w: Wording, e: ev.PrivilegesDiscarded) -> str:
    return _line(w, "discards", who=w.who(e.player), n=e.count)


def _favour_used(w: Wording, e: ev.FavourUsed) -> str:
    return _line(w, "favour_used", who=w.who(e.player), favour=w.name(e.favour))


def _symbols_changed(w: Wording, e: ev.CardSymbolsChanged) -> str:
    return _line(w, "symbols", who=w.who(e.player), symbols=", ".join(map(w.name, e.symbols)))


def _people_changed(w: Wording, e: ev.CustomerPeopleChanged) -> str:
    return _line(w, "people_changed", who=w.who(e.player), start=w.name(e.start), end=w.name(e.end))


def _customer_moved(w: Wording, e: ev.CustomerMoved) -> str:
    return _line(
        w,
        "customer_moved",
        who=w.who(e.player),
        people=w.name(e.people),
        start=w.name(e.start),
        end=w.name(e.end),
        **_table(w, e.end, e.end_table),
    )


def _cast_granted(w: Wording, e: ev.SpellCastGranted) -> str:
    return _line(w, "granted", who=w.who(e.player), n=e.count)


def _royal_chosen(w: Wording, e: ev.RoyalScoringChosen) -> str:
    return _line(w, "royal", who=w.who(e.player), scoring=w.name(e.scoring))


def _game_ended(w: Wording, e: ev.GameEnded) -> str:
    winners = e.result.winners
    if len(winners) == 1:
        return _line(w, "wins", who=winners[0])
    return _line(w, "share", who=_line(w, "and").join(winners))


#: The line of each event type that has one (built once: the functions above, by type).
_EVENT_LINES: dict[type[ev.Event], Callable[[Wording, Any], str | None]] = {
    ev.GameStarted: _started,
    ev.BoardPrepared: _board_prepared,
    ev.FavoursShuffled: _favours_shuffled,
    ev.ChosenPeople: _chosen_people,
    ev.DeedBought: _deed_bought,
    ev.TurnStarted: _turn_started,
    ev.CustomerCardPicked: _card_picked,
    ev.CustomerSeated: _seated,
    ev.CustomerRemoved: _removed,
    ev.CustomerRevealed: _revealed,
    ev.TrackAdvanced: _track_advanced,
    ev.CoinsGained: _coins_gained,
    ev.CoinsPaid: _coins_paid,
    ev.VPScored: _vp_scored,
    ev.PrivilegeTaken: _privilege_taken,
    ev.PrivilegesGained: _privileges_gained,
    ev.SpellDrawn: _spell_drawn,
    ev.CurseDrawn: _curse_drawn,
    ev.SpellSold: _spell_sold,
    ev.SpellsExchanged: _spells_exchanged,
    ev.PrivilegesExchanged: _privileges_exchanged,
    ev.DignitaryActivated: _dignitary_activated,
    ev.DignitaryMoved: _dignitary_moved,
    ev.DeedTakenOver: _deed_taken_over,
    ev.GuildTokenPlaced: _guild_token_placed,
    ev.FavourTaken: _favour_taken,
    ev.CastleRefilled: _castle_refilled,
    ev.PrivilegesDiscarded: _privileges_discarded,
    ev.FavourUsed: _favour_used,
    ev.CardSymbolsChanged: _symbols_changed,
    ev.CustomerPeopleChanged: _people_changed,
    ev.CustomerMoved: _customer_moved,
    ev.SpellCastGranted: _cast_granted,
    ev.RoyalScoringChosen: _royal_chosen,
    ev.GameEnded: _game_ended,
}


def describe_event(rules: RuleSet, state: GameState, event: ev.Event, lang: str = "en") -> str | None:
    """One line for ``event`` in ``lang`` (``state`` gives player names), or ``None`` for
    bookkeeping."""
    line = _EVENT_LINES.get(type(event))
    return line(Wording(rules, state, lang), event) if line is not None else None


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
        return say(_LINES["track_bonus"], lang, people=rules.name_of(people, lang), position=position)
    if kind == "royal":
        return rules.name_of(rest, lang)
    if kind in ("dignitary", "favour", "spell", "trigger"):
        return rules.name_of(rest.partition(":")[0], lang)
    if reason in ("income", "feast"):
        return say(_LINES[reason], lang)
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
    """What the narrated demo needs of Taverna, in its languages: a line per event (with a
    header for each turn), the lines after the opening and those after the score table,
    and the VP categories in words."""

    @staticmethod
    def describe(rules: RuleSet, state: GameState, event: ev.Event) -> str | None:
        """The demo's line for ``event``, or ``None`` (:func:`narrate` in English)."""
        return narrate(rules, state, event)

    @staticmethod
    def intro(rules: RuleSet, state: GameState, lang: str = "en") -> list[str]:
        """Lines after the opening: the secret spells and the row of customer cards."""
        row = "; ".join(f"{i}. {card_text(rules, c, lang)}" for i, c in enumerate(state.row, 1))
        return [say(_LINES["dealt"], lang, n=rules.constants.spell_hand), say(_LINES["row"], lang, row=row)]

    @staticmethod
    def outro(rules: RuleSet, state: GameState, lang: str = "en") -> list[str]:
        """Lines after the score table."""
        coins = ", ".join(f"{p.name} {p.coins}" for p in state.players)
        return [say(_LINES["coins_left"], lang, coins=coins), say(_LINES["reconstructed"], lang)]

    @staticmethod
    def category(rules: RuleSet, category: str, lang: str = "en") -> str:
        """A VP category in words (``people tracks``), for the score table."""
        return _category(category, lang)


NARRATION = Narration()


def narrate(rules: RuleSet, state: GameState, event: ev.Event, lang: str = "en") -> str | None:
    """The line of the log for ``event`` in ``lang`` (``state``: the state it led to, as the
    reader sees it), or ``None``: for bookkeeping, and for what the table already shows
    (the opening deal, the people scoring of the score table)."""
    if _routine(event, state.turn is None and state.customers_played == 0):
        return None
    return describe_event(rules, state, event, lang)
