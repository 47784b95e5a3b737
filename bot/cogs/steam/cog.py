"""``/steam``: Steam moves, each handed to the table as a command; the group is generated from the
command spec in bot/cogs/steam/commands.py (bot/cogs/spec.py). Tiles, deliveries and income/VP
choices are mostly menus and buttons; these commands do the same with arguments."""
from __future__ import annotations

from ..spec import SpecCog
from .commands import SteamUI


class Steam(SpecCog):
    ui = SteamUI()
    description = "Steam moves"
