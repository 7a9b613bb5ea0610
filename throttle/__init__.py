"""One rate limiter for the whole site, shared by every server process (see throttle.limiter)."""
