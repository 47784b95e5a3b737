# The two commands a server admin needs: `make run` and `make test`.
# Each creates or reuses .venv (Python 3.11+), installs the project into it, then runs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test local bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Reinstall when pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	@if [ -n "$$DISCORD_TOKEN" ]; then $(VENV)/bin/railhead run; \
	else $(VENV)/bin/railhead local; fi

local: $(VENV)/.installed-run
	$(VENV)/bin/railhead local

test: $(VENV)/.installed-test
	$(PY) -m pytest -q

bench: $(VENV)/.installed-test
	$(PY) -m bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
