"""Only this site's pages act here, only this site's names reach it, and every page carries a strict policy.

The proxy tests send what nginx's default `proxy_set_header Host $proxy_host` sends: the upstream's
own address as Host, while the browser's Origin is the public one.
"""

import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.support.client import Player, refusal
from tests.support.databases import database
from tests.support.server import ServerProcess

PUBLIC = "https://cards.example.org"


@pytest.fixture(scope="module")
def public_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("public")
    with database("sqlite", folder) as url:
        process = ServerProcess(url, folder / "server.log", public_origin=PUBLIC).start()
        yield process
        process.stop()


async def waiting_table(server: ServerProcess) -> Player:
    """A table whose every seat is filled (so only the request's origin can stop it from starting)."""
    host = Player(server.url, "Mina")
    await host.create("bremen", 4, bots=[1, 2, 3])
    return host


async def test_a_page_of_another_site_cannot_start_a_table_whatever_its_body(shared_server: ServerProcess) -> None:
    host = await waiting_table(shared_server)
    start = f"/api/tables/{host.code}/start"
    for headers in (
        {"Sec-Fetch-Site": "same-site", "Origin": "http://127.0.0.1:1"},  # another port, same host
        {"Sec-Fetch-Site": "cross-site"},
        {"Origin": "http://evil.example"},  # an older browser: Origin alone
        {"Origin": "null"},
    ):
        refused = await host.http.post(start, headers=headers)
        assert refused.status_code == 403 and refused.json()["code"] == "cross_site", headers
        assert (await host.http.put(f"/api/tables/{host.code}/seats/1/bot", headers=headers)).status_code == 403
    assert (await host.http.get(f"/api/tables/{host.code}")).json()["status"] == "waiting"
    ok = await host.http.post(start, headers={"Sec-Fetch-Site": "same-origin", "Origin": shared_server.url})
    assert ok.status_code == 204
    await host.close()


async def test_behind_a_host_rewriting_proxy_the_public_origin_setting_is_all_it_takes(
    shared_server: ServerProcess,
    public_server: ServerProcess,
) -> None:
    for server, works in ((shared_server, False), (public_server, True)):
        host = await waiting_table(server)
        # The proxy speaks plain HTTP to the server, so the (Secure) cookie is passed on by hand.
        cookie = "; ".join(f"{k}={v}" for k, v in host.http.cookies.items())
        proxied = {"Origin": PUBLIC, "Cookie": cookie}  # Host stays the upstream's address, as nginx sends it
        socket = server.url.replace("http", "ws", 1) + f"/t/{host.code}/socket"
        started = await host.http.post(f"/api/tables/{host.code}/start", headers=proxied)
        assert started.status_code == (204 if works else 403)
        if works:
            async with connect(socket, additional_headers=proxied) as ws:
                assert json.loads(await ws.recv())["you"] == 0
        else:
            assert started.json()["code"] == "cross_site"
            assert await refusal(socket, Origin=PUBLIC) == (1008, "cross-site")
        await host.close()


def test_a_rebound_domain_name_is_refused_unless_it_is_the_public_one(
    shared_server: ServerProcess,
    public_server: ServerProcess,
) -> None:
    rebound = {"Host": "evil.example", "Origin": "http://evil.example"}  # DNS rebinding: both forged alike
    for server in (shared_server, public_server):
        page = httpx.get(f"{server.url}/", headers=rebound)
        assert page.status_code == 421 and page.json()["code"] == "unknown_host"
        assert (
            httpx.post(f"{server.url}/api/tables", headers=rebound, json={"game": "bremen", "name": "Mina"}).status_code
            == 421
        )
    # Addresses and local network names need no setting; the public name works where it is set.
    for host in ("localhost:8000", "[::1]:8000", "192.168.1.20:8000", "mypc.local", "mypc"):
        assert httpx.get(f"{shared_server.url}/healthz", headers={"Host": host}).status_code == 200, host
    assert httpx.get(f"{public_server.url}/healthz", headers={"Host": "cards.example.org"}).status_code == 200
    assert httpx.get(f"{shared_server.url}/healthz", headers={"Host": "cards.example.org"}).status_code == 421


async def test_a_rebound_name_cannot_open_a_socket(public_server: ServerProcess) -> None:
    host = await waiting_table(public_server)
    rebound = f"ws://evil.example:{public_server.port}/t/{host.code}/socket"  # the name, resolved to this server
    async with connect(
        rebound, host="127.0.0.1", port=public_server.port, additional_headers={"Origin": "http://evil.example"}
    ) as socket:
        with pytest.raises(ConnectionClosed):
            await socket.recv()
    assert (socket.close_code, socket.close_reason) == (1008, "unknown host")
    await host.close()


def test_pages_forbid_inline_scripts_framing_and_referrers(shared_server: ServerProcess) -> None:
    for path in ("/", "/t/NOSUCH", "/static/js/table.js", "/api/games"):
        headers = httpx.get(f"{shared_server.url}{path}").headers
        policy = headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe" not in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_a_public_https_origin_makes_seat_cookies_secure(public_server: ServerProcess) -> None:
    created = httpx.post(f"{public_server.url}/api/tables", json={"game": "bremen", "name": "Mina"})
    assert created.status_code == 201
    cookie = created.headers["set-cookie"].lower()
    assert "secure" in cookie and "httponly" in cookie and "samesite=lax" in cookie


@pytest.mark.parametrize(
    "name",
    [
        "\u3164\u3164",  # Hangul fillers: letters that draw nothing
        "\u2800",  # a blank braille pattern
        "a" + "\u0301" * 23,  # one letter under a tower of combining marks
        "x\u200by",  # a zero-width space
        "   ",
    ],
)
def test_names_with_nothing_visible_or_towers_of_marks_are_refused(shared_server: ServerProcess, name: str) -> None:
    refused = httpx.post(f"{shared_server.url}/api/tables", json={"game": "bremen", "name": name})
    assert refused.status_code == 422


@pytest.mark.parametrize("name", ["みな", "Zoë", "Nguyễn", "ｶﾅ", "Ana-María", "🐱"])
def test_ordinary_names_in_any_script_are_taken(shared_server: ServerProcess, name: str) -> None:
    created = httpx.post(f"{shared_server.url}/api/tables", json={"game": "bremen", "name": name})
    assert created.status_code == 201
    table = httpx.get(f"{shared_server.url}/api/tables/{created.json()['code']}").json()
    assert table["seats"][0]["name"] == name
