"""The production server: the gunicorn worker `make run` starts, and the app it serves."""
