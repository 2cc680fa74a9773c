import type { ErrorResponse } from './api';
import { errorCode, MESSAGES, MESSAGE_STATUS, type ErrorCode, type MessageKey } from './messages';

/** A refusal a backend answers as `{ errors: [message], code }` with its status. */
export class RuleError extends Error {
  readonly status: number;
  readonly code: ErrorCode;

  /** `text`: the message with this backend's own figure in it (a setting), in place of the catalogue's. */
  constructor(key: MessageKey, text: string = MESSAGES[key]) {
    super(text);
    this.name = 'RuleError';
    this.status = MESSAGE_STATUS[key];
    this.code = errorCode(key);
  }
}

/** The refusal for one catalogue entry, with its status, exact message (or `text`, naming a setting's figure) and code. */
export function refusal(key: MessageKey, text?: string): RuleError {
  return new RuleError(key, text);
}

/** The error shape of every refusal, 4xx or 5xx. */
export function errorBody(key: MessageKey): ErrorResponse {
  return { errors: [MESSAGES[key]], code: errorCode(key) };
}

/** The status and body a RuleError is answered with. */
export function refusalAnswer(error: RuleError): { status: number; body: ErrorResponse } {
  return { status: error.status, body: { errors: [error.message], code: error.code } };
}
