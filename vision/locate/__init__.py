"""Stage 2, locating: a BGR image in, the face's lattice out (a
:class:`~.face_geometry.FaceGeometry`, or a refusal saying why no single face was found); a
corner photo's three faces are located in :mod:`.corners`."""
