/** The build's and the local tools' settings: read from the environment, a bad value names the setting and what it accepts. */
import { SCENARIO_NAMES as STAND_IN_SCENARIOS } from '../mocks/scenarios';
import { busyPortMessage, readBuildSettings, readPort, SCENARIO_NAMES } from './settings';
import { itRefusesEach } from './testing/settingRefusals';

describe('build settings of the mock/real switch', () => {
  it('defaults to the mock backend under /api, built into dist', () => {
    expect(readBuildSettings({})).toEqual({ buildDir: 'dist', apiBaseUrl: '/api', apiMocking: true, apiProxy: undefined, mockScenario: '', offlineKept: { pages: 80, bytes: 4_000_000 } });
  });

  it('accepts a real server by absolute URL with mocking off, and a proxy for the dev server', () => {
    expect(
      readBuildSettings({ API_BASE_URL: 'https://api.example.org/api/', API_MOCKING: 'OFF', API_PROXY: 'http://localhost:8080/', MOCK_SCENARIO: 'busy', BUILD_DIR: 'build/app/' }),
    ).toEqual({ buildDir: 'build/app', apiBaseUrl: 'https://api.example.org/api', apiMocking: false, apiProxy: 'http://localhost:8080', mockScenario: 'busy', offlineKept: { pages: 80, bytes: 4_000_000 } });
  });

  it('bounds what the app keeps for reading offline: answers (0 keeps none) and megabytes', () => {
    expect(readBuildSettings({ OFFLINE_KEPT_PAGES: '0', OFFLINE_KEPT_MB: '20' }).offlineKept).toEqual({ pages: 0, bytes: 20_000_000 });
  });

  it('trims values, and takes a blank one as unset', () => {
    expect(readBuildSettings({ API_BASE_URL: ' /v2/ ', API_MOCKING: '  ', MOCK_SCENARIO: '', BUILD_DIR: ' out ' })).toEqual({
      buildDir: 'out', apiBaseUrl: '/v2', apiMocking: true, apiProxy: undefined, mockScenario: '', offlineKept: { pages: 80, bytes: 4_000_000 },
    });
    expect(readBuildSettings({ API_BASE_URL: '/' }).apiBaseUrl).toBe('/');
  });

  itRefusesEach(readBuildSettings, [
    [{ API_MOCKING: 'maybe' }, 'Use "on" (mock backend in the browser) or "off" (real server).'],
    [{ API_BASE_URL: 'api' }, 'Use a path such as /api or an absolute http(s) URL.'],
    [{ API_BASE_URL: 'ftp://files.example.org' }, 'Use a path such as /api'],
    [{ API_PROXY: 'localhost:8080' }, 'Use an absolute http(s) URL such as http://localhost:8080.'],
    [{ API_PROXY: 'not a url' }, 'Use an absolute http(s) URL'],
    [{ MOCK_SCENARIO: 'Busy Day' }, 'Use one of: default, empty, new-member, busy'],
    [{ MOCK_SCENARIO: 'bussy' }, 'Use one of: default, empty, new-member, busy'],
    [{ BUILD_DIR: '../elsewhere' }, 'Use a folder inside the repository, such as dist or build/app.'],
    [{ BUILD_DIR: 'build/../../elsewhere' }],
    [{ BUILD_DIR: '/tmp/out' }],
    [{ OFFLINE_KEPT_PAGES: '-1' }, 'Use the most answers the app keeps for reading offline, from 0 (none) to 1000.'],
    [{ OFFLINE_KEPT_PAGES: 'many' }],
    [{ OFFLINE_KEPT_MB: '0' }, 'Use the most megabytes those answers may weigh, from 1 to 200.'],
  ]);

  it('knows the same scenarios as the stand-in', () => {
    expect(SCENARIO_NAMES).toEqual([...STAND_IN_SCENARIOS]);
  });
});

describe('the port of npm start and npm run serve', () => {
  it('takes the --port option first, then PORT, then the default', () => {
    expect(readPort('4100', { PORT: '4200' }, 3000)).toBe(4100);
    expect(readPort(undefined, { PORT: '4200' }, 3000)).toBe(4200);
    expect(readPort(undefined, {}, 3000)).toBe(3000);
    expect(readPort(undefined, { PORT: ' ' }, 3000)).toBe(3000);
    expect(readPort('0', {}, 3000)).toBe(0);
  });

  it.each([
    ['abc', {}, '--port "abc" is not valid. Use a port number from 0 to 65535 (0 picks a free one).'],
    [undefined, { PORT: '70000' }, 'PORT "70000" is not valid. Use a port number from 0 to 65535'],
    [undefined, { PORT: '-1' }, 'PORT "-1" is not valid.'],
    [undefined, { PORT: '80.5' }, 'PORT "80.5" is not valid.'],
  ])('refuses %j %j', (option, env, message) => {
    expect(() => readPort(option, env, 3000)).toThrow(message);
  });

  it('suggests the next port when one is taken', () => {
    expect(busyPortMessage(5000, 'npm run serve')).toBe(
      'Port 5000 is already in use (another "npm run serve" or another program).\nChoose another port: PORT=5001 npm run serve   or   npm run serve -- --port 5001',
    );
    expect(busyPortMessage(65535, 'npm start')).toContain('PORT=65534 npm start');
  });
});
