"""The home page (recent games on this device) and the offline page."""
