"""The tutorial: a guided first encounter on one fixed deal, each move coached."""
