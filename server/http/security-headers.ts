import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content Security Policy of every answer: the app's page, its files and the API. It allows exactly what the
 * built app uses (docs/service.md, "Callbacks and headers", gives the reason for each source):
 * scripts, styles, fetches and its one Web Worker (click-to-box) from its own origin; images from its own origin
 * (media, the favicon) and `data:` (the canvas cursors are inline SVG); inline styles (React and Konva set style
 * attributes); no plug-ins, no framing, no other base or form target, no eval.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  workerSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The policy of the app's Web Worker scripts (`/assets/*.worker-*.js`), which a dedicated worker follows instead of
 * its page's: the same, except that scripts may compile WebAssembly and use `new Function`, as OpenCV.js (GrabCut,
 * loaded by the click-to-box worker) does for its bindings. The page itself keeps "no eval".
 */
export const WORKER_CONTENT_SECURITY_POLICY = Object.entries({
  ...CONTENT_SECURITY_POLICY,
  scriptSrc: ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"],
})
  .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
  .join(';');

/** Whether a file of the built app is a Web Worker's script (Vite names them `<name>.worker-<hash>.js`). */
export const isWorkerScript = (filePath: string) => /\.worker-[\w-]+\.js$/.test(filePath);

/**
 * Security headers on every answer, through helmet: the CSP above, `X-Frame-Options: DENY`, `Referrer-Policy:
 * no-referrer` and `X-Content-Type-Options: nosniff`, with helmet's other defaults (cross-origin isolation of the
 * window and resources; media answers widen their resource policy themselves so that a page elsewhere may show them).
 * Strict-Transport-Security is left to the transport rules, which send it only over TLS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
}
