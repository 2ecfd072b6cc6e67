"""A load of game-record uploads, run as its own process (`python -m tests.support.uploads`), so that
the test measuring a live table shares no event loop and no GIL with it, as an attacker elsewhere would not.

Each address uploads, one after another, records it has not sent lately (so that none is answered
from the replays the server keeps in memory) until SIGTERM. It says "ready" once it may be stopped;
then it prints, as JSON, how the uploads were answered: by status and code, a 429 marked "untimed"
if it did not say when to try again.
"""

import asyncio
import json
import signal
import sys
from collections import Counter

import httpx


async def upload_loop(url: str, address: str, records: list[bytes], stop: asyncio.Event, answers: Counter[str]) -> None:
    headers = {"Origin": url, "Content-Type": "application/json"}
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=url, timeout=60, transport=transport, headers=headers) as http:
        k = 0
        while not stop.is_set():
            try:
                response = await http.post("/api/records", content=records[k % len(records)])
            except httpx.HTTPError as exc:
                answers[f"no answer: {type(exc).__name__}"] += 1
                continue
            k += 1
            body = response.json()
            timed = response.status_code != 429 or ("retry_after" in body and "retry-after" in response.headers)
            answers[f"{response.status_code} {body.get('code', 'opened')}{'' if timed else ' untimed'}"] += 1


async def main(url: str, addresses: list[str], records_path: str) -> None:
    with open(records_path, "rb") as file:
        records = [json.dumps(r).encode() for r in json.load(file)]
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    answers: Counter[str] = Counter()
    print("ready", flush=True)
    share = len(records) // len(addresses)  # each address its own records
    await asyncio.gather(
        *(
            upload_loop(url, address, records[i * share : (i + 1) * share], stop, answers)
            for i, address in enumerate(addresses)
        )
    )
    print(json.dumps(answers), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2].split(","), sys.argv[3]))
