import { z } from 'zod';
import { detectorClassSetting } from '../../src/api/detector/classes';
import { subjectSchema } from '../../src/api/schemas/subjects';
import { requireAuth, requireTenantAdmin, resolveTenantId } from '../auth/context';
import { canMapSubject } from '../domain/applications';
import { createSubject, deleteSubject, getSubjectRow, listSubjects, toSubject, updateSubject } from '../domain/subjects';
import { forbidden } from '../errors';
import { listOf, nodeId } from '../http/schemas';
import type { RoutesPlugin } from './instance';


const subjectFields = z.object({
  name: z.string().trim().min(1, 'Use 1 to 100 characters.').max(100, 'Use 1 to 100 characters.'),
  description: z.string().max(10_000),
  detector_class: detectorClassSetting,
});

const tenantParams = z.object({ tenantId: nodeId });
const subjectParams = z.object({ subjectUid: nodeId });

export const subjectRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/1/tenants/:tenantId/subjects',
    { schema: { params: tenantParams, response: { 200: listOf(subjectSchema) } } },
    async (request) => ({
      data: await listSubjects(app.db, resolveTenantId(requireAuth(request), request.params.tenantId)),
    }),
  );

  app.post(
    '/1/subjects',
    { schema: { body: subjectFields.partial({ description: true, detector_class: true }), response: { 201: subjectSchema } } },
    async (request, reply) => {
      const auth = requireTenantAdmin(request);
      return reply.status(201).send(await createSubject(app.db, auth.tenantId, auth.email, request.body));
    },
  );

  app.get(
    '/1/subjects/:subjectUid',
    { schema: { params: subjectParams, response: { 200: subjectSchema } } },
    async (request) => toSubject(await getSubjectRow(app.db, requireAuth(request).tenantId, request.params.subjectUid)),
  );

  app.post(
    '/1/subjects/:subjectUid',
    { schema: { params: subjectParams, body: subjectFields.partial(), response: { 200: subjectSchema } } },
    async (request) => {
      const { detector_class: detectorClass, ...fields } = request.body;
      // the detector mapping alone may also be set by a manager of an application that outputs the subject
      const auth = Object.keys(fields).length > 0 ? requireTenantAdmin(request) : requireAuth(request);
      if (!(await canMapSubject(app.db, auth, request.params.subjectUid))) {
        throw forbidden('Only a tenant administrator or a manager of an application that outputs this subject may map it.');
      }
      return updateSubject(app.db, auth.tenantId, request.params.subjectUid, { ...fields, detectorClass });
    },
  );

  app.delete('/1/subjects/:subjectUid', { schema: { params: subjectParams } }, async (request, reply) => {
    await deleteSubject(app.db, requireTenantAdmin(request).tenantId, request.params.subjectUid);
    return reply.status(204).send();
  });
};
