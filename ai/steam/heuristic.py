"""Steam's heuristic player: what a competent person plays in Steam's economy, with one line of why.

It reads only its own seat's view (``game.view``), its legal actions and the rng, and weighs every
choice in end-game VP with ``economy``'s rates and the deliveries ``network.Board`` finds:

- building: the link (or the end of its own unfinished link) whose track points of deliveries, two
  a turn for the turns left, most exceed its cost; nothing when no link pays (money is raised by
  going down the income track, so every dollar counts);
- action tiles: each weighed for what it opens this turn (Locomotive: the longer deliveries;
  Engineer: a fourth tile for a longer link; City Growth and Urbanization: cubes it could then
  deliver; First Move: a cube another player could take first), else a free tile or pass option,
  the cheapest in next turn's order;
- moving goods: the delivery with the most track points of its own (fewest for others), or a
  locomotive level when the longer routes it opens are worth more than the best delivery now;
- track points: income while the dollars it pays over the turns left beat the VP
  (``economy.take_income``);
- standard game: no capital (a payment raises what it needs at the same $5 a step, keeping the
  change); turn-order bids up to what going first is worth, paid from cash only; Production only
  for a fed space next to its network.
"""
from __future__ import annotations

from railhead.engine import Game
from railhead.engine.core import State, Stream

from ..player import Choice
from . import economy as eco
from .network import Board, Plan

DISCOUNT = 0.8          # a potential delivery is not a sure one: others take cubes too
PLAN_REACH = 3          # the longest link (tiles) planned beyond what this build can lay
LINK_VP = 1.0           # a complete link owned scores 1 VP at the end
LOOK_AHEAD_LOCO = 2     # up to this level, links are also weighed for the next locomotive level
MAX_BID = 4             # dollars: the most it bids for the turn order
EXTEND = 1.5            # VP: the worth of keeping an unfinished link of its own (paid for, lost unless extended)


