/**
 * `npm run admin -- COMMAND`: the network's roles from the command line, where the first admin is
 * made (admins name moderators in the app). On PostgreSQL it runs beside the servers; on PGlite it
 * needs the data folder, so the server must be stopped.
 *
 *   promote USERNAME   makes the member an admin
 *   demote USERNAME    makes an admin or a moderator a member again
 *   list               the admins and moderators, admins first
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openCommandDatabase } from './commandDatabase';
import { ConfigError, describeStore, PGLITE_FOLDER, readConfig } from './config';
import { DataDirLockedError } from './dataDirLock';
import type { Database } from './db/database';
import { migrate } from './db/migrate';

const USAGE = 'Usage: npm run admin -- promote USERNAME | demote USERNAME | list';

/** A command the operator got wrong: said in one line, with what to type. */
class UsageError extends Error {}

type Role = 'member' | 'moderator' | 'admin';

const A_ROLE: Record<Role, string> = { member: 'a member', moderator: 'a moderator', admin: 'an admin' };

async function setRole(database: Database, store: string, username: string, role: Role): Promise<string> {
  const [found] = await database.query<{ username: string; role: Role }>('SELECT username, role FROM members WHERE lower(username) = lower($1)', [username]);
  if (!found) throw new UsageError(`No member is named ${JSON.stringify(username)} in ${store}. A username is the one the member logs in with; npm run admin -- list shows the admins and moderators.`);
  if (found.role === role) return `${found.username} is already ${A_ROLE[role]}; nothing changed.`;
  await database.query('UPDATE members SET role = $2 WHERE lower(username) = lower($1)', [username, role]);
  return `${found.username} was ${A_ROLE[found.role]} and is now ${A_ROLE[role]}.`;
}

async function listStaff(database: Database, store: string): Promise<string> {
  const staff = await database.query<{ username: string; role: Role }>(
    "SELECT username, role FROM members WHERE role <> 'member' ORDER BY role = 'admin' DESC, lower(username)",
  );
  if (staff.length === 0) return `${store} has no admin or moderator yet: npm run admin -- promote USERNAME makes the first admin.`;
  return staff.map(({ username, role }) => `${role.padEnd(9)} ${username}`).join('\n');
}

async function main(): Promise<void> {
  const [command, username, ...rest] = process.argv.slice(2);
  const wantsName = command === 'promote' || command === 'demote';
  if (!(wantsName || command === 'list') || (wantsName && !username) || rest.length > 0 || (command === 'list' && username)) throw new UsageError(USAGE);
  const config = readConfig();
  const store = describeStore(config);
  const noNetwork = new UsageError(`${store} holds no SocialConnect network: start the server on it once, or name the server's own (DATA_DIR, DATABASE_URL).`);
  // A folder with no database is not made one here (a mistyped DATA_DIR).
  if (!config.databaseUrl && !existsSync(join(config.dataDir, PGLITE_FOLDER))) throw noNetwork;
  const opened = await openCommandDatabase(config);
  const { database } = opened;
  try {
    const [members] = await database.query<{ found: string | null }>("SELECT to_regclass('public.members')::text AS found");
    if (!members?.found) throw noNetwork;
    // A database the upgraded server has not started on yet gets the roles' column first.
    await migrate(database);
    if (command === 'list') console.log(await listStaff(database, store));
    else console.log(await setRole(database, store, username!, command === 'promote' ? 'admin' : 'member'));
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
