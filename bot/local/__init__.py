"""Local terminal mode: the bot's commands against the same service, without Discord."""
