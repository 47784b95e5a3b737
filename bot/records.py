"""Records of games: stats and personal bests, the history in words, export and import.

``/game history`` is built only from public events (``engine.history``). ``/game export`` writes
the action log as a JSON file anyone can replay (``engine.replay``): the seed decides hidden
things (card and cube order), so a game with several players is exported only once it is over.
``/game import`` puts an exported game in an empty channel: a finished game to review, a solo
game to continue.
"""
from __future__ import annotations

import asyncio
import json
import re

import msgspec

from railhead import engine
from railhead.engine import IllegalAction, Match, canonical

from . import registry, timing
from . import story as game_story
from .hosts import RecordsHost
from .replies import Caller, Message, Refusal, Reply, private
from .session import Session
from .store import ChannelBusy, now

PER_PAGE = 20
MAX_IMPORT = 5_000_000          # bytes


class ExportFile(msgspec.Struct, forbid_unknown_fields=True):
    """The JSON of ``/game export``: ``log`` is ``[[seat, action], ...]``, every entry ever made
    (undos and votes included); ``players`` are the seat names in seat order."""

    format: str
    version: int
    game: str
    rules_version: int
    options: dict
    players: list[str]
    seed: int
    log: list[tuple[int, dict]]
    status: str
    exported_at: str = ""


async def _target(table: RecordsHost, caller: Caller) -> Session:
    """The channel's running game, or its last finished one. Raises ``Refusal`` when there is none."""
    session = await table.session(caller.channel_id)
    if session is None:
        session = await table.finished(caller.channel_id)
    if session is None:
        raise Refusal("There is no game in this channel to look at.")
    return session


async def stats(table: RecordsHost, caller: Caller) -> Reply:
    """The caller's finished games per game, wins, and personal bests of solo games per variant
    (map and objective)."""
    results = await table.store.results(user_id=caller.user_id)
    if not results:
        raise Refusal("You have no finished game yet.")
    lines = [f"**{caller.name}**'s finished games:"]
    for game_id in sorted({r.game for r in results}):
        mine = [r for r in results if r.game == game_id]
        game = registry.games().get(game_id)
        name = game.name if game else game_id
        plural = "s" if len(mine) != 1 else ""
        if game is not None and game.max_seats == 1:
            lines.append(f"**{name}**: {len(mine)} game{plural}; personal bests:")
            for variant in sorted({r.variant for r in mine}):
                rows = [r for r in mine if r.variant == variant]
                met = [r for r in rows if r.success is not None]
                goal = f", objective met {sum(r.success for r in met)}/{len(met)}" if met else ""
                lines.append(f"- {variant}: best {max(r.score for r in rows)} ({len(rows)} played{goal})")
        else:
            wins = sum(1 for r in mine if r.rank == 1)
            lines.append(f"**{name}**: {len(mine)} game{plural}, {wins} won, best score {max(r.score for r in mine)}")
    return private("\n".join(lines))


async def history(table: RecordsHost, caller: Caller, page: int = 1, story: bool = False) -> Reply:
    """The moves of the channel's game in words, ``PER_PAGE`` a page, page 1 the most recent.
    ``story``: instead, the story of the game so far (``bot/story.py``): a score chart over the
    turns and an animated replay of the board, built from public views only."""
    session = await _target(table, caller)
    m = session.match
    if story:
        return await _story(session)
    entries = await asyncio.to_thread(engine.history, m.game, m.options, m.seats, m.seed, m.log)
    numbered = [(i + 1, f"{i + 1}. **{m.seats[seat]}**: {' '.join(texts)}") for i, seat, texts in entries if texts]
    if not numbered:
        raise Refusal("Nothing has happened in this game yet.")
    pages = (len(numbered) + PER_PAGE - 1) // PER_PAGE
    if not 1 <= page <= pages:
        raise Refusal(f"There {'is' if pages == 1 else 'are'} {pages} page{'s' if pages > 1 else ''} of history.")
    end = len(numbered) - (page - 1) * PER_PAGE
    shown = numbered[max(0, end - PER_PAGE):end]
    more = f" — `/game history page:{page + 1}` for earlier moves" if page < pages else ""
    # the numbers are the log's (moves that say nothing in the channel, like a secret step, are left out)
    head = (f"**{m.game.name}**, moves {shown[0][0]}-{shown[-1][0]} of {len(m.log)} (page {page} of {pages})"
            f"{more}:")
    return private("\n".join([head, *(line for _, line in shown)]))


