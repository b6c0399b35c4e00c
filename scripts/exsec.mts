import { availableParallelism, loadavg } from 'node:os';
import { loadPhotos } from './bench/vision/photos';
import { benchmarkExemplars, formatExemplarRows } from './bench/vision/exemplars';
import { onePhotoLearning } from './bench/vision/exemplar-learning';
const photos = await loadPhotos();
const birds = photos.filter((p) => p.name === 'birds').map((p) => ({ ...p, subject: 'bird', truth: p.truth.map(({ box }) => box) }));
console.log(formatExemplarRows(await benchmarkExemplars(birds, '/tmp/look/final')));
console.log(JSON.stringify(await onePhotoLearning(photos), null, 1));
console.log(availableParallelism(), loadavg());
