import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ApiExceptionFilter } from './api-exception.filter';
import { installEnvelope } from './envelope';
import { createValidationPipe, RejectBadTextPipe } from './validation';
import type { FastifyInstance } from 'fastify';
import { API_KEY_HEADERS, API_KEY_WINDOW_MS, installSignedBodyCapture } from '../auth/api-key';

const SIGNING_HELP =
  'API keys (user/apiKeys): a signed request carries X-SWX-APIKEY (the key id), X-SWX-TIMESTAMP ' +
  `(milliseconds since the epoch, within ${API_KEY_WINDOW_MS / 1000} s of the server) and X-SWX-SIGNATURE: ` +
  'hex HMAC-SHA256 under the secret of `timestamp + "\\n" + METHOD + "\\n" + path with query + "\\n" + body` ' +
  '(the body bytes as sent, empty for GET). A signature is accepted once. Scopes: read = GET endpoints (and ' +
  'user/getUserInfo), trade = non-GET order endpoints, withdraw = POST user/withdrawal; an optional IP allowlist. ' +
  'Key management, 2FA, passwords and linking need a session.';

/** What every HTTP process of the platform shares: envelope, errors, validation and the OpenAPI page. */
export function configureHttpApp(app: INestApplication, title = 'SWX platform API'): void {
  app.useGlobalFilters(new ApiExceptionFilter());
  installEnvelope(app);
  installSignedBodyCapture(app.getHttpAdapter().getInstance() as FastifyInstance);
  app.useGlobalPipes(new RejectBadTextPipe(), createValidationPipe());
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(title)
      .setDescription(
        'Every answer is `{ code, result, message }`; `code` 200 is success. The header `virtually: YES` selects the real book, `NO` (or none) the demo book.',
      )
      .addBearerAuth()
      .addApiKey(
        { type: 'apiKey', in: 'header', name: API_KEY_HEADERS.key, description: SIGNING_HELP },
        'api-key',
      )
      .addApiKey({ type: 'apiKey', in: 'header', name: API_KEY_HEADERS.timestamp }, 'api-timestamp')
      .addApiKey({ type: 'apiKey', in: 'header', name: API_KEY_HEADERS.signature }, 'api-signature')
      .build(),
  );
  SwaggerModule.setup('swx/docs', app, document);
}
