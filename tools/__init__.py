"""Developer tools run with `python -m tools.<name>`; nothing here is imported by the site."""
