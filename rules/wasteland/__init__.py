"""Wasteland Tactics (source 004): D10 units on a measured table, two actions an activation."""
