"""Photos saved the way phones save them: pixels stored sideways (or mirrored) with the EXIF
Orientation tag that tells a viewer how to turn them back."""
from __future__ import annotations

import io
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

# the transposition that turns a displayed picture into the stored one, per EXIF tag (the
# inverse of what a viewer, and Pillow's exif_transpose, applies)
_STORE = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
          4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE,
          6: Image.Transpose.ROTATE_90, 7: Image.Transpose.TRANSVERSE,
          8: Image.Transpose.ROTATE_270}


def phone_jpeg(shown: np.ndarray, orientation: int, path: Path) -> Path:
    """Write ``shown`` (BGR) to ``path`` as a JPEG whose viewer shows ``shown`` after applying
    the EXIF ``orientation`` tag (1-8) stored in it."""
    im = Image.fromarray(cv2.cvtColor(shown, cv2.COLOR_BGR2RGB))
    if orientation in _STORE:
        im = im.transpose(_STORE[orientation])
    exif = Image.Exif()
    exif[0x0112] = orientation
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=95, exif=exif)
    path.write_bytes(buf.getvalue())
    return path
