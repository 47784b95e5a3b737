"""Game contract, replay, seeded randomness and errors."""
from .errors import IllegalAction
from .game import Action, Event, Game, State, canonical, clone, replay
from .rng import rng_for

__all__ = ["IllegalAction", "Action", "Event", "Game", "State", "canonical", "clone", "replay", "rng_for"]
