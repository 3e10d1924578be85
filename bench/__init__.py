"""Benchmarks: ``make bench`` prints a table and writes ``bench/results.json``."""
