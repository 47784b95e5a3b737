"""Railway Workers options (``/game new``)."""
from __future__ import annotations

from typing import Annotated

import msgspec


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """``first_player``: the seat that starts with the Baton and 20 coins (setup step l); default
    the first seat."""

    first_player: Annotated[int, msgspec.Meta(ge=0, le=3)] | None = None
