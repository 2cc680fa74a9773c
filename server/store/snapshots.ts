/**
 * The whole network in and out of the tables: exported as a snapshot of plain data, or imported in
 * place of everything (a load, or the seed of an empty database).
 */
import { DB_SNAPSHOT_VERSION, type AuditRecord, type DbSnapshot, type NotificationRecord, type PostRecord, type ReplyRecord, type ReportRecord, type ScheduledPostRecord, type UserRecord } from '../../contract/snapshot';
import type { MoreImage } from '../../contract/api';
import { moreImageIn, moreImageOut, type MoreImageRow } from '../../contract/store';
import { readImageDataUrl } from '../../contract/validation';
import type { Database, Sql } from '../db/database';
import { keepBytes, noteReleased, readShippedImage } from './media';
import { MEMBER_COLUMNS, memberReads, memberWrites, networkRulesOf, toMember, toTwoFactor, TWO_FACTOR_COLUMNS } from './members';
import { moreImagesColumn, POST_COLUMNS, postReads, toPost } from './posts';
import { NOTIFICATION_COLUMNS, toNotification } from './notifications';
import { REPLY_COLUMNS, toReply } from './replies';
import { SCHEDULED_COLUMNS, toScheduledPost } from './scheduledPosts';
import { AUDIT_COLUMNS, REPORT_COLUMNS, toAudit, toReport } from './reports';
import { entryOf, iso } from './rows';
import { writeTags } from './tags';
import type { SqlStore, SqlStoreOptions, Write } from './sqlStore';

/**
 * An order of follow edges that agrees with every member's `following` and `followers` list, so a
 * snapshot loads back with both kinds of list in the order it had. Falls back to the members'
 * order where the lists say nothing.
 */
