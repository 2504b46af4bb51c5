"""Vision: from photos to readings, in five stages, each a folder that hands one value on.

``photo`` (a file or camera frame -> a BGR image) -> ``locate`` (image -> a face's lattice,
:class:`~.locate.face_geometry.FaceGeometry`, or the three faces of a corner photo) -> ``cells``
(image and lattice -> nine straightened cells, dark ink on a light sticker) -> ``recognise``
(cells -> evidence per cell: digit, rotation, scores) -> ``reading`` (photos -> face and cube
readings, through :class:`~.reading.reader.Reader`). A stage imports only stages before it;
``polarity``, ``stats`` and ``model_files`` here are helpers any stage may use.
"""
