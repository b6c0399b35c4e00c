import type { CountingLine, LinePoint } from '../../../src/api/application-types/line-crossing';
import type { CrossingDirection, LineCount, TrackedBox } from '../../../src/api/application-types/sequence-data';

/**
 * Where a tracked box stands: its bottom centre, the point where a walker or a vehicle meets the ground, which is
 * where a line drawn on a doorway, a kerb or a lane is crossed (the box's centre, at a person's waist, crosses a
 * ground line in perspective too early or too late).
 */
const standingPoint = ({ box }: Pick<TrackedBox, 'box'>): LinePoint => ({ x: (box.x0 + box.x1) / 2, y: box.y1 });

/** −1 on side A (left of start → end, y pointing down), 1 on side B, 0 on the line. */
function sideOf(line: CountingLine, point: LinePoint): -1 | 0 | 1 {
  const cross = (line.end.x - line.start.x) * (point.y - line.start.y) - (line.end.y - line.start.y) * (point.x - line.start.x);
  return cross < 0 ? -1 : cross > 0 ? 1 : 0;
}

/** Whether the step from `from` to `to` passes between the line's ends (or through one of them). */
function passesBetweenEnds(line: CountingLine, from: LinePoint, to: LinePoint): boolean {
  const side = (point: LinePoint) => (to.x - from.x) * (point.y - from.y) - (to.y - from.y) * (point.x - from.x);
  return side(line.start) * side(line.end) <= 0;
}

interface Standing {
  side: -1 | 1;
  point: LinePoint;
}

/**
 * Counts tracks crossing each line, per direction, frame after frame. A crossing is a track's standing point going
 * from one side of the line to the other between the line's ends; a point exactly on the line is on neither side,
 * so a track that touches the line and turns back is not counted, and one that stops on it and goes on is counted
 * once. Every crossing counts, so a track crossing back and forth counts in both directions.
 */
export class CrossingCounter {
  private readonly lastSide = new Map<string, Standing>();
  private readonly totals: Map<string, Record<CrossingDirection, number>>;

  constructor(private readonly lines: readonly CountingLine[]) {
    this.totals = new Map(lines.map((line) => [line.name, { a_to_b: 0, b_to_a: 0 }]));
  }

  /** Takes one frame's tracks; returns each line's totals so far and the crossings on this frame. */
  step(tracks: readonly Pick<TrackedBox, 'track_id' | 'box'>[]): LineCount[] {
    return this.lines.map((line) => {
      const totals = this.totals.get(line.name)!;
      const crossedNow: LineCount['crossed_now'] = [];
      for (const track of tracks) {
        const point = standingPoint(track);
        const side = sideOf(line, point);
        if (side === 0) continue;
        const key = `${line.name}\u0000${track.track_id}`;
        const before = this.lastSide.get(key);
        if (before && before.side !== side && passesBetweenEnds(line, before.point, point)) {
          const direction: CrossingDirection = side === 1 ? 'a_to_b' : 'b_to_a';
          totals[direction] += 1;
          crossedNow.push({ track_id: track.track_id, direction });
        }
        this.lastSide.set(key, { side, point });
      }
      return { line: line.name, ...totals, crossed_now: crossedNow };
    });
  }
}
