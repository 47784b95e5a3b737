"""``make bench`` / ``python -m bench [--quick]``: print Railhead's figures on this machine.

Timings never go into the test suite; they live here and in docs/performance.md. With
``RAILHEAD_TEST_DB=postgresql://...`` (a server whose user may CREATE DATABASE) the
multi-process PostgreSQL rows of bench/pg_bench.py are added (``make bench-postgres`` prints
them alone, on a throwaway server).
"""
from __future__ import annotations

import asyncio
import logging
import os
import platform
import sys

from . import ai_bench, bot_bench, concurrent_bench, engine_bench, pg_bench, render_bench, store_bench
from .report import Report


async def main(quick: bool) -> None:
    logging.disable(logging.WARNING)
    print(f"Railhead benchmarks on {platform.node()} ({platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}){' [quick]' if quick else ''}\n")
    report = Report()
    engine_bench.run(report, quick)
    render_bench.run(report, quick)
    await store_bench.run(report, quick)
    await concurrent_bench.run(report, quick)
    await bot_bench.run(report, quick)
    await ai_bench.run(report, quick)
    if os.environ.get("RAILHEAD_TEST_DB", "").startswith(("postgresql://", "postgres://")):
        await pg_bench.run(report, quick)
    report.summary()


if __name__ == "__main__":
    asyncio.run(main("--quick" in sys.argv))
