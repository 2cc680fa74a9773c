/**
 * How hard JWT_SECRET is to guess, estimated simply: anyone who guesses it signs tokens as any
 * member. The estimate reads the secret as an attacker's guesser would, left to right, and counts
 * the bits each part adds:
 * - a common word (a short list, read through the usual letter-for-digit swaps such as 4 for a): as
 *   many bits as it takes to pick it from the list;
 * - a run of one character, or of neighbours (abcd, 4321), or a piece of a keyboard row (qwerty):
 *   the bits to name its start, its direction and its length;
 * - a piece repeated from earlier in the secret: the bits to say where and how long;
 * - any other character: the bits of the alphabet the secret draws from (its character classes),
 *   but no more than the secret's own spread of characters (its Shannon entropy per character), so
 *   a long secret from a short alphabet (0101..., ACGT...) counts as what it is.
 * It catches the usual weak secrets (40 times `a`, `password1234...`, a name padded with digits, a
 * short alphabet) and gives random bytes (`openssl rand -base64 48`, about 300 bits) their due; it
 * does not know every word or every pattern, so a secret that passes is not proven random.
 */

/** The least estimated strength of a signing secret: 128 bits, as the key of HS256 needs at least. */
export const MIN_SECRET_BITS = 128;

/** The command the messages give, which makes a secret of 48 random bytes. */
export const SECRET_COMMAND = 'openssl rand -base64 48';

/** Words and names that weak secrets are made of (all lower case; 4 letters or more). */
const COMMON_WORDS = [
  'password', 'passw0rd', 'secret', 'secrets', 'changeme', 'change', 'default', 'example', 'sample', 'letmein', 'welcome', 'admin',
  'administrator', 'root', 'user', 'login', 'token', 'tokens', 'signing', 'sign', 'jwtsecret', 'jsonwebtoken', 'session', 'private',
  'public', 'master', 'super', 'test', 'testing', 'development', 'develop', 'production', 'staging', 'local', 'localhost', 'server',
  'socialconnect', 'social', 'connect', 'network', 'monkey', 'dragon', 'shadow', 'sunshine', 'princess', 'football', 'baseball',
  'iloveyou', 'trustno1', 'freedom', 'whatever', 'hello', 'world', 'abc123', 'qwerty', 'please', 'access', 'guest', 'demo', 'cluster',
  'processes', 'process', 'bench', 'fault', 'rounds', 'enough', 'long', 'really', 'very', 'strong', 'random', 'value', 'string', 'key',
  'keys', 'company', 'service', 'apikey', 'horse', 'battery', 'staple', 'correct', 'spring', 'summer', 'autumn', 'winter',
];

/** Keyboard rows: a piece of four or more of one, either way, is a pattern. */
const KEYBOARD_ROWS = ['1234567890-=', 'qwertyuiop[]', 'asdfghjkl;\'', 'zxcvbnm,./', '!@#$%^&*()_+'];

/** What people put for letters, read back as the letters. */
const LOOKALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's', '!': 'i' };

export interface SecretEstimate {
  /** Estimated bits an attacker must guess. */
  bits: number;
  /** The first weakness found, in words, when there is one. */
  weakness?: string;
}

const log2 = Math.log2;

/** The size of the alphabet a secret draws from, by the character classes it uses. */
function classAlphabet(secret: string): number {
  let size = 0;
  if (/[a-z]/.test(secret)) size += 26;
  if (/[A-Z]/.test(secret)) size += 26;
  if (/[0-9]/.test(secret)) size += 10;
  if (/[^a-zA-Z0-9]/.test(secret)) size += 33;
  return Math.max(size, 2);
}

/** Shannon entropy per character of the secret's own character counts. */
function shannonPerCharacter(characters: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / characters.length;
    bits -= p * log2(p);
  }
  return bits;
}

/** The longest common word at `at` of the secret read in lower case with lookalikes undone. */
function wordAt(plain: readonly string[], at: number): string | undefined {
  let found: string | undefined;
  for (const word of COMMON_WORDS) {
    if (word.length <= (found?.length ?? 3) || at + word.length > plain.length) continue;
    if (plain.slice(at, at + word.length).join('') === word) found = word;
  }
  return found;
}

