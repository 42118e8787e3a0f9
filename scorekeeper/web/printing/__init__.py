"""Printable scoresheets, blank and filled, rendered by WeasyPrint from the same data as the page."""
