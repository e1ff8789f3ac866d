import { AppException, ErrorCode } from '@app/common';

/** A user account would go below zero; nothing was written. */
export class InsufficientBalanceError extends AppException {
  constructor(code: ErrorCode = ErrorCode.InsufficientBalance) {
    super(code);
  }
}

/** A posting that breaks the ledger's own rules (a programming error, never user input). */
export class LedgerIntegrityError extends Error {}

/** A leg of LedgerService.postFromQuery names no account (a null id): nothing was written. */
export class LegWithoutAccountError extends Error {}
