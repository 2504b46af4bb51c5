"""The camera part of a profile: which camera, at what size, with exposure and white balance locked.

Plain values (JSON-ready via :meth:`CameraSettings.to_dict`), so a profile can be saved and read
without pickle. Applying them to an open capture is in :mod:`vision.photo.camera_setup`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class LensCalibration:
    """Intrinsics from chessboard views (``cv2.calibrateCamera``): undistort frames with these."""

    camera_matrix: tuple[tuple[float, ...], ...]
    dist_coeffs: tuple[float, ...]
    image_size: tuple[int, int]
    rms: float
    views: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"camera_matrix": [list(r) for r in self.camera_matrix],
                "dist_coeffs": list(self.dist_coeffs), "image_size": list(self.image_size),
                "rms": self.rms, "views": self.views}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "LensCalibration":
        """Inverse of :meth:`to_dict`; raises KeyError/TypeError/ValueError on bad data."""
        m = tuple(tuple(float(v) for v in row) for row in d["camera_matrix"])
        if len(m) != 3 or any(len(r) != 3 for r in m):
            raise ValueError("camera_matrix must be 3x3")
        size = tuple(int(v) for v in d["image_size"])
        if len(size) != 2:
            raise ValueError("image_size must be [width, height]")
        return cls(m, tuple(float(v) for v in d["dist_coeffs"]), size,  # type: ignore[arg-type]
                   float(d["rms"]), int(d["views"]))


@dataclass(frozen=True)
class CameraSettings:
    """A chosen camera and the properties locked on it.

    ``source``: a camera index (0, 1, ...) or the path of a video file standing in for one.
    ``exposure`` / ``white_balance``: the values read once automatic control settled (None when
    the backend does not report them). ``locked``: property names that the camera accepted
    when set to manual; the rest stay automatic (backends differ).
    """

    source: int | str = 0
    width: int = 0
    height: int = 0
    exposure: float | None = None
    white_balance: float | None = None
    locked: tuple[str, ...] = ()
    settle_frames: int = 0
    lens: LensCalibration | None = None
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        d = asdict(self)
        d["locked"] = list(self.locked)
        d["notes"] = list(self.notes)
        d["lens"] = self.lens.to_dict() if self.lens else None
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "CameraSettings":
        """Inverse of :meth:`to_dict`; raises KeyError/TypeError/ValueError on bad data."""
        if not isinstance(d, dict):
            raise TypeError("camera settings must be an object")
        source = d.get("source", 0)
        if not isinstance(source, (int, str)) or isinstance(source, bool):
            raise TypeError("camera source must be an index or a file path")
        opt = lambda v: None if v is None else float(v)  # noqa: E731
        lens = d.get("lens")
        return cls(source=source, width=int(d.get("width", 0)), height=int(d.get("height", 0)),
                   exposure=opt(d.get("exposure")), white_balance=opt(d.get("white_balance")),
                   locked=tuple(str(x) for x in d.get("locked", ())),
                   settle_frames=int(d.get("settle_frames", 0)),
                   lens=LensCalibration.from_dict(lens) if lens else None,
                   notes=tuple(str(x) for x in d.get("notes", ())))

    def describe(self) -> str:
        """One line for listings: source, size and what is locked."""
        src = f"camera {self.source}" if isinstance(self.source, int) else f"video {self.source}"
        size = f"{self.width}x{self.height}" if self.width else "default size"
        lock = (", ".join(self.locked) + " locked" if self.locked
                else "automatic exposure/white balance")
        lens = f", lens calibrated (rms {self.lens.rms:.2f} px)" if self.lens else ""
        return f"{src}, {size}, {lock}{lens}"
