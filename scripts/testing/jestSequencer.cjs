// The order jest starts test files in. With timings from an earlier run (jest's cache), the slowest go
// first, as jest does by default. Without them (a clean clone, as in CI) jest falls back to file size,
// which puts the contract suite's runners last: each is a few lines that run the whole suite against one
// backend, the longest files of the run. Started last, one of them kept a worker busy alone for about a
// minute at the end. Here, files with no timing start in this order: the contract runners, then the
// server's files and the app's on a real server (each starts servers or databases), then the rest,
// each group by size as before.
const Sequencer = require('@jest/test-sequencer').default;

const RANK_WITHOUT_TIMING = [/\.target\.test\.ts$/, /\/server\/|\.onServer\.test\.tsx?$/];

function rank(path) {
  const index = RANK_WITHOUT_TIMING.findIndex((pattern) => pattern.test(path));
  return index === -1 ? RANK_WITHOUT_TIMING.length : index;
}

class SlowestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const untimed = sorted.filter((test) => test.duration == null);
    if (untimed.length === 0) return sorted;
    const timed = sorted.filter((test) => test.duration != null);
    // A stable sort: within a rank, the size order of the default sequencer stays.
    return [...untimed.sort((a, b) => rank(a.path) - rank(b.path)), ...timed];
  }
}

module.exports = SlowestFirst;
