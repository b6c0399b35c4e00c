import sharp from 'sharp';
import type { ProposedBox, TruthObject } from './evaluate';

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The photo with its true boxes (thin, white, dashed) and the proposals (coloured, with class and probability). */
export async function drawProposals(photo: Buffer, truth: readonly TruthObject[], proposed: readonly ProposedBox[]): Promise<Buffer> {
  const { width, height } = await sharp(photo).metadata();
  const rect = ({ box }: TruthObject, style: string) =>
    `<rect x="${box.x0}" y="${box.y0}" width="${box.x1 - box.x0}" height="${box.y1 - box.y0}" fill="none" ${style}/>`;
  const shapes = [
    ...truth.map((object) => rect(object, 'stroke="#ffffff" stroke-width="1.5" stroke-dasharray="5 4"')),
    ...proposed.map((proposal) => {
      const colour = proposal.probability >= 0.5 ? '#00e676' : '#ffb300';
      const label = escapeXml(`${proposal.class} ${Math.round(proposal.probability * 100)}%`);
      const y = Math.max(12, proposal.box.y0 - 3);
      return `${rect(proposal, `stroke="${colour}" stroke-width="2.5"`)}<text x="${proposal.box.x0 + 2}" y="${y}" font-family="sans-serif" font-size="12" font-weight="bold" fill="${colour}" stroke="#000" stroke-width="0.4">${label}</text>`;
    }),
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`;
  return sharp(photo).composite([{ input: Buffer.from(svg) }]).png({ compressionLevel: 9, palette: true }).toBuffer();
}
