"""Railways of the World's operations cards in words: the face-up cards, the cards each player
holds, the Major Lines, which held cards a seat may use now, and the map cards' questions (a
Railway Inspector's holder asked about a delivery, a Hot Spring build due; views in, text and
buttons out)."""
from __future__ import annotations

from railhead.engine.common.text import plural
from railhead.engine.games.rotw import actions as moves
from railhead.engine.games.rotw.prompts import Action, Inspector

from ...actions import plain
from ...replies import Apply, Button
from ...ui import Command, Param, UIContext

NEEDS_CITY = ("city-growth", "new-industry", "boomtown")
BUILD_CARDS = ("land-grant", "perfect-engineering", "ferry-line", "tunnel-engineer")
UPGRADE_CARDS = ("coal-fueled-engines", "boost")
KIND_WORDS = {"goal": "goal: cannot be taken", "immediate": "used when taken", "held": "kept until used",
              "per_turn": "kept, once per turn", "permanent": "kept for the game"}


def cards_text(view: dict, seat: int | None) -> str:
    """The face-up operations cards, each player's kept cards, the Passenger Line's count and who a
    Railway Inspector stopped, and the Major Lines."""
    lines = ["**Face-up operations cards** (take one by its name as shown, e.g. `/rotw card City Growth` "
             "with `city:` where it needs one):"]
    lines += [f"- **{c['name']}** ({KIND_WORDS[c['kind']]}): {c['text']}" for c in view["cards"]["face_up"]]
    for p in view["players"]:
        if p["cards"]:
            who = "You hold" if p["seat"] == seat else f"{p['name']} holds"
            lines.append(f"{who}: " + "; ".join(kept_text(c) for c in p["cards"]))
    if view.get("passengers"):
        lines.append("Colours delivered towards the Passenger Line: " + "; ".join(
            f"{view['players'][int(s)]['name']} {', '.join(c)}" for s, c in sorted(view["passengers"].items())))
    if view.get("inspected"):
        lines.append("Stopped by a Railway Inspector (no Inspector can stop them again): "
                     + ", ".join(view["players"][s]["name"] for s in view["inspected"]))
    if view["major_lines"]:
        lines.append("**Major Lines** (the first player whose own links join the two cities scores):")
        lines += [f"- {a}–{b}: {plural(pts, 'point')}"
                  + (f", scored by {view['players'][o]['name']}" if o is not None else "")
                  for (a, b), pts, o in ((m["cities"], m["points"], m["owner"]) for m in view["major_lines"])]
    time = view.get("through_time")
    if time:
        lines.append("**Time Lines** (join the two cities with your own track on their board; after your first, "
                     "a Time Line counts only once your track reaches your first one, through time too; "
                     "points at the end: 1 line 2, 2 lines 5, 3 lines 9, 4 lines 14):")
        lines += [f"- {a}–{b} ({line['period']})" + (f": held by {view['players'][line['owner']]['name']}"
                                                      if line["owner"] is not None else "")
                  for line in time["time_lines"] for a, b in [line["cities"]]]
    return "\n".join(lines)


def kept_text(card: dict) -> str:
    """A held card's name, and whether it is ready for this build or used this turn."""
    state = " (ready for this build)" if card["ready"] else " (used this turn)" if card["used"] else ""
    return f"**{card['name']}**{state}"


def usable(view: dict, seat: int, phase: str) -> list[dict]:
    """The seat's hand cards it may use now: Railroad Executive in the auction, build cards (Land
    Grant, Perfect Engineering, Ferry Line, Tunnel Engineer) and upgrade cards (Coal-fueled Engines,
    Boost, below engine level 8) in a round; only build cards while a Hot Spring build is due."""
    player = view["players"][seat]
    wanted = ("railroad-executive",) if phase == "auction" else BUILD_CARDS if "hot_spring" in view else \
        BUILD_CARDS + (UPGRADE_CARDS if player["engine"] < 8 else ())
    seen, out = set(), []
    for c in player["cards"]:
        kind = c["id"].split(":")[0]
        if kind in wanted and not c["ready"] and kind not in seen:
            seen.add(kind)
            out.append(c)
    return out


def use_button(card: dict) -> Button:
    """The button that readies a held card for this action: "Use Tunnel Engineer (then build)"."""
    then = "upgrade" if card["id"].split(":")[0] in UPGRADE_CARDS else "build"
    return Button(f"Use {card['name']} (then {then})", plain(moves.UseCard(card=card["id"])), "success")


def map_text(view: dict, prompt: Inspector | Action, who: str) -> str:
    """The prompt of a map card's question: a Railway Inspector's holder asked about a delivery
    ("RAILWAYS of GREAT BRITAIN"), or the build a Hot Spring taker owes now ("RAILWAYS of NIPPON")."""
    if not isinstance(prompt, Inspector):
        return (f"{who}, **Hot Spring**: build track now (`/rotw link` or `/rotw build`); each new tile on a "
                "mountain hex scores 1 point. Pass gives up the build.")
    deliverer = view["players"][prompt.deliverer]["name"]
    return (f"{who}, {deliverer} wants to make this delivery: {prompt.text} Play your **Railway Inspector** to "
            f"stop it (the cube stays, {deliverer} loses the action, your card is spent; nobody can be stopped "
            "twice), or let it pass?")


def map_buttons(view: dict, seat: int, prompt: Inspector | Action) -> list[Button]:
    """The buttons of ``map_text``'s questions: stop the delivery or let it pass; for Hot Spring, the
    build cards the seat may ready and Pass (the build itself is typed: `/rotw link`, `/rotw build`)."""
    if isinstance(prompt, Inspector):
        return [Button("Stop it (Railway Inspector)", plain(moves.Inspect(stop=True)), "danger"),
                Button("Let it pass", plain(moves.Inspect(stop=False)), "primary")]
    return [*map(use_button, usable(view, seat, "actions")), Button("Pass", plain(moves.Pass()), "danger")]


async def inspect(ctx: UIContext, args: dict) -> Apply:
    """``inspect stop:true|false``: the Railway Inspector's answer, typed instead of pressed."""
    return Apply(plain(moves.Inspect(stop=bool(args["stop"]))))


INSPECT = Command("inspect", "holding a Railway Inspector, when asked: stop the delivery (`stop:true`) or let it pass",
                  inspect, (Param("stop", bool, "true stops the delivery, false lets it pass", required=True),),
                  discord_description="Railway Inspector: stop another player's delivery, or let it pass")
"""The typed form of the Inspector's buttons (Great Britain)."""
