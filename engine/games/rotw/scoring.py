"""The final score (railways-of-the-world.txt, "Ending the Game" and each map's own "Ending the
Game"): points minus one per bond, plus met barons and, in Railways Through Time, the Time Lines
held; the ranking with its tie-breaks. ``final_scores`` is the game's outcome and the view's
``final``, the one source every place showing the final score reads."""
from __future__ import annotations

from typing import Any

from ...core.record import UNSET
from . import timelines
from .context import of
from .rules import baron_results
from .state import RotwState

TIE_REASON = {"links": "more links", "cash": "more money"}


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def formula(parts: list[dict]) -> str:
    """A final score's parts in words: "28 points − 5 bonds + 5 for 2 Time Lines" (the first as it
    is, then each with its sign; the bonds always, the others only when they count)."""
    first, *rest = parts
    text = f"{first['points']} {first['what']}"
    for part in rest:
        bonds = part["what"] in ("bond", "bonds")
        if part["points"] or bonds:
            text += f" {'−' if part['points'] < 0 or bonds else '+'} {abs(part['points'])} {part['what']}"
    return text


def final_scores(state: RotwState) -> dict:
    """railways-of-the-world.txt, "Ending the Game": points minus one per bond (plus met barons, and
    in Railways Through Time the Time Lines held, ``timelines.points``); ties broken by most complete
    links, then most money, or as the map's ``tie_break`` says ("RAILWAYS of MEXICO", "Ending the
    Game": most money alone). The one final score: the view (``final``), the channel, ``/game
    status`` and the board read it. Returns ``{"scores": {seat: score}, "ranking": [seat...],
    "table": [row...] best first, "tiebreaks": [sentence...], "winner": name}``; each row has
    ``seat``, ``name``, ``score``, ``rank``, ``points``, ``bonds``, ``links``, ``cash`` (thousands),
    ``parts`` (``[{"what", "points"}]``: what adds up to the score, signed) and ``formula`` (them in
    words: "28 points − 5 bonds + 5 for 2 Time Lines"), and ``baron``, ``time_lines`` where they
    apply."""
    rows: list[dict[str, Any]] = []
    goals = baron_results(state)
    through_time = state.time_lines is not UNSET
    lines = state.time_lines if state.time_lines is not UNSET else {}
    for seat, p in enumerate(state.players):
        links = sum(1 for link in state.links.values() if link.owner == seat and link.to)
        baron = goals.get(seat)
        held = sum(1 for s in lines.values() if s == seat)
        parts: list[dict[str, Any]] = [{"what": "point" if p.points == 1 else "points", "points": p.points},
                 {"what": "bond" if p.bonds == 1 else "bonds", "points": -p.bonds}]
        if through_time:
            parts.append({"what": f"for {_count(held, 'Time Line')}", "points": timelines.points(held)})
        if baron and baron["points"]:
            parts.append({"what": f"for {baron['name']}", "points": baron["points"]})
        row: dict[str, Any] = {"seat": seat, "name": p.name, "score": sum(part["points"] for part in parts),
               "points": p.points, "bonds": p.bonds, "links": links, "cash": p.cash,
               "parts": parts, "formula": formula(parts)}
        if baron:
            row["baron"] = baron
        if through_time:
            row["time_lines"] = {"held": held, "points": timelines.points(held)}
        rows.append(row)
    breaks = [{"links": "links", "money": "cash"}[b] for b in of(state).map_cards.tie_break]
    order = sorted(rows, key=lambda r: (-r["score"], *(-r[k] for k in breaks), r["seat"]))
    ranking, tiebreaks = [], []
    for i, row in enumerate(order):
        prev = order[i - 1] if i else None
        if prev and all(prev[k] == row[k] for k in ("score", *breaks)):
            row["rank"] = prev["rank"]
        else:
            row["rank"] = i + 1
        if prev and prev["score"] == row["score"]:
            why = next((TIE_REASON[k] for k in breaks if prev[k] != row[k]), "a full tie")
            tiebreaks.append(f"{prev['name']} and {row['name']} tie on {row['score']} points: "
                             + (f"{prev['name']} ranks higher with {why}." if why != "a full tie"
                                else "they share the rank."))
        ranking.append(row["seat"])
    return {"scores": {r["seat"]: r["score"] for r in rows}, "ranking": ranking, "table": order,
            "tiebreaks": tiebreaks, "winner": order[0]["name"]}
