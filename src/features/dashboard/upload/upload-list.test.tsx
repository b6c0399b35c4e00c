import { render, screen } from '@testing-library/react';
import type { UploadItem } from './upload-queue';
import { UploadList } from './upload-list';

const item = (overrides: Partial<UploadItem>): UploadItem => ({
  id: 1,
  name: 'a.jpg',
  size: 10,
  target: { subjectUid: 's-in', allowDuplicate: false },
  status: 'done',
  progress: 1,
  ...overrides,
});

describe('the upload list', () => {
  it('shows a full bar for a done upload, and for a failed one (all its bytes sent) no bar but why it failed', () => {
    render(
      <UploadList
        items={[item({}), item({ id: 2, name: 'big.mov', status: 'failed', progress: 1, error: 'The file is larger than 25 MiB.' })]}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Upload of a.jpg' })).toHaveAttribute('value', '1');
    expect(screen.queryByRole('progressbar', { name: 'Upload of big.mov' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('big.mov: The file is larger than 25 MiB.');
    expect(screen.getByRole('status')).toHaveTextContent('1 uploaded, 1 failed');
  });
});
