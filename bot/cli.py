"""``railhead`` command line: ``run`` (Discord), ``local`` (terminal), ``backup``, ``migrate``, ``sync``
and ``health``.

A database that cannot be used (read-only, not SQLite, damaged, used by another process, ...)
gives one sentence on stderr and exit code 1, never a traceback. Tracebacks of real bugs never
show local variables: a game state holds the secret deck orders.
"""
from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from typing import Any

import typer

from . import logs
from .service import HEARTBEAT_MAX_AGE
from .store import StoreError, copy_database, is_postgres, open_store
from .store.postgres import redact

app = typer.Typer(help="Railhead: railway board games in Discord channels.", no_args_is_help=True,
                  pretty_exceptions_show_locals=False)
DB_HELP = "SQLite file or postgresql:// URL (default: $RAILHEAD_DB or ./railhead.sqlite3)"


def default_db() -> str:
    """The database: ``$RAILHEAD_DB`` (a SQLite path, or a ``postgresql://`` URL, which
    ``open_store`` opens with the PostgreSQL store) or ``railhead.sqlite3`` in the current folder."""
    return os.environ.get("RAILHEAD_DB", "railhead.sqlite3")


def fail(sentence: str, code: int = 1) -> typer.Exit:
    """Print ``sentence`` on stderr; returns the ``typer.Exit`` (exit ``code``) to raise."""
    typer.echo(sentence, err=True)
    return typer.Exit(code)


def token_or_exit() -> str:
    """``$DISCORD_TOKEN``; raises ``typer.Exit`` (2) with a sentence when it is not set."""
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        raise fail("DISCORD_TOKEN is not set; see the README, 'Connecting to Discord' (or try `railhead local`).", 2)
    return token


