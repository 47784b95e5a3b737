"""Railway Workers' printed data, ours where the rulebook prints none (docs/rules-assumptions.md).

``data/tables/workers/country.toml``: cities, the seven projects (construction sites that become
routes), market prices, the investment and subsidy tables. ``data/cards/workers/``: the eight action
cards and the 16 command cards. Everything here is static and cached.
"""
from __future__ import annotations

from functools import cache

import msgspec

from ...common.datafile import DATA_DIR, DataError, load

KINDS = ("structures", "plans", "tracks")
TILE = {"structures": "S", "plans": "P", "tracks": "T"}
KIND_OF_TILE = {v: k for k, v in TILE.items()}
SLOTS = (1, 2, 3, 6)
"""The four places on a player board, by the number added to the die placed there."""


class City(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    lat: float
    lon: float


class Project(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """``structures``/``plans``/``tracks``: printed squares of each table."""

    number: int
    between: tuple[str, str]
    structures: int
    plans: int
    tracks: int


class Subsidy(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    face: int
    tiles: tuple[str, str]
    coins: int


class Market(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    black: dict[str, int]
    white: dict[str, int]
    sell: dict[str, int]
    reward: dict[str, int]


class Investment(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    steps: list[int]
    trains_on: list[int]
    first: dict[str, int]
    later: dict[str, int]


class Country(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    city: list[City]
    project: list[Project]
    market: Market
    investment: Investment
    subsidy: list[Subsidy]


class ActionCard(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    symbol: str
    top: str
    bottom: str


class ActionCards(msgspec.Struct, forbid_unknown_fields=True):
    card: list[ActionCard]


class Command(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    number: int
    deck: str
    name: str
    symbols: list[str]
    effect: str
    text: str


class Commands(msgspec.Struct, forbid_unknown_fields=True):
    command: list[Command]


EFFECTS = ("plus_one", "rest", "cheap_plan", "discount", "pair_bonus", "free_share", "grant", "express", "hire",
           "shed", "run_train", "token", "file_plan", "shift_worker", "swap_cards")


@cache
def country() -> Country:
    """The country, checked: cities exist, seven projects numbered 1-7, six subsidy faces."""
    path = DATA_DIR / "tables" / "workers" / "country.toml"
    value, _ = load(path, Country)
    names = {c.name for c in value.city}
    if [p.number for p in value.project] != list(range(1, 8)):
        raise DataError(f"{path.name}: projects must be numbered 1 to 7 in order")
    for p in value.project:
        if not set(p.between) <= names or p.between[0] == p.between[1]:
            raise DataError(f"{path.name}: project {p.number} joins unknown cities {p.between}")
    if sorted(s.face for s in value.subsidy) != list(range(1, 7)):
        raise DataError(f"{path.name}: the subsidy table needs faces 1 to 6")
    return value


@cache
def action_cards() -> dict[str, ActionCard]:
    """The eight action cards by id, in the data file's order."""
    value, _ = load(DATA_DIR / "cards" / "workers" / "actions.toml", ActionCards)
    if len(value.card) != 8:
        raise DataError("actions.toml: Railway Workers has 8 action cards")
    return {c.id: c for c in value.card}


@cache
def commands() -> dict[int, Command]:
    """The 16 command cards by number (deck A: 1-8, deck B: 9-16)."""
    value, _ = load(DATA_DIR / "cards" / "workers" / "commands.toml", Commands)
    cards = {c.number: c for c in value.command}
    if sorted(cards) != list(range(1, 17)):
        raise DataError("commands.toml: command cards are numbered 1 to 16")
    for c in value.command:
        if c.effect not in EFFECTS:
            raise DataError(f"commands.toml: card {c.number} has an unknown effect {c.effect!r}")
        if c.deck != ("A" if c.number <= 8 else "B"):
            raise DataError(f"commands.toml: card {c.number} belongs to deck {'A' if c.number <= 8 else 'B'}")
        bad = set(c.symbols) - set(action_cards()) - {"any"}
        if bad:
            raise DataError(f"commands.toml: card {c.number} has unknown symbols {sorted(bad)}")
    return cards


def project(number: int) -> Project:
    return country().project[number - 1]


def card_name(card: str) -> str:
    return action_cards()[card].name
