"""A tiny two-seat race used to exercise the service and the bot.

It is registered only by tests and by local mode started with ``--demo``; it never
appears in the Discord bot's list of systems.
"""

from rules.demo.system import DemoSystem

__all__ = ["DemoSystem"]
