import sharp from 'sharp';
import { loadOpenCv } from '../src/features/labelling/click-to-box/opencv';
import { GrabCutImage } from '../src/features/labelling/click-to-box/grabcut';
const cv = await loadOpenCv();
const { data, info } = await sharp('scripts/bench/vision/photos/astronaut.jpg').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
const img = new GrabCutImage(cv, { width: info.width, height: info.height, data });
// @ts-expect-error private
const seg = (r, s) => { try { return img.segment(r, s); } catch (e) { return String(e); } };
console.log(seg({ x0: 140, y0: 210, x1: 240, y1: 310 }, { x: 192, y: 263 }));
console.log(img.objectAt({ x: 192, y: 263 }));
