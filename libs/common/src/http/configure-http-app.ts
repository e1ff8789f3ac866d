import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ApiExceptionFilter } from './api-exception.filter';
import { installEnvelope } from './envelope';
import { createValidationPipe } from './validation';

/** What every HTTP process of the platform shares: envelope, errors, validation and the OpenAPI page. */
export function configureHttpApp(app: INestApplication, title = 'SWX platform API'): void {
  app.useGlobalFilters(new ApiExceptionFilter());
  installEnvelope(app);
  app.useGlobalPipes(createValidationPipe());
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(title)
      .setDescription(
        'Every answer is `{ code, result, message }`; `code` 200 is success. The header `virtually: YES` selects the real book, `NO` (or none) the demo book.',
      )
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('swx/docs', app, document);
}
