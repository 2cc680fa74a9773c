import { MESSAGES, MESSAGE_STATUS, type MessageKey } from '../messages';

/** A refusal the backend answers as `{ errors: [message] }` with its status. */
export class RuleError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'RuleError';
    this.status = status;
  }
}

/** The refusal for one catalogue entry, with its status and exact message. */
export function refusal(key: MessageKey): RuleError {
  return new RuleError(MESSAGE_STATUS[key], MESSAGES[key]);
}
