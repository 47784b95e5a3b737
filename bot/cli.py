"""``railhead`` command line: ``railhead run`` (Discord) and ``railhead local`` (terminal)."""
from __future__ import annotations

import asyncio
import logging
import os

import typer

app = typer.Typer(help="Railhead: railway board games in Discord channels.", no_args_is_help=True)


def default_db() -> str:
    return os.environ.get("RAILHEAD_DB", "railhead.sqlite3")


@app.command()
def run(db: str = typer.Option(None, help="SQLite file (default: $RAILHEAD_DB or ./railhead.sqlite3)")) -> None:
    """Start the Discord bot with the token in DISCORD_TOKEN."""
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        typer.echo("DISCORD_TOKEN is not set. See the README, 'Connecting to Discord'; or try `railhead local`.")
        raise typer.Exit(2)
    from . import create_bot

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = create_bot(db or default_db())
    bot.run(token, log_handler=None)


@app.command()
def local(db: str = typer.Option(None, help="SQLite file (default: $RAILHEAD_DB or ./railhead.sqlite3)"),
          boards: str = typer.Option("railhead-boards", help="Folder for board PNGs")) -> None:
    """Play at the local table in this terminal, no Discord needed."""
    from .local import run_local

    asyncio.run(run_local(db or default_db(), boards))


if __name__ == "__main__":
    app()
