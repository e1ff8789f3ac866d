/**
 * System parameters (withdrawal fee rate, early-exit penalty, upload limit, ...) as other services
 * read them. The content service owns and provides them.
 */
export interface SystemParameterReader {
  /** The value, or null when the key is not set. */
  get(key: string): Promise<string | null>;
}

export const SYSTEM_PARAMETERS = Symbol('SYSTEM_PARAMETERS');
