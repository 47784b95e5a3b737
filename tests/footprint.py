"""What one whole Railways of the World game leaves in its channel through the real bot (issue 33:
"count the channel messages and the bytes of images posted"): the channel messages created, the
edits, and the bytes of PNG files uploaded (new messages and edits alike).

Not collected by the suite (its name is not ``test_*``): run it by hand, on any checkout,
``RAILHEAD_FOOTPRINT=1 python -m pytest -q -s tests/footprint.py``; it prints one line of figures.
"""
from __future__ import annotations

import os
import re

import pytest

from .helpers_discord import table_in_channel
from .test_full_game import NAMES, play_through_discord

pytestmark = pytest.mark.skipif(not os.environ.get("RAILHEAD_FOOTPRINT"), reason="run by hand (a whole game)")


@pytest.mark.simcord(settle_timeout=60)
async def test_footprint_of_one_whole_game(simcord_env, monkeypatch):
    """Three players, seed 11, boards drawn: every request the bot sends to the game's channel."""
    from simcord.http import router

    counts = {"messages": 0, "edits": 0, "png_bytes": 0, "pngs": 0}
    by_name: dict[str, list[int]] = {}           # file name -> [uploads, bytes, uploads same as the last]
    last: dict[str, bytes] = {}
    original = router.dispatch
    channels: set[str] = set()

    def dispatch(backend, method, path, *, json=None, files=None, **kwargs):
        found = re.match(r"^/channels/(\d+)/messages(/\d+)?$", path)
        if found and found[1] in channels and method in ("POST", "PATCH"):
            counts["messages" if method == "POST" else "edits"] += 1
            for f in files or []:
                if f.filename.endswith(".png"):
                    here = f.fp.tell()
                    data = f.fp.read()
                    counts["png_bytes"] += len(data)
                    f.fp.seek(here)
                    counts["pngs"] += 1
                    seen = by_name.setdefault(f.filename, [0, 0, 0])
                    seen[0] += 1
                    seen[1] += len(data)
                    seen[2] += last.get(f.filename) == data
                    last[f.filename] = data
        return original(backend, method, path, json=json, files=files, **kwargs)

    monkeypatch.setattr(router, "dispatch", dispatch)
    real = table_in_channel

    async def rendered(env, game, names, channel_name, seed, render=False, **options):
        channel, members = await real(env, game, names, channel_name, seed, render=True, **options)
        return channel, members

    guild_channel = simcord_env.create_guild  # channels are made inside; note every guild channel
    made = []

    def create_guild(*args, **kwargs):
        guild = guild_channel(*args, **kwargs)
        create = guild.create_text_channel

        def create_text_channel(name, **kw):
            channel = create(name, **kw)
            channels.add(str(channel.id))
            made.append(channel)
            return channel
        guild.create_text_channel = create_text_channel
        return guild

    monkeypatch.setattr(simcord_env, "create_guild", create_guild)
    import tests.test_full_game as full
    monkeypatch.setattr(full, "table_in_channel", rendered)
    state = await play_through_discord(simcord_env, NAMES[:3], 11)
    moves = state.core.seq
    print(f"\nFOOTPRINT moves={moves} channel_messages={counts['messages']} edits={counts['edits']} "
          f"pngs={counts['pngs']} png_bytes={counts['png_bytes']} channel_history={len(made[0].history())}")
    for name, (n, size, same) in sorted(by_name.items()):
        print(f"FOOTPRINT {name}: {n} uploads, {size} bytes ({size // max(n, 1)} each), {same} the same as before")
