"""Taverne's step kinds, each declared once: its flow's automatic steps and decisions
(:mod:`taverna_rules.games.taverne.flow`) are registered under these names and every task
names its step through them, so a misspelt step is an error ``mypy`` reports, not a task
the engine refuses in play. Logs and positions write them as the strings they are."""

from __future__ import annotations

from typing import Final

# setup.py
SETUP: Final = "setup"
ORIGIN: Final = "origin"
KEEP_CHARACTER: Final = "keep_character"

# auction.py
BID_ENERGY: Final = "bid_energy"
AUCTION_PICK: Final = "auction_pick"

# calls.py
TURN_START: Final = "turn_start"
AWAY: Final = "away"
TURN_POWERS: Final = "turn_powers"
COME_BACK: Final = "come_back"
KEEP_AGAIN: Final = "keep_again"
TAKE_SEAT: Final = "take_seat"
CHOOSE_SEAT: Final = "choose_seat"
WELCOME: Final = "welcome"
CALL_2: Final = "call_2"
SPEND: Final = "spend"
SPENDING: Final = "spending"
CALL_3: Final = "call_3"
DODGES: Final = "dodges"
DODGING: Final = "dodging"
CALL_4: Final = "call_4"
ATTACK: Final = "attack"
CALL_6: Final = "call_6"
DOOR: Final = "door"
CALL_8: Final = "call_8"
SERVE_CRASSES: Final = "serve_crasses"
KEEP_CRASSE: Final = "keep_crasse"
CALL_9: Final = "call_9"
POCKET: Final = "pocket"
PASS_PILIER: Final = "pass_pilier"

# spells.py
SPELLS: Final = "spells"
CAST: Final = "cast"

# quarrels.py
CALL_5: Final = "call_5"
QUARRELS: Final = "quarrels"
QUARREL: Final = "quarrel"
POWERS: Final = "powers"
SPLIT: Final = "split"
NAME: Final = "name"
WEAPONS_BACK: Final = "weapons_back"

# endgame.py
CALL_7: Final = "call_7"
MILICE: Final = "milice"
TURN_END: Final = "turn_end"

# effects.py
DISCARD_ATOUT: Final = "discard_atout"
ATOUTS_OVER: Final = "atouts_over"
SHED_ATOUT: Final = "shed_atout"
CHOOSE_PLAYER: Final = "choose_player"
