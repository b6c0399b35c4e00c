import type { RefObject } from 'react';
import { selectZoomPercent, useCameraStore } from '../canvas/camera-store';
import type { CanvasHandle } from '../canvas/labelling-canvas';

export interface ViewControlsProps {
  showMarks: boolean;
  onShowMarks: (show: boolean) => void;
  brightness: number;
  onBrightness: (value: number) => void;
  contrast: number;
  onContrast: (value: number) => void;
  canvas: RefObject<CanvasHandle | null>;
}

/** Zoom (with its level), marks on or off, brightness and contrast (applied as a CSS filter on the image layer only). */
export function ViewControls(props: ViewControlsProps) {
  const { canvas } = props;
  const zoomPercent = useCameraStore(selectZoomPercent);
  return (
    <fieldset className="view-controls">
      <legend>View</legend>
      <div className="view-controls__zoom">
        <button type="button" className="btn btn--ghost" aria-label="Zoom out" title="−" onClick={() => canvas.current?.zoomBy(0.8)}>
          −
        </button>
        <button type="button" className="btn btn--ghost" title="0" onClick={() => canvas.current?.fitToView()}>
          Fit
        </button>
        <button type="button" className="btn btn--ghost" aria-label="Zoom to 1:1" title="1" onClick={() => canvas.current?.actualSize()}>
          1:1
        </button>
        <button type="button" className="btn btn--ghost" aria-label="Zoom in" title="+" onClick={() => canvas.current?.zoomBy(1.25)}>
          +
        </button>
        {/* Image pixels to screen pixels: 100% is 1:1. */}
        <output aria-label="Zoom" style={{ alignSelf: 'center', minWidth: '5ch', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
          {zoomPercent}%
        </output>
      </div>
      <label className="editor__choice">
        <input type="checkbox" checked={props.showMarks} onChange={(event) => props.onShowMarks(event.target.checked)} />
        Show proposal and marks <kbd>H</kbd>
      </label>
      <label className="view-controls__slider">
        Brightness {props.brightness}%
        <input type="range" min={25} max={250} step={5} value={props.brightness} onChange={(event) => props.onBrightness(Number(event.target.value))} />
      </label>
      <label className="view-controls__slider">
        Contrast {props.contrast}%
        <input type="range" min={25} max={250} step={5} value={props.contrast} onChange={(event) => props.onContrast(Number(event.target.value))} />
      </label>
    </fieldset>
  );
}
