"""Railway Workers' turn menus: the legal turn moves as buttons (a group of one) and menus (a
group of several); a group longer than ``LONG`` (Move Workers offers 18-24 ways, Store Up 16-17,
a Share 7+ train 8 or more) is a menu in two steps: first the site, train or command, then its
moves (``replies.submenu``)."""
from __future__ import annotations

from railhead.engine.games.workers.actions import End
from railhead.engine.games.workers.board import plural

from ...actions import plain
from ...replies import Button, Option, Select, submenu
from ...ui import UIContext
from . import words

MENU = 25
LONG = 10          # a group with more moves than this is a menu in two steps
GROUP_TITLES = {("buy", "top"): "4+: buy", ("buy", "bottom"): "7+: buy one more",
                ("worker", "top"): "4+: New Worker", ("worker", "bottom"): "7+: New Worker",
                ("share", None): "4+: put a share", ("train", None): "7+: a black train",
                ("store", "top"): "4+: store up", ("store", "bottom"): "7+: store up again",
                ("send", "top"): "4+: Move Workers", ("send", "bottom"): "7+: Move Workers to another site",
                ("subsidy", "top"): "4+: subsidy", ("subsidy", "bottom"): "7+: subsidy",
                ("invest", "top"): "4+: investment", ("invest", "bottom"): "7+: investment",
                ("command", None): "Use a command (a director)", ("choose", None): "Choose"}


def group_key(a: dict) -> tuple:
    """The menu group of a legal turn action: ``(type, part)``, part ``None`` for shares, trains,
    commands and answers."""
    if a["type"] in ("share", "train", "command", "choose"):
        return (a["type"], None)
    return (a["type"], a.get("part"))


def turn_components(ctx: UIContext, acts: list[dict]) -> list[Button | Select]:
    """The turn's legal moves as buttons (a group of one) and menus (a group of several)."""
    view = ctx.view(None)
    groups: dict[tuple, list[dict]] = {}
    for a in acts:
        if a["type"] not in ("pass", "end"):
            groups.setdefault(group_key(a), []).append(a)
    out: list[Button | Select] = []
    selects = 0
    for key, group in groups.items():
        if len(group) == 1 or selects >= 3:
            half = {"top": "4+ ", "bottom": "7+ "}.get(key[1], "")
            out += [Button(half + words.action_label(view, a), a, "primary") for a in group[:2]]
            continue
        selects += 1
        title = GROUP_TITLES.get(key, key[0])
        where = _where(group) if len(group) > LONG else None
        if where is not None:
            out.append(_two_steps(view, title, group, where))
            continue
        options = [Option(words.action_label(view, a), a) for a in group[:MENU]]
        more = f" ({MENU} of {len(group)}: the command takes any)" if len(group) > MENU else ""
        out.append(Select(title + more, options))
    for a in acts:
        if a["type"] == "pass":
            out.append(Button("Pass (+1 coin)", a, "secondary"))
        if a["type"] == "end":
            out.append(end_button(acts))
    return out


def halves_left(acts: list[dict]) -> list[str]:
    """The halves of the chosen card (``"4+"``, ``"7+"``) that the legal turn moves ``acts`` can
    still do: a Share's share is its 4+, a black train its 7+."""
    part = {"share": "top", "train": "bottom"}
    left = {part.get(a["type"], a.get("part")) for a in acts if a["type"] not in ("pass", "end", "command", "choose")}
    return [half for key, half in (("top", "4+"), ("bottom", "7+")) if key in left]


def end_button(acts: list[dict]) -> Button:
    """**End turn**; while a half of the card can still be done it says which it skips and asks
    first (the ``end`` command: a Confirm beside that half's moves)."""
    left = halves_left(acts)
    if not left:
        return Button("End turn", plain(End()), "danger")
    return Button(f"End turn (skip the {' and '.join(left)})", {"type": "_cmd", "name": "end"}, "danger")


WHERE = ("site", "train", "number", "kind", "do")
"""What the first step of a menu in two steps chooses, in order of preference."""


def _where(group: list[dict]) -> str | None:
    """The key (of ``WHERE``) that splits a long group into a first menu of two or more
    choices, or ``None`` when every move of the group is at one site, train or command: then
    one menu of the moves asks once instead of a first step with a single choice."""
    return next((k for k in WHERE if len({a.get(k) for a in group}) > 1), None)


def _two_steps(view: dict, title: str, group: list[dict], key: str) -> Select:
    """A long group (more than ``LONG`` moves) as a menu of its sites, trains or commands (by
    ``key``), each opening a second menu of its moves (``replies.submenu``)."""
    parts: dict = {}
    for a in group:
        parts.setdefault(a.get(key), []).append(a)
    options = []
    for value, moves in list(parts.items())[:MENU]:
        name = _part_name(view, key, value, moves[0])
        options.append(submenu(name, f"{title}: {name}", [(words.action_label(view, a), a) for a in moves],
                               f"{plural(len(moves), 'way')}" + (f" ({MENU} shown)" if len(moves) > MENU else "")))
    return Select(f"{title} (first choose where)", options)


def _part_name(view: dict, key: str, value, move: dict) -> str:
    """What a first-step option of ``_two_steps`` stands for: a site, a train, a command."""
    if key == "site":
        word = words.site_word(view, value)
        return word[:1].upper() + word[1:]                    # "Site 6 (Setúbal–Faro)"
    if key == "train":
        t = next((t for t in view["trains"] if t["id"] == value), None)
        return f"Train {value}" + (f" in {t['city']}" if t else "")
    if key == "number":
        return words.command_name(value)
    text = str(value)
    return text[:1].upper() + text[1:]
