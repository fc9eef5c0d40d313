# Needs only python3 and make. `make test` and `make lint` install their tools into .venv.
# `make help` lists the targets, one line each.

PYTHON ?= python3
VENV := .venv
P ?=
PY ?=
N ?=
SEED ?=
SOLUTION ?=
GEN ?=
BRUTE ?=
TLE ?=
MLE ?=
SHRINK ?=
CHECK ?=
JUDGE ?=
H ?=
# The case name of keep-hack. Not AS: GNU make owns AS (the assembler), so AS ?= does nothing.
CASE ?=
CMD ?=
PEERS ?=

# The venv belongs to one interpreter. Its stamp carries python3's version. So
# `PYENV_VERSION=3.9.18 make test` after a run on 3.12 builds a new venv with 3.9's pins.
PYVER := $(shell $(PYTHON) -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])' 2>/dev/null)
STAMP := $(VENV)/installed-$(PYVER).stamp

# The solution tests: oracles, stress tests and testcase checks, wherever they live.
SOLUTION_TESTS = $(wildcard tests/*/test_*.py tests/test_problems.py tests/test_testcases.py)

.PHONY: run new test test-on lint stress keep-hack mutants bench bench-pypy bench-packages clean

# CMD= judges your program instead of solutions/NAME.py (runner.py's --command).
run: export RUN_COMMAND = $(CMD)
run:
	$(PYTHON) runner.py $(P) $(if $(PY),--python $(PY)) $(if $(CMD),--command "$$RUN_COMMAND")

# A new problem, judged from the start: solutions/NAME.py with its header to fill, and
# testcases/NAME/judge-sample-1.in and .out (see docs/adding-a-problem.md). LISTEN=1 waits
# for a problem, or a contest's problems, from the Competitive Companion browser extension
# on PORT (default 10046), and writes each with the judge's samples and limits.
new:
	@test -n "$(P)$(filter-out 0,$(LISTEN))" || { echo "usage: make new P=NAME, or make new LISTEN=1 [PORT=N] [P=NAME]" >&2; exit 2; }
	@$(PYTHON) -m tools.new $(if $(filter-out 0,$(LISTEN)),--listen) $(if $(PORT),--port $(PORT)) -- $(P)

# How pytest runs:
# - -rfEs: the closing summary names every failure and error.
#   It also names every skipped test with its reason (no Python 3.8 installed here, say).
# - -n auto: two pytest workers a CPU (tests/conftest.py says why). TEST_JOBS=0 runs the
#   tests one at a time.
# - DEPTH picks the tests (see tests/conftest.py):
#   fast, the default, leaves out the tests marked deep, plays fewer stress inputs and
#   takes the portable process path in one runner test of each file;
#   deep runs only what fast leaves out (`make test-deep`); all runs both.
TEST_JOBS ?= auto
DEPTH ?= fast
PYTEST_FLAGS = -q -rfEs --depth $(DEPTH)
test: $(STAMP)
	$(VENV)/bin/python -m pytest $(PYTEST_FLAGS) -n $(TEST_JOBS)

# What `make test` leaves out: the stress tests at their full counts, and the slow checks.
test-deep: DEPTH = deep
test-deep: $(STAMP)
	$(VENV)/bin/python -m pytest $(PYTEST_FLAGS) -n $(TEST_JOBS)

# The solution tests on another interpreter, e.g. `make test-on PY=pypy3`.
# Judges run PyPy, and CPython 3.8 is the oldest we support.
# pytest comes from requirements-test.txt. Its markers pick the release for that interpreter.
ON_VENV = .venv-$(notdir $(PY))
test-on:
	@test -n "$(PY)" || { echo "usage: make test-on PY=pypy3 [DEPTH=fast|deep|all]" >&2; exit 2; }
	test -x $(ON_VENV)/bin/python || $(PY) -m venv $(ON_VENV)
	$(ON_VENV)/bin/python -m pip install -q --disable-pip-version-check \
		-c requirements-test.txt pytest hypothesis
	$(ON_VENV)/bin/python -m pytest $(PYTEST_FLAGS) -p no:cacheprovider $(SOLUTION_TESTS)

# One line for each target. tests/test_readme.py checks that every .PHONY target is here.
.PHONY: help test-deep
help:
	@echo 'make run [P=NAME] [PY=] [CMD=]    judge every solution (or NAME, or your CMD) on its testcases'
	@echo 'make new P=NAME [LISTEN=1]       start a new problem (LISTEN=1: from Competitive Companion)'
	@echo 'make test                        the tests, in a few minutes (the deep part left out)'
	@echo 'make test-deep                   the deep part: full stress counts and slow checks'
	@echo 'make test-on PY=pypy3            the solution tests on another interpreter'
	@echo 'make lint                        ruff check, ruff format --check and mypy --strict judge/'
	@echo 'make stress P=NAME [GEN=CMD]     a solution against a brute force (its own or BRUTE=)'
	@echo 'make keep-hack P=NAME H=HACK     a saved counterexample made a testcase'
	@echo 'make mutants [P=NAME] [CHECK=1]  the share of mutants the testcases kill'
	@echo 'make bench                       the benchmark on CPython'
	@echo 'make bench-pypy                  the benchmark on PyPy'
	@echo 'make bench-packages [PEERS=DIR]  the runner beside verifyproblem and bt on tests/packages/'
	@echo 'make clean                       remove the venvs and the caches'
	@echo 'make help                        this list'

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# One solution against a brute force on random inputs, as a process (docs/stress.md):
# `make stress P=conecta4 N=5000 SEED=7 PY=pypy3` plays tests/NAME/'s generator and oracle;
# `make stress P=NAME GEN=CMD BRUTE=CMD` your own, in any language (GEN runs as `CMD SEED`
# and prints an input, BRUTE's output is the answer; only the problem's solution is needed).
# With SOLUTION= too, P may be any folder (P=~/cf/1850A, P=./mine) or a NAME with no solution.
# SOLUTION= is your program instead of solutions/NAME.py. SOLUTION=, GEN= and BRUTE= each take
# a source (x.cpp, Main.java, gen.py), built as the runner builds solutions/NAME.cpp (a .py
# runs on PY), a program (./a.out) or a command line ("java Main"), from the folder make runs
# in. TLE= and MLE= set the limits (s, MiB). JUDGE=1 draws only inputs the judge could send,
# judged by the limits of the Judge: line. A failing input is saved in hacks/P/ (git-ignored;
# `python3 runner.py P --hacks` judges them), or a folder's own hacks/, then shrunk for at most
# SHRINK= s (default 60; 0: not at all). The commands reach the driver through the environment,
# so that their quotes and spaces arrive as typed; the driver's first line says what it runs,
# so make does not echo it.
stress: export STRESS_SOLUTION = $(SOLUTION)
stress: export STRESS_GEN = $(GEN)
stress: export STRESS_BRUTE = $(BRUTE)
stress:
	@test -n "$(P)" || { echo "usage: make stress P=NAME|FOLDER [GEN=CMD BRUTE=CMD] [SOLUTION=CMD] [N=count] [SEED=s] [TLE=s] [MLE=MiB] [SHRINK=s] [PY=interpreter] [JUDGE=1]" >&2; exit 2; }
	@$(PYTHON) -m tools.stress $(P) $(if $(N),-n $(N)) $(if $(SEED),--seed $(SEED)) \
		$(if $(PY),--python $(PY)) $(if $(SOLUTION),--solution "$$STRESS_SOLUTION") \
		$(if $(GEN),--gen "$$STRESS_GEN") $(if $(BRUTE),--brute "$$STRESS_BRUTE") \
		$(if $(TLE),--tle $(TLE)) $(if $(MLE),--mle $(MLE)) $(if $(SHRINK),--shrink $(SHRINK)) \
		$(if $(filter-out 0,$(JUDGE)),--judge)

# A hack of hacks/NAME/ made a testcase, its .out from the oracle (else the .out saved with it):
# `make keep-hack P=NAME H=judge-hack-1a2b3c4d [CASE=what-it-tests]` (a judge case's name gets
# its judge- prefix).
keep-hack:
	@test -n "$(P)" -a -n "$(H)" || { echo "usage: make keep-hack P=NAME H=HACK [CASE=case-name]" >&2; exit 2; }
	@$(PYTHON) -m tools.keep_hack $(P) "$(H)" $(if $(CASE),--as "$(CASE)")

# The share of mutants of each solution (or of P's) that the testcases kill, and the table of
# docs/mutation.md; `make mutants CHECK=1` (CI) also fails when a row is not the page's. JUDGE=1:
# the share of those outside the input layer that the judge cases alone kill, on judge-mode
# stress inputs.
mutants:
	$(PYTHON) -m maint.mutants $(strip $(P) $(if $(CHECK),--check) $(if $(filter-out 0,$(JUDGE)),--judge))

bench:
	$(PYTHON) -m maint.bench

bench-pypy:
	$(PYTHON) -m maint.bench --python pypy3

# The runner, problemtools' verifyproblem and BAPCtools' bt, each where installed, on the
# packages of tests/packages/ (docs/benchmarks.md). PEERS=DIR: where the two are, if not on PATH.
bench-packages:
	$(PYTHON) -m maint.bench_packages $(if $(PEERS),--peers $(PEERS))

# A new venv whenever the requirements or the interpreter change, so that it holds exactly
# the pinned tools and nothing left from another set.
$(STAMP): requirements-test.txt
	@test -n "$(PYVER)" || { echo "make: '$(PYTHON)' does not run; Python 3.8 or newer is needed" >&2; exit 2; }
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --disable-pip-version-check -r requirements-test.txt
	touch $@

clean:
	rm -rf $(VENV) .venv-* .pytest_cache .ruff_cache .hypothesis
