/**
 * The accounts the 'Fill Test Credentials' buttons fill in: the seed's demo member, and a new account
 * for the signup screen (not in the seed, so signing up with it succeeds once). A module of its own,
 * so the login screen carries these two and nothing else of the seed.
 */
export const DEMO_CREDENTIALS = { username: 'demo_user', password: 'welcome123' } as const;

export const SAMPLE_SIGNUP = {
  firstName: 'Sam',
  lastName: 'Rivera',
  username: 'sam_rivera',
  email: 'sam.rivera@example.com',
  password: 'welcome123',
} as const;
