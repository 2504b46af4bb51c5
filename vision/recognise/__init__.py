"""Stage 4, recognising: the straightened cells in, the evidence per cell out (digit and
rotation scores from the voters: templates, HOG classifier, learned cell model, OCR), as
:class:`~.evidence.CellEvidence` and ranked hypotheses."""
