"""A game package with only a view, to test how the console loads and drops games."""
