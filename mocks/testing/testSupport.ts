/**
 * The contract suite's helpers (contract/tests/support.ts), bound to the stand-in that the app's
 * tests share (mocks/node.ts), for the stand-in's own tests: scenarios and the MSW glue.
 */
import { bindTarget } from '../../contract/tests/support';
import { mswTarget } from './contractTarget';
import { getMockContext } from './node';

bindTarget(mswTarget(getMockContext()));

export * from '../../contract/tests/support';
