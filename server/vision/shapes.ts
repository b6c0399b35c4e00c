import type { Random } from './random';

export const PART_SHAPES = ['rect', 'rounded', 'disc', 'ring', 'hexagon'] as const;
export type PartShape = (typeof PART_SHAPES)[number];

/** A part's outline around its centre: its half extents and whether an offset (dx, dy) from the centre lies inside. */
export interface Outline {
  halfWidth: number;
  halfHeight: number;
  inside(dx: number, dy: number): boolean;
}

const SQRT3 = Math.sqrt(3);

/** The outline of a part whose longest side is `size` pixels; elongated shapes lie either way. */
export function outlineOf(shape: PartShape, size: number, random: Random): Outline {
  const radius = size / 2;
  switch (shape) {
    case 'disc':
      return { halfWidth: radius, halfHeight: radius, inside: (dx, dy) => dx * dx + dy * dy <= radius * radius };
    case 'ring': {
      const hole = radius * 0.45;
      return {
        halfWidth: radius,
        halfHeight: radius,
        inside: (dx, dy) => {
          const d2 = dx * dx + dy * dy;
          return d2 <= radius * radius && d2 >= hole * hole;
        },
      };
    }
    case 'hexagon':
      return {
        halfWidth: radius,
        halfHeight: (radius * SQRT3) / 2,
        inside: (dx, dy) => {
          const ax = Math.abs(dx);
          const ay = Math.abs(dy);
          return ay <= (radius * SQRT3) / 2 && SQRT3 * ax + ay <= SQRT3 * radius;
        },
      };
    case 'rect':
    case 'rounded': {
      const short = radius * random.between(shape === 'rounded' ? 0.3 : 0.5, shape === 'rounded' ? 0.45 : 0.9);
      const [halfWidth, halfHeight] = random.chance(0.5) ? [radius, short] : [short, radius];
      const corner = shape === 'rounded' ? short : 0;
      return {
        halfWidth,
        halfHeight,
        inside: (dx, dy) => {
          const qx = Math.abs(dx) - (halfWidth - corner);
          const qy = Math.abs(dy) - (halfHeight - corner);
          if (qx > corner || qy > corner) return false;
          return qx <= 0 || qy <= 0 || qx * qx + qy * qy <= corner * corner;
        },
      };
    }
  }
}
