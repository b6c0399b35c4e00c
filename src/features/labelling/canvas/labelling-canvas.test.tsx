import 'vitest-canvas-mock';
import { act, fireEvent, render, screen } from '@testing-library/react';
import Konva from 'konva';
import type { Application } from '../../../api/schemas/application';
import type { FeedbackRequest } from '../../../api/schemas/feedback-requests';
import { initialAnnotation, moduleOf } from '../testing/labelling-types';
import { FIT_PADDING_PX } from '../view/camera-store';
import { fitToView } from '../geometry/camera';
import { makeApp, makeRequest } from '../testing/fixtures';
import { LabellingCanvas } from './labelling-canvas';
import { wheelZoomFactor } from './wheel-zoom';

const viewport = { width: 800, height: 600 };

function renderCanvas(app: Application, request: FeedbackRequest) {
  const noop = () => {};
  return render(
    <LabellingCanvas
      media={request.media}
      focus={null}
      module={moduleOf(initialAnnotation(app, request)!)}
      annotation={initialAnnotation(app, request)!}
      showMarks
      brightness={100}
      contrast={100}
      thresholdOf={() => 0.5}
      subjectName={(uid) => uid}
      viewport={viewport}
      viewportMeasured
      onChange={noop}
      onInput={noop}
    />,
  );
}

describe('the labelling canvas', () => {
  it('has OpenCV.js loaded in the region worker once the pointer first moves over the image, where clicks of the type find objects', () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        addEventListener() {}
        postMessage(message: unknown) {
          posted.push(message);
        }
        terminate() {}
      },
    );
    try {
      const { unmount } = renderCanvas(makeApp({ type: 'classification' }), makeRequest('warm-1'));
      fireEvent.pointerMove(screen.getByTestId('stage'));
      expect(posted).toEqual([]);
      unmount();
      renderCanvas(makeApp({ type: 'box_detection' }), makeRequest('warm-2'));
      // a labeller answering with keys alone never loads it
      expect(posted).toEqual([]);
      fireEvent.pointerMove(screen.getByTestId('stage'));
      fireEvent.pointerMove(screen.getByTestId('stage'));
      expect(posted).toEqual([{ type: 'warm-up' }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('applies every wheel event of a burst that arrives between two renders', () => {
    const request = makeRequest('m1');
    renderCanvas(makeApp(), request);
    const stage = screen.getByTestId('stage');
    act(() => {
      for (let i = 0; i < 50; i += 1) stage.dispatchEvent(new WheelEvent('wheel', { deltaY: -20, cancelable: true }));
    });

    const fitted = fitToView({ width: request.media.image_width, height: request.media.image_height }, viewport, FIT_PADDING_PX);
    const expected = fitted.scale * wheelZoomFactor({ deltaY: -20, ctrlKey: false }) ** 50;
    expect(Konva.stages.at(-1)!.scaleX()).toBeCloseTo(expected, 10);
  });
});
