"""HTTP side of friend rooms: create (POST /api/rooms/), join and cancel (form posts that set
or use the seat cookie), and the room page /<lang>/r/<id>/. Seat secrets only ever travel
in an HttpOnly, SameSite cookie; the room id in the URL is the only thing a link shares."""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from games import content
from games.catalog import BY_SLUG
from rooms import load, services, transfers
from rooms.consumers import group_name, seat_cookie_name
from rooms.invitation import invitation
from rooms.models import Room
from rooms.outgoing import RoomEvent
from rooms.services import RoomError
from site_config.channel_layer import PublishFailed

logger = logging.getLogger(__name__)


def _language(request: HttpRequest) -> str:
    """The language of the page the form was sent from: the `language` field, else the
    Referer's path prefix, else the request's preference."""
    referer = urlsplit(request.headers.get("Referer", ""))
    candidates = [
        request.POST.get("language", ""),
        translation.get_language_from_path(referer.path) if referer.netloc else None,
        translation.get_language_from_request(request, check_path=False),
    ]
    for candidate in candidates:
        if candidate in content.LANGUAGE_CODES:
            return candidate
    return settings.LANGUAGE_CODE


def _room_url(room_id: str, language: str) -> str:
    with translation.override(language):
        return reverse("room", args=[room_id])


def _set_seat_cookie(response: HttpResponse, room: Room, secret: str) -> None:
    remaining = services.expires_at(room) - timezone.now()
    response.set_cookie(
        seat_cookie_name(room.id),
        secret,
        max_age=max(int(remaining.total_seconds()), 0),
        path="/",
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _broadcast(room: Room, event: str) -> None:
    _tell_room(room.id, RoomEvent(event, services.header(room)).group())


def _tell_room(room_id: str, message: dict) -> None:
    """To the room's sockets. The change is made already: if Redis cannot take the message
    now, the layer resyncs the room's sockets once it can (site_config/channel_layer.py), so
    the request still succeeds."""
    try:
        async_to_sync(get_channel_layer().group_send)(group_name(room_id), message)
    except PublishFailed:
        logger.warning("rooms: an event was not published (Redis unreachable)")


def _client_address(request: HttpRequest) -> str:
    # daphne --proxy-headers puts the proxy's X-Forwarded-For value here.
    return request.META.get("REMOTE_ADDR") or "unknown"


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _problem(request: HttpRequest, error: RoomError, status: int, language: str) -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"error": error.code, "message": error.message}, status=status)
    with translation.override(language):
        return render(request, "rooms/problem.html", {"code": error.code}, status=status)


CREATE_STATUS = {"rate-limited": 429, "server-busy": 503}
BUSY_RETRY_SECONDS = 30


@require_POST
def create(request: HttpRequest) -> HttpResponse:
    language = _language(request)
    game = request.POST.get("game", "")
    try:
        # Checked before anything is spent: a bad game or rule setting changes nothing.
        variant = services.checked_variant(game, request.POST.get("variant", ""))
        if load.busy():  # saturated: the games already played come first
            raise RoomError("server-busy", "the server is busy; try again shortly")
        services.allow_creation(_client_address(request))
        room, secret = services.create_room(game, variant)
    except RoomError as error:
        refusal = _problem(request, error, CREATE_STATUS.get(error.code, 400), language)
        if error.code == "server-busy":
            refusal["Retry-After"] = str(BUSY_RETRY_SECONDS)
        return refusal
    url = _room_url(room.id, language)
    if _wants_json(request):
        response: HttpResponse = JsonResponse({"id": room.id, "url": url}, status=201)
    else:
        response = HttpResponseRedirect(url, status=303)
    _set_seat_cookie(response, room, secret)
    return response


@require_POST
def join(request: HttpRequest, room_id: str) -> HttpResponse:
    language = _language(request)
    try:
        joined = services.join(room_id, request.COOKIES.get(seat_cookie_name(room_id)))
    except RoomError as error:
        if error.code == "seat-taken":  # they can still watch
            return _after_post(request, room_id, language, status=409, error=error)
        return _problem(request, error, 410, language)
    response = _after_post(request, room_id, language, status=200)
    if joined.secret:
        _set_seat_cookie(response, joined.room, joined.secret)
        _broadcast(joined.room, "joined")
    return response


