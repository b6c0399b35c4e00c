// Konva's core and the shapes the overlay draws, not the whole library (its filters, text, paths and transformer
// are a fifth of the labelling route's code): react-konva's core entry creates nodes by class name from what has
// been registered, and importing a shape's module registers it.
import Konva from 'konva/lib/Core';
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Rect';

export { Circle, Layer, Line, Rect, Shape, Stage } from 'react-konva/lib/ReactKonvaCore';

// Konva would redraw every layer of the stage whenever the stage's scale or position is set; the canvas draws
// the layers that need it itself (stage-camera.ts, marks-while-moving.ts), and react-konva those it changes.
Konva.autoDrawEnabled = false;
