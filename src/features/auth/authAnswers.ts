/** Whether an auth answer carries a token (spec section 5: else 'Invalid Credentials!'). */
export function hasToken(answer: { encodedToken?: unknown } | undefined): boolean {
  return typeof answer?.encodedToken === 'string' && answer.encodedToken !== '';
}
