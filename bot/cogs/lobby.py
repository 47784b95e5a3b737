"""``/game``: open, join, leave, start, inspect, undo and abandon the channel's game."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine.games.rotw.data import available_maps as rotw_maps
from engine.games.steam.data import available_maps as steam_maps

from .. import registry
from ..discord_io import answer, caller_of
from ..replies import private

NEEDED = {"view_channel": "View Channel", "send_messages": "Send Messages", "attach_files": "Attach Files",
          "embed_links": "Embed Links"}


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The bot's permissions a game needs in this channel and lacks (none in DMs)."""
    if interaction.guild is None:
        return []
    perms = interaction.app_permissions
    return [label for name, label in NEEDED.items() if not getattr(perms, name)]


OBJECTIVES = [app_commands.Choice(name=n, value=v) for v, n in (
    ("economist", "Economist: the best score"), ("mayor", "Mayor: move every passenger"),
    ("conductor", "Train Conductor: deliver to all four building kinds"),
    ("engineer", "Engineer: buy and upgrade every complete link"), ("baron", "Rail Baron: combine objectives"))]
BIDDING = [app_commands.Choice(name=n, value=v) for v, n in (
    ("traditional", "Traditional: the winner pays, order clockwise"),
    ("first_to_pass", "First to pass: passers pay half their bid and go last"),
    ("worst_is_first", "Worst is First: an opening bid, then the lowest score goes first"),
    ("variant1", "Variant 1: no auction in turn 1, later players paid $1,000 each"),
    ("variant2", "Variant 2: passers pay half their bid (as First to pass)"))]


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class Lobby(commands.GroupCog, group_name="game", group_description="Railhead games in this channel"):
    """The ``/game`` slash command group; each command answers through the bot's ``Table``."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        super().__init__()

    @property
    def table(self):
        """The bot's ``Table`` (``bot.table``) that every ``/game`` command goes through."""
        return self.bot.table

    @app_commands.command(name="new", description="Open a game in this channel; you take the first seat")
    @app_commands.describe(game="Which game", map="Map (Railways of the World)",
                           short_game="2 fewer empty city markers (Railways of the World)",
                           bidding="First-player auction style (Railways of the World)",
                           barons="Deal secret baron cards (Railways of the World; default yes)",
                           cut_throat="No redirecting the last tile of an unfinished link (Railways of the World)",
                           hidden_money="Each player's money is seen only by them (Railways of the World)",
                           bounty_queue="Service Bounties in a row, one active at a time (Railways of the World)",
                           baron_later="Hold both barons; keep one after the first Major Line (Railways of the World)",
                           standard="The standard game instead of the base game (Steam)",
                           first_order="The first turn's order: random or auction (Steam)",
                           objective="Objective (Railways solo)",
                           cards="Four map card numbers 1-8, like 5 6 7 8, to replay a map (Railways solo)",
                           combine="Objectives a Rail Baron game combines, like mayor engineer (Railways solo)",
                           remind_hours="Hours before reminding a player to move (default 12; 0: never)",
                           reminders="At most this many reminders per move (default 3)",
                           time_limit_hours="Hours per move before the others may vote to skip it (default: none)")
    @app_commands.choices(objective=OBJECTIVES, bidding=BIDDING)
    async def new(self, interaction: discord.Interaction, game: str = "rotw", map: str | None = None,
                  short_game: bool | None = None, bidding: str | None = None, barons: bool | None = None,
                  cut_throat: bool | None = None, hidden_money: bool | None = None,
                  bounty_queue: bool | None = None, baron_later: bool | None = None,
                  standard: bool | None = None, first_order: Literal["random", "auction"] | None = None,
                  objective: str | None = None,
                  cards: str | None = None,
                  combine: str | None = None, remind_hours: app_commands.Range[float, 0, 720] | None = None,
                  reminders: app_commands.Range[int, 0, 10] | None = None,
                  time_limit_hours: app_commands.Range[float, 1, 720] | None = None) -> None:
        """``/game new``."""
        clock = {"remind_hours": remind_hours, "reminders": reminders, "limit_hours": time_limit_hours}
        typed = {"objective": objective, "cards": cards, "combine": combine, "barons": barons,
                 "cut_throat": cut_throat, "hidden_money": hidden_money, "bounty_queue": bounty_queue,
                 "baron_later": baron_later, "standard": standard, "first_order": first_order}
        options = registry.UIS[game].options_from_text(typed) if game in registry.UIS else {}
        if short_game is not None:
            options["short_game"] = short_game
        if map:
            options["map"] = map
        if bidding:
            options["bidding"] = bidding

        async def work():
            missing = missing_permissions(interaction)
            if missing:
                return private("I can't run a game in this channel: I am missing the permission"
                               f"{'s' if len(missing) > 1 else ''} {', '.join(missing)}. Ask a server admin to "
                               "grant them to the bot here, then try again.")
            return await self.table.new(caller_of(interaction), game, options, clock)
        await answer(interaction, work)

    @new.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=g.name, value=g.id) for g in registry.games().values()
                if current.lower() in g.name.lower() or current.lower() in g.id][:25]

    @new.autocomplete("map")
    async def _maps(self, interaction: discord.Interaction, current: str):
        """The maps of the game chosen so far (Railways of the World's by default)."""
        maps = steam_maps() if getattr(interaction.namespace, "game", None) == "steam" else rotw_maps()
        return [app_commands.Choice(name=m, value=m) for m in maps if current.lower() in m][:25]

    @app_commands.command(name="join", description="Take a seat at this channel's game")
    async def join(self, interaction: discord.Interaction) -> None:
        """``/game join``."""
        await answer(interaction, lambda: self.table.join(caller_of(interaction)))

    @app_commands.command(name="leave", description="Leave the table before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        """``/game leave``."""
        await answer(interaction, lambda: self.table.leave(caller_of(interaction)))

    @app_commands.command(name="start", description="Start the game (creator or Manage Channel)")
    async def start(self, interaction: discord.Interaction) -> None:
        """``/game start``."""
        await answer(interaction, lambda: self.table.start(caller_of(interaction)))

    @app_commands.command(name="status", description="Scores, money and whose turn it is (only you see it)")
    async def status(self, interaction: discord.Interaction) -> None:
        """``/game status``."""
        await answer(interaction, lambda: self.table.status(caller_of(interaction)))

    @app_commands.command(name="board", description="Post the current board in the channel")
    @app_commands.describe(zoom="A close view around a city, hex or space (e.g. Köln, J6, D2)")
    async def board(self, interaction: discord.Interaction, zoom: str | None = None) -> None:
        """``/game board``."""
        await answer(interaction, lambda: self.table.board(caller_of(interaction), zoom))

    @app_commands.command(name="hand", description="What only you may see in this game, and your secret choices")
    async def hand(self, interaction: discord.Interaction) -> None:
        """``/game hand``."""
        await answer(interaction, lambda: self.table.hand(caller_of(interaction)))

    @app_commands.command(name="rules", description="A short guide to a game (only you see it)")
    @app_commands.describe(game="Which game (default: this channel's)")
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """``/game rules``."""
        await answer(interaction, lambda: self.table.rules(caller_of(interaction), game))

    @rules.autocomplete("game")
    async def _rules_games(self, interaction: discord.Interaction, current: str):
        return await self._games(interaction, current)

    @app_commands.command(name="settings", description="Your settings: colour-blind aids, DMs, image layout")
    @app_commands.describe(colourblind="Letters on cubes and buildings, owners named on track",
                           dm="A DM when it is your turn and with reminders",
                           layout="Board image shape for the boards you ask for",
                           confirm_pass="Ask before passing while a better move is on offer")
    @app_commands.choices(layout=[app_commands.Choice(name="phone", value="phone"),
                                  app_commands.Choice(name="desktop", value="desktop")])
    async def settings(self, interaction: discord.Interaction, colourblind: bool | None = None,
                       dm: bool | None = None, layout: str | None = None, confirm_pass: bool | None = None) -> None:
        """``/game settings``."""
        changes = {"colourblind": colourblind, "dm": dm, "layout": layout, "confirm_pass": confirm_pass}
        await answer(interaction, lambda: self.table.settings(caller_of(interaction), changes))

    @app_commands.command(name="leaderboard", description="Ratings of this server's players (openskill)")
    @app_commands.describe(game="Which game (default: this channel's)")
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """``/game leaderboard``."""
        await answer(interaction, lambda: self.table.leaderboard(caller_of(interaction), game))

    @leaderboard.autocomplete("game")
    async def _board_games(self, interaction: discord.Interaction, current: str):
        return await self._games(interaction, current)

    @app_commands.command(name="health", description="The bot's uptime, games, database and last error (admins)")
    async def health(self, interaction: discord.Interaction) -> None:
        """``/game health``."""
        await answer(interaction, lambda: self.table.health(caller_of(interaction)))

    @app_commands.command(name="stats", description="Your finished games and personal bests (only you see it)")
    async def stats(self, interaction: discord.Interaction) -> None:
        """``/game stats``."""
        await answer(interaction, lambda: self.table.stats(caller_of(interaction)))

    @app_commands.command(name="history", description="The moves so far in words (only you see it)")
    @app_commands.describe(page="1 is the most recent page")
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 999] = 1) -> None:
        """``/game history``."""
        await answer(interaction, lambda: self.table.history(caller_of(interaction), page))

    @app_commands.command(name="export", description="The game's action log as a JSON file anyone can replay")
    async def export(self, interaction: discord.Interaction) -> None:
        """``/game export``."""
        await answer(interaction, lambda: self.table.export(caller_of(interaction)))

    @app_commands.command(name="import", description="Put an exported game in this empty channel (review or go on)")
    @app_commands.describe(file="A JSON file made by /game export")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        """``/game import``."""
        async def work():
            if file.size > 5_000_000:
                return private("That file is too large to be a Railhead export.")
            return await self.table.import_game(caller_of(interaction), await file.read())
        await answer(interaction, work)

    @app_commands.command(name="undo", description="Take back your last move (the others may have to agree)")
    async def undo(self, interaction: discord.Interaction) -> None:
        """``/game undo``."""
        await answer(interaction, lambda: self.table.undo(caller_of(interaction)))

    @app_commands.command(name="kick", description="Remove a player from this channel's game (creator or Manage "
                                                   "Channel)")
    @app_commands.describe(player="The player to remove: before the start their seat is freed; during the game "
                                  "they pass whenever it is their turn")
    async def kick(self, interaction: discord.Interaction, player: discord.Member) -> None:
        """``/game kick``."""
        await answer(interaction, lambda: self.table.kick(caller_of(interaction), player.id))

    @app_commands.command(name="timing", description="See or change this game's reminders and move time limit")
    @app_commands.describe(remind_hours="Hours before reminding a player to move (0: never)",
                           reminders="Reminders per move at most", time_limit_hours="Hours per move (0: no limit)")
    async def timing(self, interaction: discord.Interaction,
                     remind_hours: app_commands.Range[float, 0, 720] | None = None,
                     reminders: app_commands.Range[int, 0, 10] | None = None,
                     time_limit_hours: app_commands.Range[float, 0, 720] | None = None) -> None:
        """``/game timing``."""
        await answer(interaction, lambda: self.table.game_timing(caller_of(interaction), remind_hours, reminders,
                                                                 time_limit_hours))

    @app_commands.command(name="abandon",
                          description="End this channel's game without scoring (creator or Manage Channel)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        """``/game abandon``."""
        await answer(interaction, lambda: self.table.abandon(caller_of(interaction)))
