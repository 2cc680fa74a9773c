/** Members, who follows whom, and the tokens members logged out with. */
import type { NetworkRule } from '../../contract/api';
import type { FollowLists, MemberCard, MemberRow, Scope, SessionRow, StoreReader, StoreTx, TwoFactorRow } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { nameHolds } from '../../contract/search';
import { releaseImage } from './media';
import { entryOf, iso, NO_LOCKS, rowById, setPair, storable, storableIds, type RowLocks } from './rows';

/** The columns of what a page shows of a member (MemberCard). */
const CARD_COLUMNS = 'id, username, first_name, last_name, image, quote_policy';
export const MEMBER_COLUMNS = `${CARD_COLUMNS}, password_hash, bio, portfolio_url, session_version, created_at, updated_at, language, email, email_confirmed, role`;

function isAscii(text: string): boolean {
  return Array.from(text).every((character) => character.charCodeAt(0) < 0x80);
}

/** What a page shows of a member, from their row (MemberCard). */
function toMemberCard(row: Row): MemberCard {
  return {
    id: String(row.id),
    username: String(row.username),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    image: String(row.image),
    quotePolicy: String(row.quote_policy ?? 'anyone') as MemberCard['quotePolicy'],
  };
}

/** A member's whole row (MemberRow): its card's fields, then the rest, as one literal (a spread here takes V8's slow path). */
export function toMember(row: Row): MemberRow {
  const { id, username, firstName, lastName, image, quotePolicy } = toMemberCard(row);
  return {
    id,
    username,
    firstName,
    lastName,
    image,
    quotePolicy,
    passwordHash: String(row.password_hash),
    userBio: String(row.bio),
    userPortfolioUrl: String(row.portfolio_url),
    language: String(row.language),
    role: String(row.role ?? 'member') as MemberRow['role'],
    email: String(row.email),
    emailConfirmed: row.email_confirmed === true,
    sessionVersion: Number(row.session_version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The network's rules, in the admin's order (`moderation`); none before an admin writes some. */
export async function networkRulesOf(sql: Sql): Promise<NetworkRule[]> {
  const [row] = await sql.query<{ rules: unknown }>('SELECT rules FROM network_rules');
  const rules = typeof row?.rules === 'string' ? JSON.parse(row.rules) as unknown : row?.rules;
  if (!Array.isArray(rules)) return [];
  return rules.map((rule: Record<string, unknown>) => ({ id: String(rule.id), title: String(rule.title), description: String(rule.description ?? '') }));
}

async function isTokenRevoked(sql: Sql, jti: string): Promise<boolean> {
  if (!storable(jti)) return false;
  return (await sql.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [jti])).length > 0;
}

export function memberReads(sql: Sql, locks: RowLocks = NO_LOCKS) {
  return {
    async memberById(id) {
      return rowById(sql, 'members', MEMBER_COLUMNS, id, locks.record, toMember);
    },
    async memberByUsername(username) {
      if (!storable(username)) return undefined;
      const [row] = await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members WHERE lower(username) = lower($1)`, [username]);
      return row && toMember(row);
    },
    async staffMembers() {
      return (await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members WHERE role <> 'member' ORDER BY role = 'admin' DESC, lower(username) COLLATE "C", id`)).map(toMember);
    },
    async networkRules() {
      return networkRulesOf(sql);
    },
    async members() {
      return (await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members ORDER BY seq`)).map(toMember);
    },
    async membersByIds(ids) {
      if (ids.length === 0) return [];
      return (await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = ANY($1::text[]) ORDER BY seq`, [storableIds(ids)])).map(toMember);
    },
    async memberCardsFirst({ except, unfollowedBy, named }, limit) {
      const left = storableIds(except);
      if (named === undefined) {
        const rows = await sql.query(
          `SELECT ${CARD_COLUMNS}, count(*) OVER () AS total FROM members
           WHERE id <> ALL($1::text[]) AND id NOT IN (SELECT followee_id FROM follows WHERE follower_id = $2)
           ORDER BY seq LIMIT $3`,
          [left, unfollowedBy ?? null, limit],
        );
        return { members: rows.map(toMemberCard), total: rows.length === 0 ? 0 : Number(rows[0]!.total) };
      }
      const wanted = named.trim().toLowerCase();
      if (wanted === '') return { members: [], total: 0 };
      // PostgreSQL's lower() follows the database's locale (in Turkish, I is not i), nameHolds lowers
      // as JavaScript does. A name of ASCII alone ("plain") is lowered here in the C collation, letter
      // for letter as JavaScript would, so the statement decides it: it sends the first `limit` of
      // those and counts them all. A name with any other character is sent for nameHolds to decide.
      const rows = await sql.query(
        `WITH candidates AS (
           SELECT seq, ${CARD_COLUMNS}, octet_length(first_name) = char_length(first_name) AND octet_length(last_name) = char_length(last_name) AS plain
           FROM members
           WHERE id <> ALL($1::text[]) AND id NOT IN (SELECT followee_id FROM follows WHERE follower_id = $4)
         ), found AS (
           SELECT *, count(*) FILTER (WHERE plain) OVER () AS plain_total, row_number() OVER (PARTITION BY plain ORDER BY seq) AS nth
           FROM candidates
           WHERE NOT plain OR strpos(lower(first_name COLLATE "C"), $2) > 0 OR strpos(lower(last_name COLLATE "C"), $2) > 0
         )
         SELECT ${CARD_COLUMNS}, plain, plain_total FROM found WHERE NOT plain OR nth <= $3 ORDER BY seq`,
        // A text with characters other than ASCII is in no plain name (strpos of NULL: none).
        [left, isAscii(wanted) ? wanted : null, limit, unfollowedBy ?? null],
      );
      const kept: MemberCard[] = [];
      let othersFound = 0;
      for (const row of rows) {
        const member = toMemberCard(row);
        if (row.plain !== true) {
          if (!nameHolds(member, named)) continue;
          othersFound += 1;
        }
        if (kept.length < limit) kept.push(member);
      }
      return { members: kept, total: Number(rows[0]?.plain_total ?? 0) + othersFound };
    },
    async memberCardsByIds(ids) {
      if (ids.length === 0) return [];
      return (await sql.query(`SELECT ${CARD_COLUMNS} FROM members WHERE id = ANY($1::text[]) ORDER BY seq`, [storableIds(ids)])).map(toMemberCard);
    },
    async followLists(scope: Scope) {
      const rows = scope === 'all'
        ? await sql.query('SELECT follower_id, followee_id FROM follows ORDER BY seq')
        : await sql.query('SELECT follower_id, followee_id FROM follows WHERE follower_id = ANY($1::text[]) OR followee_id = ANY($1::text[]) ORDER BY seq', [storableIds(scope)]);
      const lists = new Map<string, FollowLists>();
      const entry = (id: string): FollowLists => entryOf(lists, id, () => ({ followers: [], following: [] }));
      const wanted = scope === 'all' ? undefined : new Set(scope);
      for (const id of wanted ?? []) entry(id);
      for (const row of rows) {
        const follower = String(row.follower_id);
        const followee = String(row.followee_id);
        if (!wanted || wanted.has(follower)) entry(follower).following.push(followee);
        if (!wanted || wanted.has(followee)) entry(followee).followers.push(follower);
      }
      return lists;
    },
    async isFollowing(followerId, followeeId) {
      return (await sql.query(`SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2${locks.pair}`, [followerId, followeeId])).length > 0;
    },
    isTokenRevoked: (jti) => isTokenRevoked(sql, jti),
    async tokenHolder(jti, memberId) {
      // A row lock cannot reach into an outer join's missing side: inside a write, two reads.
      if (locks.record !== '' || !storable(jti) || !storable(memberId)) {
        return { revoked: await isTokenRevoked(sql, jti), member: await rowById(sql, 'members', MEMBER_COLUMNS, memberId, locks.record, toMember) };
      }
      const [row] = await sql.query(
        `SELECT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $1) AS token_revoked, m.* FROM (SELECT 1) AS one
         LEFT JOIN (SELECT ${MEMBER_COLUMNS} FROM members WHERE id = $2) AS m ON true`,
        [jti, memberId],
      );
      return { revoked: row?.token_revoked === true, member: row && row.id !== null ? toMember(row) : undefined };
    },
    async memberByEmail(email) {
      if (!storable(email) || email === '') return undefined;
      const [row] = await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members WHERE lower(email) = lower($1) AND email <> ''`, [email]);
      return row && toMember(row);
    },
    async passwordReset(tokenHash, at) {
      if (!storable(tokenHash)) return undefined;
      const [row] = await sql.query('SELECT token_hash, member_id, created_at, expires_at FROM password_resets WHERE token_hash = $1 AND expires_at > $2', [tokenHash, at]);
      return row && { tokenHash: String(row.token_hash), memberId: String(row.member_id), createdAt: iso(row.created_at), expiresAt: iso(row.expires_at) };
    },
    async emailConfirmation(tokenHash, at) {
      if (!storable(tokenHash)) return undefined;
      const [row] = await sql.query('SELECT token_hash, member_id, email, created_at, expires_at FROM email_confirmations WHERE token_hash = $1 AND expires_at > $2', [tokenHash, at]);
      return row && { tokenHash: String(row.token_hash), memberId: String(row.member_id), email: String(row.email), createdAt: iso(row.created_at), expiresAt: iso(row.expires_at) };
    },
    async emailConfirmationsSince(memberId, since) {
      const [row] = await sql.query<{ sent: string }>('SELECT count(*) AS sent FROM email_confirmations WHERE member_id = $1 AND created_at >= $2', [memberId, since]);
      return Number(row?.sent ?? 0);
    },
    async passwordResetsSince(memberId, since) {
      const [row] = await sql.query<{ sent: string }>('SELECT count(*) AS sent FROM password_resets WHERE member_id = $1 AND created_at >= $2', [memberId, since]);
      return Number(row?.sent ?? 0);
    },
    async sessionsOf(memberId, at) {
      const rows = await sql.query(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE member_id = $1 AND expires_at > $2`, [memberId, at]);
      return rows.map(toSession);
    },
    async twoFactorOf(memberId) {
      const [row] = await sql.query(`SELECT ${TWO_FACTOR_COLUMNS} FROM two_factor WHERE member_id = $1`, [memberId]);
      return row && toTwoFactor(row);
    },
  } satisfies Partial<StoreReader>;
}

