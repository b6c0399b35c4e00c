// Runs a service entry point (the first argument) as a child that ends when its parent does: the parent holds the
// other end of this process's stdin, which closes when the parent exits, however it exits.
import path from 'node:path';

const [entry] = process.argv.splice(2, 1);
if (!entry) throw new Error('Usage: exit-with-parent.ts <entry point> [arguments]');
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
await import(path.resolve(entry));
