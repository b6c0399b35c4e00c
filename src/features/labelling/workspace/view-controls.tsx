import { selectZoomPercent } from '../view/camera-store';
import { useThrottledCamera } from '../view/throttled-camera';
import type { WorkspaceAction } from '../contract/type-module';
import { ActionButton } from '../shortcuts/action-button';

export interface ViewControlsProps {
  showMarks: boolean;
  onShowMarks: (show: boolean) => void;
  brightness: number;
  onBrightness: (value: number) => void;
  contrast: number;
  onContrast: (value: number) => void;
  action: (id: string) => WorkspaceAction | undefined;
  perform: (id: string) => void;
}

/** Zoom (with its level), marks on or off, brightness and contrast (applied as a CSS filter on the image layer only). */
export function ViewControls(props: ViewControlsProps) {
  const { action, perform } = props;
  const zoomPercent = useThrottledCamera(selectZoomPercent);
  return (
    <fieldset className="view-controls">
      <legend>View</legend>
      <div className="view-controls__zoom">
        {['zoom-out', 'fit-view', 'zoom-actual', 'zoom-in'].map((id) => (
          <ActionButton key={id} action={action(id)} onPerform={perform} variant="ghost" />
        ))}
        {/* Image pixels to screen pixels: 100% is 1:1. */}
        <output aria-label="Zoom" className="view-controls__readout">
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
