// Coordinate spaces have distinct types so that a screen point can never be used as an image point by accident.
// Image space: pixels of the media, origin top-left. Screen space: CSS pixels of the canvas, origin top-left.

declare const space: unique symbol;

export type ImagePoint = { readonly x: number; readonly y: number } & { readonly [space]: 'image' };
export type ScreenPoint = { readonly x: number; readonly y: number } & { readonly [space]: 'screen' };

export const imagePoint = (x: number, y: number) => ({ x, y }) as ImagePoint;
export const screenPoint = (x: number, y: number) => ({ x, y }) as ScreenPoint;

/** An axis-aligned box in image pixels with x0 <= x1 and y0 <= y1 (the interface's box shape). */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** The eight resize handles of a box, by compass direction. */
export const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Handle = (typeof HANDLES)[number];

/** Stage transform: screen = image * scale + (x, y). */
export interface Camera {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}
