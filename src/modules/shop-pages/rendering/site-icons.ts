import { crc32, deflateSync } from 'node:zlib';

/** The shop pages' accent (`--shop-accent` in storefront/src/storefront.css) and white. */
const ACCENT: readonly [number, number, number] = [0x0f, 0x6b, 0x5c];
const WHITE: readonly [number, number, number] = [0xff, 0xff, 0xff];
/** Samples per pixel on each axis: the edges are smoothed over 4 × 4 samples. */
const SAMPLES = 4;

/**
 * What covers the point (x, y) of the unit square: a rounded square in the accent colour holding a
 * white shopping bag (its body and the upper half of its handle); null outside the rounded square.
 */
function colourAt(x: number, y: number): readonly [number, number, number] | null {
  const radius = 0.2;
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return null;
  const inBody = x >= 0.24 && x <= 0.76 && y >= 0.4 && y <= 0.8;
  const handle = Math.hypot(x - 0.5, y - 0.4);
  const inHandle = y <= 0.4 && handle <= 0.17 && handle >= 0.11;
  return inBody || inHandle ? WHITE : ACCENT;
}

/** The icon as RGBA rows of `size` pixels, each row led by PNG's filter byte (0, none). */
function pixels(size: number): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row++) {
    const start = row * (size * 4 + 1);
    for (let column = 0; column < size; column++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = colourAt((column + (sx + 0.5) / SAMPLES) / size, (row + (sy + 0.5) / SAMPLES) / size);
          if (!colour) continue;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 1;
        }
      }
      const at = start + 1 + column * 4;
      if (sum[3] === 0) continue;
      rows[at] = Math.round(sum[0] / sum[3]);
      rows[at + 1] = Math.round(sum[1] / sum[3]);
      rows[at + 2] = Math.round(sum[2] / sum[3]);
      rows[at + 3] = Math.round((255 * sum[3]) / (SAMPLES * SAMPLES));
    }
  }
  return rows;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The icon as a PNG of `size` × `size` pixels (8-bit RGBA). */
export function iconPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels(size), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO file holding the icon at each size, each image a PNG (as every browser reads them). */
export function iconIco(sizes: readonly number[]): Buffer {
  const images = sizes.map((size) => iconPng(size));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((image, index) => {
    const entry = Buffer.alloc(16);
    entry[0] = sizes[index] >= 256 ? 0 : sizes[index];
    entry[1] = sizes[index] >= 256 ? 0 : sizes[index];
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}
