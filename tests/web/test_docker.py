"""The Docker image and compose file, checked statically (no Docker engine runs here), and the image's
command run for real against PostgreSQL to play a game."""

import json
import re
import sys
from pathlib import Path
from random import Random

import pytest
import yaml

from tests.support.client import play_to_end, seat_table
from tests.support.server import ROOT, ServerProcess

DOCKERFILE = (ROOT / "Dockerfile").read_text()
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def instruction(name: str) -> list[str]:
    return [line.split(None, 1)[1] for line in DOCKERFILE.splitlines() if line.startswith(f"{name} ")]


def image_command() -> list[str]:
    """The image's CMD, as the exec-form JSON list it must be."""
    (cmd,) = instruction("CMD")
    return json.loads(cmd)  # type: ignore[no-any-return]


def test_the_image_is_slim_runs_as_a_user_and_checks_its_health() -> None:
    assert re.fullmatch(r"python:3\.1[1-9]-slim", instruction("FROM")[0])
    assert instruction("USER") and instruction("USER")[-1] not in {"root", "0"}
    assert instruction("HEALTHCHECK") and "/healthz" in DOCKERFILE
    assert image_command() == ["python", "-m", "app"]
    assert "requirements.txt" in " ".join(instruction("COPY"))
    assert "ZASHIKI_HOST=0.0.0.0" in DOCKERFILE  # reachable from outside the container


def test_compose_runs_the_app_on_postgresql_with_a_named_volume() -> None:
    app, db = COMPOSE["services"]["app"], COMPOSE["services"]["db"]
    assert app["build"] == "."
    assert app["environment"]["DATABASE_URL"].startswith("postgresql+asyncpg://")
    assert app["restart"] == db["restart"] == "unless-stopped"
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    assert db["image"].startswith("postgres:")
    volume = db["volumes"][0].split(":")[0]
    assert volume in COMPOSE["volumes"]
    (port,) = app["ports"]
    assert port.endswith(":8000") and "ZASHIKI_PORT" in port  # the one place the port is set


@pytest.mark.slow  # a server of its own, on PostgreSQL
async def test_the_image_command_serves_a_game_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    # The image's own command, with this environment's interpreter standing in for the image's `python`.
    command = [sys.executable if image_command()[0] == "python" else image_command()[0], *image_command()[1:]]
    server = ServerProcess(postgres_url, tmp_path / "server.log", command=command).start()
    try:
        players = await seat_table(server.url, "bremen", 4)
        outcome = await play_to_end(players, Random("docker"))
        assert outcome["result"] in {"win", "loss"}
        for player in players:
            await player.close()
    finally:
        server.stop()
