"""Each game's Discord-free UI, one folder per game (``bot/games/<id>/ui.py``; ``bot/registry.py`` finds it)."""
