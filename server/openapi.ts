import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';

const API_PATH = /^\/\d+\//;
const REQUEST_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

/** The JSON Schema of a zod schema, as a request parses it (`input`) or a response writes it (`output`). */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof z.core.$ZodType)) return schema;
  // Refinements and transforms have no JSON Schema; the document shows the shape they apply to.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return json;
}

const SECURITY = { bearer: [{ bearer: [] }], basic: [{ basic: [] }], user: [{ basic: [] }, { bearer: [] }], none: [] };

/** Route schemas are zod: each part becomes JSON Schema; routes outside the API (the app's files) are hidden. */
const transform: SwaggerTransform = ({ schema, url, route }) => {
  const given: FastifySchema = schema ?? {};
  if (!API_PATH.test(url)) return { schema: { ...given, hide: true }, url };
  const converted: Record<string, unknown> = { ...given, security: SECURITY[route.config?.auth ?? 'bearer'] };
  for (const part of REQUEST_PARTS) {
    if (given[part] !== undefined) converted[part] = jsonSchemaOf(given[part], 'input');
  }
  if (given.response && typeof given.response === 'object') {
    converted.response = Object.fromEntries(
      Object.entries(given.response).map(([status, response]) => [status, jsonSchemaOf(response, 'output')]),
    );
  }
  return { schema: converted as FastifySchema, url };
};

/**
 * The OpenAPI document of every route, generated from the route schemas and served without credentials at
 * `GET /1/openapi.json`. Register before the routes: the generator records routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Looplabel local service',
        version: '1',
        description: 'A self-hosted implementation of the Vision Application Service interface. See docs/api.md.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform,
  });
  app.get('/1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
