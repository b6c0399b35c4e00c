import type { Context } from 'konva/lib/Context';

/** What painting paths takes of a Konva context: the overlay's painters use no more (overlay-canvas.ts measures them). */
export type PathPainter = Pick<Context, 'beginPath' | 'moveTo' | 'lineTo' | 'rect' | 'arc' | 'setLineDash' | 'setAttr' | 'fill' | 'stroke'>;
