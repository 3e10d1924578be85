"""The shared core of every game engine: contract, dice, events, refusals and views."""
