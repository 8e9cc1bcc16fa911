import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { contractSchemas } from '@app/platform';
import { eventWebhooks } from './webhook-events';

/**
 * The OpenAPI 3.1 document: paths and request bodies from the controllers and DTOs, response
 * bodies from the declared contracts (libs/<domain>/…contract.ts), plus the webhook payloads.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Voice calling service')
    .setDescription(
      'Start outbound calls with AI voice assistants, follow them, fetch transcripts and recordings, and receive ' +
        'call-lifecycle events on your webhooks. Every error answers {code, message} with code equal to the ' +
        'HTTP status.',
    )
    .setVersion('1.0')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description: 'API key (vk_…), created in the API keys area or with the operator CLI',
      },
      'apiKey',
    )
    .addCookieAuth(
      '__Host-vcs_session',
      {
        type: 'apiKey',
        in: 'cookie',
        description:
          'A signed-in person (POST /api/core/auth/login). Writes also need X-CSRF-Token: the csrfToken of ' +
          'GET /api/core/auth/me. Named vcs_session when SESSION_COOKIE_SECURE=false (plain-HTTP development).',
      },
      'session',
    )
    .build();
  const document = SwaggerModule.createDocument(app, { ...config, webhooks: eventWebhooks() } as typeof config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  // Every route a key may call, a signed-in person may call too, with the same roles.
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item) as { security?: Record<string, string[]>[] }[]) {
      if (op?.security?.some((s) => 'apiKey' in s) && !op.security.some((s) => 'session' in s)) {
        op.security.push({ session: [] });
      }
    }
  }
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(contractSchemas() as OpenAPIObject['components']) },
  };
  return document;
}

/** Serves the document at /openapi.json and Swagger UI at /docs (no key needed). */
export function serveOpenApi(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    customSiteTitle: 'Voice calling service API',
  });
}
