import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken({ error }: { error: Error }): never {
  throw error;
}

function renderAt(path: string, error: Error) {
  render(
    <MemoryRouter initialEntries={[path]}>
      {/* Around both pages, as a layout's boundary is: it stays mounted when the address changes. */}
      <RouteErrorBoundary>
        <Routes>
          <Route path="/" element={<h1>Start</h1>} />
          <Route path="/broken" element={<Broken error={error} />} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

describe('RouteErrorBoundary', () => {
  beforeEach(() => {
    // React reports every error a boundary catches; here they are the point of the test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows what failed in place of the page, and the next page once the person goes elsewhere', async () => {
    renderAt('/broken', new Error('The detections could not be read.'));

    expect(screen.getByRole('region', { name: 'Error' })).toHaveTextContent('The detections could not be read.');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to the start' }));
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();
  });

  it('asks for a reload when a page’s code could not be loaded', () => {
    renderAt('/broken', new TypeError('Failed to fetch dynamically imported module: /assets/page.js'));

    expect(screen.getByRole('alert')).toHaveTextContent('A part of the app could not be loaded');
  });
});
