# Makefile for root_env.  Every user-facing target sets up .venv first.

PY      ?= python3.11
VENV    ?= .venv
VPY     := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
WORKERS ?= 2

.PHONY: venv test-deps demo test bench bench-quick bench-compare throughput clean

venv: $(STAMP)

# Re-installs only when pyproject.toml changes.  Falls back to python3 when
# $(PY) is not on PATH.
$(STAMP): pyproject.toml
	@if [ ! -x "$(VPY)" ]; then \
		if command -v $(PY) >/dev/null 2>&1; then \
			$(PY) -m venv $(VENV); \
		else \
			echo "$(PY) not found on PATH; falling back to python3"; \
			python3 -m venv $(VENV); \
		fi; \
	fi
	$(VPY) -m pip install --upgrade pip
	$(VPY) -m pip install -e '.[dev]'
	touch $(STAMP)

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
test: venv test-deps
	$(VPY) -m root_env.warmup
	$(VPY) -m pytest -n $(WORKERS) tests

# Benchmark suite against PettingZoo peers: JSON, Markdown and a plot under benchmarks/results/.
bench: venv
	$(VPY) -m benchmarks.suite

bench-quick: venv
	$(VPY) -m benchmarks.suite --quick

# Regression check against the stored baseline (exits non-zero when a figure is >25 % worse).
bench-compare: venv
	$(VPY) -m benchmarks.suite --compare benchmarks/results/baseline.json

throughput: venv
	$(VPY) -m benchmarks.throughput

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
	find . -path ./.git -prune -o -type d -name __pycache__ -exec rm -rf {} +
	find . -path ./.git -prune -o -type f \( -name '*.nbi' -o -name '*.nbc' \) -exec rm -f {} +
