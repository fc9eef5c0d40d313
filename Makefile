# Needs only python3 and make. `make test` and `make lint` install their tools into .venv.

PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/installed.stamp
P ?=
PY ?=

.PHONY: run test lint bench bench-pypy clean

run:
	$(PYTHON) runner.py $(P) $(if $(PY),--python $(PY))

test: $(STAMP)
	$(VENV)/bin/python -m pytest -q

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

bench:
	$(PYTHON) bench/bench.py

bench-pypy:
	$(PYTHON) bench/bench.py --python pypy3

# Re-install only when requirements-test.txt changes.
$(STAMP): requirements-test.txt
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --disable-pip-version-check -r requirements-test.txt
	touch $@

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