export const TWO_FACTOR_COLUMNS = 'member_id, secret, last_step, recovery_code_hashes, enabled_at';

/** A two_factor row as the store answers it. */
export function toTwoFactor(row: Row): TwoFactorRow {
  return {
    memberId: String(row.member_id),
    secret: String(row.secret),
    lastStep: Number(row.last_step),
    recoveryCodeHashes: (row.recovery_code_hashes as unknown[]).map(String),
    enabledAt: iso(row.enabled_at),
  };
}

const SESSION_COLUMNS = 'id, member_id, session_version, user_agent, address, created_at, last_seen_at, expires_at';

function toSession(row: Row): SessionRow {
  return {
    id: String(row.id),
    memberId: String(row.member_id),
    sessionVersion: Number(row.session_version),
    userAgent: String(row.user_agent),
    address: String(row.address),
    createdAt: iso(row.created_at),
    lastSeenAt: iso(row.last_seen_at),
    expiresAt: iso(row.expires_at),
  };
}

/**
 * Store.seeSession in one statement: the device's row made or brought up to date, unless its token
 * is revoked or of another session version than its member's (or the member is gone); the member's
 * rows past their token's expiry are deleted with it.
 */
export async function seeSession(sql: Sql, row: SessionRow): Promise<void> {
  await sql.query(
    `WITH expired AS (DELETE FROM sessions WHERE member_id = $2 AND expires_at <= $7)
     INSERT INTO sessions (${SESSION_COLUMNS})
     SELECT $1, $2, $3, $4, $5, $6, $7, $8
     WHERE EXISTS (SELECT 1 FROM members WHERE id = $2 AND session_version = $3)
       AND NOT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $1)
     ON CONFLICT (id) DO UPDATE SET user_agent = excluded.user_agent, address = excluded.address, last_seen_at = excluded.last_seen_at`,
    [row.id, row.memberId, row.sessionVersion, row.userAgent, row.address, row.createdAt, row.lastSeenAt, row.expiresAt],
  );
}

