"""A club evening of a group: plan it (who is present, rounds, games), its tables, the big screen."""
