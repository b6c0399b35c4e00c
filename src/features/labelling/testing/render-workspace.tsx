// Test helper: the workspace on one item, or on a queue of items, in a router, collecting what it answers.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router';
import type { Application } from '../../../api/schemas/application';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import type { FeedbackRequest } from '../../../api/schemas/feedback-requests';
import { TypeRegistryProvider } from '../contract/registry-context';
import { initialAnnotation, LABELLING_TYPES } from './labelling-types';
import { makeRequest } from './fixtures';
import { Workspace } from '../workspace/workspace';
import type { WorkspaceProps } from '../workspace/use-workspace';
import type { ItemAnswers } from '../queue/item-answers';
import { seenLongEnough, useSightStore } from '../view/sight-store';
import { setLookMs, usePreferences } from '../../../lib/preferences';
import { queryClient } from '../../../lib/query-client';

// The canvas is a chunk of its own that the workspace loads once: loaded here, as the test file is, its first load
// (Konva compiled for the test) is not timed as a test's.
await import('../canvas/labelling-canvas');

/** A page's owner of answers that keeps each one at once, in `keep`. */
const collect = (keep: (body: FeedbackResponse) => void): ItemAnswers => ({
  answerItem: (body) => {
    keep(body);
    return Promise.resolve();
  },
});

function ItemWorkspace({ app, request, ...overrides }: { app: Application; request: FeedbackRequest } & Partial<WorkspaceProps>) {
  const initial = initialAnnotation(app, request);
  if (!initial) throw new Error('not labellable');
  return (
    <Workspace
      app={app}
      target={request}
      initial={initial}
      subjectName={(uid) => `Subject ${uid}`}
      upcoming={[]}
      headerStatus={<span>3 pending</span>}
      backTo="/t/t1/apps/app-1"
      answers={collect(() => {})}
      onSkip={null}
      onPrevious={null}
      {...overrides}
    />
  );
}

/** Resolves once the item on screen has been painted and seen for the look time: keys and clicks act on it. */
export async function untilAnswerable() {
  await waitFor(() => {
    const sight = useSightStore.getState();
    if (!sight.mediaId || !seenLongEnough(sight, sight.mediaId, Date.now(), usePreferences.getState().lookMs)) throw new Error('not answerable yet');
  });
}

/** The look time of these tests: none unless a test sets it (a test of the look time itself). */
function withLookMs(lookMs: number) {
  setLookMs(lookMs);
  useSightStore.setState({ mediaId: null, paintedAt: null, refusedAt: null });
}

/** What the app puts around every page: the router, React Query, and the type registry the routes hand in. */
const Around = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>
      <TypeRegistryProvider registry={LABELLING_TYPES}>{children}</TypeRegistryProvider>
    </MemoryRouter>
  </QueryClientProvider>
);

/** Resolves once the canvas (its own chunk) is on the page and its item answerable. */
export async function renderWorkspace(app: Application, request = makeRequest('m1'), overrides: Partial<WorkspaceProps> = {}, { lookMs = 0, waitUntilAnswerable = true } = {}) {
  withLookMs(lookMs);
  const answers: FeedbackResponse[] = [];
  render(
    <Around>
      <ItemWorkspace app={app} request={request} answers={collect((body) => answers.push(body))} {...overrides} />
    </Around>,
  );
  await screen.findByTestId('stage');
  if (waitUntilAnswerable) await untilAnswerable();
  return answers;
}

/** As the queue's page shows items: an answer moves on to the next item at once. */
export async function renderQueue(app: Application, requests: readonly FeedbackRequest[], { lookMs = 0 } = {}) {
  withLookMs(lookMs);
  const answers: FeedbackResponse[] = [];
  function Queue() {
    const [index, setIndex] = useState(0);
    const request = requests[index];
    if (!request) return <p>Nothing left</p>;
    const next = (body: FeedbackResponse) => {
      answers.push(body);
      setIndex(index + 1);
    };
    return <ItemWorkspace app={app} request={request} answers={collect(next)} />;
  }
  render(
    <Around>
      <Queue />
    </Around>,
  );
  await screen.findByTestId('stage');
  return answers;
}
