"""The server's route table: every API route is described by the OpenAPI document and
every path the document describes is routed, each route a handler of the app's state."""

from __future__ import annotations

from taverna_rules.server.app import ROUTES
from taverna_rules.server.openapi import openapi_document


def test_the_route_table_and_the_openapi_document_agree() -> None:
    routed = {(spec.path, spec.method.lower()) for spec in ROUTES if spec.api}
    documented = {
        (path, method) for path, ops in openapi_document(["taverna"])["paths"].items() for method in ops
    }
    assert routed == documented


def test_the_page_routes_are_not_api_routes() -> None:
    """The page and the OpenAPI document answer outside the API's error handling."""
    pages = [spec.path for spec in ROUTES if not spec.api]
    assert pages == ["/", "/play/{game_id}", "/openapi.json", "/games/{game}/board.js"]
    assert all(spec.path.startswith("/api/") for spec in ROUTES if spec.api)
