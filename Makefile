# The two commands of the README: `make demo` and `make test`. Each sets up what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint setup browser fonts clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,train]'
	touch $(STAMP)

setup: $(STAMP)

demo: $(STAMP)
	$(BIN)/companion demo

lint: $(STAMP)
	$(BIN)/ruff check .

# Browser tests drive Debian's chromium; install it when it is missing.
browser:
	@test -x /usr/bin/chromium || sh scripts/install-chromium.sh

# The fonts the card model was trained with: the benchmarks' simulated decks are printed in them.
fonts:
	sh scripts/install-fonts.sh

test: $(STAMP) browser lint
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
