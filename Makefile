# drakkar: `make play` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
EXTRAS := dev,research,ray,server,browser
PYTEST_WORKERS ?= 2

.PHONY: install play play-terminal test lint typecheck services test-slow bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $(STAMP)

install: $(STAMP)

# The main job: the game server with the browser UI, SQLite under ./data.
play: install
	$(BIN)/drakkar serve --host 127.0.0.1 --port 8000

# A terminal game of Viking Raid against three bots.
play-terminal: install
	$(BIN)/drakkar play viking-raid

lint: install
	$(BIN)/ruff check src $(wildcard benchmarks examples)
	$(BIN)/ruff format --check src $(wildcard benchmarks examples)

typecheck: install
	$(BIN)/mypy

# What the tests need beyond Python: Debian's Chromium (browser tests) and PostgreSQL (the
# store's tests run on SQLite and on PostgreSQL). Installed with apt-get when missing (root).
services:
	scripts/ci-browser.sh

# A test that hangs fails after TEST_TIMEOUT seconds with its stacks printed, not holding CI.
TEST_TIMEOUT = --timeout=600 --timeout-method=thread

test: lint typecheck services
	eval "$$(scripts/ci-postgres.sh || echo 'echo PostgreSQL could not be started: its tests will skip >&2')" && \
		$(BIN)/pytest -n $(PYTEST_WORKERS) -m "not slow and not browser" --durations=15 $(TEST_TIMEOUT)
	$(BIN)/pytest -m browser $(TEST_TIMEOUT)

# Long soak runs and strength checks: not part of `make test`.
test-slow: install
	$(BIN)/pytest -n $(PYTEST_WORKERS) -m slow

bench: install
	for g in $$($(BIN)/python -c "import drakkar; print(' '.join(g.name for g in drakkar.games()))"); do \
		$(BIN)/drakkar bench $$g; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
