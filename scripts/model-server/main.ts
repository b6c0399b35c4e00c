// `npm run model-server [-- --port 9090 --host 127.0.0.1]`: the reference model server (./server.ts) with the
// built-in detector, until it is stopped (Ctrl-C, SIGTERM) or its parent process ends.
import { parseArgs } from 'node:util';
import { detectCocoObjects } from '../../server/vision/detector/detector';
import { startReferenceServer } from './server';

const { values } = parseArgs({ options: { port: { type: 'string', default: '9090' }, host: { type: 'string', default: '127.0.0.1' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port is a port number (0 to 65535), not ${values.port}.`);
  process.exit(2);
}
const server = await startReferenceServer({ port, host: values.host, detect: (image) => detectCocoObjects(image) });
console.log(`Model server (Label Studio ML backend protocol) listening on ${server.url}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// a parent that dies (a test runner killed) takes the server with it
process.on('disconnect', stop);
