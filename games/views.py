from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.cache import never_cache
from django.views.decorators.vary import vary_on_headers

from games import content
from games.catalog import BY_SLUG, GAMES


@vary_on_headers("Accept-Language", "Cookie")
def language_redirect(request: HttpRequest) -> HttpResponse:
    """`/` sends the reader to the home page in the best language they accept (else ko)."""
    language = translation.get_language_from_request(request, check_path=False)
    if language not in content.LANGUAGE_CODES:
        language = settings.LANGUAGE_CODE
    response = HttpResponseRedirect(f"/{language}/")
    response["Cache-Control"] = "private, max-age=0"
    return response


@never_cache
def health(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})


def _page(request, template_name, page_key, extra=None, content_template=None):
    context = {"meta": content.page_meta(page_key), "page_key": page_key}
    if content_template:
        html = render_to_string(content_template, request=request)
        context["content_html"] = html
        context["faq_json_ld"] = content.faq_json_ld(html)
    context.update(extra or {})
    return render(request, template_name, context)


def home(request: HttpRequest) -> HttpResponse:
    return _page(request, "games/home.html", "home", {"games": GAMES})


def play(request: HttpRequest, slug: str) -> HttpResponse:
    entry = BY_SLUG[slug]
    content_template = content.template(entry.entry.content)
    return _page(request, entry.entry.page_template, slug, {"game": entry}, content_template)


def guide(request: HttpRequest) -> HttpResponse:
    sections = [
        render_to_string(content.template(entry.entry.content), request=request)
        for entry in GAMES
        if entry.in_guide
    ]
    intro = render_to_string(content.template("guide/intro.html"), request=request)
    html = intro + "".join(sections)
    return _page(
        request,
        "games/guide.html",
        "guide",
        {"content_html": html, "faq_json_ld": content.faq_json_ld(html)},
    )


def privacy(request: HttpRequest) -> HttpResponse:
    return _page(request, "games/privacy.html", "privacy", None, content.template("privacy.html"))
