// What click-to-box finds, and the pixels it looks at.

/** Pixel `i` covers [i, i + 1): `box` is in pixel edges (x1, y1 exclusive), `centroid` is the mean of pixel centres. */
export interface Region {
  readonly box: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
  readonly centroid: { readonly x: number; readonly y: number };
  readonly area: number;
}

/** Pixels as a canvas gives them: RGBA, row by row. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray | Uint8Array;
}
