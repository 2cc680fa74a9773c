// Loaded with `node -r` into a server started by the server benchmark: measures the event loop's delay
// in that process, and its memory, and reports them to the benchmark over IPC. Not part of the server itself.
'use strict';

const { monitorEventLoopDelay } = require('node:perf_hooks');

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

process.on('message', (message) => {
  if (message === 'event-loop:reset') {
    histogram.reset();
    process.send?.({ type: 'event-loop:reset' });
  } else if (message === 'memory:read') {
    // Live memory after full collections (when started with --expose-gc): what the process holds, not
    // its garbage. The second gives back most of the room the heap grew while busy.
    if (typeof globalThis.gc === 'function') {
      globalThis.gc();
      globalThis.gc();
    }
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.send?.({ type: 'memory', rss, heapTotal, heapUsed, external, arrayBuffers, collected: typeof globalThis.gc === 'function' });
  } else if (message === 'event-loop:read') {
    process.send?.({ type: 'event-loop', p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 });
  }
});
