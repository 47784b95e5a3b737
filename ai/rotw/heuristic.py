"""The heuristic player of Railways of the World (issue 34): plays what a competent person would,
and says why in one line.

It looks at a determinized copy of the game (``Game.determinize``: the decks' order and the other
seats' barons drawn anew from what the seat has seen), so two positions the seat cannot tell apart
get the same move from the same rng. On its turn in a round it tries every legal action on a copy
and keeps the one that raises its position's ``value`` most (``value.py``: points, money while it
buys something, deliveries it can make, Major Lines it nears); a build that leaves a link
unfinished is judged by the best build finishing it later this turn. The auction, the barons, the
Railway Inspector and a most-bonds baron's bonds have their own rules below; any other prompt of
any map or module is judged by ``value`` the same way, so nothing is left unanswered.

Passing never beats a delivery that scores for us (``_progress``): ``value`` counts open deliveries
as nearly made and the income phases still to come by the empty city markers, so once few cubes
are left a delivery that empties a city (and so brings the end nearer) can look worse than passing,
and three heuristic players then passed every round of every turn (2 of 11 games at 3 players
stalled at the tournament's move limit). For the same reason, from turn ``LONG_GAME`` on a pass
counts ``STALL_COST`` points less than it did, so a build or an upgrade that costs a little is made.
"""
from __future__ import annotations

from railhead.engine import Game, canonical
from railhead.engine.core import Stream, clone
from railhead.engine.games.rotw import GAME, barons
from railhead.engine.games.rotw.context import of
from railhead.engine.games.rotw.money import dollars
from railhead.engine.games.rotw.network import own_graph
from railhead.engine.games.rotw.rules import ROUNDS
from railhead.engine.games.rotw.search import from_open_end
from railhead.engine.games.rotw.state import RotwState

from ..player import Choice, try_move
from . import value as V

FINISH = 0.8
"""How much of the best finish of an unfinished link counts when the link is started (it may be
blocked before the seat's next action)."""
FIRST_BASE = 1
"""Going first is worth this many thousands of dollars at least..."""
FIRST_PER_POINT = 0.5
"""...plus this much per point of the best delivery open to us now (a cube others could take)."""
FIRST_MAX = 5
"""We never bid more than this for first place."""
BARON_EASE = {"most_links": 1.0, "longest": 0.9, "top_engine": 0.9, "most_cities": 0.9, "hub": 0.8,
              "colours": 0.8, "engine_first": 0.6, "route": 0.6, "most_cash": 0.4, "most_bonds": 0.5}
"""How likely a baron's goal is met by the way this player plays (links, engine, long runs)."""
CARD_TRIES = 6
"""A readied build or upgrade card is judged by the best of this many of the best builds and upgrades."""
STOP_AT = 3
"""A Railway Inspector stops another player's delivery worth at least this many points to them."""
LONG_GAME = 16
"""From this turn on (3-player games end by turn 9-14), a pass counts ``STALL_COST`` points less."""
STALL_COST = 1.0


def _near(board: RotwState, seat: int) -> set[str]:
    """The cities worth urbanizing or growing for us: those our complete links reach and those one
    build away from them (every city while we have no link)."""
    reached = {c for _, x, y in own_graph(board, seat) for c in (x, y)}
    if not reached:
        return set(board.cities)
    graph = V.city_graph(board.options.map)
    return reached | {b for a in reached for b, cost in graph.get(a, ()) if cost == 1}


def _worth_trying(board: RotwState, action: dict, near: set[str]) -> bool:
    """Whether to try ``action`` at all: an urbanization, a city's card or a build between two
    cities only near our network (``_near``) or, for a build, where cubes wait at one end."""
    kind = action["type"]
    if kind in ("urbanize", "take_card") and action.get("city"):
        return action["city"] in near
    if kind == "build" and len(action.get("path") or ()) > 1:
        cities = board.cities
        ends = [h for h in (action["path"][0], action["path"][-1]) if h in cities]
        return any(h in near for h in ends) or sum(len(cities[h].cubes) for h in ends) >= 3
    return True


