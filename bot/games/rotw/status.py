"""Railways of the World's ``/game status`` text (bot/games/rotw/ui.py delegates to it): the
turn and its step, each player's row and, at the end, the final scores."""
from __future__ import annotations

from railhead.engine.common.text import plural
from railhead.engine.games.rotw.money import dollars

from .cards import kept_text

ROUNDS = 3


def money_hidden(view: dict) -> bool:
    """The ``hidden_money`` option is on and the game still runs (railways-of-the-world.txt,
    "Bonds and Money": money may be hidden if all agree; at the end everything is shown)."""
    return bool(view["options"].get("hidden_money")) and view["phase"] != "over"


def final_scores_line(view: dict) -> str:
    """``Final scores: Ann 28 = 28 points − 5 bonds + 5 for 2 Time Lines; Bob ...`` from the view's
    ``final`` (the engine's outcome: railways-of-the-world.txt, "Ending the Game")."""
    return "Final scores: " + "; ".join(f"{row['name']} {row['score']} = {row['formula']}"
                                        for row in view["final"]["table"]) + "."


def status_text(view: dict) -> str:
    """See ``GameUI.status_text``: turn, round, city markers; per player cash in dollars (unless
    hidden), bonds, points, income, engine, links, cards; bounties, the Event deck's events
    (``events_lines``) and open Major Lines."""
    markers = f"empty city markers {view['markers']['placed']}/{view['markers']['total']}"
    if view["phase"] == "over":
        lines = [f"**Railways of the World** on {view['map_name']}: the game is over (after turn {view['turn']}); "
                 f"{markers}.", final_scores_line(view)]
    else:
        b = view.get("barons")
        step = ("choosing barons" if b and b["choosing"] else "returning bonds before the West opens"
                if view["phase"] == "bonds" else "auction" if view["phase"] == "auction" else
                f"round {view['round']} of {ROUNDS}")
        trans = view.get("transcontinental")                 # the Transcontinental game's phase
        if trans and trans["phase"] != "bonds":
            step = f"{'Eastern' if trans['phase'] == 'east' else 'Western'} phase, {step}"
        lines = [f"**Railways of the World** on {view['map_name']}: turn {view['turn']}, {step}; {markers}"
                 + (f"; the last turn is {view['end_turn']}" if view["end_turn"] else "") + "."]
    for p in view["players"]:
        first = " (first player)" if view["first"] == p["seat"] and view["phase"] == "actions" else ""
        cash = "money hidden" if p["cash"] is None else dollars(p["cash"])
        if p["seat"] == view["you"] and money_hidden(view):
            cash += " (only you see it)"
        kept = ("; cards: " + ", ".join(kept_text(c) for c in p["cards"])) if p["cards"] else ""
        lines.append(f"- **{p['name']}**{first}: {cash}, {plural(p['bonds'], 'bond')}, "
                     f"{plural(p['points'], 'point')} (income {dollars(p['income'])}), engine {p['engine']}, "
                     f"{plural(p['links'], 'link')}{kept}")
    if view.get("bounties") and view["bounties"]["row"]:
        b = view["bounties"]
        wake = f", the next active at the end of turn {b['wake']}" if b["wake"] else ""
        lines.append("Service Bounties waiting, in order: " + ", ".join(
            c["name"].removeprefix("Service Bounty: ") for c in view["bounties"]["row"]) + wake + ".")
    lines += events_lines(view)
    time = view.get("through_time")
    if time and view["phase"] != "over":
        holder = {None: "open", **{p["seat"]: "held by " + p["name"] for p in view["players"]}}
        lines.append("Time Lines: " + ", ".join(f"{'–'.join(t['cities'])} ({holder[t['owner']]})"
                                                for t in time["time_lines"]) + ".")
    open_lines = [m for m in view["major_lines"] if m["owner"] is None]
    if open_lines:
        lines.append("Major Lines open: " + ", ".join(f"{'–'.join(m['cities'])} ({plural(m['points'], 'point')})"
                                                      for m in open_lines) + ".")
    return "\n".join(lines)


def events_lines(view: dict) -> list[str]:
    """The Event deck's current and future events with their texts (railways-of-the-world.txt,
    "Events Deck"); no lines in a game without it or once it is over."""
    ev = view.get("events")
    if not ev or view["phase"] == "over":
        return []
    lines = []
    cur, fut = ev["current"], ev["future"]
    if cur is None:
        lines.append("Current event: none (the first event comes into force on turn 2).")
    elif ev["acting"]:
        lines.append(f"Current event: **{cur['name']}**: {cur['text']}")
    else:
        lines.append(f"Current event: **{cur['name']}** (a Future Event: it acted when drawn; no event this turn).")
    if fut is not None and last_turn(view):
        lines.append(f"This is the last turn: the game ends after it, so **{fut['name']}** never comes into force"
                     + (" (a Future Event: it acted when drawn)." if fut["future"] else "."))
    elif fut is not None:
        lines.append(f"Future event (next turn): **{fut['name']}**: {fut['text']}")
    return lines


def last_turn(view: dict) -> bool:
    """The game-end trigger has fired and this is the turn after it (railways-of-the-world.txt,
    "Ending the Game": finish that turn, then one more full turn)."""
    return view["end_turn"] is not None and view["turn"] >= view["end_turn"]
