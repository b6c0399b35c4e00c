// Konva's core and the shapes the overlay draws, not the whole library (its filters, text, paths and transformer
// are a fifth of the labelling route's code): react-konva's core entry creates nodes by class name from what has
// been registered, and importing a shape's module registers it.
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Rect';

export { Circle, Layer, Line, Rect, Shape, Stage } from 'react-konva/lib/ReactKonvaCore';
