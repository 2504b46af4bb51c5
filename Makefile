# Two commands: `make demo` and `make test`. Both create .venv and install what they need first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# what the program needs (OCR, fonts, OpenCV's libraries), and what only the tests need besides
# (a browser and pdftotext to print the exported plan, espeak-ng for `guide --speak`, a virtual
# display and ImageMagick's screenshots for the live windows, PT Sans for reading a flat-topped 3
# that no recogniser learnt from)
APT_PACKAGES := tesseract-ocr libffi-dev libgl1 libglib2.0-0 fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf fonts-texgyre fonts-urw-base35
APT_TEST_PACKAGES := chromium poppler-utils espeak-ng xvfb imagemagick fonts-paratype

.PHONY: demo test system venv clean bench

demo: $(STAMP)
	$(BIN)/sudoku-cube tables
	$(BIN)/sudoku-cube solve --plain

# The suite starts the program in a few hundred subprocesses: where the environment says not
# to write bytecode (PYTHONDONTWRITEBYTECODE), each of them would compile the project's modules
# again, so the tests write it (beside the sources, in the ignored __pycache__ folders). Each
# test file runs on one worker (--dist loadscope), so a module's shared photos, readings and
# models are made once, not once per worker.
test: $(STAMP)
	@bash scripts/install-system.sh $(APT_TEST_PACKAGES)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist loadscope

bench: $(STAMP)
	$(BIN)/sudoku-cube bench all

system:
	@bash scripts/install-system.sh $(APT_PACKAGES) $(APT_TEST_PACKAGES)

$(STAMP): pyproject.toml scripts/install-system.sh
	@bash scripts/install-system.sh $(APT_PACKAGES)
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	@# setuptools warns that ext-modules config is experimental and editable installs shadow
	@# same-named folders: true, known, and noise to a new user; real errors still show
	PYTHONWARNINGS=ignore $(BIN)/pip install -q -e '.[test]'
	@touch $(STAMP)

clean:
	rm -rf $(VENV) build *.egg-info
