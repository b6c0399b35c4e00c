// Konva's core only, not the whole library (its shapes, filters, text and transformer would be a fifth of the
// labelling route's code): the canvas draws everything with its own painters in a few Shapes (draw-marks.ts).
import Konva from 'konva/lib/Core';

export { Layer, Shape, Stage } from 'react-konva/lib/ReactKonvaCore';

// Konva would redraw every layer of the stage whenever the stage's scale or position is set; the canvas draws
// the layers that need it itself (stage-camera.ts, marks-plane.ts), and react-konva those it changes.
Konva.autoDrawEnabled = false;
