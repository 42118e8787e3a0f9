"""The `scorekeeper` commands over game files (score, settle, sheet); backup, restore and prune
live with the storage they work on. The app factory and `cli` both add them."""
