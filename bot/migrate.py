"""``railhead migrate``: move a server's games from one database to another (SQLite to
PostgreSQL when a bot outgrows one process, or back), verified by replaying every game.

Every table is copied whole, ids kept, in one transaction on the target, which must hold no game
yet. Then each copied game with a log is replayed from its seed and log alone (its snapshot left
aside), with the rules it was stored under: the replayed state must equal the snapshot copied
with it, and a finished game's outcome must give the scores and ranks copied in its results. A
game stored under older rules cannot be replayed here (the bot refuses to load it too); it is
copied and counted apart.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from railhead.engine import IllegalAction, Match, canonical

from . import registry
from .store import StoreError, open_store
from .store.reads import TABLES


@dataclass
class Report:
    """What a migration copied and checked: rows per table, games per status, games replayed to
    the same state, games stored under older rules (copied, not replayed), and the problems found."""

    rows: dict[str, int] = field(default_factory=dict)
    statuses: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    older_rules: int = 0
    problems: list[str] = field(default_factory=list)

    def text(self) -> str:
        """The report as a few lines for the terminal."""
        games = ", ".join(f"{n} {status}" for status, n in sorted(self.statuses.items())) or "none"
        rows = ", ".join(f"{table} {n}" for table, n in self.rows.items())
        lines = [f"Games copied: {games}.", f"Rows copied: {rows}.",
                 f"Replayed to the same state: {self.replayed} games"
                 + (f"; {self.older_rules} stored under older rules, copied without a replay." if self.older_rules
                    else ".")]
        lines += [f"PROBLEM: {p}" for p in self.problems]
        return "\n".join(lines)


def _plain(source: str) -> str:
    """``sqlite:PATH`` or a path → the path; a ``postgresql://`` URL as it is."""
    return source[len("sqlite:"):] if source.startswith("sqlite:") else source


async def migrate(source: str, target: str) -> Report:
    """Copy every game of ``source`` into ``target`` (each a SQLite path, ``sqlite:PATH`` or a
    ``postgresql://`` URL) and verify the copy by replay. Raises ``StoreError`` when either
    database cannot be used or the target already holds games."""
    src = await open_store(_plain(source))
    try:
        dst = await open_store(_plain(target))
        try:
            held = sum((await dst.game_counts()).values())
            if held:
                raise StoreError(f"The target database already holds {held} games; migrate into an empty one.")
            used = [table for table in TABLES if await dst.table_rows(table)]
            if used:                                    # a bot ran on it: settings or the command tree's hash
                raise StoreError(f"The target database is not empty (rows in {', '.join(used)}); migrate into "
                                 "a new database that no bot has used.")
            report = Report()
            dump = await src.table_dump()                # one consistent read of the source
            async with dst.transaction() as tx:
                for table, rows in dump.items():
                    await tx.insert_rows(table, rows)
                    report.rows[table] = len(rows)
            await _verify(dst, report)
            return report
        finally:
            await dst.close()
    finally:
        await src.close()


async def _verify(store, report: Report) -> None:
    """Replay every copied game with a log and compare (see the module docstring)."""
    snapshots = {r["game_id"]: r for r in await store.table_rows("snapshots")}
    results: dict[int, dict[int, dict]] = {}
    for r in await store.table_rows("results"):
        results.setdefault(r["game_id"], {})[r["seat"]] = r
    for row in await store.table_rows("games"):
        report.statuses[row["status"]] = report.statuses.get(row["status"], 0) + 1
        log = await store.log(row["id"])
        if not log:
            continue
        game = registry.games().get(row["game"])
        if game is None or row["rules_version"] != game.rules_version:
            report.older_rules += 1
            continue
        names = [s.name for s in await store.seats(row["id"])]
        try:
            match = Match.restore(game, json.loads(row["options"]), names, row["seed"],
                                  [(e.seat, e.action) for e in log], None)
        except IllegalAction as exc:
            report.problems.append(f"game {row['id']} ({row['game']}) does not replay: {exc}")
            continue
        snap = snapshots.get(row["id"])
        if snap is not None and snap["n"] == len(log) and \
                canonical(json.loads(snap["state"])) != canonical(match.state):
            report.problems.append(f"game {row['id']} ({row['game']}) replays to another state than its snapshot")
            continue
        outcome = match.outcome()
        if row["status"] == "finished" and results.get(row["id"]):
            scores = outcome["scores"] if outcome else {}
            wrong = [s for s, r in results[row["id"]].items() if int(scores.get(s, 0)) != r["score"]]
            if outcome is None or wrong:
                report.problems.append(f"game {row['id']} ({row['game']}) replays to other scores than its results")
                continue
        report.replayed += 1
