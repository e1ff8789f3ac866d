import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  APP_CONFIG,
  FILE_STORAGE,
  NOTIFICATIONS,
  ApiSuccess,
  AppException,
  Clock,
  ErrorCode,
  SYSTEM_PARAMETERS,
  validateForm,
  imageContentType,
  type AppConfig,
  type FileStorage,
  type MultipartForm,
  type Notifications,
  type SystemParameterReader,
} from '@app/common';
import { AdminAuditService } from '@app/accounts';
import { AdvancedKycForm, KycForm } from './kyc.dto';
import { KycSubmission, type KycFile, type KycLevel } from './entities/kyc-submission.entity';
import { ReviewAlerts } from '@app/queue';

const URL_LIFETIME_MS = 10 * 60 * 1000;
const SLOTS = ['front', 'back', 'inHand', 'signature'] as const;

/** Identity verification (KYC): submission with document photos and a signature, review, private documents. */
@Injectable()
export class KycService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly alerts: ReviewAlerts,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
    @Optional() @Inject(NOTIFICATIONS) private readonly notifications?: Notifications,
  ) {}

  async maxUploadMegabytes(): Promise<number> {
    const value = Number(await this.parameters?.get('upload_max_mb'));
    return Number.isFinite(value) && value > 0 ? value : 2;
  }

  async submit(userId: string, form: MultipartForm): Promise<ApiSuccess<unknown>> {
    const fields = validateForm(KycForm, form.fields);
    const birth = new Date(`${fields.birthdate}T00:00:00Z`);
    const now = this.clock.now();
    const adultSince = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
    if (Number.isNaN(birth.getTime()) || birth > adultSince)
      throw AppException.field('birthdate', 'validation.adultOnly');
    const images = new Map(form.images.map((i) => [i.field, i]));
    const needed = ['front', ...(fields.documentType === 'passport' ? [] : ['back']), 'inHand'];
    const missing = needed.filter((slot) => !images.has(slot));
    if (missing.length)
      throw AppException.validation(missing.map((field) => ({ field, message: 'validation.imageRequired' })));
    const signature = images.get('signature');
    if (!signature) throw AppException.field('signature', 'validation.notSigned');
    if (signature.type !== 'png') throw AppException.field('signature', 'validation.imageFormat');

    const latest = await this.latest(userId);
    if (latest && latest.status !== 'failed') throw new AppException(ErrorCode.AuthenticationStatusWrong);

    const stored = SLOTS.flatMap((slot) => {
      const image = images.get(slot);
      return image && !(slot === 'back' && fields.documentType === 'passport') ? [image] : [];
    });
    return this.store(userId, 'basic', { ...fields }, stored);
  }

  /** Writes the images (only now that everything is valid) and the row; removes the images if the row fails. */
  private async store(
    userId: string,
    level: KycLevel,
    data: Record<string, string>,
    images: MultipartForm['images'],
  ): Promise<ApiSuccess<unknown>> {
    const files: Record<string, KycFile> = {};
    for (const image of images) {
      const key = `kyc/${userId}/${randomUUID()}.${image.type}`;
      await this.storage.put(key, image.buffer, imageContentType(image.type));
      files[image.field] = { path: key, type: image.type };
    }
    try {
      const saved = await this.dataSource.getRepository(KycSubmission).save({
        userId,
        level,
        status: 'pending',
        data,
        files,
        reason: null,
      });
      await this.alerts.submitted(
        level === 'basic' ? 'kyc' : 'advanced_kyc',
        saved.id,
        `${level} verification of user ${userId}`,
      );
      return new ApiSuccess({ id: saved.id, status: 'pending' }, ErrorCode.SubmittedForReview);
    } catch (error) {
      for (const f of Object.values(files)) await this.storage.remove(f.path);
      // Two submissions at once: the partial unique index lets one through.
      if (
        (error as { driverError?: { constraint?: string } }).driverError?.constraint === 'kyc_one_pending'
      ) {
        throw new AppException(ErrorCode.AuthenticationStatusWrong);
      }
      throw error;
    }
  }

  /** The user's KYC state: unverified, pending (within 48 hours), verified or failed with a reason. */
  async status(userId: string, level: KycLevel = 'basic') {
    const latest = await this.latest(userId, true, level);
    if (!latest) return { status: 'unverified', reason: null, submittedAt: null, documents: {} };
    return {
      id: latest.id,
      status: latest.status,
      reason: latest.reason,
      submittedAt: latest.createdAt.toISOString(),
      reviewedAt: latest.reviewedAt?.toISOString() ?? null,
      documents: this.signedUrls(latest, '/swx/customer/user/kycDocument'),
    };
  }

  /** Name, document and drawn signature of the user's verified identity (for agreements). */
  async verifiedIdentity(userId: string) {
    const row = await this.latest(userId, true, 'basic');
    if (row?.status !== 'verified') return null;
    const signature = row.files?.signature;
    return {
      fullName: [row.data.firstName, row.data.lastName].filter(Boolean).join(' ') || null,
      documentType: row.data.documentType ?? null,
      documentNumber: row.data.documentNumber ?? null,
      signaturePng: signature ? await this.storage.get(signature.path) : null,
    };
  }

  isVerified(userId: string, level: KycLevel = 'basic'): Promise<boolean> {
    return this.latest(userId, false, level).then((s) => s?.status === 'verified');
  }

  /**
   * Advanced certification: income, source of wealth, expected investment and proof of assets,
   * only once the identity is verified (10022 before), with its own review.
   */
  async submitAdvanced(userId: string, form: MultipartForm): Promise<ApiSuccess<unknown>> {
    const fields = validateForm(AdvancedKycForm, form.fields);
    if (!(await this.isVerified(userId))) throw new AppException(ErrorCode.NotRealNameVerified);
    const proofs = form.images.filter((i) => /^proof\d?$/.test(i.field));
    if (proofs.length === 0) throw AppException.field('proof', 'validation.imageRequired');
    const latest = await this.latest(userId, false, 'advanced');
    if (latest && latest.status !== 'failed') throw new AppException(ErrorCode.AuthenticationStatusWrong);
    return this.store(userId, 'advanced', { ...fields }, proofs);
  }

  /** A document image through a signed URL that expires (usable in an <img>, no header needed). */
  async document(
    id: string,
    slot: string,
    exp: string,
    sig: string,
  ): Promise<{ type: string; data: Buffer }> {
    const expiresAt = Number(exp);
    if (!/^\d{1,18}$/.test(id) || !Number.isFinite(expiresAt) || expiresAt < Date.now())
      throw new AppException(ErrorCode.NotFound);
    const expected = Buffer.from(this.sign(id, slot, expiresAt), 'hex');
    const given = Buffer.from(/^[0-9a-f]{64}$/.test(sig) ? sig : '', 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new AppException(ErrorCode.NotFound);
    const row = await this.dataSource
      .getRepository(KycSubmission)
      .createQueryBuilder('k')
      .addSelect('k.files')
      .where('k.id = :id', { id })
      .getOne();
    const file = row?.files[slot];
    if (!file) throw new AppException(ErrorCode.NotFound);
    const data = await this.storage.get(file.path);
    if (!data) throw new AppException(ErrorCode.NotFound);
    return { type: imageContentType(file.type), data };
  }

  async reviewView(id: string) {
    if (!/^\d{1,18}$/.test(id)) throw new AppException(ErrorCode.NotFound);
    const row = await this.withFiles().where('k.id = :id', { id }).getOne();
    if (!row) throw new AppException(ErrorCode.NotFound);
    return this.adminView(row);
  }

  adminView(row: KycSubmission) {
    return {
      id: row.id,
      userId: row.userId,
      level: row.level,
      status: row.status,
      data: row.data,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      documents: row.files ? this.signedUrls(row, '/swx/admin/kyc/document') : {},
    };
  }

  async decide(id: string, adminId: string, ip: string, decision: 'verified' | 'failed', reason?: string) {
    if (decision === 'failed' && !reason)
      throw AppException.field('reason', 'validation.rejectReasonRequired');
    if (!/^\d{1,18}$/.test(id)) throw new AppException(ErrorCode.NotFound);
    const row = await this.dataSource.transaction(async (m) => {
      const k = await m
        .getRepository(KycSubmission)
        .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!k) throw new AppException(ErrorCode.NotFound);
      if (k.status !== 'pending') {
        if (k.status === decision) return k;
        throw new AppException(ErrorCode.Conflict);
      }
      k.status = decision;
      k.reason = reason ?? null;
      k.reviewedBy = adminId;
      k.reviewedAt = new Date();
      await m.save(k);
      await this.audit.record(
        { adminId, action: `kyc.${decision}`, targetType: 'kyc', targetId: id, detail: { reason }, ip },
        m,
      );
      await this.tellResult(k, m);
      return k;
    });
    return this.reviewView(row.id);
  }

  /** The user hears the review's result (the bell, live on their socket) when the decision commits. */
  private async tellResult(k: KycSubmission, m: EntityManager): Promise<void> {
    const what = k.level === 'advanced' ? 'advanced' : 'kyc';
    const result = k.status === 'verified' ? 'Approved' : 'Rejected';
    await this.notifications?.notify(
      {
        userId: k.userId,
        type: 'kyc',
        key: `kyc-${k.status}-${k.id}`,
        title: `message.${what}${result}Title`,
        body: `message.${what}${result}Body`,
        params: { reason: k.reason ?? '' },
        refType: k.level === 'advanced' ? 'kyc_advanced' : 'kyc',
        refId: k.id,
      },
      m,
    );
  }

  private withFiles() {
    return this.dataSource.getRepository(KycSubmission).createQueryBuilder('k').addSelect('k.files');
  }

  private latest(userId: string, files = false, level: KycLevel = 'basic'): Promise<KycSubmission | null> {
    const qb = files
      ? this.withFiles()
      : this.dataSource.getRepository(KycSubmission).createQueryBuilder('k');
    return qb
      .where('k.user_id = :userId AND k.level = :level', { userId, level })
      .orderBy('k.id', 'DESC')
      .getOne();
  }

  private signedUrls(row: KycSubmission, base: string): Record<string, string> {
    const expiresAt = Date.now() + URL_LIFETIME_MS;
    return Object.fromEntries(
      Object.keys(row.files ?? {}).map((slot) => [
        slot,
        `${base}/${row.id}/${slot}?exp=${expiresAt}&sig=${this.sign(row.id, slot, expiresAt)}`,
      ]),
    );
  }

  private sign(id: string, slot: string, expiresAt: number): string {
    return createHmac('sha256', this.config.jwtSecret).update(`kyc:${id}:${slot}:${expiresAt}`).digest('hex');
  }
}
