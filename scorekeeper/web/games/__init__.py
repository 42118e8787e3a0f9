"""A game's page: the sheet, its live part, the history of changes, undo and play again."""
