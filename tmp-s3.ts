import { startS3Server } from './server/testing/s3-server';
const s3 = await startS3Server();
console.log(JSON.stringify(s3.env));
setTimeout(() => void s3.stop(), 600_000);
