/** The screen the workspace benchmarks use: a laptop's full-HD screen at twice the density (four times the pixels
 * of 1280×800 at 1, in every frame the canvas draws). */
export const SCREEN = { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 };
