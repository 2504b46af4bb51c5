"""A small retraining of the HOG classifier with its own tool learns the task: glyphs of two
training fonts (standing in for the photo glyphs) and one augmented render of every training
font fit a model that reads fonts it never saw, far above chance; the same fit on shuffled
labels does not, so the figure says something about the tool, not about the glyphs."""
import numpy as np

from sudoku_cube.vision.recognise.hog import HogShape, class_index, hog_features
from sudoku_cube.vision.recognise.templates import HELD_OUT_FONTS, installed_fonts
from tools import build_classifier as bc
from tools.font_glyphs import TRAINING_FONTS, training_glyphs

CHANCE = 1 / 36  # nine digits in four turns


def _as_photos(glyphs) -> dict[str, np.ndarray]:
    """Font glyphs in the shape of the tool's photo glyphs."""
    return {"images": glyphs.images, "digits": glyphs.digits, "rots": glyphs.rots,
            "font": np.array(["font render"] * len(glyphs.digits))}


def _accuracy(scores: np.ndarray, digits: np.ndarray, rots: np.ndarray) -> float:
    truth = np.array([class_index(int(d), int(r)) for d, r in zip(digits, rots)])
    return float((scores.argmax(axis=1) == truth).mean())


def test_a_small_retraining_reads_unseen_fonts_and_shuffled_labels_do_not() -> None:
    assert installed_fonts(HELD_OUT_FONTS), "the held-out fonts are part of the test packages"
    train = training_glyphs(per_class=1, seed=1, fonts=TRAINING_FONTS[:2])
    val = training_glyphs(per_class=1, seed=2, fonts=TRAINING_FONTS[2:4])
    unseen = training_glyphs(per_class=1, seed=3, fonts=HELD_OUT_FONTS)

    model = bc.train(_as_photos(train), _as_photos(val), font_glyphs=1)
    geometry = HogShape.of(model.meta)
    features = hog_features(unseen.images, geometry)
    # about 0.85 here (the held-out fonts include a mono oblique and a condensed cut)
    assert _accuracy(model.log_probs(features), unseen.digits, unseen.rots) > 0.6
    assert model.meta["validation_accuracy"] > 0.8 and model.temperature > 1.0

    # the control: the tool's ridge fit on the same glyphs with their labels shuffled
    x = hog_features(train.images, geometry)
    y = np.array([class_index(int(d), int(r)) for d, r in zip(train.digits, train.rots)])
    w, b = bc.fit_ridge(x, np.random.default_rng(0).permutation(y), alpha=3.0)
    assert _accuracy(features @ w + b, unseen.digits, unseen.rots) < 4 * CHANCE
