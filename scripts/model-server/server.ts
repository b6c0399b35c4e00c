import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspectImage } from '../../server/media/inspect';
import type { DetectedObject } from '../../server/vision/detector/objects';
import { askedControl } from './label-config';
import { resultsFor } from './predict';

/** Requests and images larger than this are refused. */
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_IMAGE_BYTES = 25 * 1024 * 1024;

export interface ReferenceServerOptions {
  port: number;
  host: string;
  /** The detector: the built-in COCO CenterNet in `npm run model-server`. */
  detect(image: Buffer): Promise<DetectedObject[]>;
}

export interface ReferenceServer {
  url: string;
  /** The webhook events it received, in order (`ANNOTATION_CREATED`, `START_TRAINING`, …). */
  events: string[];
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('The request is too large.');
    chunks.push(chunk);
  }
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

async function download(url: string, accessToken: string | null): Promise<Buffer> {
  const response = await fetch(url, { headers: accessToken ? { authorization: `Token ${accessToken}` } : {}, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`The image at ${new URL(url).host} answered HTTP ${response.status}.`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_IMAGE_BYTES) throw new Error('The image is too large.');
  return bytes;
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/**
 * The reference model server: Label Studio's ML backend protocol (`/health`, `/setup`, `/predict`, `/webhook`) in
 * front of the service's built-in detector. A release's `START_TRAINING` makes the next model_version, as a server
 * that trained would. It is the end-to-end tests' partner and the template a team copies for its own model.
 */
export async function startReferenceServer({ port, host, detect }: ReferenceServerOptions): Promise<ReferenceServer> {
  const events: string[] = [];
  let version = 1;
  let accessToken: string | null = null;
  const modelVersion = () => `looplabel-centernet-${version}`;

  const predict = async (body: Record<string, unknown>) => {
    const control = askedControl(String(body.label_config ?? ''));
    const tasks = Array.isArray(body.tasks) ? (body.tasks as { data?: { image?: unknown } }[]) : [];
    const results = [];
    for (const task of tasks) {
      const image = typeof task.data?.image === 'string' ? await download(task.data.image, accessToken) : null;
      if (!control || !image) {
        results.push({ result: [], score: 0, model_version: modelVersion() });
        continue;
      }
      const { width, height } = await inspectImage(image);
      results.push({ ...resultsFor(control, { width, height, objects: await detect(image) }), model_version: modelVersion() });
    }
    return { results };
  };

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const answer = async () => {
      if (request.method === 'GET' && (path === '/health' || path === '/')) return send(response, 200, { status: 'UP', model_class: 'LooplabelReference' });
      if (request.method === 'GET' && path === '/metrics') return send(response, 200, { model_version: modelVersion(), webhooks: events });
      if (request.method !== 'POST') return send(response, 404, { error: `No ${request.method} ${path}.` });
      const body = await readJson(request);
      if (path === '/setup') {
        accessToken = typeof body.access_token === 'string' ? body.access_token : null;
        return send(response, 200, { model_version: modelVersion() });
      }
      if (path === '/predict') return send(response, 200, await predict(body));
      if (path === '/webhook') {
        const action = String(body.action ?? '');
        events.push(action);
        if (action === 'START_TRAINING') version += 1;
        return send(response, 201, { status: 'ok', model_version: modelVersion() });
      }
      return send(response, 404, { error: `No POST ${path}.` });
    };
    answer().catch((error: unknown) => send(response, 500, { error: error instanceof Error ? error.message : String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
