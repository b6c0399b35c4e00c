// Test helper: the workspace on one item, in a router, collecting what it answers.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Application } from '../../../api/schemas/application';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import { initialAnnotation } from '../type-modules/registry';
import { makeRequest } from '../test-fixtures';
import { Workspace, type WorkspaceProps } from './workspace';

// The canvas is a chunk of its own that the workspace loads once: loaded here, as the test file is, its first load
// (Konva compiled for the test) is not timed as a test's.
await import('../canvas/labelling-canvas');

/** Resolves once the canvas (its own chunk) is on the page. */
export async function renderWorkspace(app: Application, request = makeRequest('m1'), overrides: Partial<WorkspaceProps> = {}) {
  const answers: FeedbackResponse[] = [];
  const initial = initialAnnotation(app, request);
  if (!initial) throw new Error('not labellable');
  render(
    <MemoryRouter>
      <Workspace
        app={app}
        target={request}
        initial={initial}
        subjectName={(uid) => `Subject ${uid}`}
        upcoming={[]}
        headerStatus={<span>3 pending</span>}
        backTo="/t/t1/apps/app-1"
        onAnswer={(body) => answers.push(body)}
        onSkip={null}
        onPrevious={null}
        {...overrides}
      />
    </MemoryRouter>,
  );
  await screen.findByTestId('stage');
  return answers;
}
