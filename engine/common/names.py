"""Names as players type them: one key for a city, town or card name whatever its case and accents."""
from __future__ import annotations

import unicodedata


def fold(text: str | None) -> str:
    """The case- and accent-free key of a name (``"Köln"`` -> ``"koln"``, ``"Łódź"`` -> ``"łodz"``;
    ``None`` -> ``""``): compatibility decomposition, combining marks dropped, lower case, stripped."""
    return "".join(c for c in unicodedata.normalize("NFKD", (text or "").lower())
                   if not unicodedata.combining(c)).strip()
