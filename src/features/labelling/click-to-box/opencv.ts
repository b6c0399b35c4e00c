// The few OpenCV.js calls GrabCut needs, and the loader. The package (about 13 MB, WebAssembly inside) is imported
// only here and only when this runs: in the browser that is the region worker's first segmentation.

export interface CvMat {
  readonly rows: number;
  readonly cols: number;
  readonly data: Uint8Array;
  roi(rect: CvRect): CvMat;
  delete(): void;
}
type CvRect = { x: number; y: number; width: number; height: number };
type CvSize = { width: number; height: number };

export interface OpenCv {
  readonly CV_8UC1: number;
  readonly COLOR_RGBA2RGB: number;
  readonly INTER_AREA: number;
  readonly GC_INIT_WITH_MASK: number;
  Mat: { new (): CvMat; zeros(rows: number, cols: number, type: number): CvMat };
  Rect: new (x: number, y: number, width: number, height: number) => CvRect;
  Size: new (width: number, height: number) => CvSize;
  matFromImageData(image: { data: Uint8ClampedArray | Uint8Array; width: number; height: number }): CvMat;
  cvtColor(src: CvMat, dst: CvMat, code: number): void;
  resize(src: CvMat, dst: CvMat, size: CvSize, fx: number, fy: number, interpolation: number): void;
  grabCut(image: CvMat, mask: CvMat, rect: CvRect, background: CvMat, foreground: CvMat, iterations: number, mode: number): void;
}

let loading: Promise<OpenCv> | null = null;

/** OpenCV.js, loaded and compiled once (about a second). */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= import('./opencv-module').then(async ({ readyOpenCv }) => (await readyOpenCv()) as OpenCv);
  return loading;
}