const MEMBER_CHANGES: Record<string, string> = {
  passwordHash: 'password_hash',
  image: 'image',
  userBio: 'bio',
  userPortfolioUrl: 'portfolio_url',
  language: 'language',
  quotePolicy: 'quote_policy',
  email: 'email',
  emailConfirmed: 'email_confirmed',
  sessionVersion: 'session_version',
  updatedAt: 'updated_at',
};

export function memberWrites(sql: Sql) {
  return {
    async insertMember(row) {
      await sql.query(
        `INSERT INTO members (${MEMBER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        // In MEMBER_COLUMNS' order.
        [row.id, row.username, row.firstName, row.lastName, row.image, row.quotePolicy, row.passwordHash, row.userBio, row.userPortfolioUrl, row.sessionVersion, row.createdAt, row.updatedAt, row.language, row.email, row.emailConfirmed, row.role],
      );
    },
    async setRole(memberId, role) {
      await sql.query('UPDATE members SET role = $2 WHERE id = $1', [memberId, role]);
    },
    async replaceNetworkRules(rules) {
      await sql.query(
        'INSERT INTO network_rules (singleton, rules) VALUES (true, $1::jsonb) ON CONFLICT (singleton) DO UPDATE SET rules = EXCLUDED.rules',
        [JSON.stringify(rules.map(({ id, title, description }) => ({ id, title, description })))],
      );
    },
    async updateMember(id, changes) {
      const entries = Object.entries(changes).filter(([key, value]) => value !== undefined && key in MEMBER_CHANGES);
      if (entries.length === 0) return;
      const sets = entries.map(([key], index) => `${MEMBER_CHANGES[key]} = $${index + 2}`);
      // An avatar replaced: the old one is let go of (deleted once nothing else names it).
      const replaced = changes.image === undefined ? [] : await sql.query<{ image: string }>('SELECT image FROM members WHERE id = $1 FOR UPDATE', [id]);
      await sql.query(`UPDATE members SET ${sets.join(', ')} WHERE id = $1`, [id, ...entries.map(([, value]) => value)]);
      for (const { image } of replaced) await releaseImage(sql, image);
    },
    async setFollow(followerId, followeeId, following) {
      await setPair(sql, 'follows', ['follower_id', 'followee_id'], [followerId, followeeId], following);
    },
    async addEmailConfirmation(row) {
      await sql.query('INSERT INTO email_confirmations (token_hash, member_id, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [row.tokenHash, row.memberId, row.email, row.createdAt, row.expiresAt]);
    },
    async dropEmailConfirmations(memberId, at) {
      await sql.query('DELETE FROM email_confirmations WHERE member_id = $1 OR expires_at <= $2', [memberId, at]);
    },
    async addPasswordReset(row) {
      await sql.query('INSERT INTO password_resets (token_hash, member_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [row.tokenHash, row.memberId, row.createdAt, row.expiresAt]);
    },
    async dropPasswordResets(memberId, at) {
      await sql.query('DELETE FROM password_resets WHERE member_id = $1 OR expires_at <= $2', [memberId, at]);
    },
    async endSessions(memberId, ids) {
      if (ids === undefined) await sql.query('DELETE FROM sessions WHERE member_id = $1', [memberId]);
      else if (ids.length > 0) await sql.query('DELETE FROM sessions WHERE member_id = $1 AND id = ANY($2::text[])', [memberId, storableIds(ids)]);
    },
    async setTwoFactor(row) {
      await sql.query(
        `INSERT INTO two_factor (${TWO_FACTOR_COLUMNS}) VALUES ($1, $2, $3, $4::text[], $5)
         ON CONFLICT (member_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = EXCLUDED.last_step, recovery_code_hashes = EXCLUDED.recovery_code_hashes, enabled_at = EXCLUDED.enabled_at`,
        [row.memberId, row.secret, row.lastStep, row.recoveryCodeHashes, row.enabledAt],
      );
    },
    async dropTwoFactor(memberId) {
      await sql.query('DELETE FROM two_factor WHERE member_id = $1', [memberId]);
    },
    async takeTwoFactorStep(memberId, step) {
      // One statement: of two logins racing with the same code, one takes it.
      return (await sql.query('UPDATE two_factor SET last_step = $2 WHERE member_id = $1 AND last_step < $2 RETURNING 1', [memberId, step])).length > 0;
    },
    async takeRecoveryCode(memberId, codeHash) {
      if (!storable(codeHash)) return false;
      return (await sql.query('UPDATE two_factor SET recovery_code_hashes = array_remove(recovery_code_hashes, $2) WHERE member_id = $1 AND $2 = ANY(recovery_code_hashes) RETURNING 1', [memberId, codeHash])).length > 0;
    },
    async revokeToken(jti, expiresAt) {
      // Tokens past their expiry are refused anyway: forget them, so the table stays small.
      await sql.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
      await sql.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING', [jti, expiresAt]);
    },
  } satisfies Partial<StoreTx>;
}
