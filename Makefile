# The two commands a server admin needs: `make run` and `make test`.
# Each creates or reuses .venv (Python 3.11+), installs the project into it, then runs.
# Installs are constrained by constraints.txt: the exact versions CI and the golden
# images were made with. `make lock` regenerates it (see its header).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# The lock file (named .txt: .gitignore drops *.lock files).
LOCK := constraints.txt
LOCKVENV ?= /tmp/railhead-lockvenv

.PHONY: run test test-postgres test-container lint local bench bench-postgres lock clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Reinstall when pyproject.toml, setup.py or the lock file changes.
$(VENV)/.installed-run: pyproject.toml setup.py $(LOCK) | $(PY)
	$(PY) -m pip install --quiet -c $(LOCK) -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py $(LOCK) | $(PY)
	$(PY) -m pip install --quiet -c $(LOCK) -e '.[test]'
	touch $@ $(VENV)/.installed-run

$(VENV)/.installed-postgres: pyproject.toml setup.py $(LOCK) | $(PY)
	$(PY) -m pip install --quiet -c $(LOCK) -e '.[test,postgres]'
	touch $@ $(VENV)/.installed-test $(VENV)/.installed-run

run: $(VENV)/.installed-run
	@if [ -n "$$DISCORD_TOKEN" ]; then $(VENV)/bin/railhead run; \
	else $(VENV)/bin/railhead local; fi

local: $(VENV)/.installed-run
	$(VENV)/bin/railhead local

lint: $(VENV)/.installed-test
	$(PY) -m ruff check .

# The suite is spread over every core (pytest-xdist; TEST_JOBS=0 runs it in this one process).
TEST_JOBS ?= auto
test: $(VENV)/.installed-test
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -q -n $(TEST_JOBS) --dist worksteal

# The store, table and concurrency suites against a real PostgreSQL: $RAILHEAD_TEST_DB if set,
# else a throwaway server (initdb + pg_ctl on a temp folder, a Unix socket; Debian's postgresql
# package installed with apt-get when no server binaries are found), stopped at the end.
test-postgres: $(VENV)/.installed-postgres
	PY=$(PY) tools/test-postgres.sh

# The Dockerfile and docker-compose.yml built and run with podman on local stand-in base images
# (no Docker daemon or registry needed; installs podman from Debian; run as root): README, **Docker:**.
CONTAINER_CHECK ?= ../shared/tools/container-check.sh
test-container:
	bash $(CONTAINER_CHECK) .

bench: $(VENV)/.installed-test
	$(PY) -m bench

# Moves per second with 1, 2 and 4 bot processes on one PostgreSQL database, the game lock's
# wait, and the one-process SQLite row (bench/pg_bench.py), on a throwaway server with durable
# commits like SQLite's (tools/with-postgres.sh; $RAILHEAD_TEST_DB if set). `make bench` adds these rows when
# RAILHEAD_TEST_DB names a PostgreSQL server.
bench-postgres: $(VENV)/.installed-postgres
	WITH_POSTGRES_DURABLE=1 tools/with-postgres.sh $(PY) -m bench.pg_bench

# Resolve runtime + test and postgres extras afresh (no constraints) in a throwaway venv and pin
# every installed package. Commit the result; the stamps above then reinstall.
lock:
	rm -rf $(LOCKVENV)
	$(PYTHON) -m venv $(LOCKVENV)
	$(LOCKVENV)/bin/python -m pip install --quiet --upgrade pip
	$(LOCKVENV)/bin/python -m pip install --quiet '$(CURDIR)[test,postgres]'
	{ echo "# Exact versions of every package Railhead installs: runtime + the [test] and [postgres] extras,"; \
	  echo "# transitive ones too. Made by \`make lock\` on $$(date -u +%Y-%m-%d) with Python $$($(LOCKVENV)/bin/python -c 'import platform; print(platform.python_version())')."; \
	  echo "# Regenerate: make lock  (a fresh venv, pip install '.[test,postgres]', pip freeze --exclude railhead)."; \
	  echo "# Used as a constraints file: pip install -c constraints.txt -e '.[test]' (Makefile, Dockerfile)."; \
	  $(LOCKVENV)/bin/python -m pip freeze --exclude railhead; } > $(LOCK).tmp
	mv $(LOCK).tmp $(LOCK)
	rm -rf $(LOCKVENV) build

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
