# Makefile for root_env.  Every user-facing target sets up .venv first.

PY      ?= python3.11
VENV    ?= .venv
VPY     := $(VENV)/bin/python
# Two stamps: the core (what `make demo` needs: numpy, numba, gymnasium, pettingzoo; the demo imports
# nothing else) and the dev extra (what `make test` needs on top).  Each re-installs only when
# pyproject.toml changes; `make demo` then `make test` adds the extra, `make test` then `make demo`
# finds the core already there (the dev stamp implies it).
CORE    := $(VENV)/.installed-core
DEV     := $(VENV)/.installed-dev
WORKERS ?= 2

.PHONY: venv venv-dev test-deps demo test bench bench-quick bench-compare throughput clean

venv: $(CORE)
venv-dev: $(DEV)

$(VENV)/bin/python:
	@if command -v $(PY) >/dev/null 2>&1; then \
		$(PY) -m venv $(VENV); \
	else \
		echo "$(PY) not found on PATH; falling back to python3"; \
		python3 -m venv $(VENV); \
	fi
	$(VPY) -m pip install --upgrade pip

# The core: `pip install -e .` (no extra).  Skipped when the dev extra is installed and current.
$(CORE): pyproject.toml constraints.txt | $(VENV)/bin/python
	@if [ -f $(DEV) ] && [ $(DEV) -nt pyproject.toml ] && [ $(DEV) -nt constraints.txt ]; then \
		echo "core already installed with the dev extra"; \
	else \
		$(VPY) -m pip install -c constraints.txt -e .; \
	fi
	touch $(CORE)

$(DEV): pyproject.toml constraints.txt | $(VENV)/bin/python
	$(VPY) -m pip install -c constraints.txt -e '.[dev]'
	touch $(DEV) $(CORE)

demo: venv
	$(VPY) -m root_env.demo

# What the tests need beyond pip: a headless Chromium for the replay viewer's browser test, Debian's
# chromium package, installed when missing (as root, or through sudo); and the community Rootlog
# parser from npm that tests/test_rootlog_parser.py runs.
test-deps:
	@if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1 \
		&& [ -z "$$ROOT_ENV_CHROMIUM" ]; then \
		echo "installing Debian's chromium for the replay viewer's browser test"; \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; \
	fi
	cd tests/node && npm ci --no-audit --no-fund

# Compile (and cache) the numba kernels once in a single process so the
# xdist workers load from the cache instead of compiling concurrently.
test: venv-dev test-deps
	$(VPY) -m root_env.warmup
	$(VPY) -m pytest -n $(WORKERS) --durations=30 tests

# Benchmark suite against PettingZoo peers: JSON, Markdown and a plot under benchmarks/results/.
bench: venv-dev
	$(VPY) -m benchmarks.suite

bench-quick: venv-dev
	$(VPY) -m benchmarks.suite --quick

# Regression check against the stored baseline (exits non-zero when a figure is >25 % worse).
bench-compare: venv-dev
	$(VPY) -m benchmarks.suite --compare benchmarks/results/baseline.json

throughput: venv-dev
	$(VPY) -m benchmarks.throughput

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
	find . -path ./.git -prune -o -type d -name __pycache__ -exec rm -rf {} +
	find . -path ./.git -prune -o -type f \( -name '*.nbi' -o -name '*.nbc' \) -exec rm -f {} +
