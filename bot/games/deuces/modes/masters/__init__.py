"""Masters & Monsters: no GM; each player plays enemies against the others."""