export function followOrder(users: readonly UserRecord[]): Array<[string, string]> {
  const key = (follower: string, followee: string): string => `${follower}\u0000${followee}`;
  const edges = new Map<string, [string, string]>();
  for (const user of users) for (const followee of user.following) edges.set(key(user.id, followee), [user.id, followee]);
  const after = new Map<string, string[]>();
  const waiting = new Map<string, number>([...edges.keys()].map((edge) => [edge, 0]));
  const chain = (list: string[]): void => {
    for (let i = 1; i < list.length; i += 1) {
      const [before, next] = [list[i - 1] ?? '', list[i] ?? ''];
      if (!edges.has(before) || !edges.has(next)) continue;
      after.set(before, [...(after.get(before) ?? []), next]);
      waiting.set(next, (waiting.get(next) ?? 0) + 1);
    }
  };
  for (const user of users) {
    chain(user.following.map((followee) => key(user.id, followee)));
    chain(user.followers.map((follower) => key(follower, user.id)));
  }
  const order: Array<[string, string]> = [];
  const ready = [...edges.keys()].filter((edge) => waiting.get(edge) === 0);
  const done = new Set<string>();
  while (ready.length > 0) {
    const edge = ready.shift() ?? '';
    done.add(edge);
    order.push(edges.get(edge) ?? ['', '']);
    for (const next of after.get(edge) ?? []) {
      const left = (waiting.get(next) ?? 1) - 1;
      waiting.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  // Lists that contradict each other (not from one history): keep the rest in the members' order.
  for (const [edge, pair] of edges) if (!done.has(edge)) order.push(pair);
  return order;
}

/** Any number, fixed: the advisory lock a server takes to seed an empty database. */
const SEED_LOCK = 4_242_002;

/** Each column of a table a snapshot fills, with its PostgreSQL type. */
type Columns = ReadonlyArray<readonly [name: string, type: string]>;

const MEMBER_TYPES: Columns = [
  ['id', 'text'], ['username', 'text'], ['first_name', 'text'], ['last_name', 'text'], ['password_hash', 'text'], ['image', 'text'], ['bio', 'text'],
  ['portfolio_url', 'text'], ['session_version', 'int'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'], ['language', 'text'],
  ['email', 'text'], ['email_confirmed', 'boolean'], ['quote_policy', 'text'], ['role', 'text'],
];
const SCHEDULED_TYPES: Columns = [
  ['id', 'text'], ['author_id', 'text'], ['content', 'text'], ['image', 'text'], ['image_alt', 'text'], ['image_sizes', 'jsonb'],
  ['warning', 'text'], ['publish_at', 'timestamptz'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'], ['more_images', 'jsonb'],
];
const POST_TYPES: Columns = [
  ['id', 'text'], ['author_id', 'text'], ['content', 'text'], ['image', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
  ['image_alt', 'text'], ['edited_at', 'timestamptz'], ['image_sizes', 'jsonb'], ['warning', 'text'], ['repost_of', 'text'], ['quote_of', 'text'],
  ['more_images', 'jsonb'],
];
const REPLY_TYPES: Columns = [
  ['id', 'text'], ['post_id', 'text'], ['author_id', 'text'], ['content', 'text'], ['reply_to_id', 'text'], ['reply_to_author_id', 'text'], ['created_at', 'timestamptz'],
];
const REPORT_TYPES: Columns = [
  ['id', 'text'], ['reporter_id', 'text'], ['subject_kind', 'text'], ['subject_id', 'text'], ['reason', 'text'], ['comment', 'text'], ['rule_id', 'text'], ['rule_title', 'text'],
  ['status', 'text'], ['content', 'jsonb'], ['created_at', 'timestamptz'],
];
const AUDIT_TYPES: Columns = [
  ['id', 'text'], ['actor_id', 'text'], ['actor_username', 'text'], ['action', 'text'], ['subject_kind', 'text'], ['subject_id', 'text'], ['member_id', 'text'],
  ['member_username', 'text'], ['reason', 'text'], ['report_ids', 'jsonb'], ['created_at', 'timestamptz'],
];
const NOTIFICATION_TYPES: Columns = [
  ['id', 'text'], ['recipient_id', 'text'], ['kind', 'text'], ['key', 'text'], ['post_id', 'text'], ['reply_id', 'text'], ['unread', 'boolean'], ['updated_at', 'timestamptz'],
];

/**
 * `rows` into `table` in one statement, in their order: the ids a table gives out follow it, and keys
 * checked at the statement's end may name a row listed later. One array parameter per column.
 */
async function insertInOrder(sql: Sql, table: string, columns: Columns, rows: ReadonlyArray<readonly unknown[]>): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  await sql.query(
    `INSERT INTO ${table} (${names}) SELECT ${names} FROM unnest(${arrays}) WITH ORDINALITY AS t(${names}, n) ORDER BY n`,
    columns.map((_, index) => rows.map((row) => row[index])),
  );
}

/** The store's calls on the whole network: its snapshot, and loading or seeding one. */
export function snapshotCalls(database: Database, write: Write, options: SqlStoreOptions): Pick<SqlStore, 'snapshot' | 'load' | 'seedIfEmpty'> {
  const hashes = new Map<string, Promise<string>>();
  /** A snapshot's password as stored: argon2 hashes stay, plain passwords are hashed (once each). */
  const storedPassword = (password: string): Promise<string> => (
    password.startsWith('$argon2') ? Promise.resolve(password) : entryOf(hashes, password, () => options.passwords.hash(password))
  );
  /** A snapshot's image as answered: uploads and shipped images become stored media; media URLs stay. */
  const storedImage = async (sql: Sql, value: string): Promise<string> => {
    if (value === '' || value.startsWith('/media/')) return value;
    if (value.startsWith('data:')) return keepBytes(sql, readImageDataUrl(value), options.media);
    const shipped = readShippedImage(options.publicDir, value);
    if (!shipped) throw new Error(`The snapshot refers to the image ${value.slice(0, 80)}, which is neither stored nor shipped under public/.`);
    return keepBytes(sql, shipped, options.media);
  };

  /** Replaces the whole network with the snapshot's, inside the caller's transaction. */
  const importInto = async (sql: Sql, snapshot: DbSnapshot, passwords: ReadonlyMap<string, string>): Promise<void> => {
    await sql.query('TRUNCATE members, posts, post_tags, reactions, follows, bookmarks, replies, reply_likes, notifications, notification_actors, revoked_tokens, idempotency_keys, mutes, blocks, pins, reports, network_rules, member_standing, moderation_audit RESTART IDENTITY CASCADE');
    const images = new Map<string, Promise<string>>();
    const image = (value: string): Promise<string> => entryOf(images, value, () => storedImage(sql, value));
    /**
     * A post's images after the first, each stored as the first is (and, as for the first, its sizes
     * kept only when it names a stored image already), as the more_images column keeps them.
     */
    const moreImages = async (given: readonly MoreImage[] | undefined): Promise<string> => {
      const rows: MoreImageRow[] = [];
      for (const entry of given ?? []) {
        const { url, alt, sizes } = moreImageIn(entry);
        const stored = await image(url);
        rows.push({ url: stored, alt, sizes: stored === url ? sizes : null });
      }
      return moreImagesColumn(rows);
    };
    /** Each post's first image and the column of those after it, stored, in the posts' order (one at a time). */
    const postImagesOf = async (posts: readonly { postImage: string; moreImages?: readonly MoreImage[] }[]) => {
      const first: string[] = [];
      const more: string[] = [];
      for (const post of posts) {
        first.push(await image(post.postImage));
        more.push(await moreImages(post.moreImages));
      }
      return { first, more };
    };
    const users = snapshot.users;
    const userImages: string[] = [];
    for (const user of users) userImages.push(await image(user.image));
    await insertInOrder(sql, 'members', MEMBER_TYPES, users.map((user, index) => [
      user.id, user.username, user.firstName, user.lastName, passwords.get(user.password) ?? '', userImages[index], user.userBio, user.userPortfolioUrl,
      user.sessionVersion ?? 0, user.createdAt, user.updatedAt, user.language ?? '', user.email ?? '', user.emailConfirmed ?? false, user.quotePolicy ?? 'anyone', user.role ?? 'member',
    ]));
    if ((snapshot.rules ?? []).length > 0) await memberWrites(sql).replaceNetworkRules(snapshot.rules ?? []);
    // A repost names its original, which goes in first.
    const posts = [...snapshot.posts].sort((a, b) => Number(a.repostOf !== undefined) - Number(b.repostOf !== undefined));
    const { first: postImages, more: postMoreImages } = await postImagesOf(posts);
    await insertInOrder(sql, 'posts', POST_TYPES, posts.map((post, index) => [
      post.id, post.authorId, post.content, postImages[index], post.createdAt, post.updatedAt, post.imageAlt ?? '', post.editedAt ?? null,
      // A server's own snapshot names its stored copies; an image stored from a data URL or a shipped
      // file here has none, and answers without sizes.
      post.imageSizes && postImages[index] === post.postImage ? JSON.stringify(post.imageSizes) : null,
      post.warning ?? '', post.repostOf ?? null, post.quoteOf ?? null, postMoreImages[index],
    ]));
    await writeTags(sql, posts);
    await insertInOrder(sql, 'reactions', [['post_id', 'text'], ['member_id', 'text'], ['kind', 'text']], posts.flatMap((post) => [
      ...post.likedBy.map((member) => [post.id, member, 'like']),
      ...post.dislikedBy.map((member) => [post.id, member, 'dislike']),
    ]));
    await insertInOrder(sql, 'follows', [['follower_id', 'text'], ['followee_id', 'text']], followOrder(users));
    await insertInOrder(sql, 'bookmarks', [['member_id', 'text'], ['post_id', 'text']], users.flatMap((user) => user.bookmarks.map((post) => [user.id, post])));
    await insertInOrder(sql, 'mutes', [['member_id', 'text'], ['muted_id', 'text']], users.flatMap((user) => (user.muting ?? []).map((other) => [user.id, other])));
    await insertInOrder(sql, 'blocks', [['blocker_id', 'text'], ['blocked_id', 'text']], users.flatMap((user) => (user.blocking ?? []).map((other) => [user.id, other])));
    await insertInOrder(sql, 'pins', [['member_id', 'text'], ['post_id', 'text']], users.flatMap((user) => (user.pins ?? []).map((post) => [user.id, post])));
    for (const user of users) {
      if (!user.twoFactor) continue;
      const { secret, lastStep, recoveryCodeHashes, enabledAt } = user.twoFactor;
      await sql.query(`INSERT INTO two_factor (${TWO_FACTOR_COLUMNS}) VALUES ($1, $2, $3, $4::text[], $5)`, [user.id, secret, lastStep, recoveryCodeHashes, enabledAt]);
    }
    await insertInOrder(sql, 'account_deletions', [['member_id', 'text'], ['requested_at', 'timestamptz'], ['purge_at', 'timestamptz']],
      users.flatMap((user) => (user.deletion ? [[user.id, user.deletion.requestedAt, user.deletion.purgeAt]] : [])));
    const replies = snapshot.replies ?? [];
    // One statement: a reply may answer one listed after it, and the keys are checked at its end.
    await insertInOrder(sql, 'replies', REPLY_TYPES, replies.map((reply) => [reply.id, reply.postId, reply.authorId, reply.content, reply.replyToId, reply.replyToAuthorId, reply.createdAt]));
    await insertInOrder(sql, 'reply_likes', [['reply_id', 'text'], ['member_id', 'text']], replies.flatMap((reply) => reply.likedBy.map((member) => [reply.id, member])));
    // In the snapshot's order: the place each takes follows it.
    const notifications = snapshot.notifications ?? [];
    await insertInOrder(sql, 'notifications', NOTIFICATION_TYPES, notifications.map((entry) => [
      entry.id, entry.recipientId, entry.kind, entry.key, entry.postId, entry.replyId, entry.unread, entry.updatedAt,
    ]));
    await insertInOrder(sql, 'notification_actors', [['notification_id', 'text'], ['actor_id', 'text']], notifications.flatMap((entry) => entry.actorIds.map((actor) => [entry.id, actor])));
    const revoked = snapshot.revokedTokens ?? [];
    if (revoked.length > 0) {
      await sql.query(
        'INSERT INTO revoked_tokens (jti, expires_at) SELECT * FROM unnest($1::text[], $2::timestamptz[])',
        [revoked.map((token) => token.jti), revoked.map((token) => token.expiresAt)],
      );
    }
    const scheduled = snapshot.scheduledPosts ?? [];
    const { first: scheduledImages, more: scheduledMoreImages } = await postImagesOf(scheduled);
    await insertInOrder(sql, 'scheduled_posts', SCHEDULED_TYPES, scheduled.map((post, index) => [
      post.id, post.authorId, post.content, scheduledImages[index], post.imageAlt, post.imageSizes && scheduledImages[index] === post.postImage ? JSON.stringify(post.imageSizes) : null,
      post.warning, post.publishAt, post.createdAt, post.updatedAt, scheduledMoreImages[index],
    ]));
    // In the order they were made: `seq` follows it. A reported post's images are stored as a post's
    // are (media_recount then counts them as the report's).
    const reports = snapshot.reports ?? [];
    const reportContents: string[] = [];
    for (const { content } of reports) {
      const images: string[] = [];
      if (content.kind === 'post') for (const url of content.images) images.push(await image(url));
      reportContents.push(JSON.stringify(content.kind === 'post' ? { ...content, images } : content));
    }
    await insertInOrder(sql, 'reports', REPORT_TYPES, reports.map((report, index) => [
      report.id, report.reporterId, report.about.kind, report.about.id, report.reason, report.comment, report.rule?.id ?? null, report.rule?.title ?? null, report.status,
      reportContents[index], report.createdAt,
    ]));
    await insertInOrder(sql, 'member_standing', [['member_id', 'text'], ['standing', 'text']],
      users.flatMap((user) => (user.standing ? [[user.id, user.standing]] : [])));
    // In the order it was written: `seq` follows it.
    await insertInOrder(sql, 'moderation_audit', AUDIT_TYPES, (snapshot.audit ?? []).map((entry) => [
      entry.id, entry.actorId, entry.actorUsername, entry.action, entry.subject.kind, entry.subject.id, entry.memberId, entry.memberUsername, entry.reason,
      JSON.stringify(entry.reportIds), entry.createdAt,
    ]));
    // The images the new network names, counted; those of the one it replaced that it does not name go.
    await sql.query('SELECT media_recount()');
    noteReleased(sql);
  };
  const storedPasswords = async (snapshot: DbSnapshot): Promise<Map<string, string>> => {
    const passwords = new Map<string, string>();
    for (const user of snapshot.users) passwords.set(user.password, await storedPassword(user.password));
    return passwords;
  };

  return {
    async snapshot() {
      return database.transaction(async (sql) => {
        const members = await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members ORDER BY seq`);
        const posts = await sql.query(`SELECT ${POST_COLUMNS} FROM posts ORDER BY created_at, id`);
        const postLists = postReads(sql);
        const [follows, bookmarks, reactions] = [await memberReads(sql).followLists('all'), await postLists.bookmarkLists('all'), await postLists.reactionLists('all')];
        const revoked = await sql.query('SELECT jti, expires_at FROM revoked_tokens ORDER BY jti');
        const replyRows = await sql.query(`SELECT ${REPLY_COLUMNS} FROM replies ORDER BY created_at, id`);
        const replyLikes = new Map<string, string[]>();
        for (const row of await sql.query('SELECT reply_id, member_id FROM reply_likes ORDER BY seq')) entryOf(replyLikes, String(row.reply_id), () => []).push(String(row.member_id));
        const replies: ReplyRecord[] = replyRows.map((row) => {
          const reply = toReply(row);
          return { ...reply, likedBy: replyLikes.get(reply.id) ?? [] };
        });
        const notificationActors = new Map<string, string[]>();
        for (const row of await sql.query('SELECT notification_id, actor_id FROM notification_actors ORDER BY seq')) entryOf(notificationActors, String(row.notification_id), () => []).push(String(row.actor_id));
        const notifications: NotificationRecord[] = (await sql.query(`SELECT ${NOTIFICATION_COLUMNS} FROM notifications ORDER BY place`)).map((row) => {
          const { id, recipientId, kind, key, postId, replyId, unread, updatedAt } = toNotification(row);
          return { id, recipientId, kind, key, postId, replyId, actorIds: notificationActors.get(id) ?? [], unread, updatedAt };
        });
        const relationLists = new Map<string, { muting: string[]; blocking: string[] }>();
        const relationList = (id: string) => entryOf(relationLists, id, () => ({ muting: [], blocking: [] }));
        for (const row of await sql.query('SELECT member_id, muted_id FROM mutes ORDER BY seq')) relationList(String(row.member_id)).muting.push(String(row.muted_id));
        for (const row of await sql.query('SELECT blocker_id, blocked_id FROM blocks ORDER BY seq')) relationList(String(row.blocker_id)).blocking.push(String(row.blocked_id));
        const pins = new Map<string, string[]>();
        for (const row of await sql.query('SELECT member_id, post_id FROM pins ORDER BY seq')) entryOf(pins, String(row.member_id), () => []).push(String(row.post_id));
        const twoFactors = new Map((await sql.query(`SELECT ${TWO_FACTOR_COLUMNS} FROM two_factor`)).map((row) => {
          const { memberId, ...twoFactor } = toTwoFactor(row);
          return [memberId, twoFactor] as const;
        }));
        const reports = (await sql.query(`SELECT ${REPORT_COLUMNS} FROM reports ORDER BY seq`)).map((row): ReportRecord => {
          const { subjectKind, subjectId, rule, ...report } = toReport(row);
          return { ...report, about: { kind: subjectKind, id: subjectId }, ...(rule !== null ? { rule } : {}) };
        });
        const rules = await networkRulesOf(sql);
        const standings = new Map((await sql.query('SELECT member_id, standing FROM member_standing')).map((row) => [String(row.member_id), String(row.standing) as 'limited' | 'suspended'] as const));
        const audit = (await sql.query(`SELECT ${AUDIT_COLUMNS} FROM moderation_audit ORDER BY seq`)).map((row): AuditRecord => {
          const { subjectKind, subjectId, ...entry } = toAudit(row);
          return { ...entry, subject: { kind: subjectKind, id: subjectId } };
        });
        const scheduledPosts = (await sql.query(`SELECT ${SCHEDULED_COLUMNS} FROM scheduled_posts ORDER BY publish_at, id`)).map((row): ScheduledPostRecord => {
          const { imageSizes, moreImages, ...post } = toScheduledPost(row);
          return { ...post, ...(imageSizes ? { imageSizes } : {}), ...(moreImages.length > 0 ? { moreImages: moreImages.map(moreImageOut) } : {}) };
        });
        const deletions = new Map((await sql.query('SELECT member_id, requested_at, purge_at FROM account_deletions')).map((row) => [
          String(row.member_id), { requestedAt: iso(row.requested_at), purgeAt: iso(row.purge_at) },
        ] as const));
        const users: UserRecord[] = members.map((row) => {
          const member = toMember(row);
          const relations = relationLists.get(member.id);
          const pinned = pins.get(member.id);
          return {
            id: member.id,
            firstName: member.firstName,
            lastName: member.lastName,
            username: member.username,
            password: member.passwordHash,
            image: member.image,
            userBio: member.userBio,
            userPortfolioUrl: member.userPortfolioUrl,
            followers: follows.get(member.id)?.followers ?? [],
            following: follows.get(member.id)?.following ?? [],
            bookmarks: bookmarks.get(member.id) ?? [],
            ...(relations && relations.muting.length > 0 ? { muting: relations.muting } : {}),
            ...(relations && relations.blocking.length > 0 ? { blocking: relations.blocking } : {}),
            ...(pinned ? { pins: pinned } : {}),
            createdAt: member.createdAt,
            updatedAt: member.updatedAt,
            ...(member.sessionVersion !== 0 ? { sessionVersion: member.sessionVersion } : {}),
            ...(member.language !== '' ? { language: member.language } : {}),
            ...(member.quotePolicy !== 'anyone' ? { quotePolicy: member.quotePolicy } : {}),
            ...(member.role !== 'member' ? { role: member.role } : {}),
            ...(member.email !== '' ? { email: member.email } : {}),
            ...(member.emailConfirmed ? { emailConfirmed: true } : {}),
            ...(twoFactors.has(member.id) ? { twoFactor: twoFactors.get(member.id) } : {}),
            ...(deletions.has(member.id) ? { deletion: deletions.get(member.id) } : {}),
            ...(standings.has(member.id) ? { standing: standings.get(member.id) } : {}),
          };
        });
        const postRecords: PostRecord[] = posts.map((row) => {
          const { imageAlt, editedAt, imageSizes, warning, repostOf, quoteOf, moreImages, ...post } = toPost(row);
          return {
            ...post, likedBy: reactions.get(post.id)?.likedBy ?? [], dislikedBy: reactions.get(post.id)?.dislikedBy ?? [],
            ...(imageAlt !== '' ? { imageAlt } : {}), ...(editedAt !== null ? { editedAt } : {}), ...(imageSizes ? { imageSizes } : {}),
            ...(warning !== '' ? { warning } : {}),
            ...(repostOf !== null ? { repostOf } : {}), ...(quoteOf !== null ? { quoteOf } : {}),
            ...(moreImages.length > 0 ? { moreImages: moreImages.map(moreImageOut) } : {}),
          };
        });
        return {
          version: DB_SNAPSHOT_VERSION,
          users,
          posts: postRecords,
          ...(replies.length > 0 ? { replies } : {}),
          ...(notifications.length > 0 ? { notifications } : {}),
          ...(revoked.length > 0 ? { revokedTokens: revoked.map((row) => ({ jti: String(row.jti), expiresAt: iso(row.expires_at) })) } : {}),
          ...(scheduledPosts.length > 0 ? { scheduledPosts } : {}),
          ...(reports.length > 0 ? { reports } : {}),
          ...(rules.length > 0 ? { rules } : {}),
          ...(audit.length > 0 ? { audit } : {}),
        };
      }, { readOnly: true });
    },

    async load(snapshot: DbSnapshot) {
      const passwords = await storedPasswords(snapshot);
      // What the streams told is no longer the network: every stream loads again.
      await write((sql) => importInto(sql, snapshot, passwords), { resets: true });
    },

    async seedIfEmpty(snapshot: DbSnapshot) {
      // A network already there is left as it is, without a write: a seed's write raises the
      // network's version and tells every live stream to load again.
      const seeded = async (sql: Sql) => (await sql.query('SELECT EXISTS (SELECT 1 FROM members) AS seeded'))[0]?.seeded === true;
      if (await database.session(seeded)) return false;
      const passwords = await storedPasswords(snapshot);
      return write(async (sql) => {
        // Servers starting together on one empty database: one seeds, the others then see it.
        await sql.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
        if (await seeded(sql)) return false;
        await importInto(sql, snapshot, passwords);
        await sql.query('INSERT INTO demo_network DEFAULT VALUES ON CONFLICT DO NOTHING');
        return true;
      }, { resets: true });
    },
  };
}
