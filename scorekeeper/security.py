"""Security headers and CSRF protection for every response."""

from __future__ import annotations

from flask import Flask, Response
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()

# No inline script or style anywhere: everything comes from static/.
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ]
)


def init_app(app: Flask) -> None:
    csrf.init_app(app)

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        # Flask-WTF checks the Referer on HTTPS, so same-origin rather than no-referrer.
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response
