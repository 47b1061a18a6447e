"""Taverna in words a player reads: a label for every action, and the board as text, in
English, French or Dutch (the game module's ``describe_action`` and ``board_text``).

Things are named as the rulebook and the board print them: peoples, guild symbols,
taverns, dignitaries, spells and royal favours by their names in the language asked,
players by name, tables and deed spaces numbered from 1 in each tavern, cards of the row
from 1, left to right. A customer card has no printed name (the cards are reconstructed):
it is what a player sees on it, its peoples and guild symbols (``Dwarves · Mask``), and
its place in the row.

>>> import taverna_rules as tr
>>> game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
>>> game.describe(game.legal_actions()[0])
"The King's people: Humans"
>>> game.describe(game.legal_actions()[0], "fr")
'Le peuple du Roy : Humains'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from taverna_rules.core.effects import option_label
from taverna_rules.core.records import HIDDEN, Action
from taverna_rules.core.words import Wording, say
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna import actions as act
from taverna_rules.games.taverna.flow import resolve_ref
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState
from taverna_rules.games.taverna.vocabulary import render

__all__ = ["board_text", "card_words", "describe_action", "effect_words", "role_words"]

_W: dict[str, Text] = {
    "people": Text(
        en="The {role}'s people: {people}",
        fr="Le peuple de {role} : {people}",
        nl="Het volk van de {role}: {people}",
    ),
    "climb": Text(
        en="Climb the {people} track",
        fr="Monter sur la piste des {people}",
        nl="Klim op het spoor van de {people}",
    ),
    "deed": Text(
        en="Buy the deed of {tavern}, space {space} ({price} coins, +{vp} VP)",
        fr="Acheter l'acte de {tavern}, case {space} ({price} sous, +{vp} PV)",
        nl="Koop de akte van {tavern}, vak {space} ({price} munten, +{vp} PW)",
    ),
    "takeover": Text(
        en="Take over {owner}'s deed of {tavern}, space {space}",
        fr="Racheter l'acte de {owner} à {tavern}, case {space}",
        nl="Neem de akte van {owner} in {tavern} over, vak {space}",
    ),
    "pick": Text(
        en="Card {position} of the row ({card}): a customer of the {people}",
        fr="Carte {position} de la rangée ({card}) : un client {people}",
        nl="Kaart {position} van de rij ({card}): een klant van de {people}",
    ),
    "seat": Text(
        en="Seat the customer at {tavern}, table {table} ({colour})",
        fr="Installer le client à {tavern}, table {table} ({colour})",
        nl="Zet de klant in {tavern}, tafel {table} ({colour})",
    ),
    "replace": Text(
        en="Trickery: put your customer in place of the {people} at {tavern}, table {table}",
        fr="Complot : installer votre client à la place des {people} à {tavern}, table {table}",
        nl="Bedrog: zet je klant in de plaats van de {people} in {tavern}, tafel {table}",
    ),
    "sell": Text(
        en="Sell the spell {spell} for 1 coin",
        fr="Vendre le sort {spell} pour 1 sou",
        nl="Verkoop de spreuk {spell} voor 1 munt",
    ),
    "end": Text(en="End the turn", fr="Finir le tour", nl="Beëindig de beurt"),
    "royal": Text(
        en="Royal scoring: {name} ({effect})",
        fr="Décompte royal : {name} ({effect})",
        nl="Koninklijke telling: {name} ({effect})",
    ),
    "activate": Text(en="Activate the {name}", fr="Activer {name}", nl="Activeer {name}"),
    "level": Text(en=", level {level}", fr=", niveau {level}", nl=", niveau {level}"),
    "cost": Text(
        en=" (cost {cost}): {effect}", fr=" (coût {cost}) : {effect}", nl=" (kost {cost}): {effect}"
    ),
    "extra": Text(
        en=", with two privilege tokens",
        fr=", avec deux jetons privilège",
        nl=", met twee privilegefiches",
    ),
    "send": Text(
        en="Send the dignitary to {tavern}",
        fr="Envoyer le dignitaire à {tavern}",
        nl="Stuur de hoogwaardigheidsbekleder naar {tavern}",
    ),
    "token": Text(
        en="Place a {symbol} guild token at {tavern}",
        fr="Placer un jeton guilde {symbol} à {tavern}",
        nl="Leg een gildetegel {symbol} in {tavern}",
    ),
    "take_favour": Text(
        en="Take the royal favour {name}",
        fr="Prendre la faveur royale {name}",
        nl="Neem de koninklijke gunst {name}",
    ),
    "use_favour": Text(
        en="Use the royal favour {name}",
        fr="Utiliser la faveur royale {name}",
        nl="Gebruik de koninklijke gunst {name}",
    ),
    "symbol": Text(
        en="Change the card's {old} into {new}",
        fr="Changer {old} de la carte en {new}",
        nl="Verander {old} van de kaart in {new}",
    ),
    "table": Text(
        en="{tavern}, table {table}: {who}",
        fr="{tavern}, table {table} : {who}",
        nl="{tavern}, tafel {table}: {who}",
    ),
    "free": Text(en="free", fr="libre", nl="vrij"),
    "customer": Text(
        en="a customer of the {people}", fr="un client {people}", nl="een klant van de {people}"
    ),
    "cast": Text(
        en="Cast {spell} (cost {cost})",
        fr="Lancer {spell} (coût {cost})",
        nl="Spreek {spell} uit (kost {cost})",
    ),
    "pass": Text(en="Let it pass", fr="Laisser passer", nl="Laat voorbijgaan"),
    "player": Text(en="{name}", fr="{name}", nl="{name}"),
    "over": Text(en="Taverna, over", fr="Taverna, terminée", nl="Taverna, afgelopen"),
    "round": Text(
        en="Taverna, round {round} of {rounds}: {player}'s turn",
        fr="Taverna, manche {round} sur {rounds} : tour de {player}",
        nl="Taverna, ronde {round} van {rounds}: {player} is aan de beurt",
    ),
    "setup": Text(en="Taverna, setting up", fr="Taverna, mise en place", nl="Taverna, opzet"),
    "row": Text(en="Row", fr="Rangée", nl="Rij"),
    "tables": Text(en="tables", fr="tables", nl="tafels"),
    "deeds": Text(en="deeds", fr="actes", nl="akten"),
    "privilege": Text(en="privilege token", fr="jeton privilège", nl="privilegefiche"),
    "guild": Text(en="guild tokens", fr="jetons guilde", nl="gildetegels"),
    "castle": Text(en="Castle", fr="Château", nl="Kasteel"),
    "king": Text(
        en="King: {king}; Queen: {queen}",
        fr="Roy : {king} ; Reine : {queen}",
        nl="Koning: {king}; Koningin: {queen}",
    ),
    "player_line": Text(
        en="{name}: {vp} VP, {coins} {coins:coin|coins}, {privileges} "
        "{privileges:privilege token|privilege tokens}; tracks {tracks}",
        fr="{name} : {vp} PV, {coins} {coins:sou|sous}, {privileges} "
        "{privileges:jeton privilège|jetons privilège} ; pistes {tracks}",
        nl="{name}: {vp} PW, {coins} {coins:munt|munten}, {privileges} "
        "{privileges:privilegefiche|privilegefiches}; sporen {tracks}",
    ),
    "hand": Text(en="hand", fr="main", nl="hand"),
    "hidden": Text(en="{count} hidden", fr="{count} cachés", nl="{count} verborgen"),
    "spells_cast": Text(en="spells cast", fr="sorts lancés", nl="uitgesproken spreuken"),
    "favours": Text(en="royal favours", fr="faveurs royales", nl="koninklijke gunsten"),
    "used": Text(en="used", fr="utilisées", nl="gebruikt"),
    "none": Text(en="none", fr="aucun", nl="geen"),
    # French agrees "none" with a feminine noun: the hand (la main), the royal favours.
    "none_feminine": Text(en="none", fr="aucune", nl="geen"),
}

#: A colon and a semicolon between words, by language (French sets a space before them).
_PUNCTUATION = {"fr": (" : ", " ; ")}


def _say(key: str, lang: str, /, **fields: object) -> str:
    return say(_W[key], lang, **fields)


#: The article French puts before the King's and the Queen's names (``le Roy``).
_FRENCH_ROLES = {"king": "le", "queen": "la"}


def role_words(rules: RuleSet, role: str, lang: str = "en") -> str:
    """The King or the Queen (``role``: ``king`` or ``queen``) by name, as a French
    sentence says it after *de*, with its article (``le Roy``: ``Le peuple du Roy``)."""
    name = rules.name_of(role, lang)
    return f"{_FRENCH_ROLES[role]} {name}" if lang == "fr" and role in _FRENCH_ROLES else name


def card_words(rules: RuleSet, card: str, lang: str = "en") -> str:
    """A customer card as a player sees it: its peoples, then its guild symbols
    (``Dwarves · Mask``); never its id."""
    found = rules.customer(card)
    peoples = " / ".join(rules.name_of(p, lang) for p in found.peoples)
    return f"{peoples} · {', '.join(rules.name_of(s, lang) for s in found.symbols)}"


def effect_words(rules: RuleSet, node: Node, lang: str = "en") -> str:
    """The rules text of an effect, with peoples, symbols and options by name."""
    return render(
        node,
        lambda people: rules.name_of(people, lang),
        lang,
        symbol_name=lambda symbol: rules.name_of(symbol, lang),
        option_name=lambda option: rules.name_of(option, lang),
    )


# ----------------------------------------------------------------------------- one label per action
def _table_colour(w: Wording, tavern: str, table: int) -> str:
    return w.name(w.rules.side_for(len(w.state.players)).layout(tavern).tables[table])


def _choice(w: Wording, a: act.ChooseOption) -> str:
    """An option of the effect choice the game waits on, in words."""
    return option_label(resolve_ref, effect_words, w.rules, w.state, a, w.lang)


def _people(w: Wording, a: act.ChoosePeople) -> str:
    """A people chosen: a track to climb (an effect's), or the King's or Queen's people."""
    state = w.state
    if state.stack and state.stack[-1].kind == "effect_track":
        return _say("climb", w.lang, people=w.name(a.people))
    role = role_words(w.rules, "king" if state.king is None else "queen", w.lang)
    return _say("people", w.lang, role=role, people=w.name(a.people))


def _deed(w: Wording, a: act.BuyDeed | act.ChooseDeed) -> str:
    state = w.state
    owner = state.tavern(a.tavern).deeds[a.space] if state.taverns else None
    tavern = w.name(a.tavern)
    if owner is not None:
        return _say("takeover", w.lang, owner=w.who(owner), tavern=tavern, space=a.space + 1)
    deed = w.rules.side_for(len(state.players)).layout(a.tavern).deeds[a.space]
    return _say("deed", w.lang, tavern=tavern, space=a.space + 1, price=deed.price, vp=deed.vp)


def _pick(w: Wording, a: act.PickCard) -> str:
    row = w.state.row
    position = row.index(a.card) + 1 if a.card in row else "?"
    card = card_words(w.rules, a.card, w.lang)
    return _say("pick", w.lang, position=position, card=card, people=w.name(a.people))


def _seat(w: Wording, a: act.SeatCustomer) -> str:
    colour = _table_colour(w, a.tavern, a.table)
    return _say("seat", w.lang, tavern=w.name(a.tavern), table=a.table + 1, colour=colour)


def _replace(w: Wording, a: act.ReplaceCustomer) -> str:
    people = w.name(w.state.tavern(a.tavern).tables[a.table] or "")
    return _say("replace", w.lang, people=people, tavern=w.name(a.tavern), table=a.table + 1)


def _sell(w: Wording, a: act.SellSpell) -> str:
    return _say("sell", w.lang, spell=w.name(a.spell))


def _end(w: Wording, a: act.EndTurn) -> str:
    return _say("end", w.lang)


def _royal(w: Wording, a: act.ChooseRoyalScoring) -> str:
    effect = effect_words(w.rules, w.rules.royal(a.scoring).effect, w.lang)
    return _say("royal", w.lang, name=w.name(a.scoring), effect=effect)


def _dignitary(w: Wording, a: act.ActivateDignitary) -> str:
    dignitary = w.rules.dignitary(a.dignitary)
    level = dignitary.levels[a.level]
    text = _say("activate", w.lang, name=dignitary.name.get(w.lang))
    if len(dignitary.levels) > 1:
        text += _say("level", w.lang, level=a.level + 1)
    text += _say("cost", w.lang, cost=level.cost, effect=effect_words(w.rules, level.effect, w.lang))
    return text + (_say("extra", w.lang) if a.extra else "")


def _send(w: Wording, a: act.SendDignitary) -> str:
    return _say("send", w.lang, tavern=w.name(a.tavern))


def _token(w: Wording, a: act.ChooseGuildToken) -> str:
    return _say("token", w.lang, symbol=w.name(a.symbol), tavern=w.name(a.tavern))


def _take_favour(w: Wording, a: act.TakeFavour) -> str:
    return _say("take_favour", w.lang, name=w.name(a.favour))


def _use_favour(w: Wording, a: act.UseFavour) -> str:
    return _say("use_favour", w.lang, name=w.name(a.favour))


def _symbol(w: Wording, a: act.ChangeSymbol) -> str:
    return _say("symbol", w.lang, old=w.name(a.old), new=w.name(a.new))


def _table(w: Wording, a: act.ChooseTable) -> str:
    people = w.state.tavern(a.tavern).tables[a.table]
    who = _say("free", w.lang) if people is None else _say("customer", w.lang, people=w.name(people))
    return _say("table", w.lang, tavern=w.name(a.tavern), table=a.table + 1, who=who)


def _cast(w: Wording, a: act.CastSpell) -> str:
    return _say("cast", w.lang, spell=w.name(a.spell), cost=w.rules.spell(a.spell).cost)


def _pass(w: Wording, a: act.Pass) -> str:
    return _say("pass", w.lang)


def _player(w: Wording, a: act.ChoosePlayer) -> str:
    return _say("player", w.lang, name=w.who(a.seat))


#: The label of each action type (built once: the functions above, by type).
_ACTION_LABELS: dict[type[Action], Callable[[Wording, Any], str]] = {
    act.ChoosePeople: _people,
    act.BuyDeed: _deed,
    act.ChooseDeed: _deed,
    act.PickCard: _pick,
    act.SeatCustomer: _seat,
    act.ReplaceCustomer: _replace,
    act.SellSpell: _sell,
    act.EndTurn: _end,
    act.ChooseRoyalScoring: _royal,
    act.ChooseOption: _choice,
    act.ActivateDignitary: _dignitary,
    act.SendDignitary: _send,
    act.ChooseGuildToken: _token,
    act.TakeFavour: _take_favour,
    act.UseFavour: _use_favour,
    act.ChangeSymbol: _symbol,
    act.ChooseTable: _table,
    act.CastSpell: _cast,
    act.Pass: _pass,
    act.ChoosePlayer: _player,
}


def describe_action(rules: RuleSet, state: GameState, action: Action, lang: str = "en") -> str:
    """A label for ``action`` of the decision pending in ``state``, in ``lang``."""
    return _ACTION_LABELS[type(action)](Wording(rules, state, lang), action)


def _names(rules: RuleSet, things: tuple[str, ...], lang: str, none: str = "none") -> str:
    """Cards by name; those hidden from the reader counted; ``none`` (a key of the words)
    when there are none."""
    shown = [rules.name_of(t, lang) for t in things if t != HIDDEN]
    hidden = sum(1 for t in things if t == HIDDEN)
    parts = [*shown, *([_say("hidden", lang, count=hidden)] if hidden else [])]
    return ", ".join(parts) or _say(none, lang)


def board_text(rules: RuleSet, state: GameState, viewer: int | None, lang: str = "en") -> str:
    """The position as ``viewer`` sees it (``state`` is their view): whose turn, the row,
    each tavern (its tables, deeds, dignitaries, privilege and guild tokens), the castle,
    the King's and Queen's peoples, and each player."""
    name = rules.name_of
    colon, semicolon = _PUNCTUATION.get(lang, (": ", "; "))
    n = len(state.players)
    if state.over:
        lines = [_say("over", lang)]
    elif state.turn is not None:
        turns = rules.constants.turns_for(n)
        round_ = min(state.customers_played // n + 1, turns)
        lines = [
            _say("round", lang, round=round_, rounds=turns, player=state.players[state.turn.player].name)
        ]
    else:
        lines = [_say("setup", lang)]
    row = "  ".join(
        f"{i}. {'?' if card == HIDDEN else card_words(rules, card, lang)}"
        for i, card in enumerate(state.row, 1)
    )
    lines.append(f"{_say('row', lang)}{colon}{row or _say('none', lang)}")
    side = rules.side_for(n)
    for tavern in state.taverns:
        layout = side.layout(tavern.id)
        tables = ", ".join(
            f"{i}. {name(colour, lang)}{colon}{_say('free', lang) if held is None else name(held, lang)}"
            for i, (colour, held) in enumerate(zip(layout.tables, tavern.tables, strict=False), 1)
        )
        deeds = ", ".join(
            f"{i}. {'-' if owner is None else state.players[owner].name}"
            for i, owner in enumerate(tavern.deeds, 1)
        )
        extras = [name(d, lang) for d in tavern.dignitaries]
        if tavern.privilege:
            extras.append(_say("privilege", lang))
        if tavern.guild_tokens:
            extras.append(f"{_say('guild', lang)} {', '.join(name(s, lang) for s in tavern.guild_tokens)}")
        lines.append(f"{name(tavern.id, lang)} ({name(layout.symbol, lang)})")
        lines.append(f"  {_say('tables', lang)}{colon}{tables}")
        lines.append(f"  {_say('deeds', lang)}{colon}{deeds}" + "".join(f"{semicolon}{e}" for e in extras))
    lines.append(f"{_say('castle', lang)}{colon}{_names(rules, state.castle, lang)}")
    lines.append(
        _say(
            "king",
            lang,
            king=name(state.king, lang) if state.king else "-",
            queen=name(state.queen, lang) if state.queen else "-",
        )
    )
    for seat, player in enumerate(state.players):
        tracks = ", ".join(
            f"{name(p, lang)} {pos}" for p, pos in zip(state.peoples, player.tracks, strict=False)
        )
        mark = "*" if seat == viewer else " "
        head = _say(
            "player_line",
            lang,
            name=player.name,
            vp=player.total_vp,
            coins=player.coins,
            privileges=player.privileges,
            tracks=tracks,
        )
        lines.append(f"{mark} {head}")
        lines.append(
            f"    {_say('hand', lang)}{colon}{_names(rules, player.hand, lang, 'none_feminine')}{semicolon}"
            f"{_say('spells_cast', lang)}{colon}{_names(rules, player.cast, lang)}{semicolon}"
            f"{_say('favours', lang)}{colon}{_names(rules, player.favours, lang, 'none_feminine')}"
            + (f" ({_say('used', lang)}{colon}{len(player.favours_used)})" if player.favours_used else "")
        )
    return "\n".join(lines)
