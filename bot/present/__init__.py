"""Turning service outcomes into posts for an audience: channel, DM or ephemeral."""
