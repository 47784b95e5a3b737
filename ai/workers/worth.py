"""What the one-ply greedy player maximises in Railway Workers."""
from __future__ import annotations

from railhead.engine.games.workers import data


def worth(game, state, seat: int) -> float:
    """The seat's coins if the game ended now, as its own view shows them (railway-workers.txt,
    "Game end victory points"): coins, plus resources at the Bank's price (structure or track 3,
    plan 2) in the Facilities and waiting in warehouses, reward tiles (S/T 4, P 3), 5 coins for
    all five workers at home, and 3 coins a share on a site not yet a route. Coins alone would
    make every purchase look like a loss and every share a waste; the end's prices are what the
    rules themselves pay for those holdings, so the greedy player buys only what pays at once
    and sees a pair (8 coins) or a plan put on a table (5) for what it gains. Once the game is
    over: the final total."""
    view = game.view(state, seat)
    if view["final"] is not None:
        return float(view["final"][seat]["total"])
    me = view["players"][seat]
    market = data.country().market
    total = me["coins"] + sum(market.sell[k] * (me["facilities"][k] + me["in_warehouses"].get(k, 0))
                              for k in data.KINDS)
    total += sum(market.reward[t] * n for t, n in me["tiles"].items())
    if me["workers"]["facilities"] == 5:
        total += 5
    total += 3 * sum(site["shares"].get(str(seat), 0) for site in view["sites"] if site["status"] == "site")
    return float(total)
