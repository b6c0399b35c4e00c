import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TENANT_NAME } from '../../server/demo/seed-identity';
import { UsageError } from '../cli/args';
import { parseImportArgs } from './args';

describe('parseImportArgs', () => {
  it('reads the folder, subject, URL, credentials and tenant', () => {
    const args = parseImportArgs(
      ['photos', '--subject', 'Belt', '--url', 'http://127.0.0.1:9000/', '--email', 'a@b.test', '--password', 'pw', '--tenant', 'Lab'],
      {},
    );
    expect(args).toEqual({
      mode: 'folder',
      baseUrl: 'http://127.0.0.1:9000',
      folder: 'photos',
      subject: 'Belt',
      credentials: { email: 'a@b.test', password: 'pw' },
      tenant: 'Lab',
      concurrency: 4,
    });
  });

  it('takes credentials from the environment, and the demo admin in the demo tenant when there are none', () => {
    const fromEnv = parseImportArgs(['p', '--subject', 's'], { LOOPLABEL_EMAIL: 'e@x.test', LOOPLABEL_PASSWORD: 'secret' });
    expect(fromEnv.credentials).toEqual({ email: 'e@x.test', password: 'secret' });
    expect(fromEnv.tenant).toBeUndefined();
    expect(fromEnv.baseUrl).toBe('http://127.0.0.1:8080');

    const demo = parseImportArgs(['p', '--subject', 's'], {});
    expect(demo.credentials).toEqual({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD });
    expect(demo.tenant).toBe(DEMO_TENANT_NAME);
  });

  it('reads label files, the format, the application and, for predictions, the model', () => {
    const argv = ['--labels', 'a.json', '--labels', 'labels/', '--format', 'yolo', '--app', 'app_1', '--as', 'predictions', '--model', 'yolov8n', '--api-key', 'k'];
    expect(parseImportArgs(argv, {})).toEqual({
      mode: 'labels',
      baseUrl: 'http://127.0.0.1:8080',
      credentials: { apiKey: 'k' },
      tenant: undefined,
      applicationId: 'app_1',
      format: 'yolo',
      as: 'predictions',
      model: 'yolov8n',
      match: 'application',
      paths: ['a.json', 'labels/'],
    });
    expect(parseImportArgs(['--labels', 'a.csv', '--format', 'csv', '--app', 'app_1', '--match', 'tenant'], {})).toMatchObject({
      as: 'labels',
      model: undefined,
      match: 'tenant',
      tenant: DEMO_TENANT_NAME,
    });
  });

  it.each([
    [['--subject', 's'], /exactly one folder/],
    [['a', 'b', '--subject', 's'], /exactly one folder/],
    [['--labels', 'a.json', '--format', 'coco'], /--app/],
    [['--labels', 'a.json', '--app', 'app_1'], /--format coco, yolo, voc, csv/],
    [['--labels', 'a.json', '--app', 'app_1', '--format', 'xml'], /--format/],
    [['--labels', 'a.json', '--app', 'app_1', '--format', 'coco', '--match', 'world'], /--match is application or tenant/],
    [['--labels', 'a.json', '--app', 'app_1', '--format', 'coco', '--as', 'guesses'], /--as is one of labels, gold, predictions/],
    [['--labels', 'a.json', '--app', 'app_1', '--format', 'coco', '--as', 'predictions'], /--model/],
    [['--labels', 'a.json', '--app', 'app_1', '--format', 'coco', '--model', 'm'], /--model/],
    [['photos', '--labels', 'a.json', '--app', 'app_1', '--format', 'coco'], /no folder of images/],
    [['a'], /--subject/],
    [['a', '--subject', 's', '--email', 'x@y.test'], /both --email and --password/],
    [['a', '--subject', 's', '--concurrency', '0'], /--concurrency/],
    [['a', '--subject', 's', '--colour', 'red'], /colour/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseImportArgs(argv, {})).toThrow(UsageError);
    expect(() => parseImportArgs(argv, {})).toThrow(message);
  });
});