def _progress(board: RotwState, seat: int, tried: list[tuple[float, int, dict, RotwState]]
              ) -> tuple[float, int, dict, RotwState] | None:
    """Of the moves ``tried`` (``(gain, order, action, after)``), the one that raises ``value``
    most (the first listed on a tie), where a pass counts ``STALL_COST`` less from turn
    ``LONG_GAME`` on; but never a pass while a delivery scoring points for ``seat`` is among them:
    then the delivery scoring it the most (the greater gain on a tie). ``None`` when ``tried`` is
    empty. See the module docstring for why."""
    def counted(t: tuple[float, int, dict, RotwState]) -> float:
        stalling = t[2]["type"] == "pass" and board.turn >= LONG_GAME
        return t[0] - (STALL_COST if stalling else 0.0)

    best = None
    for t in tried:
        if best is None or counted(t) > counted(best) + 1e-9:
            best = t
    if best is None or best[2]["type"] != "pass":
        return best
    before = board.players[seat].points
    scoring = [t for t in tried if t[2]["type"] == "deliver" and t[3].players[seat].points > before]
    if not scoring:
        return best
    return max(scoring, key=lambda t: (t[3].players[seat].points, t[0], -t[1]))


def _runners_up(first: Choice, others: list[Choice], most: int) -> list[Choice]:
    """``first``, then ``others`` not the same move, ``most`` in all."""
    out, seen = [first], {canonical(first.action)}
    for choice in others:
        if len(out) >= most:
            break
        if canonical(choice.action) not in seen:
            seen.add(canonical(choice.action))
            out.append(choice)
    return out


def _names(view: dict) -> dict[str, str]:
    return {h: c["name"] for h, c in view["cities"].items()}


def _card_name(view: dict, card: str) -> str:
    """A card's name as the view shows it (face up or in the seat's hand)."""
    shown = view["cards"]["face_up"] + [c for p in view["players"] for c in p["cards"]]
    return next((c["name"] for c in shown if c["id"] == card), card.split(":")[0].replace("-", " "))


def _own_payment(board: RotwState, seat: int, action: dict) -> tuple[int, int]:
    """``(paid in thousands, bonds issued)`` by ``seat``'s own payment for ``action`` on ``board``,
    from the move's own events: an income phase the move ends the turn with is not its price."""
    events = GAME.apply_trusted(clone(board), seat, action)
    mine = [e for e in events if e.get("seat") == seat and e.get("type") == action["type"]]
    return sum(e.get("paid", 0) for e in mine), sum(e.get("bonds", 0) for e in mine)


