"""A seat's own position in Railway Workers, boiled down for planning (``Board``), and what it is
worth by the end of the round (``Board.value``), in coins.

Everything is read from a state the seat may know: the searching seat's determinization
(``game.determinize(state, seat, rng)``) or a finished game; nothing here looks at another
seat's face-down cards or screened dice (it reads only the seat's own player record and the
public board). Units: coins (1 coin = 1 victory point at the end).

Values are the heuristic's estimates, not rules: a structure or track in the Facilities is worth
its sale price (3, railway-workers.txt "Game end victory points") plus what pairing it with a
worker will likely add later (8 coins a pair, "Construction site Development"); a share on a route
is worth the train runs still to come times the seat's investment step ("Payments Phase" a).
"""
from __future__ import annotations

import msgspec

from railhead.engine.games.workers import board as wboard
from railhead.engine.games.workers import data
from railhead.engine.games.workers.state import Site

GOODS = ("structures", "tracks")
KINDS = data.KINDS
ROUNDS = 4

PAIR = 8            # coins per worker-resource pair ("Construction site Development")
PLAN = 5            # coins per plan put on a plans table
SELL = dict(data.country().market.sell)          # the Bank's price at the end
TILE_END = dict(data.country().market.reward)    # a reward tile at the end


class Board:
    """The seat's position: ``coins``; ``fac`` resources and ``workers`` at home; ``union``,
    ``houses``; ``sites``: ``{project: {"structures": [my waiting workers, my waiting goods, free
    squares], "tracks": [...], "plans": free squares}}`` for open tables (a completed table is
    left out); ``price`` per resource now; ``tiles``; ``extra``: coins of value the plan added
    that the fields do not show (shares bought, investment steps, trains redirected); the
    round's outlook: ``pays`` (payments still to come, this round's included) and ``fut`` (1 when
    a round follows this one, else 0); precomputed gains of the Share and Subsidy cards."""

    __slots__ = ("coins", "fac", "workers", "union", "houses", "sites", "price", "white", "tiles", "extra",
                 "pays", "fut", "owned", "share_gain", "train_gain", "invest_gain", "subsidy_dice", "bought",
                 "base")

    def copy(self) -> Board:
        """A copy whose records the plan may change without touching this one."""
        b = Board.__new__(Board)
        for k in Board.__slots__:
            setattr(b, k, getattr(self, k))
        b.fac = dict(self.fac)
        b.sites = {n: {"structures": list(s["structures"]), "tracks": list(s["tracks"]), "plans": s["plans"]}
                   for n, s in self.sites.items()}
        b.price = dict(self.price)
        b.tiles = dict(self.tiles)
        b.bought = set(self.bought)
        return b

    # ------------------------------------------------------------ value at the round's end
    def value(self) -> float:
        """Coins plus what the position will likely be worth (see the module docstring)."""
        fut = self.fut
        v = self.coins + self.extra + self.base
        for kind in GOODS:
            room = any(s[kind][2] > 0 for s in self.sites.values())
            v += self.fac[kind] * (SELL[kind] + (2.5 if room else 0.5) * fut)
        v += self.fac["plans"] * (SELL["plans"] + 2.0 * fut)
        waiting = 0
        for s in self.sites.values():
            for kind in GOODS:
                w, g, free = s[kind]
                v += g * (SELL[kind] + 3.0 * fut) + w * (1.5 * fut if free > 0 else 0.0)
                waiting += w
        v -= self.houses                                   # wages at payments, 1 coin each
        v += self.owned * 1.2 * max(0, self.pays - 1)      # an owned worker makes pairs in later rounds
        if not fut and self.owned == 5 and waiting == 0:
            v += 5                                         # all five at home at the end
        v += sum(n * (TILE_END[t] + 1.5 * fut) for t, n in self.tiles.items())
        return v


def outlook(state) -> tuple[int, int]:
    """``(pays, fut)``: payments phases still to come (this round's included) and whether another
    round follows, from the round and the black trains left on the investment table (the game
    ends at the payments after none is left: "Payments Phase" c)."""
    left = ROUNDS - state.round + 1
    black = sum(1 for t in state.table_trains if t.black)
    pays = max(1, min(left, black + 1))
    return pays, 1 if pays >= 2 else 0


def step_of(state, seat) -> int:
    """Coins per share on a train run for ``seat``: the step its investment marker stands on."""
    return data.country().investment.steps[state.players[seat].marker]


def runs_per_round(state) -> float:
    """Train runs a route can expect in one round: the trains on the map shared among the routes."""
    routes = sum(1 for s in state.sites.values() if s.status == "route")
    return min(1.5, len(state.trains) / routes) if routes else 0.0