async def _story(session: Session) -> Reply:
    m = session.match
    if not any(action.get("type") not in ("undo", "undo_vote") for _, action in m.log):
        raise Refusal("Nothing has happened in this game yet.")
    made = await game_story.of_session(registry.UIS[m.game.id], session)
    so_far = "" if m.outcome() is not None else " so far"
    what = " and the replay of the board (an animated GIF)" if made.replay else ""
    moves = f"{made.moves} move{'s' if made.moves != 1 else ''}"
    return private(f"**{m.game.name}**{so_far}: the scores over the turns{what}, {moves}.",
                   image=made.chart, image_name="score-chart.png",
                   more=[("replay.gif", made.replay)] if made.replay else [])


async def export(table: RecordsHost, caller: Caller) -> Reply:
    """The game's action log as a JSON file (see the module docstring for what is withheld)."""
    session = await _target(table, caller)
    m, row = session.match, session.row
    over = m.outcome() is not None
    if not over and len(m.seats) > 1:
        raise Refusal("A game with several players can be exported once it is over: its file holds the seed, "
                      "which decides the hidden cards and cubes. `/game history` shows the moves so far.")
    data = ExportFile("railhead-game", 1, row.game, row.rules_version, row.options, list(m.seats), m.seed,
                      [(seat, action) for seat, action in m.log], "finished" if over else "running", now())
    body = json.dumps(msgspec.to_builtins(data), ensure_ascii=False, indent=1).encode()
    return private(f"The action log of this {m.game.name} game ({len(m.log)} entries). `/game import` it in an "
                   "empty channel to review or continue it, or replay it with `engine.replay`.",
                   image=body, image_name=f"railhead-game-{row.id}.json")


async def import_game(table: RecordsHost, caller: Caller, data: bytes) -> Reply:
    """Put an exported game in this (empty) channel: finished games for review, solo games to go on."""
    if len(data) > MAX_IMPORT:
        raise Refusal("That file is too large to be a Railhead export.")
    try:
        doc = msgspec.json.decode(data, type=ExportFile)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise Refusal(f"That is not a Railhead game export ({str(exc)[:120]}).") from None
    if doc.format != "railhead-game" or doc.version != 1:
        raise Refusal("That is not a Railhead game export (format railhead-game, version 1).")
    game = registry.game(doc.game)
    if doc.rules_version != game.rules_version:
        raise Refusal(f"That game was played under another version of {game.name}'s rules ({doc.rules_version}; "
                      f"now {game.rules_version}) and would replay differently.")
    try:
        match = await asyncio.to_thread(Match.replay, game, doc.options, doc.players, doc.seed,
                                        [(s, a) for s, a in doc.log])
    except (IllegalAction, KeyError, TypeError, ValueError) as exc:
        raise Refusal(f"That export does not replay: {exc}") from None
    over = match.outcome() is not None
    if not over and len(doc.players) > 1:
        raise Refusal("Only finished games (to review) and solo games (to go on playing) can be imported.")
    seats = [(caller.user_id, doc.players[0])] if len(doc.players) == 1 else \
        [(-(i + 1), name) for i, name in enumerate(doc.players)]       # a finished game's seats: names only
    try:
        async with table.store.transaction() as tx:
            gid = await tx.create_game(caller.channel_id, caller.guild_id, game.id, game.rules_version,
                                       doc.options, caller.user_id)
            for user_id, name in seats:
                await tx.add_seat(gid, user_id, name)
            await tx.start_game(gid, doc.seed, canonical(Match.start(game, doc.options, doc.players,
                                                                     doc.seed).state).decode())
            await tx.append_log(gid, [(s, seats[s][0] if s < len(seats) else 0, a) for s, a in doc.log],
                                canonical(match.state).decode())
            if over:
                await tx.set_status(gid, "finished", expect=("running",))
            else:
                await timing.sync(tx, Session(await tx.game(gid), await tx.seats(gid), match), table.clock())
    except ChannelBusy:
        raise Refusal("This channel already has a game; import in a channel without one.") from None
    what = "to review: `/game status`, `/game board`, `/game history`" if over else \
        f"and goes on: your move, {caller.name}"
    session = await table.session(caller.channel_id) if not over else None
    reply = Reply(channel=Message(f"**{caller.name}** imported a {game.name} game ({len(doc.log)} moves) {what}."),
                  channel_id=caller.channel_id, game_id=gid)
    if session is not None:
        turn = table.turn(session, [], header=reply.channel.text)
        await table.store_offers_now(gid, turn)
        return await table.with_board(session, turn)
    return reply




