import type { DetectedObject } from '../../../api/schemas/detected-objects';
import { objectMatchingBox, objectUnderClick } from './detected-object';

const object = (name: DetectedObject['class'], score: number, x0: number, y0: number, x1: number, y1: number): DetectedObject => ({
  class: name,
  score,
  box: { x0, y0, x1, y1 },
});

const person = object('person', 0.9, 100, 50, 160, 250);
const car = object('car', 0.8, 0, 150, 400, 300);
const tie = object('tie', 0.15, 126, 100, 134, 130);

describe('the detector object under a click', () => {
  it('takes the smallest box holding the click: the person in front of the car, with its centre and area', () => {
    expect(objectUnderClick([car, person], { x: 130, y: 200 })).toEqual({
      box: person.box,
      centroid: { x: 130, y: 150 },
      area: 60 * 200,
    });
    expect(objectUnderClick([car, person], { x: 300, y: 200 })?.box).toEqual(car.box);
  });

  it('prefers a strong box to a faint one inside it unless the faint one is far smaller', () => {
    const faintHalf = object('backpack', 0.2, 100, 50, 160, 150);
    expect(objectUnderClick([person, faintHalf], { x: 130, y: 100 })?.box).toEqual(person.box);
    expect(objectUnderClick([person, tie], { x: 130, y: 120 })?.box).toEqual(tie.box);
  });

  it('finds nothing where no box is (box edges x1, y1 exclusive), or in an empty list', () => {
    expect(objectUnderClick([person], { x: 160, y: 100 })).toBeNull();
    expect(objectUnderClick([], { x: 1, y: 1 })).toBeNull();
  });
});

describe('the detector object matching a drawn box', () => {
  it('takes the box overlapping the drawn one most, by IoU of at least 0.5', () => {
    const rough = { x0: 90, y0: 40, x1: 175, y1: 260 };
    expect(objectMatchingBox([car, tie, person], rough)?.box).toEqual(person.box);
  });

  it('finds nothing when no box overlaps enough', () => {
    expect(objectMatchingBox([person, car], { x0: 100, y0: 50, x1: 130, y1: 100 })).toBeNull();
  });
});
