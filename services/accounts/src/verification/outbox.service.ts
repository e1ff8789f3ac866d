import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { OutboxMessage } from './entities/outbox-message.entity';
import { EMAIL_SENDER, SMS_SENDER, type EmailSender, type SmsSender } from './senders/message-senders';

/**
 * Every e-mail and SMS is written to the outbox first. With a provider configured it is then sent;
 * without one (the embedded default) it stays there and in the log, where reviewers and tests read it.
 */
@Injectable()
export class OutboxService {
  private readonly logger = new Logger('Outbox');

  constructor(
    @InjectRepository(OutboxMessage) private readonly messages: Repository<OutboxMessage>,
    @Optional() @Inject(EMAIL_SENDER) private readonly email?: EmailSender,
    @Optional() @Inject(SMS_SENDER) private readonly sms?: SmsSender,
  ) {}

  async deliver(
    channel: 'email' | 'sms',
    recipient: string,
    subject: string | null,
    body: string,
  ): Promise<void> {
    const message = await this.messages.save(
      this.messages.create({
        channel,
        recipient,
        subject,
        body,
        status: 'stored',
        error: null,
        sentAt: null,
      }),
    );
    const sender = channel === 'email' ? this.email : this.sms;
    if (!sender) {
      this.logger.log(`${channel} to ${recipient} kept in the outbox (#${message.id}): ${body}`);
      return;
    }
    try {
      if (channel === 'email') await this.email!.send(recipient, subject ?? '', body);
      else await this.sms!.send(recipient, body);
      await this.messages.update(message.id, { status: 'sent', sentAt: new Date() });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.logger.warn(`${channel} to ${recipient} failed: ${text}`);
      await this.messages.update(message.id, { status: 'failed', error: text.slice(0, 500) });
    }
  }
}
