"""Who may press a button or menu option, and for which prompt: binding offers to a seat's
prompt, the refusal of a press that is not (yet, or any longer) theirs, merged vote buttons."""
from __future__ import annotations

import json

from ..replies import Button, Select
from ..session import Session
from ..store import Offer
from .common import STALE


def bind(components: list[Button | Select], seat: int, stamp: int | None) -> list[Button | Select]:
    """Offers made for ``seat``'s prompt: only that seat may press them, only for that prompt
    (a Cancel stays pressable)."""
    for c in components:
        if c.seat is None:
            c.seat = seat
        if c.stamp is None and not (isinstance(c, Button) and c.action.get("type") == "_cancel"):
            c.stamp = stamp
    return components


def refusal(session: Session, seat: int | None, offer: Offer) -> str | None:
    """Why ``seat`` may not press ``offer`` now, or ``None``."""
    if seat is None:
        return "You are not seated in this game."
    if offer.seat is not None and offer.seat != seat:
        return f"That choice is for {session.names[offer.seat]} (a button or menu of theirs)."
    if offer.stamp is not None:
        prompt = session.prompt_of(seat)
        vote = session.match.core.vote
        if offer.action.get("type") == "undo_vote" and vote is not None and seat in vote.agreed:
            return "You asked for this undo or agreed to it already; the others answer it."
        if prompt is None or prompt["stamp"] != offer.stamp:
            return STALE
    return None


def dedupe(components: list[Button | Select]) -> list[Button | Select]:
    """One "Agree"/"Refuse" pair for all voters: buttons with the same label and action are merged."""
    seen, out = set(), []
    for c in components:
        key = (c.label, json.dumps(c.action, sort_keys=True), c.stamp) if isinstance(c, Button) else id(c)
        if key in seen:
            continue
        seen.add(key)
        if isinstance(c, Button) and c.action.get("type") == "undo_vote":
            c.seat = None          # any voter may press it; the stamp still checks their vote prompt
        out.append(c)
    return out
