import { z } from '../zod';

/**
 * The 80 object classes of COCO, in the order of the service's pretrained detector's outputs (class index i is
 * `COCO_CLASSES[i]`). A subject maps to one of them, by its name or by an explicit setting.
 */
export const COCO_CLASSES = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light',
  'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow',
  'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie', 'suitcase', 'frisbee',
  'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant', 'bed',
  'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven',
  'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors', 'teddy bear', 'hair drier', 'toothbrush',
] as const;

export type CocoClass = (typeof COCO_CLASSES)[number];

/** The explicit setting that keeps a subject away from the detector, whatever its name. */
export const NO_DETECTOR_CLASS = 'none';

/**
 * A subject's `detector_class` (an extension): null maps by name (automatic), a COCO class maps to it, `none` maps
 * to nothing.
 */
export const detectorClassSetting = z.nullable(
  z.enum([...COCO_CLASSES, NO_DETECTOR_CLASS], { error: 'Use a COCO class name, "none", or null for automatic.' }),
);
export type DetectorClassSetting = z.infer<typeof detectorClassSetting>;

/** Common words for the COCO classes (singular, lower case). */
const SYNONYMS: Record<string, CocoClass> = {
  pedestrian: 'person', people: 'person', human: 'person', man: 'person', woman: 'person', child: 'person',
  kid: 'person', boy: 'person', girl: 'person', worker: 'person', player: 'person', astronaut: 'person',
  rider: 'person', cyclist: 'person', face: 'person',
  bike: 'bicycle', automobile: 'car', vehicle: 'car', taxi: 'car', van: 'car', suv: 'car',
  motorbike: 'motorcycle', scooter: 'motorcycle', plane: 'airplane', aeroplane: 'airplane', aircraft: 'airplane',
  jet: 'airplane', coach: 'bus', tram: 'train', locomotive: 'train', lorry: 'truck', pickup: 'truck', ship: 'boat',
  kitty: 'cat', kitten: 'cat', puppy: 'dog', doggy: 'dog', hound: 'dog', pony: 'horse', lamb: 'sheep',
  cattle: 'cow', calf: 'cow', bull: 'cow', rucksack: 'backpack', purse: 'handbag', bag: 'handbag',
  luggage: 'suitcase', ball: 'sports ball', football: 'sports ball', soccer: 'sports ball', glass: 'wine glass',
  mug: 'cup', doughnut: 'donut', sofa: 'couch', plant: 'potted plant', table: 'dining table', television: 'tv',
  monitor: 'tv', screen: 'tv', notebook: 'laptop', phone: 'cell phone', smartphone: 'cell phone',
  mobile: 'cell phone', fridge: 'refrigerator', teddy: 'teddy bear', 'hair dryer': 'hair drier',
};

const IRREGULAR_PLURALS: Record<string, string> = { people: 'people', men: 'man', women: 'woman', children: 'child', knives: 'knife' };

/** "kittens", "buses", "ponies" → "kitten", "bus", "pony" (rough English singulars, enough for names). */
function singular(word: string): string {
  const irregular = IRREGULAR_PLURALS[word];
  if (irregular !== undefined) return irregular;
  if (/(ch|sh|x|ss|bus)es$/.test(word)) return word.slice(0, -2);
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  return /[^su]s$/.test(word) ? word.slice(0, -1) : word;
}

/** A name as lower-case singular words. */
const wordsOf = (name: string): string[] => name.toLowerCase().split(/[^a-z]+/).filter(Boolean).map(singular);

const CLASS_BY_WORDS = new Map<string, CocoClass>(
  [...COCO_CLASSES.map((name) => [name, name] as const), ...Object.entries(SYNONYMS)].map(([words, coco]) => [wordsOf(words).join(' '), coco]),
);

/**
 * The class a subject's name maps to by itself: the whole name, or else its last word (the head noun of "parked
 * car"), as a COCO class or a common synonym; null when neither is known.
 */
export function automaticDetectorClass(name: string): CocoClass | null {
  const words = wordsOf(name);
  const whole = words.join(' ');
  const last = words.at(-1);
  return CLASS_BY_WORDS.get(whole) ?? (last === undefined ? null : (CLASS_BY_WORDS.get(last) ?? null));
}

/** The class a subject maps to: its explicit setting, or its name's when the setting is automatic. */
export function detectorClassOf(subject: { name: string; detector_class: DetectorClassSetting }): CocoClass | null {
  if (subject.detector_class === NO_DETECTOR_CLASS) return null;
  return subject.detector_class ?? automaticDetectorClass(subject.name);
}
