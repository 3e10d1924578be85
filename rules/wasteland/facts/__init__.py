"""Narrated Wasteland facts: what the rules decided, with every die, told in the channel."""
