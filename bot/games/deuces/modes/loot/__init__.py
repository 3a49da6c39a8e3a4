"""Quest for Loot: each player wagers chips against the GM's stack, every encounter."""
