"""The move planner: face turns from a state to its solved arrangement, centres included
(centre-aware search, the centre table, Kociemba's solver, provably shortest plans for near
cubes, the naive baseline), and random designs and scrambles to plan for."""
from __future__ import annotations

from .planner import Plan, Step, plan, plan_from_moves, plan_to_targets

__all__ = ["Plan", "Step", "plan", "plan_from_moves", "plan_to_targets"]
