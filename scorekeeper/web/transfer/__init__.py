"""Game files in and out: export (barbu-game/1 JSON, CSV) and import."""
