"""``/workers``: Railway Workers moves, each handed to the table as a command
(bot/cogs/workers/commands.py holds the command spec these mirror). Most moves are buttons and
menus; these commands do the same with arguments."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from ..base import GameCog

Part = Literal["top", "bottom"]
Kind = Literal["structures", "tracks", "plans"]
PART = "top (the 4+ action) or bottom (7+); default: top, then bottom"


class Workers(GameCog, group_name="workers", group_description="Railway Workers moves"):
    @app_commands.command(name="place", description="Place four cards face down under +1 +2 +3 +6 (secret)")
    @app_commands.describe(cards="Four cards in order, like: structures worker store share (leave out for a menu)")
    async def place(self, interaction: discord.Interaction, cards: str | None = None) -> None:
        await self.run(interaction, "place", cards=cards, menu=None if cards else True)

    @app_commands.command(name="assign", description="Put your dice on your cards behind the screen (secret)")
    @app_commands.describe(dice="Four die values in place order, like 6 2 5 1 (leave out for a menu)",
                           plus="+1 tokens per place, like 0 0 1 0")
    async def assign(self, interaction: discord.Interaction, dice: str | None = None, plus: str | None = None) -> None:
        await self.run(interaction, "assign", dice=dice, plus=plus, menu=None if dice else True)

    @app_commands.command(name="reroll", description="After a low roll: all or keep; with tokens: dice positions")
    @app_commands.describe(dice="all, keep, or dice positions like 2 4")
    async def reroll(self, interaction: discord.Interaction, dice: str) -> None:
        await self.run(interaction, "reroll", dice=dice)

    @app_commands.command(name="buy", description="Buy Structures/Tracks/Plans")
    @app_commands.describe(count="How many (top)", site="A site's warehouse (bottom, structures/tracks)", part=PART)
    async def buy(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 20] | None = None,
                  site: app_commands.Range[int, 1, 7] | None = None, part: Part | None = None) -> None:
        await self.run(interaction, "buy", count=count, site=site, part=part)

    @app_commands.command(name="worker", description="New Worker: hire, recall (1 coin) or send a worker")
    @app_commands.describe(do="hire, recall or send", site="Where to send", kind="Which warehouse", part=PART)
    async def worker(self, interaction: discord.Interaction, do: Literal["hire", "recall", "send"],
                     site: app_commands.Range[int, 1, 7] | None = None, kind: Kind | None = None,
                     part: Part | None = None) -> None:
        await self.run(interaction, "worker", do=do, site=site, kind=kind, part=part)

    @app_commands.command(name="share", description="Share (4+): a share on a construction site or route")
    @app_commands.describe(site="Project number")
    async def share(self, interaction: discord.Interaction, site: app_commands.Range[int, 1, 7]) -> None:
        await self.run(interaction, "share", site=site)

    @app_commands.command(name="train", description="Share (7+): turn a black train and/or run it")
    @app_commands.describe(train="Train number", toward="A neighbouring city to face", go="Run it (default yes)")
    async def train(self, interaction: discord.Interaction, train: app_commands.Range[int, 1, 6],
                    toward: str | None = None, go: bool | None = None) -> None:
        await self.run(interaction, "train", train=train, toward=toward, go=go)

    @app_commands.command(name="store", description="Store Up: resources from your Facilities to a site")
    @app_commands.describe(kind="Which resource", site="Project number", count="How many", part=PART)
    async def store(self, interaction: discord.Interaction, kind: Kind, site: app_commands.Range[int, 1, 7],
                    count: app_commands.Range[int, 1, 20] | None = None, part: Part | None = None) -> None:
        await self.run(interaction, "store", kind=kind, site=site, count=count, part=part)

    @app_commands.command(name="send", description="Move Workers: to one site's warehouses")
    @app_commands.describe(site="Project number", structures="Workers to structures", tracks="Workers to tracks",
                           part=PART)
    async def send(self, interaction: discord.Interaction, site: app_commands.Range[int, 1, 7],
                   structures: app_commands.Range[int, 0, 5] | None = None,
                   tracks: app_commands.Range[int, 0, 5] | None = None, part: Part | None = None) -> None:
        await self.run(interaction, "send", site=site, structures=structures, tracks=tracks, part=part)

    @app_commands.command(name="subsidy", description="Subsidy: trade two reward tiles for coins")
    @app_commands.describe(tiles="Two tiles, like S T", part=PART)
    async def subsidy(self, interaction: discord.Interaction, tiles: str, part: Part | None = None) -> None:
        await self.run(interaction, "subsidy", tiles=tiles, part=part)

    @app_commands.command(name="invest", description="Investment: move your marker one step right")
    @app_commands.describe(part=PART)
    async def invest(self, interaction: discord.Interaction, part: Part | None = None) -> None:
        await self.run(interaction, "invest", part=part)

    @app_commands.command(name="command", description="Use an Available Command with a director")
    @app_commands.describe(number="The command card's number", site="A site", kind="A warehouse or resource",
                           train="A train", token="reroll or plus", slots="Two places to swap, like 3 6",
                           owner="A worker's owner (seat number)", to_site="Where the worker goes",
                           to_kind="Which warehouse it goes to")
    async def command(self, interaction: discord.Interaction, number: app_commands.Range[int, 1, 16],
                      site: app_commands.Range[int, 1, 7] | None = None, kind: Kind | None = None,
                      train: app_commands.Range[int, 1, 6] | None = None,
                      token: Literal["reroll", "plus"] | None = None, slots: str | None = None,
                      owner: app_commands.Range[int, 0, 3] | None = None,
                      to_site: app_commands.Range[int, 1, 7] | None = None, to_kind: Kind | None = None) -> None:
        await self.run(interaction, "command", number=number, site=site, kind=kind, train=train, token=token,
                       slots=slots, owner=owner, to_site=to_site, to_kind=to_kind)

    @app_commands.command(name="pass", description="Pass your turn for 1 coin")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "pass")

    @app_commands.command(name="end", description="End your turn")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "end")

    @app_commands.command(name="choose", description="Answer the game's question (tile/share, a city, a bonus)")
    @app_commands.describe(option="Your answer")
    async def choose(self, interaction: discord.Interaction, option: str) -> None:
        await self.run(interaction, "choose", option=option)
