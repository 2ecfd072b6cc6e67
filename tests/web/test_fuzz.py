"""Hostile input, generated: the HTTP API fuzzed from its own OpenAPI schema, the websocket with
arbitrary JSON. Every answer is a clear error or a closed connection; the server never fails and
no table changes."""

import asyncio
import json

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from websockets.asyncio.client import connect

from tests.support.client import Player
from tests.support.server import ServerProcess

pytestmark = pytest.mark.slow


def test_the_api_never_fails_on_generated_requests(shared_server: ServerProcess) -> None:
    schema = schemathesis.openapi.from_url(f"{shared_server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 8, "every route of the API is in its schema"
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
        def call(case: schemathesis.Case) -> None:
            case.call_and_validate(checks=[not_a_server_error])

        call()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
# Messages near the real shapes, so the fuzzing reaches past the first check.
near_actions = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["act", "sync", "ping", "dance"]),
        "version": st.integers(-2, 3) | st.text(max_size=3),
        "action": st.dictionaries(st.sampled_from(["type", "card_id", "card", "ranks", "x"]), json_values, max_size=3),
        "id": st.text(max_size=70) | st.integers(),
    }
)
messages = st.lists(
    st.one_of(json_values.map(json.dumps), near_actions.map(json.dumps), st.text(max_size=60)), min_size=1, max_size=8
)


@pytest.fixture(scope="module")
def seated_table(shared_server: ServerProcess) -> tuple[str, dict[str, str]]:
    """A started Bremen table and the cookies of its seat 0."""

    async def make() -> tuple[str, dict[str, str]]:
        players = [Player(shared_server.url, f"F{i}") for i in range(4)]
        code = await players[0].create("bremen", 4)
        for player in players[1:]:
            await player.join(code)
        await players[0].start()
        return code, dict(players[0].http.cookies.items())

    return asyncio.run(make())


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(batch=messages)
def test_the_socket_answers_garbage_with_errors_and_changes_nothing(
    shared_server: ServerProcess, seated_table: tuple[str, dict[str, str]], batch: list[str]
) -> None:
    code, cookies = seated_table

    async def run() -> None:
        url = shared_server.url.replace("http", "ws", 1) + f"/t/{code}/socket"
        cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
        async with connect(url, additional_headers={"Cookie": cookie}) as socket:
            first = json.loads(await socket.recv())
            assert first["type"] == "state" and first["version"] == 0
            for raw in batch:
                await socket.send(raw)
            await socket.send(json.dumps({"type": "sync"}))
            while (reply := json.loads(await asyncio.wait_for(socket.recv(), 10)))["type"] != "state":
                assert reply["type"] in {"error", "pong", "table"}, reply
                if reply["type"] == "error":
                    assert reply["code"] and reply["message"]
            assert reply["version"] == 0, "a fuzzed message changed the game"

    asyncio.run(run())
