import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { REDIS_CLIENT } from '@app/queue';

async function probe(
  check: () => Promise<unknown>,
): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
  const started = process.hrtime.bigint();
  try {
    await check();
    return { ok: true, latencyMs: Number(process.hrtime.bigint() - started) / 1e6 };
  } catch (error) {
    return { ok: false, latencyMs: Number(process.hrtime.bigint() - started) / 1e6, error: String(error) };
  }
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  @Get('livez')
  @ApiOperation({ summary: 'Liveness only: the process answers (no database round trip)' })
  live() {
    return { status: 'ok' };
  }

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness and readiness: Postgres and Redis answer (HTTP 503 when one does not)' })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [postgres, redis] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.redis.ping()),
    ]);
    const ok = postgres.ok && redis.ok;
    if (!ok) void reply.status(503);
    return { status: ok ? 'ok' : 'degraded', postgres, redis, uptimeSeconds: Math.round(process.uptime()) };
  }
}
