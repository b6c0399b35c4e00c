import sharp from 'sharp';
import type { BoxCoords } from '../../../src/api/types';
import type { ProposedBox, TruthObject } from './evaluate';

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The photo with its true boxes (thin, white, dashed) and the proposals (coloured, with class and probability). */
export async function drawProposals(photo: Buffer, truth: readonly TruthObject[], proposed: readonly ProposedBox[]): Promise<Buffer> {
  const shapes = [
    ...truth.map((object) => rect(object, TRUTH_STYLE)),
    ...proposed.map((proposal) => {
      const colour = proposal.probability >= 0.5 ? '#00e676' : '#ffb300';
      const label = escapeXml(`${proposal.class} ${Math.round(proposal.probability * 100)}%`);
      const y = Math.max(12, proposal.box.y0 - 3);
      return `${rect(proposal, `stroke="${colour}" stroke-width="2.5"`)}<text x="${proposal.box.x0 + 2}" y="${y}" font-family="sans-serif" font-size="12" font-weight="bold" fill="${colour}" stroke="#000" stroke-width="0.4">${label}</text>`;
    }),
  ];
  return overlay(photo, shapes);
}

/** A box answered for a click: its path (`colour`) and the click. */
export interface ClickedBox {
  click: { x: number; y: number };
  box: BoxCoords | null;
  colour: string;
}

/** The photo with its true boxes (thin, white, dashed), each click (a ring) and the box each path gave for it. */
export async function drawClicks(photo: Buffer, truth: readonly TruthObject[], clicked: readonly ClickedBox[]): Promise<Buffer> {
  const shapes = [
    ...truth.map((object) => rect(object, TRUTH_STYLE)),
    ...clicked.map(({ click, box, colour }) =>
      `${box ? rect({ class: '', box }, `stroke="${colour}" stroke-width="2.5"`) : ''}<circle cx="${click.x}" cy="${click.y}" r="4" fill="none" stroke="#ff1744" stroke-width="2"/>`,
    ),
  ];
  return overlay(photo, shapes);
}

const TRUTH_STYLE = 'stroke="#ffffff" stroke-width="1.5" stroke-dasharray="5 4"';

const rect = ({ box }: TruthObject, style: string) =>
  `<rect x="${box.x0}" y="${box.y0}" width="${box.x1 - box.x0}" height="${box.y1 - box.y0}" fill="none" ${style}/>`;

async function overlay(photo: Buffer, shapes: readonly string[]): Promise<Buffer> {
  const { width, height } = await sharp(photo).metadata();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`;
  return sharp(photo).composite([{ input: Buffer.from(svg) }]).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** Drawings side by side, each scaled to `height` pixels high, `perRow` to a row (one PNG). */
export async function contactSheet(drawings: readonly Buffer[], height = 300, perRow = 3): Promise<Buffer> {
  const tiles = await Promise.all(drawings.map(async (drawing) => {
    const { data, info } = await sharp(drawing).resize({ height }).png().toBuffer({ resolveWithObject: true });
    return { data, width: info.width };
  }));
  const rows = Array.from({ length: Math.ceil(tiles.length / perRow) }, (_, row) => tiles.slice(row * perRow, (row + 1) * perRow));
  const width = Math.max(...rows.map((row) => row.reduce((sum, tile) => sum + tile.width + 4, -4)));
  const composites = rows.flatMap((row, y) => {
    let left = 0;
    return row.map((tile) => {
      const placed = { input: tile.data, left, top: y * (height + 4) };
      left += tile.width + 4;
      return placed;
    });
  });
  return sharp({ create: { width, height: rows.length * (height + 4) - 4, channels: 3, background: '#000000' } })
    .composite(composites)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
