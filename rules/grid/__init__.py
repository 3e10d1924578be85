"""Square-grid boards: what a picture of one shows."""
