import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { CountingLine, LinePoint } from '../../../../api/application-types/line-crossing';
import { clickAt, IDLE, moveEnd, sideLabels, type Gesture, type LineEnd } from './line-drawing';

interface LineEditorProps {
  imageUrl: string;
  lines: readonly CountingLine[];
  onChange: (lines: readonly CountingLine[]) => void;
  disabled: boolean;
}

const NUDGE: Record<string, LinePoint> = { ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 }, ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 } };

/**
 * Counting lines drawn on a picture of the input subject, in the picture's own pixels: click two points to add a
 * line, drag an end (or focus it and use the arrow keys, Shift for 10 px) to move it, Escape to drop a half-placed line.
 */
export function LineEditor({ imageUrl, lines, onChange, disabled }: LineEditorProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [gesture, setGesture] = useState<Gesture>(IDLE);

  function pointerAt(event: PointerEvent): LinePoint | null {
    const rect = svgRef.current?.getBoundingClientRect();
    if (!rect || !size || rect.width === 0) return null;
    return { x: Math.round(((event.clientX - rect.left) * size.width) / rect.width), y: Math.round(((event.clientY - rect.top) * size.height) / rect.height) };
  }

  function handleBackgroundDown(event: PointerEvent) {
    const point = pointerAt(event);
    if (disabled || !point || gesture.mode === 'dragging') return;
    const next = clickAt(gesture, lines, point);
    setGesture(next.gesture);
    if (next.lines !== lines) onChange(next.lines);
  }

  function handleMove(event: PointerEvent) {
    const point = pointerAt(event);
    if (gesture.mode === 'dragging' && point && size) onChange(moveEnd(lines, gesture.index, gesture.end, point, size));
  }

  function handleEndKey(event: KeyboardEvent, index: number, end: LineEnd) {
    const step = NUDGE[event.key];
    if (!step || !size) return;
    event.preventDefault();
    const scale = event.shiftKey ? 10 : 1;
    const at = lines[index]![end];
    onChange(moveEnd(lines, index, end, { x: at.x + step.x * scale, y: at.y + step.y * scale }, size));
  }

  const stroke = size ? Math.max(size.width, size.height) / 300 : 1;
  return (
    <div className="line-editor">
      <img src={imageUrl} alt="A recent picture of the input subject" onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })} />
      {size && (
        <svg
          ref={svgRef}
          className="line-editor__overlay"
          viewBox={`0 0 ${size.width} ${size.height}`}
          aria-label="Counting lines: click two points to add a line"
          role="group"
          tabIndex={-1}
          onPointerDown={handleBackgroundDown}
          onPointerMove={handleMove}
          onPointerUp={() => gesture.mode === 'dragging' && setGesture(IDLE)}
          onKeyDown={(event) => event.key === 'Escape' && setGesture(IDLE)}
        >
          {lines.map((line, index) => {
            const labels = sideLabels(line, stroke * 8);
            return (
              <g key={index}>
                <line x1={line.start.x} y1={line.start.y} x2={line.end.x} y2={line.end.y} className="line-editor__line" strokeWidth={stroke * 1.5} />
                <text x={labels.a.x} y={labels.a.y} fontSize={stroke * 9} className="line-editor__side">A</text>
                <text x={labels.b.x} y={labels.b.y} fontSize={stroke * 9} className="line-editor__side">B</text>
                {(['start', 'end'] as const).map((end) => (
                  <circle
                    key={end}
                    cx={line[end].x}
                    cy={line[end].y}
                    r={stroke * 4}
                    className="line-editor__end"
                    tabIndex={disabled ? -1 : 0}
                    role="button"
                    aria-label={`${end === 'start' ? 'Start' : 'End'} of ${line.name} at ${line[end].x}, ${line[end].y}: arrow keys move it`}
                    onPointerDown={(event) => {
                      event.stopPropagation();
                      if (!disabled) setGesture({ mode: 'dragging', index, end });
                    }}
                    onKeyDown={(event) => handleEndKey(event, index, end)}
                  />
                ))}
              </g>
            );
          })}
          {gesture.mode === 'placing' && <circle cx={gesture.start.x} cy={gesture.start.y} r={stroke * 4} className="line-editor__pending" />}
        </svg>
      )}
    </div>
  );
}
