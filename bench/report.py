"""Collecting figures and printing them as one table, with targets that hold or not."""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


@dataclass
class Report:
    rows: list[tuple[str, str, str, str]] = field(default_factory=list)

    def add(self, area: str, what: str, value: str, target: str = "") -> None:
        self.rows.append((area, what, value, target))
        print(f"  {area:<11} {what:<64} {value:>12}  {target}", flush=True)

    def median(self, area: str, what: str, samples: list[float], limit: float | None = None) -> float:
        med = statistics.median(samples)
        target = "" if limit is None else f"< {ms(limit)}: {'holds' if med < limit else 'MISSED'}"
        self.add(area, f"{what} (median)", ms(med), target)
        return med

    def check(self, area: str, what: str, value: str, holds: bool, target: str) -> None:
        self.add(area, what, value, f"{target}: {'holds' if holds else 'MISSED'}")

    def summary(self) -> None:
        missed = [r for r in self.rows if "MISSED" in r[3]]
        print(f"\n{len(self.rows)} figures; {len(missed)} target(s) missed" + ("" if not missed else ":"))
        for area, what, value, target in missed:
            print(f"  {area} {what}: {value} ({target})")
