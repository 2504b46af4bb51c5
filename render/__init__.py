"""Photo-like renders of Sudoku Cubes for tests, benchmarks and samples (deterministic)."""
from .photo import PhotoStyle, as_style, render_corner_photo, render_face_photo

__all__ = ["PhotoStyle", "as_style", "render_face_photo", "render_corner_photo"]
