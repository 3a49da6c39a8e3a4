"""Views of a game state shared by Discord and the terminal, and the rules pages."""
