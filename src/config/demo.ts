/**
 * The accounts the 'Fill Test Credentials' buttons fill in. Copied from the stand-in backend's seed
 * (mocks/seed.ts) so the login chunk does not carry mock code; a test keeps the two in step.
 */
export const DEMO_CREDENTIALS = { username: 'demo_user', password: 'welcome123' } as const;

/** A new account for the signup screen (not in the seed, so signing up with it succeeds once). */
export const SAMPLE_SIGNUP = {
  firstName: 'Sam',
  lastName: 'Rivera',
  username: 'sam_rivera',
  email: 'sam.rivera@example.com',
  password: 'welcome123',
} as const;
