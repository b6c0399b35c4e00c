import { z } from 'zod';
import type { VersionRecord } from '../../src/api/schemas/identity';
import type { RoutesPlugin } from './instance';

const versionSchema = z.object({
  version: z.string(),
  build_number: z.number().int(),
  build_time: z.string(),
}) satisfies z.ZodType<VersionRecord>;

export const versionRoutes: RoutesPlugin = async (app) => {
  app.get('/1/version', { config: { auth: 'none' }, schema: { response: { 200: versionSchema } } }, async () => ({
    version: '1',
    build_number: app.config.build.number,
    build_time: app.config.build.time,
  }));
};
