"""Pure-Python rules engines: the authority on every game. No Django, no I/O.

See docs/ENGINES.md for the protocol and notation shared with the browser twins.
"""
