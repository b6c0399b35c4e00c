// The browser's floor for the workspace gestures on this machine: the same real inputs, one per frame, on a page
// that does nothing but move one 4000×3000 image with a CSS transform (what the workspace's image plane does on a
// camera move). No application code runs, so its frame times are the best any canvas could get from this browser,
// with these flags, at this screen size; the workspace's figures are read against it.
import type { Browser } from '@playwright/test';
import { gestureFigures, recordInputs, type GestureFigures } from './ui-frames';

const FLOOR_PAGE = `<!doctype html>
<html><body style="margin:0;overflow:hidden;background:#222">
<canvas id="plane" style="position:absolute;left:0;top:0;transform-origin:0 0"></canvas>
<script>
  const plane = document.getElementById('plane');
  const image = new OffscreenCanvas(4000, 3000);
  const g = image.getContext('2d');
  const gradient = g.createLinearGradient(0, 0, 4000, 3000);
  gradient.addColorStop(0, '#446');
  gradient.addColorStop(1, '#cb8');
  g.fillStyle = gradient;
  g.fillRect(0, 0, 4000, 3000);
  for (let i = 0; i < 4000; i += 1) {
    g.fillStyle = 'hsl(' + (i * 37) % 360 + ' 60% 50%)';
    g.fillRect((i * 997) % 4000, (i * 571) % 3000, 40, 40);
  }
  plane.width = 4000;
  plane.height = 3000;
  plane.getContext('bitmaprenderer').transferFromImageBitmap(image.transferToImageBitmap());
  let scale = Math.min(innerWidth / 4000, innerHeight / 3000);
  let x = 0;
  let y = 0;
  const place = () => (plane.style.transform = 'translate(' + x + 'px,' + y + 'px) scale(' + scale + ')');
  place();
  addEventListener('wheel', (event) => {
    event.preventDefault();
    const factor = Math.exp(-event.deltaY / 600);
    x = event.clientX - (event.clientX - x) * factor;
    y = event.clientY - (event.clientY - y) * factor;
    scale *= factor;
    place();
  }, { passive: false });
  let last = null;
  addEventListener('pointerdown', (event) => (last = event));
  addEventListener('pointerup', () => (last = null));
  addEventListener('pointermove', (event) => {
    if (!last) return;
    x += event.clientX - last.clientX;
    y += event.clientY - last.clientY;
    last = event;
    place();
  });
</script></body></html>`;

export interface FloorFigures {
  zoom: GestureFigures;
  pan: GestureFigures;
}

/** 60 wheel zooms and 60 drag moves, each `repetitions` times, on the floor page at `screen`. */
export async function measureFloor(
  browser: Browser,
  screen: { viewport: { width: number; height: number }; deviceScaleFactor: number },
  inputsPerGesture: number,
  repetitions: number,
): Promise<FloorFigures> {
  const context = await browser.newContext(screen);
  try {
    const page = await context.newPage();
    await page.setContent(FLOOR_PAGE);
    // tsx compiles with keepNames, which wraps named functions in the page scripts in a `__name` helper.
    await page.evaluate('window.__name = (fn) => fn');
    const centre = { x: screen.viewport.width / 2, y: screen.viewport.height / 2 };
    await page.mouse.move(centre.x, centre.y);
    const half = inputsPerGesture / 2;
    const zoomRecords = [];
    const panRecords = [];
    for (let r = 0; r < repetitions; r += 1) {
      zoomRecords.push(
        await recordInputs(
          page,
          Array.from({ length: inputsPerGesture }, (_, i) => () => page.mouse.wheel(0, i < half ? -60 : 60)),
        ),
      );
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      const direction = r % 2 === 0 ? 1 : -1;
      panRecords.push(
        await recordInputs(
          page,
          Array.from({ length: inputsPerGesture }, (_, i) => () => page.mouse.move(centre.x + direction * i * 4, centre.y + direction * i * 2)),
        ),
      );
      await page.mouse.up();
    }
    return { zoom: gestureFigures(zoomRecords, repetitions * inputsPerGesture), pan: gestureFigures(panRecords, repetitions * inputsPerGesture) };
  } finally {
    await context.close();
  }
}