def run_async(main: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run(main)``; a StoreError or a refused token becomes one sentence and exit code 1."""
    import aiohttp
    import discord

    try:
        return asyncio.run(main)
    except StoreError as exc:
        raise fail(str(exc)) from None
    except discord.LoginFailure:
        raise fail("Discord refused the token in DISCORD_TOKEN; copy it again from the Developer Portal"
                   " (Bot, Reset Token).") from None
    except aiohttp.ClientConnectorError as exc:
        raise fail(f"Could not reach Discord ({exc.host}): check this machine's network and DNS, then start "
                   "again; nothing was changed.") from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


async def check_store(db: str) -> None:
    """Open and close the store, so that a bad file fails before anything reaches the network."""
    await (await open_store(db)).close()


def shard_list(text: str | None) -> list[int] | None:
    """``"0,2"`` → ``[0, 2]``; raises ``typer.Exit`` (2) with a sentence for anything else."""
    if not text:
        return None
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise fail(f"--shard-ids takes shard numbers separated by commas, like 0,1 (not {text!r}).", 2) from None


@app.command()
def run(db: str = typer.Option(None, help=DB_HELP),
        shard_count: int = typer.Option(None, help="Discord shards in all, across every process (with PostgreSQL)"),
        shard_ids: str = typer.Option(None, help="The shards this process runs, like 0,1 (default: all)")) -> None:
    """Start the Discord bot with the token in DISCORD_TOKEN. SIGTERM or SIGINT (Ctrl+C) stop it
    cleanly: the moves in progress finish, then the store closes, exit code 0. Logs go to stderr
    at $RAILHEAD_LOG (default info); with $RAILHEAD_HEARTBEAT set, that file is touched every 30 s
    for `railhead health`. When Discord accepts the connection but never answers, it logs one
    warning and logs in again after 10 s, 20 s, ... up to every 5 minutes. ``--shard-count N
    --shard-ids a,b``: this process runs those of N shards (default: all); processes that share
    the shards share one PostgreSQL database (a SQLite file belongs to one process)."""
    token, path = token_or_exit(), db or default_db()
    from . import create_bot, shard_plan

    try:
        ids = shard_plan(shard_count, shard_list(shard_ids))
    except ValueError as exc:
        raise fail(f"{exc}.", 2) from None
    if ids is not None and len(ids) < shard_count and not is_postgres(path):
        raise fail("Running only some of the shards means other processes run the rest, and several processes "
                   "share a PostgreSQL database: set RAILHEAD_DB (or --db) to a postgresql:// URL.", 2)
    try:
        logs.setup()
    except ValueError as exc:
        raise fail(f"{exc}.", 2) from None

    def make_bot():
        bot = create_bot(path, shard_count=shard_count, shard_ids=ids)
        bot.heartbeat_path = os.environ.get("RAILHEAD_HEARTBEAT") or None
        return bot

    async def main() -> None:
        from .service import serve_retrying

        await check_store(path)
        await serve_retrying(make_bot, token)

    run_async(main())


@app.command()
def health(db: str = typer.Option(None, help=DB_HELP),
           heartbeat: str = typer.Option(None, help="The running bot's heartbeat file (default: $RAILHEAD_HEARTBEAT)"),
           max_age: float = typer.Option(HEARTBEAT_MAX_AGE, help="Seconds after which the heartbeat is stale")) -> None:
    """Exit 0 when the database is readable and the bot's heartbeat is fresh, else say why and
    exit 1 (Docker's HEALTHCHECK). Without a heartbeat file only the database is checked."""
    from .service import check_health

    try:
        summary = check_health(db or default_db(), heartbeat or os.environ.get("RAILHEAD_HEARTBEAT"), max_age)
    except RuntimeError as exc:
        raise fail(f"unhealthy: {exc}.") from None
    typer.echo(f"healthy: {summary}.")


@app.command()
def local(db: str = typer.Option(None, help=DB_HELP),
          boards: str = typer.Option("railhead-boards", help="Folder for board PNGs"),
          open_table: bool = typer.Option(False, "--open", help="Show private text on the shared screen "
                                          "(one person testing alone); default: hot-seat curtains")) -> None:
    """Play at the local table in this terminal, no Discord needed. Hot-seat by default: private
    text is shown only behind a curtain for its player; ``--open`` shows everything."""
    from .local import run_local

    run_async(run_local(db or default_db(), boards, open_table))


@app.command()
def backup(path: str = typer.Argument(..., help="Where to write the copy"),
           db: str = typer.Option(None, help=DB_HELP)) -> None:
    """Copy the database consistently, even while the bot is running: a SQLite file with SQLite's
    backup API; a PostgreSQL database into a new SQLite file (one snapshot of every table, every
    game replayed to check it; ``railhead migrate`` brings it back; ``pg_dump`` works too)."""
    source = db or default_db()
    if is_postgres(source):
        if os.path.exists(path):
            raise fail(f"{path} exists already; a PostgreSQL backup goes to a new SQLite file.")
        from .migrate import migrate as copy_games

        report = run_async(copy_games(source, path))     # one snapshot of every table, checked by replay
        typer.echo(f"Copied {redact(source)} to the SQLite file {path}.\n{report.text()}")
        if report.problems:
            raise typer.Exit(1)
        return
    try:
        copy_database(source, path)
    except StoreError as exc:
        raise fail(str(exc)) from None
    typer.echo(f"Copied {source} to {path}.")


@app.command()
def migrate(source: str = typer.Option(..., "--from", help="The database to copy: a SQLite file (or sqlite:PATH) "
                                      "or a postgresql:// URL"),
            target: str = typer.Option(..., "--to", help="An empty database to copy into: a postgresql:// URL "
                                      "or a SQLite file")) -> None:
    """Copy every game, its log, results and settings into another database (stop the bot first),
    then replay every copied game to check it; prints the counts, exits 1 on any problem."""
    from .migrate import migrate as copy_games

    report = run_async(copy_games(source, target))
    typer.echo(report.text())
    if report.problems:
        raise typer.Exit(1)


@app.command()
def sync(guild: int = typer.Option(None, help="Register in this server only (instant); default: everywhere"),
         db: str = typer.Option(None, help=DB_HELP)) -> None:
    """Register the slash commands with Discord now (needs DISCORD_TOKEN). A refused sync prints
    one sentence naming the command and field at fault, and exits 1."""
    from .sync import SyncRefused, sync_tree

    token, path = token_or_exit(), db or default_db()

    async def main() -> int:
        from . import create_bot

        await check_store(path)
        bot = create_bot(path)
        bot.sync_on_start = False          # only the sync asked for here
        async with bot:
            await bot.login(token)
            return await sync_tree(bot, guild)

    try:
        count = run_async(main())
    except SyncRefused as exc:
        raise fail(str(exc)) from None
    where = f"in server {guild}" if guild is not None else "globally (Discord can take up to an hour to show them)"
    typer.echo(f"Synced {count} slash commands {where}.")


@app.command()
def tournament(game: str = typer.Option("rotw", help="The game: rotw, steam, workers or railways"),
               players: str = typer.Option("search,random,random", help="AI players, one per seat, by name"),
               games: int = typer.Option(10, min=1, help="Games to play (seats rotate from one to the next)"),
               seed: int = typer.Option(1, help="The first game's seed (game i uses seed + i)"),
               budget: float = typer.Option(None, help="The search player's playouts per move"),
               jobs: int = typer.Option(1, min=1, help="Games played at once, one process each"),
               options: str = typer.Option("{}", help='Game options as JSON, e.g. {"map": "europe"}')) -> None:
    """Play whole games between AI players and print each one's win share (95% interval), mean
    score and seconds per move (ai/tournament.py; results in docs/ai.md)."""
    import json
    import time

    from railhead.ai import tournament as t
    from railhead.engine import IllegalAction, get_game

    kinds = [k.strip() for k in players.split(",") if k.strip()]
    try:
        chosen = get_game(game)
        opts = json.loads(options)
        chosen.setup(opts, [f"P{i}" for i in range(1 if chosen.max_seats == 1 else len(kinds))], seed)
        from railhead.ai import make_player
        for kind in kinds:
            make_player(kind, budget)
    except (IllegalAction, ValueError) as exc:
        raise fail(f"{exc}".rstrip(".") + ".", 2) from None
    typer.echo(f"{chosen.name}: {games} games of {', '.join(kinds)} from seed {seed}"
               f"{f', budget {budget:g}' if budget else ''}{f', {jobs} at once' if jobs > 1 else ''}.")
    began = time.perf_counter()
    def progress(index: int, result: t.GameResult) -> None:
        typer.echo(t.game_line(kinds, index, seed, result), err=True)

    results = t.run(game, kinds, games, seed, budget, jobs, opts, on_result=progress)
    for standing in t.standings(kinds, results):
        typer.echo(standing.line())
    cut = sum(r.winner is None for r in results)
    typer.echo(f"{len(results)} games in {time.perf_counter() - began:.0f} s"
               + (f"; {cut} cut unfinished or tied" if cut else ""))


if __name__ == "__main__":
    app()
