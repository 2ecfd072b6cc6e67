"""The compose profiles and the Caddyfile, checked statically (no Docker engine runs here).

`docker compose up` stays one worker on PostgreSQL; the `workers` profile adds a second worker and
HAProxy with deploy/haproxy.cfg, whose workers are exactly the compose services in index order; the
`https` profile puts Caddy in front for ZASHIKI_DOMAIN on ports 80 and 443.
"""

import re
from typing import Any

import yaml

from app.config import Settings
from app.haproxy import config
from tests.support.server import ROOT

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]
CADDYFILE = (ROOT / "deploy" / "Caddyfile").read_text()
HAPROXY = (ROOT / "deploy" / "haproxy.cfg").read_text()
HAPROXY_BEHIND_CADDY = (ROOT / "deploy" / "haproxy-behind-caddy.cfg").read_text()


def in_profile(profile: str | None) -> set[str]:
    """The services `docker compose [--profile P] up` starts."""
    return {name for name, service in SERVICES.items() if service.get("profiles", [profile]).count(profile)}


def default_of(value: object) -> str:
    """What compose makes of `${VAR:-default}` when VAR is not set; a plain value as it is."""
    return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", str(value))


def environment(name: str) -> dict[str, str]:
    """The service's environment with every variable left unset."""
    return {key: default_of(value) for key, value in SERVICES[name]["environment"].items()}


def test_compose_up_is_one_worker_on_postgresql() -> None:
    assert {name for name, s in SERVICES.items() if "profiles" not in s} == {"app", "db"}
    env = environment("app")
    assert env["ZASHIKI_WORKERS"] == "1" and env["ZASHIKI_WORKER_INDEX"] == "0"
    assert Settings(workers=int(env["ZASHIKI_WORKERS"]), worker_index=int(env["ZASHIKI_WORKER_INDEX"]))


def test_the_workers_profile_puts_haproxy_in_front_of_every_worker_in_index_order() -> None:
    assert in_profile("workers") == {"app", "app2", "proxy", "db"}
    workers = sorted((int(environment(n)["ZASHIKI_WORKER_INDEX"]), n) for n in ("app", "app2"))
    assert [index for index, _ in workers] == [0, 1]
    for _, name in workers:  # the same image, database and worker count
        assert SERVICES[name]["build"] == "."
        assert environment(name)["DATABASE_URL"] == environment("app")["DATABASE_URL"]
        assert SERVICES[name]["environment"]["ZASHIKI_WORKERS"] == "${ZASHIKI_WORKERS:-1}"
    # Left at 1, the second worker refuses to start rather than own tables it does not (README).
    assert "ZASHIKI_WORKERS=2 docker compose --profile workers up" in (ROOT / "README.md").read_text()
    proxy = SERVICES["proxy"]
    assert proxy["image"].startswith("haproxy:")
    assert [default_of(v) for v in proxy["volumes"]] == ["./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro"]
    assert [default_of(p) for p in proxy["ports"]] == ["8080:8080"]
    addresses = [f"{name}:8000" for _, name in workers]
    assert config(addresses, ":8080") == HAPROXY
    # With Caddy in front (README), the proxy believes the address Caddy forwards from Docker's network.
    assert "${ZASHIKI_HAPROXY_CONFIG:-haproxy.cfg}" in proxy["volumes"][0]
    assert config(addresses, ":8080", ("172.16.0.0/12",)) == HAPROXY_BEHIND_CADDY
    assert "ZASHIKI_HAPROXY_CONFIG=haproxy-behind-caddy.cfg" in (ROOT / "README.md").read_text()
    assert set(proxy["depends_on"]) == {name for _, name in workers}


def test_the_https_profile_puts_caddy_in_front_for_the_domain() -> None:
    assert in_profile("https") == {"app", "caddy", "db"}
    caddy = SERVICES["caddy"]
    assert caddy["image"].startswith("caddy:2")
    assert {"80:80", "443:443"} <= set(caddy["ports"])  # the ACME challenge, then HTTPS
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in caddy["volumes"]
    data = [v.split(":")[0] for v in caddy["volumes"] if v.split(":")[1] == "/data"]
    assert data and data[0] in COMPOSE["volumes"]  # certificates survive a restart
    assert caddy["environment"]["ZASHIKI_DOMAIN"] == SERVICES["app"]["environment"]["ZASHIKI_DOMAIN"]
    # The site is the domain (automatic HTTPS); the upstream is the one worker unless told otherwise.
    site = re.search(r"^\{\$ZASHIKI_DOMAIN\} \{\n(.*?)^\}", CADDYFILE, re.M | re.S)
    assert site is not None
    upstream = re.search(r"reverse_proxy \{\$ZASHIKI_UPSTREAM:([\w.-]+:\d+)\}", site.group(1))
    assert upstream is not None and upstream.group(1) == "app:8000" == default_of(
        caddy["environment"]["ZASHIKI_UPSTREAM"]
    )
    assert "proxy:8080" in CADDYFILE  # how to reach several workers instead


def test_the_domain_makes_the_public_origin_https() -> None:
    assert Settings(domain="cards.example.org").public_origin == "https://cards.example.org"
    assert Settings(domain="cards.example.org", public_origin="https://other.example").public_origin == (
        "https://other.example"
    )
    assert Settings(domain="").public_origin is None
