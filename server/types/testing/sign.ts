import sharp from 'sharp';

export interface SignOptions {
  /** Lines of text, one under the other. */
  lines: readonly string[];
  fontFamily?: string;
  fontSize?: number;
  /** Degrees. */
  tilt?: number;
  /** Standard deviation of the grey noise added over the sign, 0..255. */
  noise?: number;
}

/**
 * A photo-like JPEG of a sign: dark print on a pale plate on a darker wall, rendered from an SVG (DejaVu and
 * Liberation fonts ship with Debian), optionally tilted and noisy.
 */
export async function renderSign({ lines, fontFamily = 'DejaVu Sans', fontSize = 40, tilt = 0, noise = 0 }: SignOptions): Promise<Buffer> {
  const lineHeight = Math.round(fontSize * 1.4);
  const plateWidth = Math.max(...lines.map((line) => line.length)) * fontSize * 0.75 + fontSize * 2;
  const plateHeight = lines.length * lineHeight + fontSize;
  const width = Math.round(plateWidth + 80);
  const height = Math.round(plateHeight + 80);
  const text = lines
    .map((line, i) => `<text x="${width / 2}" y="${40 + fontSize * 0.5 + lineHeight * (i + 0.8)}" text-anchor="middle">${line}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#6d6a63"/>
    <g transform="rotate(${tilt} ${width / 2} ${height / 2})">
      <rect x="40" y="40" width="${plateWidth}" height="${plateHeight}" rx="10" fill="#f1ede2" stroke="#2b2b2b" stroke-width="4"/>
      <g font-family="${fontFamily}" font-weight="bold" font-size="${fontSize}" fill="#1c1c22">${text}</g>
    </g></svg>`;
  const sign = sharp(Buffer.from(svg)).flatten();
  if (noise === 0) return sign.jpeg({ quality: 85 }).toBuffer();
  const { data, info } = await sign.raw().toBuffer({ resolveWithObject: true });
  let seed = 7;
  const gaussian = () => {
    // a small LCG pair through Box–Muller: the same noise every run
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const u = (seed + 1) / 2 ** 31;
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const v = (seed + 1) / 2 ** 31;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  for (let i = 0; i < data.length; i += 1) data[i] = Math.max(0, Math.min(255, (data[i] ?? 0) + gaussian() * noise));
  return sharp(data, { raw: info }).jpeg({ quality: 85 }).toBuffer();
}
