"""Entering, correcting and undoing a deal: the deal form built from the contract entries."""