CANCEL_STATUS = {"not-host": 403, "not-waiting": 409}  # room-gone and room-cancelled: 410


@require_POST
def cancel(request: HttpRequest, room_id: str) -> HttpResponse:
    language = _language(request)
    try:
        room = services.cancel(room_id, request.COOKIES.get(seat_cookie_name(room_id)))
    except RoomError as error:
        return _problem(request, error, CANCEL_STATUS.get(error.code, 410), language)
    _broadcast(room, "cancelled")
    response = (
        JsonResponse({"status": room.status})
        if _wants_json(request)
        else HttpResponseRedirect(_play_url(room.game, language), status=303)
    )
    response.delete_cookie(seat_cookie_name(room.id), path="/", samesite="Lax")
    return response


@require_POST
def transfer(request: HttpRequest, room_id: str) -> HttpResponse:
    """A seated player's one-time link to continue on another device (JSON only)."""
    language = _language(request)
    try:
        token = transfers.start(room_id, request.COOKIES.get(seat_cookie_name(room_id)))
    except RoomError as error:
        return JsonResponse({"error": error.code, "message": error.message}, status=403)
    remaining = int(transfers.TRANSFER_LIFETIME.total_seconds())
    # The secret goes in the fragment: browsers never send it to a server, so no log has it.
    url = request.build_absolute_uri(_room_url(room_id, language)) + f"#take={token}"
    return JsonResponse(
        {"url": url, "expires_in": remaining}, headers={"Cache-Control": "no-store"}
    )


@require_POST
def take(request: HttpRequest, room_id: str) -> HttpResponse:
    """The other device posts the link's secret: it gets the seat's new cookie."""
    try:
        joined = transfers.take(room_id, request.POST.get("token"))
    except RoomError as error:
        return JsonResponse({"error": error.code, "message": error.message}, status=410)
    response = JsonResponse({"seat": joined.seat})
    # take() always makes a new secret
    _set_seat_cookie(response, joined.room, joined.secret)  # type: ignore[arg-type]
    _tell_room(room_id, {"type": "seat.moved", "seat": joined.seat})
    return response


def _after_post(request, room_id, language, status, error=None) -> HttpResponse:
    if _wants_json(request):
        body = {"error": error.code, "message": error.message} if error else {"id": room_id}
        return JsonResponse(body, status=status)
    return HttpResponseRedirect(_room_url(room_id, language), status=303)


def _play_url(slug: str, language: str) -> str:
    with translation.override(language):
        return reverse("play", args=[slug])


@never_cache
def room_page(request: HttpRequest, room_id: str) -> HttpResponse:
    try:
        room = services.live_room(room_id)
    except RoomError as error:
        return render(request, "rooms/problem.html", {"code": error.code}, status=404)
    if room.status == Room.CANCELLED:
        entry = BY_SLUG[room.game]
        context = {"code": "room-cancelled", "game": entry}
        return render(request, "rooms/problem.html", context, status=410)
    entry = BY_SLUG[room.game]
    seat = services.seat_of(room, request.COOKIES.get(seat_cookie_name(room.id)))
    # The same context the play page has (games.views.play), plus the room.
    page_template = content.template(entry.entry.content)
    # A shared link previews as an invitation (title, description, picture), never the seats.
    invite = invitation(entry)
    variant_name = dict(entry.variants).get(room.variant, "")
    context = {
        "meta": {"title": invite["title"], "description": invite["description"]},
        # The rule setting's name, shown before joining and during the game ("" for one rule).
        "room_variant": variant_name,
        # The status area's rule line as the page's script writes it (games/play_words.py),
        # drawn by the server too: appearing with the script, it pushed the Join button down.
        "room_variant_line": translation.gettext("Rules: {name}").format(name=variant_name)
        if variant_name
        else "",
        "invite_image": invite["image"],
        "page_key": entry.slug,
        "game": entry,
        "content_html": render_to_string(page_template, request=request),
        "room": room,
        "room_seat": seat,
        "room_side": services.side_of(room, seat),
        "room_url": request.build_absolute_uri(request.path),
        "room_ws_path": f"/ws/rooms/{room.id}/",
    }
    context["play_template"] = entry.entry.page_template
    return render(request, "rooms/room.html", context)
