"""A club evening of a group: plan it (who is present, rounds, games), its tables, the big screen."""

from . import organiser as organiser  # its routes are the evening blueprint's
