"""Duel of the Duos: two players of two heroes each, no GM, best of five."""
