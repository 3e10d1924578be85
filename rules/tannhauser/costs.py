"""What each Command Point effect costs (source 000, "Command Points").

Kept in one place so the rules that spend the points and the ``/table`` page players read
(``reference/tables_tannhauser.json``) cannot disagree.
"""

from __future__ import annotations

REROLL_COST = 1
"""Re-roll a lost setup or initiative roll (once per roll)."""
MOVEMENT_COST = 1
"""One extra movement point for the active character (once per activation)."""
OVERWATCH_COST = 1
"""Set one character on overwatch (each character once per turn)."""
BOOST_COST = 1
"""Raise one character's Combat, Mental or Stamina by one until the activation ends."""
COUNTERATTACK_COST = 1
"""Strike back at an attacker after surviving its attack."""
SHAKE_OFF_COST = 1
"""Shake off one wound right after a shock roll."""
REINFORCE_COST = 3
"""Bring a lost trooper back as a reinforcement."""
