"""Benchmarks of the AI (run by hand or in the browser worker; CI does not time them)."""
