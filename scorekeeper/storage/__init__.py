"""Everything kept in the database: the models and migrations, the games' store (deals, versions,
one-time ids), groups, paper checks, rate limits, settings and the secret, backup, restore and
pruning. Stores what players entered; derives nothing a page shows."""
