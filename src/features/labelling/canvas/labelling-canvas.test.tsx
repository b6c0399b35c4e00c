import 'vitest-canvas-mock';
import { act, render, screen } from '@testing-library/react';
import Konva from 'konva';
import { initialAnnotation } from '../type-modules/registry';
import { FIT_PADDING_PX } from './camera-store';
import { fitToView } from '../geometry/camera';
import { makeApp, makeRequest } from '../test-fixtures';
import { LabellingCanvas } from './labelling-canvas';
import { wheelZoomFactor } from './wheel-zoom';

describe('the labelling canvas', () => {
  it('applies every wheel event of a burst that arrives between two renders', () => {
    const request = makeRequest('m1');
    const annotation = initialAnnotation(makeApp(), request)!;
    const viewport = { width: 800, height: 600 };
    const noop = () => {};
    render(
      <LabellingCanvas
        media={request.media}
        focus={null}
        annotation={annotation}
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
    const stage = screen.getByTestId('stage');
    act(() => {
      for (let i = 0; i < 50; i += 1) stage.dispatchEvent(new WheelEvent('wheel', { deltaY: -20, cancelable: true }));
    });

    const fitted = fitToView({ width: request.media.image_width, height: request.media.image_height }, viewport, FIT_PADDING_PX);
    const expected = fitted.scale * wheelZoomFactor({ deltaY: -20, ctrlKey: false }) ** 50;
    expect(Konva.stages.at(-1)!.scaleX()).toBeCloseTo(expected, 10);
  });
});
