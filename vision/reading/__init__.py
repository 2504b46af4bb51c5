"""Stage 5, reading: photos in, face and cube readings out (:class:`~.faces.FaceReading`,
:class:`~.faces.Reading`), for six face photos or two corner photos, all through one
:class:`~.reader.Reader`; and the debug pictures of what was read or refused."""
