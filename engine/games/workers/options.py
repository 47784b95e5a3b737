"""Railway Workers options (each field's ``option`` metadata is what ``/game new``, the local
table's help and docs/actions say of it: ``engine/core/options.py``)."""
from __future__ import annotations

from typing import Annotated

import msgspec

from ...core.options import option


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """``first_player``: the seat that starts with the Baton and 20 coins (setup step l); default
    the first seat."""

    first_player: Annotated[Annotated[int, msgspec.Meta(ge=0, le=3)] | None, option(
        "who starts: 0 the creator, 1 the next to join", example="1")] = None
