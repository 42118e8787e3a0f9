"""Security headers, CSRF protection, HTTPS (Secure cookies, HSTS) and a trusted proxy, if any.

Private pages: every response that carries an edit link (a game's or group's edit pages, a kept
paper check, the start and new-game pages listing the games opened on the device) is sent
`no-store` and marked with the `Barbu-Private` header. Whatever looked the edit link up says so
(`mark_private`), so a new page cannot forget it, and the service worker reads the header rather
than guess from the address. An answer that sets the session cookie (which lists the device's
links) is sent `no-store` too, so that no cache keeps it with its cookie.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Request, Response, g, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from flask_wtf.csrf import CSRFProtect
from werkzeug.http import dump_cookie
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.storage import secret

from .session_cookie import Compact

csrf = CSRFProtect()

# No inline script or style anywhere: everything comes from static/. Scripts, styles, fetches and
# workers fall back to default-src, so naming each 'self' again would only cost every page 57 bytes.
CSP = "; ".join(
    [
        "default-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ]
)
HSTS = "max-age=31536000"
# Files that carry a whole game, and the start page (the games opened here): never kept by a
# browser or proxy cache, whatever they hold.
PRIVATE_ENDPOINTS = frozenset(
    {"home.index", "transfer.export_json", "transfer.export_csv", "sheets.filled_pdf"}
)
PRIVATE_HEADER = "Barbu-Private"


class SessionInterface(SecureCookieSessionInterface):
    """The signed session cookie, marked Secure whenever the request came over HTTPS.

    It holds the edit links of the games opened on the device, so it must never travel in clear
    once the site is reached over HTTPS, and it travels only when it changed: never merely to be
    refreshed, never with a static file or a 304, and only on a private answer (see `headers`).
    It is written short (`session_cookie`), its lifetime as Max-Age alone (every browser reads it;
    Expires said the same in 19 more bytes).
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(super().get_cookie_secure(app)) or request.is_secure

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        # The first thing of a request that needs the key: the database's, shared by every server.
        secret.ensure(app)
        return super().open_session(app, request)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        return bool(session.modified)

    def get_signing_serializer(self, app: Flask) -> Compact | None:  # type: ignore[override]
        flask_form = super().get_signing_serializer(app)
        return None if flask_form is None else Compact(flask_form)

    def save_session(self, app: Flask, session: SessionMixin, response: Any) -> None:
        if response.status_code == 304 or request.endpoint == "static":
            return
        signing = self.get_signing_serializer(app)
        if not session or not self.should_set_cookie(app, session) or signing is None:
            super().save_session(app, session, response)  # Vary, a cookie emptied, or nothing
            return
        lifetime = int(app.permanent_session_lifetime.total_seconds()) if session.permanent else None
        cookie = dump_cookie(
            self.get_cookie_name(app),
            signing.dumps(dict(session)),
            max_age=lifetime,
            path=self.get_cookie_path(app),
            domain=self.get_cookie_domain(app),
            secure=self.get_cookie_secure(app),
            httponly=self.get_cookie_httponly(app),
            sync_expires=False,
            samesite=self.get_cookie_samesite(app),
            partitioned=self.get_cookie_partitioned(app),
        )
        response.headers.add("Set-Cookie", cookie)
        response.vary.add("Cookie")


def mark_private() -> None:
    """Say that this response carries an edit link: called by whatever looked one up."""
    g.private = True


def private() -> bool:
    """Whether the response carries an edit link or a whole game."""
    return request.endpoint in PRIVATE_ENDPOINTS or bool(g.get("private"))


STATIC_CSP = "default-src 'none'; script-src 'self'; style-src 'self'"


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    app.session_interface = SessionInterface()
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies > 0:
        # Only then do X-Forwarded-For (the client counted by the rate limits) and
        # X-Forwarded-Proto (HTTPS, so Secure cookies and HSTS) mean anything.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies
        )

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        if request.endpoint == "static":
            # Our own scripts, styles and images are never a page to frame: the short policy
            # saves a phone most of a kilobyte a file.
            response.headers.setdefault("Content-Security-Policy", STATIC_CSP)
        else:
            response.headers.setdefault("Content-Security-Policy", CSP)
            # Flask-WTF checks the Referer on HTTPS, so same-origin rather than no-referrer.
            response.headers.setdefault("Referrer-Policy", "same-origin")
            response.headers.setdefault("X-Frame-Options", "DENY")
        if request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", HSTS)
        if private():
            response.headers[PRIVATE_HEADER] = "edit-link"
        if private() or session.modified:
            response.headers["Cache-Control"] = "no-store"
        return response