def _by_type(acts: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for a in acts:
        out.setdefault(a["type"], []).append(a)
    return out


class Heuristic:
    """Steam's heuristic player (see the module docstring)."""

    name = "heuristic"

    def choose(self, game: Game, state: State, seat: int, rng: Stream) -> Choice:
        """The seat's move now with its reason. Raises ``ValueError`` when ``seat`` may not act."""
        acts = [a for a in game.legal_actions(state, seat) if a.get("type") not in ("undo", "undo_vote")]
        if not acts:
            raise ValueError(f"seat {seat} may not act now")
        v = game.view(state, seat)
        return Turn(Board(v), acts, rng).choose()


class Turn:
    """One decision: the seat's ``board`` (its view), its legal ``acts`` and the ``rng``."""

    def __init__(self, board: Board, acts: list[dict], rng: Stream):
        self.b = board
        self.acts = acts
        self.kinds = _by_type(acts)
        self.rng = rng
        self.me = board.me
        self.r = board.turns_left
        self.pv = eco.point_value(self.r) * DISCOUNT
        self._p0: int | None = None

    # ------------------------------------------------------------------ helpers
    @property
    def p0(self) -> int:
        """The seat's potential now (track points, ``Board.potential`` at its locomotive level)."""
        if self._p0 is None:
            self._p0 = self.b.potential(self.me["loco"])
        return self._p0

    def cost(self, dollars: int) -> float:
        """VP-equivalent of paying ``dollars`` now (``economy.cost_vp``)."""
        return eco.cost_vp(dollars, self.me["cash"], self.me["income"], self.r)

    def upkeep(self, levels: int = 1) -> float:
        """Standard game: the VP-equivalent of ``levels`` more locomotive upkeep for the turns left."""
        return levels * self.r * eco.money_rate(self.r) if self.b.standard else 0.0

    def loco_gain(self) -> int:
        """Track points of deliveries a locomotive level more would add."""
        loco = self.me["loco"]
        if loco >= self.b.v["locomotive_max"]:
            return 0
        return self.b.potential(loco + 1) - self.p0

    def choose(self) -> Choice:
        """The move for the step the seat is asked (points, capital, bid, tile, build, goods)."""
        phase = self.b.v["phase"]
        if "score" in self.kinds:
            return self.score()
        if "capital" in self.kinds:
            return self.capital()
        if phase in ("auction", "order"):
            return self.bid()
        if "select" in self.kinds:
            return self.select()
        if phase == "build":
            return self.build()
        if phase == "move":
            return self.move()
        return Choice(self.rng.choice(self.acts), "nothing to weigh: a legal move")

    # ------------------------------------------------------------------ points and capital
    def score(self) -> Choice:
        """A delivery's track points as income or VP (``economy.take_income``)."""
        points = self.b.v["scoring"]["points"][str(self.b.seat)]
        income = eco.take_income(self.me["income"], points, self.r)
        take = "income" if income else "vp"
        left = f"{self.r} income phase{'s' if self.r > 1 else ''} left"
        why = (f"takes {points} track point{'s' if points > 1 else ''} as income: {left} to earn from it" if income
               else f"takes {points} track point{'s' if points > 1 else ''} as VP: {left}, income would pay less")
        return Choice(next(a for a in self.acts if a.get("take") == take), why)

    def capital(self) -> Choice:
        """Standard game: no capital, now and later (payments raise money as they need it)."""
        act = next((a for a in self.acts if a.get("steps") == 0 and a.get("always")), None) or \
            next(a for a in self.acts if a.get("steps") == 0)
        return Choice(act, "raises no capital: a payment raises what it needs at the same $5 a step")

    # ------------------------------------------------------------------ bids
    def bid(self) -> Choice:
        """The lowest bid while it is below what going first is worth (dollars, from cash), else pass."""
        bids = sorted(self.kinds.get("bid", []), key=lambda a: a["amount"])
        passing = self.kinds.get("pass", [self.acts[0]])[0]
        if not bids:
            return Choice(passing, "passes: no bid it can raise")
        tiles = [{"type": "select", "tile": t["id"]} for t in self.b.v["action_tiles"]]
        self.kinds = {**self.kinds, "select": tiles}                 # every tile is free before the order is set
        values = sorted((val for _, val, _ in self.tile_values()), reverse=True)
        last = len([p for p in self.b.v["players"] if not p["out"]]) - 1
        edge = values[0] - values[min(last, len(values) - 1)] if values else 0.0
        most = max(0, min(self.me["cash"], int(edge / eco.money_rate(self.r)), MAX_BID))
        low = bids[0]
        if low["amount"] <= most:
            return Choice(low, f"bids ${low['amount']}: the first pick of the action tiles is worth about "
                               f"${most} to it")
        return Choice(passing, "passes: going first is not worth more than the bid (paid from cash only)")

    # ------------------------------------------------------------------ action tiles
    def tile_values(self) -> list[tuple[dict, float, str]]:
        """``(action, value in VP, reason)`` for each legal tile choice."""
        out = []
        b = self.b
        values = {t["id"]: t["value"] for t in b.v["action_tiles"]}
        costs = {t["id"]: t["cost"] for t in b.v["action_tiles"]}
        names = {t["id"]: t["name"] for t in b.v["action_tiles"]}
        plan3 = plan4 = None
        for a in self.kinds.get("select", []):
            tile = a["tile"]
            order = (9 - values[tile]) * 0.03                  # the lower the value, the earlier next turn
            if a.get("pass_option") or tile == "turn-order":
                free = 0.3 if tile == "turn-order" else 0.0
                how = " with the pass option" if a.get("pass_option") else ""
                out.append((a, free + order, f"takes {names[tile]}{how}: free, and early in next turn's order"))
                continue
            pay = self.cost(costs[tile])
            if tile == "first-build":
                plan3 = plan3 if plan3 is not None else self.best_plan(b.rules.build_tiles)
                val = (0.4 if plan3 else 0.05)
                out.append((a, val + order, "takes First Build: builds before others can take its hexes"))
            elif tile == "engineer":
                plan3 = plan3 if plan3 is not None else self.best_plan(b.rules.build_tiles)
                plan4 = plan4 if plan4 is not None else self.best_plan(b.rules.engineer_tiles)
                extra = (plan4.value if plan4 else 0.0) - (plan3.value if plan3 else 0.0)
                why = (f"takes Engineer: a 4th tile completes {b.name(plan4.frm)}–{b.name(plan4.to)}" if plan4
                       and extra > 0 else "takes Engineer")
                out.append((a, extra - pay + order, why))
            elif tile == "locomotive":
                gain = self.loco_gain()
                val = gain * self.pv * 0.8 + 0.5 * (gain > 0) - pay - self.upkeep()
                out.append((a, val + order, f"takes Locomotive: level {self.me['loco'] + 1} opens {gain} more "
                                            "track points of deliveries"))
            elif tile == "first-move":
                val, why = self.first_move_value()
                out.append((a, val - pay + order, why))
            elif tile == "city-growth":
                city, gain = self.best_growth()
                val = gain * self.pv - pay
                why = f"takes City Growth: {b.name(city)} grows into {gain} track points" if city else \
                    "takes City Growth"
                out.append((a, val + order, why))
            elif tile == "urbanization":
                town, gain = self.best_urbanization()
                val = gain * self.pv - pay
                why = f"takes Urbanization: a New City at {b.name(town)} opens {gain} track points" if town else \
                    "takes Urbanization"
                out.append((a, val + order, why))
            elif tile == "production":
                near = [s for s in b.v["production_spaces"] if self._space_near(s)]
                out.append((a, 0.4 * len(near[:2]) * self.pv - pay + order, "takes Production: cubes for cities on "
                                                                           "its network"))
            else:
                out.append((a, order - pay, f"takes {tile}"))
        return out

    def select(self) -> Choice:
        """The action tile worth most (``tile_values``); ties at random."""
        options = self.tile_values()
        top = max(v for _, v, _ in options)
        a, val, why = self.rng.choice([o for o in options if o[1] >= top - 1e-9])
        return Choice(a, why)

    def first_move_value(self) -> tuple[float, str]:
        """A cube worth track points to this seat that another player could deliver first."""
        mine = sorted(self.b.cube_points(self.me["loco"]), reverse=True)
        if not mine:
            return 0.0, "takes First Move"
        top, h, col = mine[0]
        for other, p in enumerate(self.b.v["players"]):
            if other == self.b.seat or p["out"]:
                continue
            theirs = {(x, c) for _, x, c in self.b.cube_points(p["loco"], seat=other)}
            if (h, col) in theirs and self.b.cities[h]["cubes"].count(col) <= 1:
                return (top * self.pv * 0.6,
                        f"takes First Move: {p['name']} could deliver the {col} cube of {self.b.name(h)} first")
        return 0.0, "takes First Move"

    def _space_near(self, space: str) -> bool:
        for h, c in self.b.cities.items():
            if str(c.get("supply")) == space:
                return any(h in (link["from"], link["to"]) and link["owner"] == self.b.seat
                           for link in self.b.links.values())
        return False

    def best_growth(self) -> tuple[str | None, int]:
        """The city whose goods supply cubes, put on it, add the most track points."""
        best, gain = None, 0
        for h, city in self.b.cities.items():
            supply = self.b.v["supply"].get(str(city.get("supply") or 0))
            if city["growth"] or not city.get("supply") or not supply or city.get("tile"):
                continue
            g = self._with_cubes(h, city["colour"], supply) - self.p0
            if g > gain:
                best, gain = h, g
        return best, gain

    def best_urbanization(self) -> tuple[str | None, int]:
        """The town where the next New City tile adds the most track points."""
        tiles = self.b.v["new_cities"]
        if not tiles:
            return None, 0
        first = sorted(tiles, key=lambda x: x["letter"])[0]
        cubes = self.b.v["supply"].get(first["letter"], [])
        best, gain = None, 0
        for town in self.b.towns:
            if not any(town in (link["from"], link["to"]) for link in self.b.links.values()):
                continue
            g = self._with_cubes(town, first["colour"], cubes) - self.p0
            if g > gain:
                best, gain = town, g
        return best, gain

    def _with_cubes(self, h: str, colour: str, cubes: list[str]) -> int:
        """The seat's potential were city ``h`` (of ``colour``) to hold ``cubes`` more."""
        saved = self.b.cities.get(h)
        city = dict(saved) if saved else {"name": self.b.name(h), "colour": colour, "cubes": [], "growth": True,
                                         "tile": "X"}
        city["cubes"] = sorted([*city["cubes"], *cubes])
        self.b.cities[h] = city
        self.b.forget()
        try:
            return self.b.potential(self.me["loco"])
        finally:
            if saved is None:
                del self.b.cities[h]
            else:
                self.b.cities[h] = saved
            self.b.forget()

    # ------------------------------------------------------------------ building
    def plan_value(self, plan: Plan, tiles_now: int) -> float:
        """VP-equivalent of building ``plan``: its deliveries' track points and the link's VP, less
        its cost; a link not finished in this build counts for half (it may be lost or blocked)."""
        b = self.b
        loco = self.me["loco"]
        if not self._touches(plan):
            gain = 0
        else:
            extra = (plan.frm, plan.to, b.seat)
            gain = b.potential(loco, extra) - self.p0
            if loco <= LOOK_AHEAD_LOCO:                          # a level more is likely soon
                gain = max(gain, b.potential(loco + 1, extra) - b.potential(loco + 1) - 1)
        plan.gain = gain
        if gain <= 0:
            return -1.0
        value = gain * self.pv + LINK_VP - self.cost(plan.cost)
        if plan.tiles > tiles_now:
            value = value * 0.5 - 0.5
        if plan.lid is not None:
            value += EXTEND                                   # its tiles are lost if it is not extended
        return value

    def _touches(self, plan: Plan) -> bool:
        """Whether the imagined link could carry any cube: cubes or links at either end."""
        for h in (plan.frm, plan.to):
            if self.b.cities.get(h, {}).get("cubes"):
                return True
            if any(link["to"] is not None and h in (link["from"], link["to"]) for link in self.b.links.values()):
                return True
        return False

    def best_plan(self, tiles_now: int, acts: list[dict] | None = None) -> Plan | None:
        """The most valuable link to build with ``tiles_now`` tiles this build (worth more than
        nothing), its first tile legal when ``acts`` are given."""
        ranked = self.ranked_plans(tiles_now, acts, 1)
        return ranked[0] if ranked else None

    def ranked_plans(self, tiles_now: int, acts: list[dict] | None = None, most: int = 3) -> list[Plan]:
        """Up to ``most`` links worth building with ``tiles_now`` tiles this build, the most
        valuable first (``plan_value`` > 0; the first listed of equals), each with a legal first
        tile when ``acts`` are given."""
        if self.r <= 1 and tiles_now <= 0:
            return []
        kept: list[Plan] = []
        plans = self.b.plans(tiles_now + PLAN_REACH if self.r > 2 else tiles_now)
        begun = {lid for lid, link in self.b.links.items() if link["owner"] == self.b.seat and link["to"] is None
                 and link["turn"] == self.b.v["turn"]}
        if begun and any(p.lid in begun for p in plans):
            plans = [p for p in plans if p.lid in begun]      # finish the link begun in this build first
        for plan in plans:
            if plan.tiles > tiles_now and self.r <= 2:
                continue
            if plan.lid is None and plan.tiles > tiles_now + 3:
                continue
            plan.value = self.plan_value(plan, tiles_now)
            if plan.value <= 0 or (len(kept) == most and plan.value <= kept[-1].value):
                continue
            if acts is not None and self.b.first_action(plan, acts) is None:
                continue
            kept.append(plan)
            kept.sort(key=lambda p: -p.value)                   # stable: the first listed of equals stays first
            del kept[most:]
        return kept

    def _safe(self, plan: Plan) -> bool:
        """Whether paying for ``plan``'s tiles this build keeps the income track where the seat can
        still pay its way: above -6 in the first half, -3 after, and never going bankrupt."""
        me = self.me
        short = max(0, plan.cost - me["cash"])
        steps = -(-short // eco.STEP)
        floor = -6 if 2 * self.b.v["turn"] <= self.b.v["turns"] else -3
        return me["income"] - steps >= floor or plan.lid is not None and me["income"] - steps >= -8

    def build(self) -> Choice:
        """A City Growth, Urbanization or Production to use, else the next tile of the best link
        (``best_plan``) when it keeps the seat solvent (``_safe``), else ``done``."""
        b = self.b
        todo = b.v["build"]["todo"] if b.v["build"] else []
        for kind in ("grow", "urbanize", "produce"):
            if kind in self.kinds:
                return self.use_tile(kind)
        left = b.v["build"]["limit"] - b.v["build"]["laid"]
        track = [a for a in self.acts if a["type"] == "build"]
        done = self.kinds.get("done", [None])[0]
        if left > 0 and track:
            plan = self.best_plan(left, track)
            if plan is not None and self._safe(plan):
                act = b.first_action(plan, track)
                verb = "extends its link toward" if plan.lid else "builds"
                what = (f"{verb} {b.name(plan.to)}" if plan.lid else f"builds {b.name(plan.frm)}–{b.name(plan.to)}")
                tiles = f"tile {b.v['build']['laid'] + 1}, {plan.tiles} to go" if plan.tiles > 1 else "last tile"
                return Choice(act, f"{what}: opens {plan.gain} track points of deliveries ({tiles}, about "
                                   f"${plan.cost})")
        if done is None:
            return Choice(self.rng.choice(self.acts), f"must still use {', '.join(todo)}: a legal move")
        why = "ends its build: no link pays for itself now" if b.v["build"]["laid"] == 0 else \
            "ends its build: the link is laid"
        return Choice(done, why)

    def use_tile(self, kind: str) -> Choice:
        """Use the action tile taken (``grow``, ``urbanize`` or ``produce``) where it adds most."""
        b = self.b
        acts = self.kinds[kind]
        if kind == "grow":
            city, gain = self.best_growth()
            act = next((a for a in acts if a["city"] == city), None)
            if act is not None:
                return Choice(act, f"grows {b.name(city)}: its new cubes add {gain} track points")
            def cubes(a):
                return len(b.v["supply"].get(str(b.cities[a["city"]].get("supply") or 0), []))
            act = max(acts, key=cubes)
            return Choice(act, f"grows {b.name(act['city'])}: the most new cubes")
        if kind == "urbanize":
            town, gain = self.best_urbanization()
            act = next((a for a in acts if a["town"] == town), None)
            if act is not None:
                return Choice(act, f"places a New City at {b.name(town)}: opens {gain} track points")
            mine = [a for a in acts if any(a["town"] in (link["from"], link["to"]) and link["owner"] == b.seat
                                           for link in b.links.values())]
            act = self.rng.choice(mine or acts)
            return Choice(act, f"places a New City at {b.name(act['town'])}")
        near = [a for a in acts if all(self._space_near(s) for s in a["spaces"])]
        act = (near or acts)[0]
        return Choice(act, f"produces on goods supply space{'s' if len(act['spaces']) > 1 else ''} "
                           f"{', '.join(act['spaces'])}")

    # ------------------------------------------------------------------ moving goods
    def move(self) -> Choice:
        """Moving goods: the best delivery, or a locomotive level when that is worth more, else pass."""
        b = self.b
        seat = b.seat
        best, best_val, own_best = None, -1.0, 0
        for a in self.kinds.get("deliver", []):
            owners = [b.links[str(lid)]["owner"] for lid in a["links"]]
            own = sum(o == seat for o in owners)
            others = sum(o is not None and o != seat for o in owners)
            val = own - 0.3 * others + 0.01 * len(owners)
            if val > best_val:
                best, best_val, own_best = a, val, own
        loco = self.kinds.get("locomotive")
        if loco:
            gain = self.loco_gain()
            worth = gain * self.pv * 0.6 - self.upkeep()
            if gain > 0 and worth > own_best * eco.point_value(self.r):
                return Choice(loco[0], f"improves its locomotive to level {self.me['loco'] + 1}: opens {gain} more "
                                       "track points of deliveries")
        if best is not None:
            to = self._destination(best)
            return Choice(best, f"delivers a {best['colour']} cube {b.name(best['from'])} → {b.name(to)}: "
                                f"{own_best} track point{'s' if own_best != 1 else ''} of its own")
        passing = self.kinds.get("pass", [self.acts[0]])[0]
        return Choice(passing, "passes: nothing to deliver, and a locomotive level would not pay")

    def _destination(self, act: dict) -> str:
        h = act["from"]
        for lid in act["links"]:
            link = self.b.links[str(lid)]
            h = link["to"] if link["from"] == h else link["from"]
        return h
