"""What carries on by itself once the question above it is answered ([10.4]): a paused
walk resumes, a duel asks for the defending bid or reveals the bids."""

from __future__ import annotations

from rules.core.settle import StepTable
from rules.orders.duels import run_duel
from rules.orders.flow import Flow
from rules.orders.frames import DuelStep, WalkStep
from rules.orders.movement import resume_walk

STEPS: StepTable[Flow] = {WalkStep: resume_walk, DuelStep: run_duel}
