// Loaded with `node -r` into a server started by the server benchmark: measures the event loop's delay
// in that process and reports it to the benchmark over IPC. Not part of the server itself.
'use strict';

const { monitorEventLoopDelay } = require('node:perf_hooks');

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

process.on('message', (message) => {
  if (message === 'event-loop:reset') {
    histogram.reset();
    process.send?.({ type: 'event-loop:reset' });
  } else if (message === 'event-loop:read') {
    process.send?.({ type: 'event-loop', p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 });
  }
});
