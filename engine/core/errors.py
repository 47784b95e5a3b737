"""The one error for refused input."""


class IllegalAction(Exception):
    """Raised by ``apply`` (and option/action validation) when input is refused.

    The message is written for the player ("You have $3,000 and this costs $8,000...").
    The state passed to ``apply`` is never modified when this is raised.
    """
