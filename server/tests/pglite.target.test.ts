/** The contract suite against the server on an embedded PGlite. */
import { runAgainst } from '../../contract/tests/support';
import { openServerTarget } from '../testing/serverTarget';
import '../../contract/tests/suite';

runAgainst(() => openServerTarget('pglite'));
