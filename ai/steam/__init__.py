"""Steam's AI knowledge (the hooks of ``ai/games.py``). ``steady``: the careful beginner that plays
whole games for the tests and benchmarks."""
