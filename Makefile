# The two commands a server admin needs: `make run` and `make test`.
# Each creates or reuses .venv with Python 3.11+, installs the project, then runs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test local bench install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@if [ -n "$$DISCORD_TOKEN" ]; then $(VENV)/bin/railhead run; \
	else $(VENV)/bin/railhead local; fi

local: $(STAMP)
	$(VENV)/bin/railhead local

test: $(STAMP)
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
