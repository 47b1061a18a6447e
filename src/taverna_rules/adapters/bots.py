"""The bots, under their first home: :mod:`taverna_rules.bots` is where they live now."""

from __future__ import annotations

from taverna_rules.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, play_out

__all__ = ["Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "play_out"]
