/**
 * The contract suite against the server on PostgreSQL with the one-statement writes off: likes,
 * bookmarks and follows go through the contract's rules (contract/rules/), as on the stand-in, on
 * the same database as postgres.target.test.ts, where they are the SQL functions of
 * server/sql/functions/. Both runs pass the same suite, so the two paths answer alike.
 */
import { runAgainst } from '../../contract/tests/support';
import { openServerTarget } from '../testing/serverTarget';
import '../../contract/tests/suite';

runAgainst(() => openServerTarget('postgres', { oneStatementWrites: false }));