class Heuristic:
    """Railways of the World's heuristic player (see the module docstring)."""

    name = "heuristic"

    def choose(self, game: Game, state: RotwState, seat: int, rng: Stream) -> Choice:
        """The seat's move with one line of reason. Raises ``ValueError`` when the seat may not act."""
        return self.options(game, state, seat, rng, 1)[0]

    def options(self, game: Game, state: RotwState, seat: int, rng: Stream, most: int) -> list[Choice]:
        """The seat's move (``choose``'s) first, then up to ``most - 1`` runners-up, each once: in a
        round the best move of each other kind (a delivery, a build, an upgrade, a card, a pass...) by
        ``value``, then the next best; in the auction passing and the lowest bid; a baron or the
        Railway Inspector's question, the other answers. Raises ``ValueError`` when the seat may not act."""
        if seat not in game.actors(state):
            raise ValueError(f"seat {seat} may not act now")
        view = game.view(state, seat)
        board = game.determinize(state, seat, rng)
        prompt = next((p for p in game.prompts(board) if p["seat"] == seat), {"kind": "action"})
        acts = [a for a in game.legal_actions(board, seat) if a["type"] not in ("undo", "undo_vote")]
        if not acts:
            return [Choice(game.random_action(board, seat, rng), "no listed move: a random legal one")]
        kind = prompt["kind"]
        if kind == "bid":
            first = self._bid(game, board, view, seat, acts, prompt)
            floor = prompt.get("floor", 1)
            others = [Choice(a, "passes the auction") for a in acts if a["type"] == "pass"]
            others += [Choice(a, f"bids {dollars(floor)} for first place") for a in acts if a.get("amount") == floor]
            others += [Choice(a, "plays the Railroad Executive: first place without paying") for a in acts
                       if a["type"] == "use_card"]
            return _runners_up(first, others, most)
        if kind == "baron":
            deck = barons.deck()
            others = [Choice(a, f"keeps {deck[a['baron']].name} ({deck[a['baron']].points} points)") for a in acts
                      if a.get("baron") in deck]
            return _runners_up(self._baron(board, seat, acts), others, most)
        if kind == "inspector":
            others = [Choice({"type": "inspect", "stop": True}, "stops the delivery with the Railway Inspector"),
                      Choice({"type": "inspect", "stop": False}, "lets the delivery pass")]
            return _runners_up(self._inspect(game, board, view, seat, prompt), others, most)
        tried = self.tried(game, board, seat, acts)
        first = self._best(view, board, seat, tried)
        if most <= 1:
            return [first]
        ranked = sorted(tried, key=lambda t: (-t[0], t[1]))
        kinds, picked = {first.action["type"]}, []
        for t in ranked:                        # the best move of each other kind first: real alternatives
            if t[2]["type"] not in kinds:
                kinds.add(t[2]["type"])
                picked.append(t)
        chosen = {t[1] for t in picked}
        picked += [t for t in ranked if t[1] not in chosen]
        return _runners_up(first, [Choice(a, self._reason(board, after, view, seat, a, gain))
                                   for gain, _, a, after in picked[:most]], most)

    # ------------------------------------------------------------------ auction
    def _bid(self, game: Game, board: RotwState, view: dict, seat: int, acts: list[dict], prompt: dict) -> Choice:
        """Bid the floor while it is below what going first is worth to us and our cash pays it
        (no bonds for first place); use a Railroad Executive when the floor is already high."""
        me = view["players"][seat]
        cash = me["cash"] or 0
        found = V.deliveries(board, seat)
        top = found[0][0] if found else 0
        worth = min(FIRST_MAX, FIRST_BASE + FIRST_PER_POINT * top)
        floor = prompt.get("floor", 1)
        executive = next((a for a in acts if a["type"] == "use_card"), None)
        if executive is not None and floor >= 2 and floor <= worth + 1:
            return Choice(executive, f"plays the Railroad Executive: first place without paying {dollars(floor)}")
        high = (view.get("auction") or {}).get("high_seat")
        if high == seat:
            return Choice({"type": "pass"}, "passes: already the high bidder")
        bid = next((a for a in acts if a["type"] == "bid" and a["amount"] == floor), None)
        if bid is not None and floor <= worth and floor <= cash:
            why = f"a {top}-point delivery others could take" if top else "the first pick of the links"
            return Choice(bid, f"bids {dollars(floor)}: going first is worth about {dollars(int(worth))} to us "
                               f"({why})")
        if floor > cash:
            return Choice({"type": "pass"}, f"passes: {dollars(floor)} would mean bonds, too dear for first place")
        return Choice({"type": "pass"}, f"passes: going first is worth less than {dollars(floor)} to us now")

    # ------------------------------------------------------------------ barons
    def _baron(self, board: RotwState, seat: int, acts: list[dict]) -> Choice:
        """Keep the baron whose goal this player's way of playing meets most often (``BARON_EASE``),
        times its points; one met already counts double."""
        deck = barons.deck()
        mapdata = of(board).map
        by_name = {c.name: h for h, c in mapdata.cities.items()}

        def score(action: dict) -> tuple[float, str]:
            card = deck[action["baron"]]
            try:
                met = barons.met(board, seat, card, lambda n: by_name[n], lambda h: board.cities[h].colour)
            except KeyError:
                return -1.0, action["baron"]
            ease = BARON_EASE.get(card.kind, 0.5) * (2 if met else 1)
            if card.kind == "route" and not all(c in by_name for c in card.cities):
                ease = 0.0
            return ease * card.points, action["baron"]

        best = max(acts, key=score)
        card = deck[best["baron"]]
        return Choice(best, f"keeps {card.name} ({card.points} points): the goal our network is likeliest to meet")

    # ------------------------------------------------------------------ Railway Inspector
    def _inspect(self, game: Game, board: RotwState, view: dict, seat: int, prompt: dict) -> Choice:
        """Stop the delivery when it brings its player at least ``STOP_AT`` points."""
        deliverer = prompt.get("deliverer")
        before = board.players[deliverer].points if deliverer is not None else 0
        passed = clone(board)
        game.apply_trusted(passed, seat, {"type": "inspect", "stop": False})
        gain = passed.players[deliverer].points - before if deliverer is not None else 0
        name = view["players"][deliverer]["name"] if deliverer is not None else "the player"
        if gain >= STOP_AT:
            return Choice({"type": "inspect", "stop": True}, f"stops {name}'s delivery: it would bring them {gain} "
                                                             f"points")
        return Choice({"type": "inspect", "stop": False}, f"lets {name}'s delivery pass: only {gain} point"
                                                          f"{'s' if gain != 1 else ''}, not worth the Inspector")

    # ------------------------------------------------------------------ everything else
    def _best(self, view: dict, board: RotwState, seat: int, tried: list[tuple[float, int, dict, RotwState]]) -> Choice:
        """Of the moves ``tried``, the one that raises ``value`` most (the first listed on a tie)."""
        found = _progress(board, seat, tried)
        if found is None:
            return Choice({"type": "pass"}, "passes: no move it tried was legal")
        best_gain, _, best, best_after = found
        return Choice(best, self._reason(board, best_after, view, seat, best, best_gain))

    def tried(self, game: Game, board: RotwState, seat: int,
              acts: list[dict]) -> list[tuple[float, int, dict, RotwState]]:
        """``(gain in value, order, action, state after)`` for each of ``acts`` worth trying and legal
        (a readied card judged by the best build or upgrade it allows, ``_then``)."""
        base = V.value(board, seat)
        near = _near(board, seat)
        acts = [a for a in acts if _worth_trying(board, a, near)]
        cards = [a for a in acts if a["type"] == "use_card"]
        tried: list[tuple[float, int, dict, RotwState]] = []
        for n, action in enumerate(a for a in acts if a["type"] != "use_card"):
            after = try_move(game, board, seat, action)
            if after is None:
                continue
            gain = V.value(after, seat) - base
            if action["type"] == "build":
                gain = max(gain, self._finish(game, board, after, seat, base))
            tried.append((gain, n, action, after))
        builds = [t[2] for t in sorted((t for t in tried if t[2]["type"] in ("build", "upgrade")),
                                       key=lambda t: (-t[0], t[1]))[:CARD_TRIES]]
        for action in cards:
            after = try_move(game, board, seat, action)
            if after is None:
                continue
            tried.append((self._then(game, after, seat, base, builds), len(tried), action, after))
        return tried

    def _then(self, game: Game, after: RotwState, seat: int, base: float, moves: list[dict]) -> float:
        """A card readied before a build or an upgrade (not an action): the gain of the best of
        ``moves`` (the best builds and upgrade without it) made then, which spends it."""
        best = -1e9
        for action in moves:
            done = try_move(game, after, seat, action)
            if done is None:
                continue
            best = max(best, V.value(done, seat) - base)
        return best

    def _finish(self, game: Game, board: RotwState, after: RotwState, seat: int, base: float) -> float:
        """A build leaving a link unfinished, before the turn's last round: ``FINISH`` of the gain of
        the best build that completes it (else nothing more)."""
        if board.phase != "actions" or board.round >= ROUNDS or after.phase != "actions":
            return -1e9
        open_links = [lid for lid, link in after.links.items() if link.owner == seat and link.to is None]
        best = -1e9
        ctx = of(after)
        for lid in open_links:
            for action in from_open_end(after, ctx, seat, lid):
                done = try_move(game, after, seat, action)
                if done is None:
                    continue
                link = done.links.get(lid)
                if link is None or link.to is None:
                    continue
                best = max(best, V.value(done, seat) - base)
        return FINISH * best if best > -1e9 else -1e9

    def _reason(self, board: RotwState, after: RotwState, view: dict, seat: int, action: dict, gain: float) -> str:
        """One line a player reads, saying what the move does for us."""
        names = _names(view)
        kind = action["type"]
        me_before, me_after = board.players[seat], after.players[seat]
        scored = me_after.points - me_before.points
        paid, bonds = _own_payment(board, seat, action) if kind != "deliver" else (0, 0)
        cost = f", costs {dollars(paid)}" if paid > 0 else ""
        cost += f" ({bonds} bond{'s' if bonds != 1 else ''})" if bonds > 0 else ""
        if kind == "deliver":
            links = len(action["links"])
            start = names.get(action["from"], action["from"])
            return (f"delivers a {action['colour']} cube from {start} over {links} link{'s' if links != 1 else ''}: "
                    f"+{scored} point{'s' if scored != 1 else ''} for us")
        if kind == "build":
            return self._build_reason(board, after, names, seat, action) + cost
        if kind == "upgrade":
            found = V.deliveries(after, seat)
            top = f": a {found[0][0]}-point delivery is open" if found and found[0][0] > me_before.engine else ""
            return f"upgrades to engine level {me_after.engine}{top}{cost}"
        if kind == "urbanize":
            city = names.get(action["city"], action["city"])
            return f"urbanizes {city} as {action['colour']}: new cubes and a {action['colour']} destination near " \
                   f"our track{cost}"
        if kind == "take_card":
            where = f" for {names.get(action['city'], action['city'])}" if action.get("city") else ""
            plus = f": +{scored} point{'s' if scored != 1 else ''}" if scored > 0 else ""
            return f"takes {_card_name(view, action['card'])}{where}{plus}{cost}"
        if kind == "use_card":
            return f"plays {_card_name(view, action['card'])} before its action"
        if kind == "issue_bonds":
            return "issues a bond to keep the most bonds for its baron"
        if kind == "return_bonds":
            return f"returns {action['count']} bond{'s' if action['count'] != 1 else ''}: " \
                   f"{'cheaper than their dividends and points' if action['count'] else 'keeping them costs less'}"
        if kind == "western_link":
            return f"builds the Western Link at {names.get(action['city'], action['city'])}: red cubes to deliver{cost}"
        if kind == "pass":
            return "passes: no move gains more than it costs now"
        return f"{kind.replace('_', ' ')}: the best of its moves by our reckoning ({gain:+.1f})"

    def _build_reason(self, board: RotwState, after: RotwState, names: dict, seat: int, action: dict) -> str:
        new = [lid for lid, link in after.links.items() if link.owner == seat
               and (lid not in board.links or board.links[lid].to != link.to)]
        done = next((after.links[lid] for lid in new if after.links[lid].to), None)
        if done is None:
            if not action.get("path"):
                return "adds to its track (mine, switch or depot)"
            start = names.get(action["path"][0], action["path"][0])
            return f"starts a link from {start}, to finish it later this turn"
        line = f"builds {names.get(done.from_, done.from_)}–{names.get(done.to, done.to)}"
        scored = after.players[seat].points - board.players[seat].points
        if scored > 0:
            return f"{line}: +{scored} point{'s' if scored != 1 else ''} (a Major Line or goal)"
        before = {(p, d["from"], d["colour"]) for p, d in V.deliveries(board, seat)}
        fresh = [(p, d) for p, d in V.deliveries(after, seat) if (p, d["from"], d["colour"]) not in before]
        if fresh:
            p, d = fresh[0]
            return f"{line}: opens a {len(d['links'])}-link {d['colour']} delivery worth {p} to us"
        return f"{line}: brings a Major Line or more cubes within reach"
