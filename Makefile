# Needs only python3 and make. `make test` and `make lint` install their tools into .venv.

PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/installed.stamp
P ?=
PY ?=

.PHONY: run test test-on lint bench bench-pypy clean

run:
	$(PYTHON) runner.py $(P) $(if $(PY),--python $(PY))

test: $(STAMP)
	$(VENV)/bin/python -m pytest -q

# The solution tests (oracles, stress, testcases) on another interpreter, e.g.
# `make test-on PY=pypy3`: judges run PyPy, and CPython 3.8 is the oldest we support.
# pytest 8.3 is the last release that still runs on 3.8.
ON_VENV = .venv-$(notdir $(PY))
test-on:
	@test -n "$(PY)" || { echo "usage: make test-on PY=pypy3" >&2; exit 2; }
	test -x $(ON_VENV)/bin/python || $(PY) -m venv $(ON_VENV)
	$(ON_VENV)/bin/python -m pip install -q --disable-pip-version-check pytest==8.3.5
	$(ON_VENV)/bin/python -m pytest -q -p no:cacheprovider tests/test_stress_*.py tests/test_testcases.py

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
	rm -rf $(VENV) .venv-* .pytest_cache .ruff_cache .hypothesis
