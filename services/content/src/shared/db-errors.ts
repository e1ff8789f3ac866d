import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { AppException, ErrorCode } from '@app/common';

/** Postgres unique_violation (23505), e.g. a second item with the same slug and language. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: string } | undefined)?.code === '23505'
  );
}

/** An admin write and its audit row commit together; a duplicate key answers 409. */
export async function auditedWrite<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  try {
    return await dataSource.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppException(ErrorCode.Conflict);
    throw error;
  }
}
