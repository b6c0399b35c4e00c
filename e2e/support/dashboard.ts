// What the dashboard specs share: the demo applications, and images to upload.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { listApplications } from '../../src/api/endpoints/applications';
import type { Application } from '../../src/api/schemas/application';
import { CAPTURE_APP_NAMES, INSPECTION_LINE_APP_NAMES, PHOTO_APP_NAMES } from './demo-apps';
import { apiAs, DEMO } from './fixtures';
import type { RunningService } from './service';

/** The demo applications a labeller labels, in the dashboard's order. */
export const LABELLED_DEMO_APP_NAMES = [...PHOTO_APP_NAMES, ...INSPECTION_LINE_APP_NAMES];
export const DEMO_APP_NAMES = [...LABELLED_DEMO_APP_NAMES, ...CAPTURE_APP_NAMES];

export async function demoApp(service: RunningService, name: string): Promise<Application> {
  const api = await apiAs(service, DEMO.manager);
  const { data } = await listApplications(api);
  return data.find((application) => application.name === name)!;
}

export async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
}

export const applicationsTable = (page: Page) => page.getByRole('table', { name: 'Applications' });
