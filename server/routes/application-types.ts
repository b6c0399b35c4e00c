import { z } from 'zod';
import { APPLICATION_TYPES, applicationTypeInfo, applicationTypeInfoSchema } from '../../src/api/schemas/application-types';
import type { ApplicationType } from '../../src/api/types';
import { notFound } from '../errors';
import type { RoutesPlugin } from './instance';
import { listOf } from '../http/schemas';

const isApplicationType = (type: string): type is ApplicationType => (APPLICATION_TYPES as readonly string[]).includes(type);

/** The application types and what each takes as feedback (from the per-type modules of the contract). */
export const applicationTypeRoutes: RoutesPlugin = async (app) => {
  app.get('/1/applications/all/types', { schema: { response: { 200: listOf(applicationTypeInfoSchema) } } }, async () => ({
    data: APPLICATION_TYPES.map(applicationTypeInfo),
  }));

  app.get(
    '/1/applications/all/types/:type',
    { schema: { params: z.object({ type: z.string().max(100) }), response: { 200: applicationTypeInfoSchema } } },
    async (request) => {
      const { type } = request.params;
      if (!isApplicationType(type)) throw notFound('Application type not found.');
      return applicationTypeInfo(type);
    },
  );
};
