import { installRenderHook } from './renderCounts';

// Before react-dom loads: render counts in the tests come from React's own commit reports.
installRenderHook();
