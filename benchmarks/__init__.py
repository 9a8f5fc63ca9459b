"""Throughput benchmarks for root_env."""
