/** The contract suite against the server on PostgreSQL (the test cluster, or DATABASE_URL). */
import { runAgainst } from '../../contract/tests/support';
import { openServerTarget } from '../testing/serverTarget';
import '../../contract/tests/suite';

runAgainst(() => openServerTarget('postgres'));
