"""Lens calibration: intrinsics from chessboard views, and frames undistorted with them."""
from __future__ import annotations

from typing import Callable, Iterable

import cv2
import numpy as np

from .camera import CameraError
from .camera_settings import CameraSettings, LensCalibration


def find_chessboard(frame: np.ndarray, pattern: tuple[int, int]) -> np.ndarray | None:
    """Sub-pixel inner corners of a chessboard with ``pattern`` (columns, rows) inner corners.

    OpenCV's sector-based detector (``findChessboardCornersSB``) returns the corners at
    sub-pixel accuracy itself, so no refinement window or stopping rule of our own is needed;
    its quick check (``checkChessboard``, what the older detector's fast check runs) first
    passes over the many frames that show no board, which the detector takes several times
    longer to give up on.
    """
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    if not cv2.checkChessboard(gray, pattern):
        return None
    found, corners = cv2.findChessboardCornersSB(gray, pattern)
    return corners if found else None


def calibrate_lens(images: Iterable[np.ndarray], pattern: tuple[int, int], *,
                   min_views: int = 5, max_views: int = 15,
                   min_shift: float = 0.05) -> LensCalibration:
    """Lens intrinsics from chessboard views that differ enough from each other.

    A view is kept when the board's centre or size moved by ``min_shift`` of the image width
    from every kept view (so a board held still does not count many times).
    """
    views: list[np.ndarray] = []
    keys: list[np.ndarray] = []
    size: tuple[int, int] | None = None
    for image in images:
        size = (image.shape[1], image.shape[0])
        corners = find_chessboard(image, pattern)
        if corners is None:
            continue
        pts = corners.reshape(-1, 2)
        key = np.array([*pts.mean(axis=0), np.ptp(pts[:, 0]), np.ptp(pts[:, 1]),
                        *(pts[0] - pts[-1])]) / size[0]
        if all(np.abs(key - k).max() >= min_shift for k in keys):
            views.append(corners)
            keys.append(key)
            if len(views) >= max_views:
                break
    if size is None or len(views) < min_views:
        raise CameraError(f"found the {pattern[0]}x{pattern[1]} chessboard in only {len(views)} "
                          f"different views; {min_views} are needed: hold the board at "
                          "different angles and distances, the whole board in the picture "
                          "(or give --chessboard with the inner-corner count of your board)")
    grid = np.zeros((pattern[0] * pattern[1], 3), np.float32)
    grid[:, :2] = np.mgrid[0:pattern[0], 0:pattern[1]].T.reshape(-1, 2)
    rms, matrix, dist, _, _ = cv2.calibrateCamera([grid] * len(views), views, size, None, None)
    _check_fit(matrix, size, len(views))
    return LensCalibration(tuple(tuple(float(v) for v in row) for row in matrix),
                           tuple(float(v) for v in np.ravel(dist)), size, float(rms), len(views))


SQUARE_PIXELS = 1.25
"""The most a fitted lens's focal lengths across and down (in pixels) may differ, as a
factor: a camera's pixels are square, so its two differ by a percent or so; views that
fit one many times the other (a board seen blurred, or from nearly one angle) give a
correction that would warp every frame."""


def _check_fit(matrix: np.ndarray, size: tuple[int, int], views: int) -> None:
    """Refuse a lens fit no camera has: pixels far from square (:data:`SQUARE_PIXELS`), or
    the lens's centre outside the picture; nothing is saved then."""
    fx, fy, cx, cy = matrix[0, 0], matrix[1, 1], matrix[0, 2], matrix[1, 2]
    aspect = max(fx / fy, fy / fx) if fx > 0 and fy > 0 else np.inf
    if aspect <= SQUARE_PIXELS and 0 < cx < size[0] and 0 < cy < size[1]:
        return
    what = (f"pixels {aspect:.1f} times as long one way as the other"
            if aspect > SQUARE_PIXELS else "its centre outside the picture")
    raise CameraError(f"the {views} chessboard views fit a lens no camera has ({what}); "
                      "nothing was saved: film the board again, whole and sharp, tilted "
                      "different ways and at different distances")


def undistort(frame: np.ndarray, lens: LensCalibration) -> np.ndarray:
    """Remove lens distortion from a frame using a saved calibration.

    A frame of another size than the calibration's (the camera set to another resolution of
    the same sensor) gets the intrinsics scaled to its size."""
    h, w = frame.shape[:2]
    cw, ch = lens.image_size
    matrix = np.array(lens.camera_matrix, dtype=float)
    if (w, h) != (cw, ch):
        matrix[0] *= w / cw
        matrix[1] *= h / ch
    return cv2.undistort(frame, matrix, np.array(lens.dist_coeffs))


def lens_correction(source: int | str, camera: CameraSettings | None
                    ) -> Callable[[np.ndarray], np.ndarray]:
    """What to do to each frame of ``source``: undistort it with the profile's lens
    calibration when the profile calibrated this very source, else nothing."""
    if camera is None or camera.lens is None or camera.source != source:
        return lambda frame: frame
    lens = camera.lens
    return lambda frame: undistort(frame, lens)
