// Makes demo scenes on a worker thread of the scene pool (scene-pool.ts): one request at a time, answered in turn.
import { parentPort } from 'node:worker_threads';
import { demoOf } from '../types/registry';
import { generateDemoScene } from '../vision/demo';
import type { SceneReply, SceneRequest } from './scene-pool';

const port = parentPort!;
port.on('message', async (request: SceneRequest) => {
  let reply: SceneReply;
  try {
    reply = { scene: await generateDemoScene(demoOf(request.type), request.seed, request.index) };
  } catch (error) {
    reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
