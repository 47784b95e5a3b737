"""Game contract, match log with undo, typed actions, seeded randomness and errors."""
from .actions import Action, decode, reference
from .errors import IllegalAction
from .game import Event, Game, State, canonical, clone, events_for, rules_state
from .match import Match, history, in_force, replay
from .rng import Stream, rng_for

__all__ = ["Action", "Event", "Game", "IllegalAction", "Match", "State", "Stream", "canonical", "clone", "decode",
           "events_for", "history", "in_force", "reference", "replay", "rng_for", "rules_state"]
