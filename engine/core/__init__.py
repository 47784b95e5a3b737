"""Game contract, turn steps, match log with undo, typed actions, seeded randomness and errors."""
from .actions import Action, decode, kind_of, reference
from .errors import IllegalAction
from .game import Event, Game, State, canonical, clone, events_for, rules_state
from .match import Match, history, in_force, replay
from .record import UNSET, Core, GameState, Record, UnsetType, Vote
from .rng import Stream, rng_for
from .steps import Step, dispatch, not_your_turn

__all__ = ["UNSET", "Action", "Core", "Event", "Game", "GameState", "IllegalAction", "Match", "Record", "State",
           "Step", "Stream", "UnsetType", "Vote", "canonical", "clone", "decode", "dispatch", "events_for", "history",
           "in_force", "kind_of", "not_your_turn", "reference", "replay", "rng_for", "rules_state"]
