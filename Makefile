# drakkar: `make play` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
EXTRAS := dev
PYTEST_WORKERS ?= 2

.PHONY: install play test lint typecheck test-slow bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $(STAMP)

install: $(STAMP)

play: install
	$(BIN)/drakkar play viking-raid

lint: install
	$(BIN)/ruff check src $(wildcard benchmarks examples)
	$(BIN)/ruff format --check src $(wildcard benchmarks examples)

typecheck: install
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest -n $(PYTEST_WORKERS) --durations=15

# Long soak runs and strength checks: not part of `make test`.
test-slow: install
	$(BIN)/pytest -n $(PYTEST_WORKERS) -m slow

bench: install
	for g in $$($(BIN)/python -c "import drakkar; print(' '.join(g.name for g in drakkar.games()))"); do \
		$(BIN)/drakkar bench $$g; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
