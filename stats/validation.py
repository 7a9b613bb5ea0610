"""Checks one POSTed batch against stats/schema.py and turns it into unsaved Event rows.

Everything is checked before anything is built, so a batch is stored whole or not at all.
A refusal is a BatchError with a machine-readable code and a detail naming the place
(e.g. `events[3].mode`), answered as 400 {"error": code, "detail": detail} (413 for
`too-large`). No input makes the parser fail otherwise: nesting too deep, integers too long
for Python and NaN/Infinity are refusals too, and client text in a detail is cut short.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

from stats import schema
from stats.models import Event

MAX_INT_DIGITS = 6


class BatchError(Exception):
    def __init__(self, code: str, detail: str):
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


def parse_batch(body: bytes) -> list[dict]:
    """The events of a raw request body, each checked; raises BatchError."""
    if len(body) > schema.MAX_BODY_BYTES:
        raise BatchError(
            "too-large", f"the body has {len(body)} bytes; at most {schema.MAX_BODY_BYTES}"
        )
    try:
        data = json.loads(body.decode("utf-8"), parse_int=_short_int, parse_constant=_no_constant)
    except UnicodeDecodeError as error:
        raise BatchError("bad-encoding", f"the body is not UTF-8 ({error.reason})") from None
    except json.JSONDecodeError as error:
        raise BatchError("bad-json", f"the body is not JSON: {error.msg}") from None
    except RecursionError:  # a few KB of [[[[... nest deeper than the parser will go
        raise BatchError("bad-json", "the body nests too deeply") from None
    if not isinstance(data, dict):
        raise BatchError("bad-type", f"the body must be an object, not {_type_name(data)}")
    extra = sorted(set(data) - {"events"})
    if extra:
        raise BatchError("unknown-field", f"unknown top-level field {_shown(extra[0])}")
    if "events" not in data:
        raise BatchError("missing-field", "the body has no 'events' list")
    events = data["events"]
    if not isinstance(events, list):
        raise BatchError("bad-type", f"'events' must be a list, not {_type_name(events)}")
    if not events:
        raise BatchError("no-events", "'events' is empty")
    if len(events) > schema.MAX_EVENTS:
        raise BatchError(
            "too-many-events", f"{len(events)} events; at most {schema.MAX_EVENTS} per batch"
        )
    for index, event in enumerate(events):
        check_event(event, f"events[{index}]")
    return events


def _short_int(text: str) -> int:
    # Python refuses to convert integers of more than 4,300 digits (a ValueError that is not
    # a JSONDecodeError); no field needs more than a few.
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise BatchError("bad-value", f"a number has {len(text)} digits; at most {MAX_INT_DIGITS}")
    return int(text)


def _no_constant(name: str):
    raise BatchError("bad-json", f"{name} is not JSON")


def _shown(text: str) -> str:
    """Client text in an answer: quoted and cut to 40 characters, never echoed whole."""
    return repr(text if len(text) <= 40 else text[:40] + "…")


def check_event(event, where: str) -> None:
    if not isinstance(event, dict):
        raise BatchError("bad-type", f"{where} must be an object, not {_type_name(event)}")
    kind: Any = event.get("event")  # a str once _check_value below has passed
    if "event" not in event:
        raise BatchError("missing-field", f"{where} has no 'event'")
    _check_value(kind, "event", where)
    allowed = {"event", *schema.KIND_FIELDS[kind], *schema.DEVICE_FIELDS}
    for name in event:
        if name not in allowed:
            raise BatchError("unknown-field", f"{where}.{_shown(name)} is not a field of {kind!r}")
    required = [n for n, need in schema.KIND_FIELDS[kind].items() if need == "required"]
    for name in [*required, *schema.DEVICE_FIELDS]:
        if name not in event:
            raise BatchError("missing-field", f"{where}.{name} is required for {kind!r}")
    for name, value in event.items():
        if name == "phone":
            if not isinstance(value, bool):
                raise BatchError(
                    "bad-type", f"{where}.phone must be true or false, not {_type_name(value)}"
                )
        elif name == "moves":
            _check_moves(value, where)
        elif name == "tries":
            _check_tries(value, where)
        elif name == "puzzle":
            _check_puzzle(value, where)
        elif name != "event":
            _check_value(value, name, where)
    _check_rules(event, kind, where)


def _check_rules(event: dict, kind: str, where: str) -> None:
    """The rules that tie one field to another."""
    mode = event.get("mode")
    if "level" in event and mode != "ai":
        raise BatchError("bad-value", f"{where}.level is only sent against the AI, not {mode!r}")
    if mode == "ai" and "level" not in event:
        raise BatchError("missing-field", f"{where}.level is required against the AI")
    if "rule" in event and event["rule"] not in schema.RULES_OF.get(event["game"], ()):
        raise BatchError("bad-value", f"{where}.rule is not a rule setting of this game")
    if "result" in event:
        allowed = schema.RESULTS_LOCAL if mode == "local" else schema.RESULTS_PLAYER
        if event["result"] not in allowed:
            raise BatchError(
                "bad-value",
                f"{where}.result {event['result']!r} is not one of {', '.join(allowed)} "
                f"in mode {mode!r}",
            )
    if kind == "room-connection":
        if event["outcome"] == "ok" and "reconnects" not in event:
            raise BatchError("missing-field", f"{where}.reconnects is required with outcome 'ok'")
        if event["outcome"] == "failed" and "reconnects" in event:
            raise BatchError("bad-value", f"{where}.reconnects is only sent with outcome 'ok'")
    if kind == "puzzle-attempt" and event["result"] not in ("win", "loss"):
        raise BatchError("bad-value", f"{where}.result of a puzzle attempt is win or loss")
    if kind == "board-3d":
        if event["game"] not in schema.GAMES_3D:
            raise BatchError("bad-value", f"{where}.game {event['game']!r} has no 3D board")
        if event["outcome"] == "failed" and "render" in event:
            raise BatchError("bad-value", f"{where}.render is only sent with outcome 'ok'")


def _check_value(value, name: str, where: str) -> None:
    if not isinstance(value, str):
        raise BatchError("bad-type", f"{where}.{name} must be a string, not {_type_name(value)}")
    allowed = schema.VALUES[name]
    if value not in allowed:
        raise BatchError(
            "bad-value", f"{where}.{name} {_shown(value)} is not one of {', '.join(allowed)}"
        )


def _check_moves(value, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BatchError("bad-type", f"{where}.moves must be an integer, not {_type_name(value)}")
    if not 0 <= value <= schema.MAX_MOVES:
        raise BatchError("bad-value", f"{where}.moves {value} is outside 0..{schema.MAX_MOVES}")


def _check_tries(value, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BatchError("bad-type", f"{where}.tries must be an integer, not {_type_name(value)}")
    if not 1 <= value <= schema.MAX_TRIES:
        raise BatchError("bad-value", f"{where}.tries is outside 1..{schema.MAX_TRIES}")


def _check_puzzle(value, where: str) -> None:
    if not isinstance(value, str):
        raise BatchError("bad-type", f"{where}.puzzle must be a string, not {_type_name(value)}")
    try:
        if len(value) != 10:
            raise ValueError
        date.fromisoformat(value)
    except ValueError:
        raise BatchError("bad-value", f"{where}.puzzle is not a date YYYY-MM-DD") from None


def _type_name(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def to_rows(events: list[dict], received: datetime) -> list[Event]:
    """Unsaved rows for checked events, stamped with the hour they arrived in."""
    hour = received.replace(minute=0, second=0, microsecond=0)
    return [
        Event(
            hour=hour,
            kind=event["event"],
            game=event["game"],
            mode=event.get("mode", "friend" if event["event"] == "room-connection" else ""),
            level=event.get("level", ""),
            rule=event.get("rule", ""),
            result=event.get("result", ""),
            ending=event.get("ending", ""),
            moves=event.get("moves"),
            puzzle=date.fromisoformat(event["puzzle"]) if "puzzle" in event else None,
            tries=event.get("tries"),
            duration=event.get("duration", ""),
            outcome=event.get("outcome", ""),
            reconnects=event.get("reconnects", ""),
            render=event.get("render", ""),
            lang=event.get("lang", ""),
            phone=event["phone"],
            memory=event["memory"],
            cores=event["cores"],
            browser=event["browser"],
            os=event["os"],
        )
        for event in events
    ]
