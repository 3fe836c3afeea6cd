import { generateOpenApiDocument, type OpenApiRouter } from 'trpc-to-openapi';
import { collectRestRoutes } from './rest';

type Responses = Record<string, unknown>;
type Operation = {
  responses?: Responses;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
};

const errorRef = { $ref: '#/components/schemas/Error' };

const ERROR_SCHEMAS = {
  Error: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: {
            type: 'string',
            enum: [
              'BAD_REQUEST',
              'UNAUTHORIZED',
              'FORBIDDEN',
              'NOT_FOUND',
              'METHOD_NOT_ALLOWED',
              'CONFLICT',
              'PAYLOAD_TOO_LARGE',
              'TOO_MANY_REQUESTS',
              'SERVICE_UNAVAILABLE',
            ],
          },
          message: { type: 'string' },
        },
      },
    },
  },
  ValidationError: {
    type: 'object',
    required: ['message', 'errors'],
    properties: {
      message: { type: 'string', example: 'The name field is required. (and 2 more errors)' },
      errors: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' } },
        example: { name: ['The name field is required.'] },
      },
    },
  },
  ServerError: {
    type: 'object',
    required: ['message', 'error'],
    properties: { message: { type: 'string' }, error: { type: 'string' } },
  },
  PlainMessage: {
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' } },
  },
};

const content = (schema: unknown) => ({ 'application/json': { schema } });
const retryAfter = {
  'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' },
};

function errorResponses(method: string, isProtected: boolean, path: string): Responses {
  const responses: Responses = {};
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
  if (hasBody) {
    responses['400'] = {
      description: 'Unreadable body (malformed JSON, wrong content type)',
      content: content(errorRef),
    };
  }
  if (isProtected) {
    responses['401'] = {
      description: 'Token missing, invalid or expired',
      content: content(
        path === '/auth/me' ? { $ref: '#/components/schemas/PlainMessage' } : errorRef,
      ),
    };
    responses['403'] = {
      description: 'Not a member, no permission, or suspended',
      content: content(errorRef),
    };
  }
  responses['404'] = { description: 'Unknown route or record', content: content(errorRef) };
  responses['405'] = { description: 'Known path, other method', content: content(errorRef) };
  if (method !== 'GET')
    responses['409'] = {
      description: 'The state of a record forbids the action',
      content: content(errorRef),
    };
  if (hasBody)
    responses['413'] = { description: 'JSON body over 1 MB', content: content(errorRef) };
  responses['422'] = {
    description: 'Validation failed',
    content: content({ $ref: '#/components/schemas/ValidationError' }),
  };
  responses['429'] = {
    description: 'Rate limit exceeded',
    headers: retryAfter,
    content: content(errorRef),
  };
  responses['500'] = {
    description: 'Server failure',
    content: content({ $ref: '#/components/schemas/ServerError' }),
  };
  responses['503'] = {
    description: 'Database or identity provider unreachable, or feature switched off',
    headers: retryAfter,
    content: content(errorRef),
  };
  return responses;
}

/**
 * The OpenAPI 3 document of every REST route. The adapter describes its own error shape;
 * this replaces it with the DESIGN 5 bodies and gives creating POSTs their 201.
 */
export function buildOpenApiDocument(router: OpenApiRouter, baseUrl: string) {
  const document = generateOpenApiDocument(router, {
    title: 'Equestrian Platform API',
    description:
      'REST interface of the Equestrian Platform: riding schools (students, instructors, classes, schedules, attendance, horses, payments, competitions) and platform administration. Authenticate with an OIDC ID token: `Authorization: Bearer <token>`.',
    version: '1.0.0',
    baseUrl,
    securitySchemes: { Authorization: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...ERROR_SCHEMAS },
  } as typeof document.components;

  for (const route of collectRestRoutes(router)) {
    const item = document.paths?.[route.path] as Record<string, Operation> | undefined;
    const operation = item?.[route.method.toLowerCase()];
    if (!operation) continue;
    const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
      status.startsWith('2'),
    );
    const successResponses = Object.fromEntries(
      success.map(([status, value]) => [
        route.meta.successStatus ? String(route.meta.successStatus) : status,
        route.meta.produces
          ? {
              description: (value as { description?: string }).description,
              content: { [route.meta.produces]: { schema: { type: 'string' } } },
            }
          : route.meta.download
            ? {
                description: 'The file, with its stored type and `Content-Disposition`.',
                content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
              }
            : value,
      ]),
    );
    const isProtected = route.meta.openapi?.protect !== false;
    operation.responses = {
      ...successResponses,
      ...errorResponses(route.method, isProtected, route.path),
    };
    if (!isProtected) operation.security = [];
    const upload = route.meta.upload;
    const json = operation.requestBody?.content?.['application/json'];
    if (upload && json) {
      // The wrapper also takes the file as a multipart part (server/http/rest.ts).
      operation.requestBody!.content!['multipart/form-data'] = {
        schema: {
          type: 'object',
          required: [upload.field],
          properties: {
            ...((json.schema as { properties?: object } | undefined)?.properties ?? {}),
            [upload.field]: {
              type: 'string',
              format: 'binary',
              description: `At most ${upload.maxBytes} bytes${upload.binary ? '; in JSON, the bytes in base64' : ''}`,
            },
          },
        },
      };
    }
  }
  return document;
}
