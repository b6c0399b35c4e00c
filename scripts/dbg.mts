import { loadManyInstancePhotos } from '../server/testing/many-instances';
import { findMoreLikeThese } from '../server/vision/exemplars/exemplar-search';
import { intersectionOverUnion } from '../src/api/application-types/box-detection';
import { createRandom } from '../server/vision/random';
const photos = await loadManyInstancePhotos();
for (const photo of photos) {
  const hits: number[] = [], miss: number[] = [];
  for (let seed = 1; seed <= 5; seed++) {
    for (const n of [3]) {
    const random = createRandom(seed * 7 + n);
    const idx = photo.truth.map((_, i) => i); const ex = [];
    while (ex.length < n) ex.push(idx.splice(Math.floor(random.float() * idx.length), 1)[0]!);
    const exemplars = ex.map((i) => photo.truth[i]!);
    const { found } = await findMoreLikeThese(photo.bytes, exemplars);
    for (const o of found.slice(n)) (photo.truth.some((t) => !exemplars.includes(t) && intersectionOverUnion(t, o.box) >= 0.5) ? hits : miss).push(o.score);
    }
  }
  const f = (a: number[]) => a.sort((x, y) => y - x).slice(0, 40).map((v) => v.toFixed(2)).join(' ');
  console.log(photo.name, '\n hits', f(hits), '\n miss', f(miss));
}
