"""The server's API fuzzed from its own OpenAPI document with schemathesis: whatever a
stranger sends, the answer is never a server error, its status is one the document
lists, and its body matches the document."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from server_client import new_app

# Built at import: schemathesis makes its tests from the schema as the module loads.
_FOLDER = Path(tempfile.mkdtemp(prefix="taverna-fuzz-"))
APP, STORE = new_app(_FOLDER / "games.db")
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


def teardown_module() -> None:
    STORE.close()
    shutil.rmtree(_FOLDER, ignore_errors=True)


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_every_request_as_documented(case: schemathesis.Case[Any]) -> None:
    case.call_and_validate(
        checks=[
            schemathesis.checks.not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ]
    )
