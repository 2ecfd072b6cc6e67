"""Cards travel where they go, on real pages against bots: held at the frame it is first drawn in and
stepped through its flight, a card played moves from where it was, by way of places between, to its
new place, and lands there; on a page that asks for reduced motion it is at its place from the first
frame it is drawn in. Bremen's ensemble and Farm with Brownies' market to hand. A strip of frames of
one reveal is kept for the README."""

from pathlib import Path

import pytest
from PIL import Image
from playwright.async_api import Browser, Page, expect

from tests.browser.pages import (
    KEEP_SHOTS,
    PLAYABLE_CARD,
    SHOTS,
    click_a_card,
    create_table,
    landed,
    seat_bots_and_start,
)
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

FRAMES = 40  # about two thirds of a second: a flight takes 380 ms

BOX = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
}"""
# The box around every element matching the selector.
AROUND = """(selector) => {
  const rs = [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
  const x = Math.min(...rs.map((r) => r.left)), y = Math.min(...rs.map((r) => r.top));
  const w = Math.max(...rs.map((r) => r.right)) - x, h = Math.max(...rs.map((r) => r.bottom)) - y;
  return { x: x + scrollX, y: y + scrollY, w, h };
}"""

# From the frame an element matching `selector` is first drawn, its box on each frame (found afresh
# each frame: a redraw may draw the card as a new node).
SAMPLE = """([selector, frames]) => {
  window.samples = [];
  const look = () => {
    const el = document.querySelector(selector);
    if (el) {
      const r = el.getBoundingClientRect();
      window.samples.push({ x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height });
    }
    if (window.samples.length < frames) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""

Box = dict[str, float]


def apart(a: Box, b: Box) -> float:
    return max(abs(a["x"] - b["x"]), abs(a["y"] - b["y"]), abs(a["w"] - b["w"]), abs(a["h"] - b["h"]))


async def sampled(page: Page, selector: str) -> tuple[list[Box], Box]:
    """The box of the card drawn at `selector` on each frame from the first it is drawn in, and its
    place once every card has landed. The sampler is installed before the move is made."""
    await page.wait_for_function("(n) => window.samples.length >= n", arg=FRAMES)
    samples = await page.evaluate("window.samples")
    await landed(page)
    return samples, await page.evaluate(BOX, selector)


async def stepped(page: Page, selector: str) -> tuple[list[Box], Box]:
    """The box of the card drawn at `selector` at each of MOMENTS_MS of its flight, held from the frame it
    is first drawn in (HOLD is installed before the move is made), and its place once every card has
    landed. Stepping the held flight, not sampling frames as they come, keeps a slow machine's few
    frames from looking like a jump."""
    await page.wait_for_function("() => window.held")
    boxes = []
    for ms in MOMENTS_MS:
        await page.evaluate(AT, ms)
        boxes.append(await page.evaluate(BOX, selector))
    await page.evaluate(f"() => {{ for (const flight of {FLIGHTS}) flight.play(); }}")
    await landed(page)
    return boxes, await page.evaluate(BOX, selector)


def assert_travelled(boxes: list[Box], final: Box) -> None:
    assert apart(boxes[0], final) > 30, f"the card is first drawn at its place, not where it came from: {boxes[0]}"
    distinct = {(round(b["x"]), round(b["y"])) for b in boxes}
    assert len(distinct) == len(MOMENTS_MS), f"the card jumped rather than travelled: {boxes}"
    assert apart(boxes[-1], final) < 2, f"the card did not land at its place: {boxes[-1]} {final}"


async def bremen_table(browser: Browser, url: str, reduce: bool = False) -> Page:
    host = await create_table(browser, url, "bremen", "Mina")
    if reduce:
        await host.emulate_media(reduced_motion="reduce")
    await seat_bots_and_start(host)
    return host


async def play_into_the_ensemble(host: Page) -> str:
    """Mina (the bots have played) plays her first card, which the play reveals: its selector there."""
    cards = host.locator(PLAYABLE_CARD)
    await expect(cards.first).to_be_visible()
    return f'.last-ensemble [data-flip="{await cards.first.get_attribute("data-flip")}"]'


async def test_a_card_played_travels_to_the_ensemble(
    shared_server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    host = await bremen_table(browser, shared_server.url)
    card = await play_into_the_ensemble(host)
    await host.evaluate(HOLD, card)
    assert await click_a_card(host)
    assert_travelled(*await stepped(host, card))

    # The next round's reveal, held in flight for the README's strip of frames.
    await expect(host.locator(".pinch-button")).to_be_visible()  # the tuning: pass a card on
    assert await click_a_card(host)
    await expect(host.locator(".pinch-button")).to_have_count(0)
    card = await play_into_the_ensemble(host)
    await host.evaluate(HOLD, card)
    assert await click_a_card(host)
    await host.wait_for_function("() => window.held")

    # Drawn anew in flight (a card chosen and taken back for the tuning), the card carries on from
    # where it is: not started over, not stacked, not jumped to its place.
    await host.evaluate(AT, 150)
    before = await host.evaluate(BOX, card)
    await host.evaluate("(selector) => { document.querySelector(selector).drawnBefore = true; }", card)
    choice = host.locator(PLAYABLE_CARD).first
    await choice.dispatch_event("click")
    await choice.dispatch_event("click")
    assert not await host.evaluate("(selector) => document.querySelector(selector).drawnBefore ?? false", card)
    assert await host.evaluate(f"() => {FLIGHTS}.filter((f) => f.effect.target.matches('{card}')).length") == 1
    assert apart(await host.evaluate(BOX, card), before) < 1, "a redraw moved the card in flight"
    await strip(host, card, ".last-ensemble .reveal", "motion-bremen", tmp_path)


async def test_with_reduced_motion_a_card_is_at_its_place_at_once(
    shared_server: ServerProcess, browser: Browser
) -> None:
    host = await bremen_table(browser, shared_server.url, reduce=True)
    card = await play_into_the_ensemble(host)
    await host.evaluate(SAMPLE, [card, FRAMES])
    assert await click_a_card(host)
    samples, final = await sampled(host, card)
    assert all(apart(s, final) < 1 for s in samples), f"the card moved: {samples[:8]}"


async def test_a_resize_lands_the_cards_in_flight(shared_server: ServerProcess, browser: Browser) -> None:
    """A flight is worked out for the layout it set out in: on a narrower window it would stick out."""
    host = await bremen_table(browser, shared_server.url)
    card = await play_into_the_ensemble(host)
    await host.evaluate(HOLD, card)
    assert await click_a_card(host)
    await host.wait_for_function("() => window.held")
    assert await host.evaluate(f"() => {FLIGHTS}.length") > 0
    await host.set_viewport_size({"width": 360, "height": 780})
    # The window's resize event comes after the new size; the held flights end only by it.
    await host.wait_for_function(f"() => {FLIGHTS}.length === 0")
    assert await host.evaluate("document.documentElement.scrollWidth <= innerWidth")


async def test_a_card_taken_travels_from_the_market_to_the_hand(shared_server: ServerProcess, browser: Browser) -> None:
    host = await create_table(browser, shared_server.url, "brownies", "Mina", seats=2)
    await seat_bots_and_start(host)
    take = host.locator(".bw-item.pile .bw-make[data-action]:not([disabled])").first  # a free resource, on Mina's turn
    await expect(take).to_be_visible()
    kind = (await take.get_attribute("data-key") or "")[len("p-") :]
    held = await host.locator(f'.bw-hand [data-kind="{kind}"]').count()
    card = f'.bw-hand [data-key="h-{kind}-{held}"]'  # the next copy of that kind
    await host.evaluate(HOLD, card)
    await take.click()
    samples, final = await stepped(host, card)
    assert_travelled(samples, final)
    pile = await host.evaluate(BOX, f'.bw-item.pile [data-key="m-{kind}"]')
    start = samples[0]
    centre = (
        start["x"] + start["w"] / 2 - pile["x"] - pile["w"] / 2,
        start["y"] + start["h"] / 2 - pile["y"] - pile["h"] / 2,
    )
    assert max(map(abs, centre)) < 2, "the card sets out from its pile in the market"
    assert start["w"] <= pile["w"] + 1 and start["h"] <= pile["h"] + 1, "at the pile's size, or within it"


# Holds every flight at the frame an element matching the selector is first drawn (a redraw carries a
# held flight on, held).
HOLD = """(selector) => {
  window.held = false;
  const look = () => {
    if (!document.querySelector(selector)) return requestAnimationFrame(look);
    for (const flight of document.getAnimations()) if (flight.id === "flip") flight.pause();
    window.held = true;
  };
  requestAnimationFrame(look);
}"""
FLIGHTS = "document.getAnimations().filter((flight) => flight.id === 'flip')"
AT = f"(ms) => {{ for (const flight of {FLIGHTS}) flight.currentTime = ms; }}"
MOMENTS_MS = (0, 40, 90, 160, 379)  # it eases out: most of the way is gone early; at 380 ms it has landed


async def strip(page: Page, card: str, around: str, name: str, tmp_path: Path) -> None:
    """The held flights at five moments, side by side, each cropped to the card's way and what is `around` it."""
    await page.evaluate(AT, MOMENTS_MS[0])
    boxes = [await page.evaluate(BOX, card)]
    await page.evaluate(AT, MOMENTS_MS[-1])
    boxes.append(await page.evaluate(AROUND, around))
    pad = 16
    left, top = max(min(b["x"] for b in boxes) - pad, 0), max(min(b["y"] for b in boxes) - pad, 0)
    right, bottom = max(b["x"] + b["w"] for b in boxes) + pad, max(b["y"] + b["h"] for b in boxes) + pad
    clip = {"x": left, "y": top, "width": right - left, "height": bottom - top}
    frames = []
    for ms in MOMENTS_MS:
        await page.evaluate(AT, ms)
        path = tmp_path / f"{name}-{ms}.png"
        await page.screenshot(path=path, clip=clip, full_page=True)
        frames.append(Image.open(path))
    await page.evaluate(f"() => {{ for (const flight of {FLIGHTS}) flight.play(); }}")
    gap = 6
    width, height = frames[0].size
    sheet = Image.new("RGB", (len(frames) * (width + gap) - gap, height), "#1f1c17")
    for i, frame in enumerate(frames):
        sheet.paste(frame, (i * (width + gap), 0))
    folder = SHOTS if KEEP_SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    sheet.save(folder / f"{name}.png")
