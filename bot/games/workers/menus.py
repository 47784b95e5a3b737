"""Railway Workers' turn menus: the legal turn moves as buttons (a group of one) and menus (a
group of several); a group longer than ``LONG`` (Move Workers offers 18-24 ways, Store Up 16-17,
a Share 7+ train 8 or more) is a menu in two steps: first the site, train or command, then its
moves (``replies.submenu``)."""
from __future__ import annotations

from railhead.engine.games.workers.board import plural

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
        if len(group) > LONG:
            out.append(_two_steps(view, title, group))
            continue
        options = [Option(words.action_label(view, a), a) for a in group[:MENU]]
        more = f" ({MENU} of {len(group)}: the command takes any)" if len(group) > MENU else ""
        out.append(Select(title + more, options))
    for a in acts:
        if a["type"] == "pass":
            out.append(Button("Pass (+1 coin)", a, "secondary"))
        if a["type"] == "end":
            out.append(Button("End turn", a, "danger"))
    return out


def _two_steps(view: dict, title: str, group: list[dict]) -> Select:
    """A long group (more than ``LONG`` moves) as a menu of its sites, trains or commands, each
    opening a second menu of its moves (``replies.submenu``)."""
    key = next((k for k in ("site", "train", "number", "kind", "do") if len({a.get(k) for a in group}) > 1), None)
    parts: dict = {}
    for a in group:
        parts.setdefault(a.get(key), []).append(a)
    options = []
    for value, moves in list(parts.items())[:MENU]:
        name = _part_name(view, key, value, moves[0])
        options.append(submenu(name, f"{title}: {name}", [(words.action_label(view, a), a) for a in moves],
                               f"{plural(len(moves), 'way')}" + (f" ({MENU} shown)" if len(moves) > MENU else "")))
    return Select(f"{title} (first choose where)", options)


def _part_name(view: dict, key: str | None, value, move: dict) -> str:
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