def share_value(state, seat, site: Site, pays: int, fut: int, step: int | None = None) -> float:
    """One share on ``site`` (a route or a construction site), coins by the end: a route's runs to
    come times the investment step; a site's 3 coins at the end, or runs if it becomes a route."""
    step = step_of(state, seat) if step is None else step
    if site.status == "route":
        number = site.number
        black_now = sum(1 for t in state.trains if t.black
                        and number in wboard.routes_at(state, t.city))
        return step * (min(1.0, black_now * 0.6) + (pays - 1) * runs_per_round(state))
    return 3.0 + fut * 0.3 * step * (pays - 1)


def shares_worth(state, seat, pays: int, fut: int, step: int | None = None) -> float:
    """All of ``seat``'s shares together (``share_value`` each), at its step or at ``step``."""
    key = str(seat)
    return sum(site.shares.get(key, 0) * share_value(state, seat, site, pays, fut, step)
               for site in state.sites.values())


def read(state, seat) -> Board:
    """The seat's ``Board`` from a state it may know (its own records and the public board)."""
    p = state.players[seat]
    b = Board.__new__(Board)
    pays, fut = outlook(state)
    b.pays, b.fut = pays, fut
    b.coins = p.coins
    b.fac = {k: getattr(p.facilities, k) for k in KINDS}
    b.workers = p.facilities.workers
    b.union = p.union
    b.houses = p.houses
    key = str(seat)
    b.sites = {}
    cubes = 0
    in_sites = 0
    for number, site in state.sites.items():
        if site.status != "site":
            continue
        entry = {}
        for kind in KINDS:
            t = getattr(site.tables, kind)
            free = wboard.free_squares(t) if t.reward else 0
            cubes += t.placed.count(seat)
            if kind == "plans":
                entry[kind] = free
                continue
            h = getattr(site.warehouses, kind)
            w, g = h.workers.get(key, 0), h.goods.get(key, 0)
            in_sites += w
            entry[kind] = [w, g, free]
        b.sites[int(number)] = entry
    b.owned = 5 - p.union
    country = data.country()
    b.price = {k: getattr(country.market, getattr(state.market, k))[k] for k in KINDS}
    b.white = {k: country.market.white[k] for k in KINDS}
    b.tiles = msgspec.structs.asdict(p.tiles)
    b.extra = 0.0
    b.bought = set()
    b.subsidy_dice = list(state.subsidy_dice)
    step = step_of(state, seat)
    # what the fields above do not carry: shares, cubes on open tables (a say in the rewards),
    # directors and tokens for later rounds
    b.base = (shares_worth(state, seat, pays, fut, step) + cubes * 1.0
              + fut * (1.0 * p.directors + 1.5 * p.plus_tokens + 1.0 * p.reroll))
    b.share_gain = best_share(state, seat, pays, fut, step)
    b.train_gain = best_train(state, seat)
    b.invest_gain = invest_gain(state, seat, pays, fut)
    return b


def best_share(state, seat, pays, fut, step) -> float:
    """The best net gain of one share bought now (its value less the coins it costs)."""
    best = 0.0
    for site in state.sites.values():
        cost = sum(site.shares.values()) + 1
        best = max(best, share_value(state, seat, site, pays, fut, step) - cost)
    return best


def best_train(state, seat) -> float:
    """Coins the seat gains by sending a black train down the route it likes best rather than the
    one it would take at payments (the Share card's 7+ action)."""
    from railhead.engine.games.workers import trains as wtrains
    step = step_of(state, seat)
    key = str(seat)
    best = 0.0
    for t in state.trains:
        if not t.black:
            continue
        routes = wboard.routes_at(state, t.city)
        if not routes:
            continue
        mine = {r: state.sites[str(r)].shares.get(key, 0) for r in routes}
        default = wtrains.options(state, t)
        base = min(mine.get(r, 0) for r in default) if default else 0
        best = max(best, step * (max(mine.values()) - base))
    return best


def invest_gain(state, seat, pays, fut) -> float:
    """Net coins of moving the investment marker one step now (more per share on every run to
    come, less its cost), or a large negative when the step is closed."""
    p = state.players[seat]
    inv = data.country().investment
    nxt = p.marker + 1
    if nxt >= len(inv.steps):
        return -99.0
    step = inv.steps[nxt]
    if any(t.step == step for t in state.table_trains):
        return -99.0
    cost = (inv.later if step in state.visited else inv.first)[str(step)]
    gain = shares_worth(state, seat, pays, fut, step) - shares_worth(state, seat, pays, fut)
    return gain + fut * 1.5 * (pays - 1) - cost
