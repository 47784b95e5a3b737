"""Railways (solo) in Discord and at the local table."""
