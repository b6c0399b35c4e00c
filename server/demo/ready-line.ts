/** The start of the line the service prints once the demo's queues are filled and its history written (the end-to-end set-up waits for it). */
export const DEMO_READY_LINE = 'Demo data ready:';
