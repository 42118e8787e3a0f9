"""Starting a game: the players, the game kind and its rules."""
