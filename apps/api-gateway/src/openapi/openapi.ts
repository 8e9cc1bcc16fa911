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
    .build();
  const document = SwaggerModule.createDocument(app, { ...config, webhooks: eventWebhooks() } as typeof config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
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
