import sharp from 'sharp';
import { intersectionOverUnion } from '../src/api/application-types/box-detection';
import { GrabCutImage, GRABCUT_OPTIONS } from '../src/features/labelling/click-to-box/grabcut';
import { loadOpenCv } from '../src/features/labelling/click-to-box/opencv';
import { loadPhotos } from '../scripts/bench/vision/photos';
const cv = await loadOpenCv();
const photos = (await loadPhotos()).filter((p) => p.truth.some((o) => o.class === 'person'));
const images = await Promise.all(photos.map(async (p) => { const { data, info } = await sharp(p.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true }); return { p, rgba: { width: info.width, height: info.height, data } }; }));
const configs = JSON.parse(process.argv[2]!);
for (const c of configs) {
  const options = { ...GRABCUT_OPTIONS, ...c };
  const ious: number[] = []; const per: string[] = [];
  const t = performance.now();
  for (const { p, rgba } of images) {
    const img = new GrabCutImage(cv, rgba, options);
    const mine: number[] = [];
    for (const o of p.truth.filter((o) => o.class === 'person')) {
      const click = { x: (o.box.x0 + o.box.x1) / 2, y: (o.box.y0 + o.box.y1) / 2 };
      const r = img.objectAt(click);
      const iou = r ? intersectionOverUnion(r.box, o.box) : 0; ious.push(iou); mine.push(iou);
    }
    img.dispose();
    per.push(`${p.name}:${mine.map((v) => v.toFixed(2)).join(',')}`);
  }
  ious.sort((a, b) => a - b);
  console.log(JSON.stringify(c), 'median', ious[Math.floor(ious.length / 2)]!.toFixed(3), '≥0.5', (ious.filter((v) => v >= 0.5).length / ious.length).toFixed(2), 'ms/click', ((performance.now() - t) / ious.length).toFixed(0));
  if (process.argv[3]) console.log(per.join('\n'));
}
