// The labellers of the feedback benchmark, on a thread of their own so that the service's thread does only the
// service's work, as it would with its clients on other machines.
import { parentPort, workerData } from 'node:worker_threads';
import { workQueue, type LabellersInput } from './labellers';

parentPort!.postMessage(await workQueue(workerData as LabellersInput));
