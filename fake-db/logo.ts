/**
 * Demo operator logos, drawn in memory (no network, no image files): a rounded badge in the
 * company's brand colour with a white lightning bolt, encoded as PNG (fast-png). Used for the
 * order export settings printed on tax invoices (logo: JPEG/PNG ≤ 200 KB).
 */
import { encode } from 'fast-png';

/** Logo size in pixels (a wide badge, as invoice headers show it). */
export const LOGO_WIDTH = 240;
export const LOGO_HEIGHT = 80;

/** The lightning bolt, as a polygon in a 0..1 square (x right, y down). */
const BOLT: [number, number][] = [
  [0.58, 0.05],
  [0.2, 0.56],
  [0.46, 0.56],
  [0.36, 0.95],
  [0.8, 0.4],
  [0.53, 0.4],
  [0.66, 0.05],
];

/** Even-odd point-in-polygon test. */
function inside(x: number, y: number, poly: [number, number][]): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * A PNG logo in `color` (RGB 0–255): rounded badge, bolt on the left, three stripes on the right
 * standing for the brand's name. Returns the PNG bytes (a few KB).
 */
export function demoLogoPng(color: [number, number, number]): Uint8Array {
  const w = LOGO_WIDTH;
  const h = LOGO_HEIGHT;
  const radius = 16;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      // Outside the rounded corners: transparent.
      const cx = Math.min(Math.max(x, radius), w - 1 - radius);
      const cy = Math.min(Math.max(y, radius), h - 1 - radius);
      if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) continue;
      const bolt = x < h && inside((x - 4) / (h - 8), (y - 4) / (h - 8), BOLT);
      const stripe =
        x >= h + 8 &&
        x < w - 20 &&
        [
          [18, 30],
          [36, 46],
          [52, 62],
        ].some(([a, b], i) => y >= a && y < b && x < w - 20 - i * 36);
      const white = bolt || stripe;
      data.set(white ? [255, 255, 255, 255] : [...color, 255], o);
    }
  }
  return encode({ width: w, height: h, data, channels: 4, depth: 8 });
}

/** The logo as the API's data URL (`data:image/png;base64,…`). */
export function demoLogoDataUrl(color: [number, number, number]): string {
  return `data:image/png;base64,${Buffer.from(demoLogoPng(color)).toString('base64')}`;
}