/** The length of the run at `at`: one character repeated, or neighbours one step apart. */
function runAt(characters: readonly string[], at: number): number {
  const code = (i: number) => characters[i]?.codePointAt(0) ?? Number.NaN;
  const step = code(at + 1) - code(at);
  if (Math.abs(step) > 1) return 1;
  let end = at + 1;
  while (end + 1 < characters.length && code(end + 1) - code(end) === step) end += 1;
  return end - at + 1;
}

/** The length of the keyboard-row piece at `at` (four or more, either way), or 0. */
function keyboardAt(lower: readonly string[], at: number): number {
  let longest = 0;
  for (const row of KEYBOARD_ROWS) {
    for (const line of [row, [...row].reverse().join('')]) {
      let length = 0;
      while (at + length < lower.length && line.includes(lower.slice(at, at + length + 1).join(''))) length += 1;
      if (length >= 4 && length > longest) longest = length;
    }
  }
  return longest;
}

/** The length of the longest piece at `at` (three or more) that already appeared before it, or 0. */
function repeatAt(characters: readonly string[], at: number): number {
  let longest = 0;
  for (let from = 0; from < at; from += 1) {
    let length = 0;
    while (at + length < characters.length && characters[from + length] === characters[at + length]) length += 1;
    if (length > longest) longest = length;
  }
  return longest >= 3 ? longest : 0;
}

/** The characters read: past them a secret is long enough, and the reading (quadratic in length) stays quick. */
const CHARACTERS_READ = 256;

/** How many bits an attacker must guess to find `secret`, as estimated above (its first 256 characters). */
export function estimateSecret(secret: string): SecretEstimate {
  const characters = [...secret].slice(0, CHARACTERS_READ);
  secret = characters.join('');
  const lower = characters.map((character) => character.toLowerCase());
  const plain = lower.map((character) => LOOKALIKES[character] ?? character);
  const perCharacter = Math.min(log2(classAlphabet(secret)), shannonPerCharacter(characters));
  const findings: string[] = [];
  let bits = 0;
  let at = 0;
  while (at < characters.length) {
    const word = wordAt(plain, at);
    if (word) {
      findings.push(`it holds the common word "${word}"`);
      bits += log2(COMMON_WORDS.length) + 1;
      at += word.length;
      continue;
    }
    const run = runAt(characters, at);
    if (run >= 3) {
      findings.push(`it holds the run "${characters.slice(at, at + run).join('')}"`);
      bits += log2(classAlphabet(secret)) + 1 + log2(run);
      at += run;
      continue;
    }
    const keys = keyboardAt(lower, at);
    if (keys > 0) {
      findings.push(`it holds the keyboard row "${characters.slice(at, at + keys).join('')}"`);
      bits += log2(KEYBOARD_ROWS.length * 12) + 1 + log2(keys);
      at += keys;
      continue;
    }
    const repeated = repeatAt(characters, at);
    if (repeated > 0) {
      findings.push('it repeats itself');
      bits += log2(at) + log2(repeated);
      at += repeated;
      continue;
    }
    bits += perCharacter;
    at += 1;
  }
  // The weakness named: one character repeated, else a common word, else a short alphabet (the runs
  // and repeats in it follow from it), else the first pattern found.
  const distinct = new Set(characters).size;
  const word = findings.find((finding) => finding.includes('common word'));
  const alphabet = distinct > 1 && perCharacter < 4 ? `it uses only ${distinct} different characters` : undefined;
  const weakness = distinct === 1 ? 'it is one character repeated' : word ?? (perCharacter < 3 ? alphabet : undefined) ?? findings[0] ?? alphabet;
  return { bits: Math.floor(bits), ...(weakness ? { weakness } : {}) };
}

/**
 * Why `secret` is too easy to guess to sign tokens with, naming the setting and the command that
 * makes a good one; undefined when it is strong enough.
 */
export function weakSecretProblem(secret: string, setting = 'JWT_SECRET'): string | undefined {
  const estimate = estimateSecret(secret);
  if (estimate.bits >= MIN_SECRET_BITS) return undefined;
  const why = estimate.weakness ? ` (${estimate.weakness})` : '';
  return `${setting} is too easy to guess${why}: about ${estimate.bits} bits of randomness, and a signing secret needs at least ${MIN_SECRET_BITS}. Generate one: ${SECRET_COMMAND}`;
}
