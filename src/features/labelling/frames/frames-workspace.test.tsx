import 'vitest-canvas-mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkspace } from '../testing/render-workspace';
import { makeApp, makeMedia, makeRequest } from '../testing/fixtures';
import { frameNeighbours } from './key-frames';

const frame = (n: number) => makeMedia({ media_id: `f${n}`, frame: n, parent_media_ids: ['video'] });
const cat = (x0: number, x1: number) => ({ x0, y0: 10, x1, y1: 40, subject_uid: 'cat' });
const proposal = { subject_uid: 'cat', probability: 0.9, app_data_type: 'box_set' as const, app_data: [{ box: { x0: 300, y0: 300, x1: 350, y1: 350 } }] };

async function renderFrame(answered: Map<string, ReturnType<typeof cat>[]>) {
  const request = { ...makeRequest('f10', [proposal]), media: frame(10) };
  const frames = frameNeighbours(request.media, [frame(0), frame(20), frame(30)], answered);
  return renderWorkspace(makeApp({ type: 'box_detection' }), request, { frames });
}

const boxesInAnswer = (answer: { subjects: { app_data?: unknown }[] } | undefined) => answer?.subjects[0]?.app_data;

describe('a video frame in the workspace', () => {
  beforeAll(() => {
    HTMLImageElement.prototype.decode = () => Promise.resolve();
  });

  it('shows the frames around it with their numbers, this one highlighted and the answered ones ticked', async () => {
    await renderFrame(new Map([['f0', [cat(10, 50)]]]));
    const strip = screen.getByRole('region', { name: 'Frames of the video' });
    const tiles = within(strip).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['0✓', '10', '20', '30']);
    expect(tiles[1]).toHaveAttribute('aria-current', 'true');
    expect(within(strip).getByRole('button', { name: /Copy the boxes/ })).toBeEnabled();
    expect(within(strip).getByRole('button', { name: /Boxes between/ })).toBeDisabled();
  });

  it('C copies the previous answered frame’s boxes in one undo step', async () => {
    const answers = await renderFrame(new Map([['f0', [cat(10, 50), cat(100, 140)]]]));
    await userEvent.keyboard('c');
    expect(screen.getByText('2 boxes')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(screen.getByText('1 box')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Accept and go/ })).toBeEnabled());
    await userEvent.keyboard('{Enter}');
    expect(boxesInAnswer(answers[0])).toEqual([{ box: { x0: 10, y0: 10, x1: 50, y1: 40 } }, { box: { x0: 100, y0: 10, x1: 140, y1: 40 } }]);
  });

  it('I interpolates between the nearest answered frames before and after; undo restores the proposal', async () => {
    const answers = await renderFrame(
      new Map([
        ['f0', [cat(10, 50)]],
        ['f20', [cat(30, 71)]],
        ['f30', [cat(500, 600)]],
      ]),
    );
    await userEvent.keyboard('i');
    expect(screen.getByText('1 box')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}z{/Control}');
    await userEvent.click(screen.getByRole('button', { name: /Boxes between/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Accept and go/ })).toBeEnabled());
    await userEvent.keyboard('{Enter}');
    expect(boxesInAnswer(answers[0])).toEqual([{ box: { x0: 20, y0: 10, x1: 61, y1: 40 } }]);

    await userEvent.keyboard('{Control>}z{/Control}');
    await userEvent.keyboard('{Enter}');
    expect(boxesInAnswer(answers[1])).toEqual([{ box: { x0: 300, y0: 300, x1: 350, y1: 350 } }]);
  });
});
