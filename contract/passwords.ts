/** How a backend keeps passwords: the server hashes with argon2id, the in-browser stand-in does not. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Whether `password` is the one `stored` was made from. */
  verify(stored: string, password: string): Promise<boolean>;
}
