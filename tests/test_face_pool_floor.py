"""The pool's floor of the settled best (:class:`vision.locate.face_pool._SettledFloor`): the
evidence of the SETTLED-th best hypothesis scored so far, kept in a heap as windows are scored
a few at a time, is the value a full sort of every evidence gives."""
from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from sudoku_cube.vision.locate.face_pool import _SettledFloor
from sudoku_cube.vision.locate.hypotheses import SETTLED

EVIDENCES = st.lists(st.lists(st.floats(-20, 20) | st.sampled_from([0.0, 1.5, -3.0]),
                              max_size=12), max_size=30)


@given(EVIDENCES)
def test_the_floor_is_the_settled_best_of_all_scored(batches):
    floor, seen = _SettledFloor(), []
    for batch in batches:
        floor.add(batch)
        seen += batch
        ranks = sorted(seen, reverse=True)
        want = ranks[SETTLED - 1] if len(ranks) >= SETTLED else -np.inf
        assert floor.value == want
