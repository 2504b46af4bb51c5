"""Stage 1, the photo: a file or a camera frame in, a BGR image out (safely loaded, turned
upright by its orientation tag, bounded in size), and which file shows which face."""
