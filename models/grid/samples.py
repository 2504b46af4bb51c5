"""Readings with doubt, for the grid benchmark and tests: a true state made uncertain.

Vision hands the grid solver a few alternatives with scores for doubtful stickers; these
helpers imitate that on a known state so the solver's corrections can be checked.
"""
from __future__ import annotations

import random

from ..cube.state import CubeState
from ..cube.stickers import Hypothesis, Sticker


def _confusion(rng: random.Random, true: Sticker, taken: set[Sticker]) -> Sticker:
    """A plausible misreading: the same digit turned, or another digit the same way."""
    while True:
        if rng.random() < 0.5:
            s = true.turned(rng.choice((1, 2, 3)))
        else:
            s = Sticker(rng.choice([d for d in range(1, 10) if d != true.digit]), true.rot)
        if s not in taken:
            return s


def doubtful_state(state: CubeState, seed: int | random.Random, fraction: float = 0.2,
                   wrong: int = 1) -> CubeState:
    """``state`` with ``fraction`` of its stickers carrying 2-3 scored alternatives.

    The true reading is on top for all of them except ``wrong`` stickers, whose top choice is
    a wrong alternative scored above the truth. ``stickers`` holds each sticker's top choice.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    size = len(state.stickers)
    picked = rng.sample(range(size), max(wrong, round(fraction * size)))
    misread = set(picked[:wrong])
    cands: list[tuple[Hypothesis, ...]] = [(Hypothesis(s, None),) for s in state.stickers]
    tops = list(state.stickers)
    for i in picked:
        true = state.stickers[i]
        taken = {true}
        alts = []
        for _ in range(rng.choice((1, 2))):
            alt = _confusion(rng, true, taken)
            taken.add(alt)
            alts.append(alt)
        top_score = round(rng.uniform(0.45, 0.8), 3)
        low = sorted((round(rng.uniform(0.05, top_score - 0.1), 3) for _ in alts), reverse=True)
        if i in misread:
            hyps = [Hypothesis(alts[0], top_score), Hypothesis(true, low[0])]
            hyps += [Hypothesis(a, sc) for a, sc in zip(alts[1:], low[1:])]
            tops[i] = alts[0]
        else:
            hyps = [Hypothesis(true, top_score)] + [Hypothesis(a, sc) for a, sc in zip(alts, low)]
        cands[i] = tuple(hyps)
    return CubeState(tuple(tops), state.n, tuple(cands))
