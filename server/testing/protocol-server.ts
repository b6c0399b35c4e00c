// A model server for tests speaking Label Studio's ML backend protocol: a real HTTP server on 127.0.0.1 that records
// each request and answers it as the test says (JSON, a status, never, or a flood of bytes).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProtocolRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

/** How the server answers: JSON with a status (200 by default), `hang` (never), or `flood` (bytes without end). */
export type ProtocolAnswer = { status?: number; json: unknown } | 'hang' | 'flood';

export interface ProtocolServer {
  url: string;
  requests: ProtocolRequest[];
  /** The requests to one path (`/predict`). */
  to(path: string): ProtocolRequest[];
  close(): Promise<void>;
}

/** Answers as a Label Studio ML backend does by default: up, set up at version `v1`, no predictions, webhooks taken. */
const DEFAULT_ANSWERS: Record<string, ProtocolAnswer> = {
  '/health': { json: { status: 'UP', model_class: 'TestModel' } },
  '/setup': { json: { model_version: 'v1' } },
  '/predict': { json: { results: [] } },
  '/webhook': { status: 201, json: {} },
};

export async function startProtocolServer(answer: (request: ProtocolRequest, index: number) => ProtocolAnswer | undefined = () => undefined): Promise<ProtocolServer> {
  const requests: ProtocolRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const received: ProtocolRequest = { method: request.method ?? 'GET', path, headers: request.headers, body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>) };
      const index = requests.filter((one) => one.path === path).length;
      requests.push(received);
      const reply = answer(received, index) ?? DEFAULT_ANSWERS[path] ?? { status: 404, json: { error: 'not found' } };
      if (reply === 'hang') return;
      if (reply === 'flood') {
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once('drain', pump);
        };
        return pump();
      }
      response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    to: (path) => requests.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
