"""The training renders' patterned-ground share: off by default (the photos of a seed stay
those every cache holds), and when asked a share of the photos lies on patterned grounds and
still yields labelled cells."""
from __future__ import annotations

import random

from tools.render_training import _style, face_photo_cells


def test_without_a_share_no_draw_is_made_for_the_grounds():
    a, b = random.Random(7), random.Random(7)
    assert _style(a, "DejaVuSans-Bold.ttf") == _style(b, "DejaVuSans-Bold.ttf", grounds=0.0)
    assert a.random() == b.random()
    assert _style(random.Random(7), "DejaVuSans-Bold.ttf").ground == "plain"


def test_a_share_puts_that_share_of_photos_on_patterned_grounds():
    styles = [_style(random.Random(s), "DejaVuSans-Bold.ttf", grounds=0.3) for s in range(200)]
    share = sum(st.ground == "patterned" for st in styles) / len(styles)
    assert 0.2 < share < 0.4
    assert {st.ground for st in styles} == {"plain", "patterned"}


def test_a_patterned_training_photo_yields_its_labelled_cells():
    cells = face_photo_cells(3, fonts=("DejaVuSans-Bold.ttf",), looks=("white",), grounds=1.0)
    assert len(cells) == 9
    assert all(c.cell.shape[0] > 20 for c in cells)