def _rated_as(row) -> tuple[int | str, str]:
    """Who a result row is rated as: ``(user id, name)`` for a person; ``("ai:<level>", "AI
    (<level>)")`` for an AI seat (negative user id; its name ends with the level in brackets)."""
    if row.user_id >= 0:
        return row.user_id, row.name
    found = re.search(r"\((\w+)\)\s*$", row.name)
    level = found.group(1) if found else "AI"
    return f"ai:{level}", f"AI ({level})"


def ratings(results: list) -> list[dict]:
    """openskill (Plackett-Luce) ratings from finished games of several players, oldest game
    first; ties share a rank. Returns ``[{user_id, name, ordinal, mu, sigma, games, wins}]``
    best first (``ordinal`` = mu - 3 sigma, the conservative estimate shown). AI seats (negative
    user ids, a different one per game) are rated as one player per level, "AI (normal)", keyed
    ``ai:<level>`` in ``user_id``: they are opponents worth beating, not one player called -1."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players: dict[int, dict] = {}
    games: dict[int, list] = {}
    for r in results:
        games.setdefault(r.game_id, []).append(r)
    for game_id in sorted(games, key=lambda g: (min(r.finished_at for r in games[g]), g)):
        rows = sorted(games[game_id], key=lambda r: r.seat)
        if len(rows) < 2:
            continue                                   # solo games are scores, not contests
        keys = [_rated_as(r) for r in rows]
        for key, name in keys:
            entry = players.setdefault(key, {"user_id": key, "name": name, "games": 0, "wins": 0,
                                             "rating": model.rating(name=str(key))})
            entry["name"] = name
        teams = [[players[key]["rating"]] for key, _ in keys]
        rated = model.rate(teams, ranks=[r.rank for r in rows])
        for r, (key, _), team in zip(rows, keys, rated, strict=True):
            p = players[key]
            p["rating"], p["games"], p["wins"] = team[0], p["games"] + 1, p["wins"] + (r.rank == 1)
    out = [{"user_id": p["user_id"], "name": p["name"], "ordinal": p["rating"].ordinal(), "mu": p["rating"].mu,
            "sigma": p["rating"].sigma, "games": p["games"], "wins": p["wins"]} for p in players.values()]
    return sorted(out, key=lambda p: (-p["ordinal"], p["name"]))


async def leaderboard(table: RecordsHost, caller: Caller, game_id: str | None = None) -> Reply:
    """The guild's ratings for one game (default: the channel's, else Railways of the World)."""
    if game_id is None:
        game_id = await table.channel_game(caller.channel_id) or "rotw"
    game = registry.game(game_id)
    if game.max_seats == 1:
        raise Refusal(f"{game.name} is played alone: `/game stats` shows your personal bests.")
    rows = await table.store.results(game=game.id, guild_id=caller.guild_id)
    board = ratings(rows)
    if not board:
        raise Refusal(f"No finished game of {game.name} here yet.")
    where = " in this server" if caller.guild_id is not None else ""
    lines = [f"**{game.name}** ratings{where} (openskill, conservative estimate μ − 3σ):"]
    rank = 0
    for i, p in enumerate(board[:15], 1):
        if i == 1 or round(p["ordinal"], 6) != round(board[i - 2]["ordinal"], 6):
            rank = i                                            # equal ratings share a rank
        lines.append(f"{rank}. **{p['name']}** {p['ordinal']:.1f} (μ {p['mu']:.1f}, σ {p['sigma']:.1f}; "
                     f"{p['games']} game{'s' if p['games'] != 1 else ''}, {p['wins']} won)")
    return private("\n".join(lines))
