import type { Random } from './random';

export type PartShape = 'rect' | 'rounded' | 'disc' | 'ring' | 'hexagon';

/** The surface of a part at a point: how it tilts and what detail darkens it. */
interface SurfacePoint {
  /** The in-plane part of the surface normal (length at most 1; 0, 0 is a face looking straight at the camera). */
  nx: number;
  ny: number;
  /** Surface detail such as a thread's grooves, as a factor on the light (1: none). */
  detail: number;
}

/** A part's outline around its centre: its half extents, whether an offset (dx, dy) from the centre lies inside. */
export interface Outline {
  halfWidth: number;
  halfHeight: number;
  inside(dx: number, dy: number): boolean;
  /** The part's surface at an offset inside it, for shading. */
  surface(dx: number, dy: number): SurfacePoint;
  /** How shiny the part is, 0..1: the strength of its highlight. */
  shine: number;
  /** Whether it stands up from the belt and casts a shadow (a printed marker does not). */
  raised: boolean;
}

const SQRT3 = Math.sqrt(3);
const FLAT: SurfacePoint = { nx: 0, ny: 0, detail: 1 };

/** A flat face whose rim, `bevel` pixels wide, slopes away outwards along `outward` (unit), steeper at the edge. */
function bevelled(edgeDistance: number, bevel: number, outwardX: number, outwardY: number): SurfacePoint {
  if (edgeDistance >= bevel) return FLAT;
  const tilt = 0.8 * (1 - Math.max(0, edgeDistance) / bevel);
  return { nx: outwardX * tilt, ny: outwardY * tilt, detail: 1 };
}

/** The outline of a part whose longest side is `size` pixels; elongated shapes lie either way. */
export function outlineOf(shape: PartShape, size: number, random: Random): Outline {
  const radius = size / 2;
  switch (shape) {
    case 'disc':
      // a printed marker dot: almost flat, its rim a little darker
      return {
        halfWidth: radius,
        halfHeight: radius,
        inside: (dx, dy) => dx * dx + dy * dy <= radius * radius,
        surface: (dx, dy) => {
          const r = Math.hypot(dx, dy) / radius;
          return { nx: (dx / radius) * 0.3 * r, ny: (dy / radius) * 0.3 * r, detail: 1 - 0.08 * r ** 4 };
        },
        shine: 0,
        raised: false,
      };
    case 'ring': {
      // a washer: a flat torus, rounded across its width
      const hole = radius * 0.45;
      const middle = (radius + hole) / 2;
      const halfBand = (radius - hole) / 2;
      return {
        halfWidth: radius,
        halfHeight: radius,
        inside: (dx, dy) => {
          const d2 = dx * dx + dy * dy;
          return d2 <= radius * radius && d2 >= hole * hole;
        },
        surface: (dx, dy) => {
          const d = Math.hypot(dx, dy) || 1;
          const across = Math.max(-1, Math.min(1, (d - middle) / halfBand));
          return { nx: (dx / d) * across * 0.7, ny: (dy / d) * across * 0.7, detail: 1 };
        },
        shine: 0.3,
        raised: true,
      };
    }
    case 'hexagon': {
      // a nut seen from above: a flat face with chamfered edges
      const apothem = (radius * SQRT3) / 2;
      const bevel = radius * 0.2;
      return {
        halfWidth: radius,
        halfHeight: apothem,
        inside: (dx, dy) => {
          const ax = Math.abs(dx);
          const ay = Math.abs(dy);
          return ay <= apothem && SQRT3 * ax + ay <= SQRT3 * radius;
        },
        surface: (dx, dy) => {
          const ax = Math.abs(dx);
          const ay = Math.abs(dy);
          const toFlat = apothem - ay;
          const toSlant = (SQRT3 * radius - SQRT3 * ax - ay) / 2;
          return toFlat < toSlant
            ? bevelled(toFlat, bevel, 0, Math.sign(dy))
            : bevelled(toSlant, bevel, (Math.sign(dx) * SQRT3) / 2, Math.sign(dy) / 2);
        },
        shine: 0.35,
        raised: true,
      };
    }
    case 'rect':
    case 'rounded': {
      const short = radius * random.between(shape === 'rounded' ? 0.3 : 0.5, shape === 'rounded' ? 0.45 : 0.9);
      const lying = random.chance(0.5);
      const [halfWidth, halfHeight] = lying ? [radius, short] : [short, radius];
      const corner = shape === 'rounded' ? short : 0;
      const inside = (dx: number, dy: number) => {
        const qx = Math.abs(dx) - (halfWidth - corner);
        const qy = Math.abs(dy) - (halfHeight - corner);
        if (qx > corner || qy > corner) return false;
        return qx <= 0 || qy <= 0 || qx * qx + qy * qy <= corner * corner;
      };
      if (shape === 'rect') {
        // a clip or tag: flat, with a narrow bevel
        return {
          halfWidth,
          halfHeight,
          inside,
          surface: (dx, dy) => {
            const toX = halfWidth - Math.abs(dx);
            const toY = halfHeight - Math.abs(dy);
            return toX < toY ? bevelled(toX, 3, Math.sign(dx), 0) : bevelled(toY, 3, 0, Math.sign(dy));
          },
          shine: 0.1,
        raised: true,
        };
      }
      // a bolt: a cylinder with round ends, threaded over the part away from its head
      const headEnd = random.chance(0.5) ? 1 : -1;
      const pitch = random.between(4.5, 6.5);
      return {
        halfWidth,
        halfHeight,
        inside,
        surface: (dx, dy) => {
          const along = lying ? dx : dy;
          const across = lying ? dy : dx;
          const beyond = Math.max(0, Math.abs(along) - (radius - corner)) * Math.sign(along);
          const tiltAlong = beyond / corner;
          const tiltAcross = across / corner;
          const threaded = along * headEnd < radius * 0.35 && Math.abs(along) < radius - corner * 0.6;
          const detail = threaded ? 0.9 + 0.1 * Math.cos((2 * Math.PI * along) / pitch) : 1;
          const [nx, ny] = lying ? [tiltAlong, tiltAcross] : [tiltAcross, tiltAlong];
          return { nx: nx * 0.85, ny: ny * 0.85, detail };
        },
        shine: 0.4,
        raised: true,
      };
    }
  }
}
