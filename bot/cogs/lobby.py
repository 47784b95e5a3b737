"""``/game``: open, join, leave, start, inspect, undo and abandon the channel's game."""
from __future__ import annotations

from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from .. import hints, registry
from ..choosing import maps_reply
from ..discord_io import answer, caller_of, post
from ..replies import private
from ..table.robots import LEVELS as AI_LEVELS
from .spec import new_game_command

NEEDED = {"view_channel": "View Channel", "send_messages": "Send Messages", "attach_files": "Attach Files",
          "embed_links": "Embed Links"}


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The bot's permissions a game needs in this channel and lacks (none in DMs)."""
    if interaction.guild is None:
        return []
    perms = interaction.app_permissions
    return [label for name, label in NEEDED.items() if not getattr(perms, name)]


@app_commands.allowed_installs(guilds=True, users=False)        # a game needs the bot in its channel
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)   # the bot's DM: solo games
class Lobby(commands.GroupCog, group_name="game", group_description="Railhead games in this channel"):
    """The ``/game`` slash command group; each command answers through the bot's ``Table``."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        super().__init__()
        names = {gid: g.name for gid, g in registry.games().items()}
        self.__cog_app_commands_group__.add_command(
            new_game_command(registry.new_game_params(), names, self._new_game))

    async def cog_load(self) -> None:
        """The table's AI moves (bot/table/robots.py) come without an interaction: they are posted
        like a reminder (``discord_io.post``)."""
        if self.bot.table is not None:
            self.bot.table.post = partial(post, self.bot)

    async def cog_unload(self) -> None:
        """The bot closes: its AI tasks stop (a restart resumes their moves on its first tick)."""
        if self.bot.table is not None:
            self.bot.table.stop_ai()

    @property
    def table(self):
        """The bot's ``Table`` (``bot.table``) that every ``/game`` command goes through."""
        return self.bot.table

    async def _new_game(self, interaction: discord.Interaction, game: str, given: dict) -> None:
        """``/game new`` (its options come from the games' specs: ``spec.new_game_command``)."""
        async def work():
            missing = missing_permissions(interaction)
            if missing:
                return private("I can't run a game in this channel: I am missing the permission"
                               f"{'s' if len(missing) > 1 else ''} {', '.join(missing)}. Ask a server admin to "
                               "grant them to the bot here, then try again.")
            return await self.table.open(caller_of(interaction), game, given)
        await answer(interaction, work)

    async def _games(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=g.name, value=g.id) for g in registry.games().values()
                if current.lower() in g.name.lower() or current.lower() in g.id][:25]

    @app_commands.command(name="join", description="Take a seat at this channel's game, or yours back from an AI")
    async def join(self, interaction: discord.Interaction) -> None:
        """``/game join``."""
        await answer(interaction, lambda: self.table.join(caller_of(interaction)))

    @app_commands.command(name="leave", description="Leave the table before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        """``/game leave``."""
        await answer(interaction, lambda: self.table.leave(caller_of(interaction)))

    @app_commands.command(name="start", description="Start the game (creator or Manage Channel)")
    async def start(self, interaction: discord.Interaction) -> None:
        """``/game start`` (refused when the chosen map does not take the seated players)."""
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

    @app_commands.command(name="note", description="Your private notes on this game")
    @app_commands.describe(text="A note to keep (none: list your notes)", clear="Delete your notes")
    async def note(self, interaction: discord.Interaction, text: str | None = None, clear: bool = False) -> None:
        """``/game note``."""
        await answer(interaction, lambda: self.table.note(caller_of(interaction), text, clear))

    @app_commands.command(name="hint", description="A suggested move, privately")
    @app_commands.describe(allow="Creator, in the lobby: allow hints")
    async def hint(self, interaction: discord.Interaction, allow: bool | None = None) -> None:
        """``/game hint`` (``allow``: ``Table.allow_hints``)."""
        caller = caller_of(interaction)
        await answer(interaction, lambda: hints.ask(self.table, caller) if allow is None
                     else self.table.allow_hints(caller, allow))

    @app_commands.command(name="follow", description="Get this game's public moves by DM")
    @app_commands.describe(stop="Stop following")
    async def follow(self, interaction: discord.Interaction, stop: bool = False) -> None:
        """``/game follow``."""
        await answer(interaction, lambda: self.table.follow(caller_of(interaction), stop))

    @app_commands.command(name="rules", description="A short guide to a game (only you see it)")
    @app_commands.describe(game="Which game (default: this channel's)")
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """``/game rules``."""
        await answer(interaction, lambda: self.table.rules(caller_of(interaction), game))

    @rules.autocomplete("game")
    async def _rules_games(self, interaction: discord.Interaction, current: str):
        return await self._games(interaction, current)

    @app_commands.command(name="maps", description="Pictures of a game's maps (only you see it)")
    @app_commands.describe(game="Which game (default: this channel's)")
    async def maps(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """``/game maps``."""
        await answer(interaction, lambda: maps_reply(self.table, caller_of(interaction), game))

    @maps.autocomplete("game")
    async def _maps_games(self, interaction: discord.Interaction, current: str):
        return await self._games(interaction, current)

    @app_commands.command(name="settings", description="Your settings: colour-blind aids, DMs, image layout")
    @app_commands.describe(colourblind="Letters on cubes and buildings, owners on track",
                           dm="A DM when it is your turn and with reminders",
                           layout="Board image shape",
                           confirm_pass="Ask before passing when a better move exists")
    @app_commands.choices(layout=[app_commands.Choice(name="phone", value="phone"),
                                  app_commands.Choice(name="desktop", value="desktop")])
    async def settings(self, interaction: discord.Interaction, colourblind: bool | None = None,
                       dm: bool | None = None, layout: str | None = None, confirm_pass: bool | None = None) -> None:
        """``/game settings``."""
        changes = {"colourblind": colourblind, "dm": dm, "layout": layout, "confirm_pass": confirm_pass}
        await answer(interaction, lambda: self.table.settings(caller_of(interaction), changes))

    @app_commands.command(name="leaderboard", description="This server's ratings")
    @app_commands.describe(game="Which game (default: this channel's)")
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """``/game leaderboard``."""
        await answer(interaction, lambda: self.table.leaderboard(caller_of(interaction), game))

    @leaderboard.autocomplete("game")
    async def _board_games(self, interaction: discord.Interaction, current: str):
        return await self._games(interaction, current)

    @app_commands.command(name="health", description="The bot's health (admins)")
    async def health(self, interaction: discord.Interaction) -> None:
        """``/game health``."""
        await answer(interaction, lambda: self.table.health(caller_of(interaction)))

    @app_commands.command(name="stats", description="Your finished games and personal bests (only you see it)")
    async def stats(self, interaction: discord.Interaction) -> None:
        """``/game stats``."""
        await answer(interaction, lambda: self.table.stats(caller_of(interaction)))

    @app_commands.command(name="history", description="The moves so far in words (only you see it)")
    @app_commands.describe(page="1 is the most recent page",
                           story="Score chart and board replay")
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 999] = 1,
                      story: bool = False) -> None:
        """``/game history``."""
        await answer(interaction, lambda: self.table.history(caller_of(interaction), page, story))

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

    @app_commands.command(name="vote", description="Answer the open undo vote: agree or refuse")
    @app_commands.describe(choice="Agree or refuse the undo")
    @app_commands.choices(choice=[app_commands.Choice(name="agree", value="agree"),
                                  app_commands.Choice(name="refuse", value="refuse")])
    async def vote(self, interaction: discord.Interaction, choice: str) -> None:
        """``/game vote``."""
        await answer(interaction, lambda: self.table.vote(caller_of(interaction), choice == "agree"))

    @app_commands.command(name="kick", description="Remove a player (creator or Manage Channel)")
    @app_commands.describe(player="Unseated before the start; passes for them after")
    async def kick(self, interaction: discord.Interaction, player: discord.Member) -> None:
        """``/game kick``."""
        await answer(interaction, lambda: self.table.kick(caller_of(interaction), player.id))

    @app_commands.command(name="timing", description="See or change reminders and the move time limit")
    @app_commands.describe(remind_hours="Hours before a reminder (0: never)",
                           reminders="Reminders per move at most", time_limit_hours="Hours per move (0: no limit)")
    async def timing(self, interaction: discord.Interaction,
                     remind_hours: app_commands.Range[float, 0, 720] | None = None,
                     reminders: app_commands.Range[int, 0, 10] | None = None,
                     time_limit_hours: app_commands.Range[float, 0, 720] | None = None) -> None:
        """``/game timing``."""
        await answer(interaction, lambda: self.table.game_timing(caller_of(interaction), remind_hours, reminders,
                                                                 time_limit_hours))

    @app_commands.command(name="add-ai", description="Seat an AI player in the lobby (creator)")
    @app_commands.describe(level="How well it plays")
    @app_commands.choices(level=[app_commands.Choice(name=level, value=level) for level in AI_LEVELS])
    async def add_ai(self, interaction: discord.Interaction, level: str = "normal") -> None:
        """``/game add-ai`` (bot/table/robots.py)."""
        await answer(interaction, lambda: self.table.add_ai(caller_of(interaction), level))

    @app_commands.command(name="abandon",
                          description="End the game without scores (creator or Manage Channel)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        """``/game abandon``."""
        await answer(interaction, lambda: self.table.abandon(caller_of(interaction)))
