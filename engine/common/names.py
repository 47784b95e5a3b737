"""Names as players type them: one key for a city, town or card name whatever its case and accents."""
from __future__ import annotations

import unicodedata

# letters that compatibility decomposition keeps whole, as a keyboard without them types them
_PLAIN = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ŧ": "t", "ß": "ss", "æ": "ae",
                        "œ": "oe", "þ": "th", "ð": "d"})


def fold(text: str | None) -> str:
    """The case- and accent-free key of a name (``"Köln"`` -> ``"koln"``, ``"Łódź"`` -> ``"lodz"``,
    ``"Wrocław"`` -> ``"wroclaw"``; ``None`` -> ``""``): compatibility decomposition, combining marks
    dropped, lower case, the letters with a stroke or ligatures spelt plainly (``ł`` -> ``l``,
    ``ß`` -> ``ss``), stripped."""
    return "".join(c for c in unicodedata.normalize("NFKD", (text or "").lower())
                   if not unicodedata.combining(c)).translate(_PLAIN).strip()
