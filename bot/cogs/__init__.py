"""The Discord cogs: the /game group (lobby.py), the game groups generated from each spec (spec.py)."""
