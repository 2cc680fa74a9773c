import { readBuildEnv, SCENARIO_NAMES } from './buildEnv';
import { SCENARIO_NAMES as STAND_IN_SCENARIOS } from '../mocks/scenarios';

describe('build settings of the mock/real switch', () => {
  it('defaults to the mock backend under /api', () => {
    expect(readBuildEnv({})).toEqual({ buildDir: 'dist', apiBaseUrl: '/api', apiMocking: 'on', apiProxy: undefined, mockScenario: '' });
  });

  it('accepts a real server by absolute URL with mocking off, and a proxy for the dev server', () => {
    expect(
      readBuildEnv({ API_BASE_URL: 'https://api.example.org/api/', API_MOCKING: 'OFF', API_PROXY: 'http://localhost:8080', MOCK_SCENARIO: 'busy', BUILD_DIR: 'build/app/' }),
    ).toEqual({ buildDir: 'build/app', apiBaseUrl: 'https://api.example.org/api', apiMocking: 'off', apiProxy: 'http://localhost:8080', mockScenario: 'busy' });
  });

  it.each([
    [{ API_MOCKING: 'maybe' }, 'API_MOCKING "maybe" is not valid. Use "on"'],
    [{ API_BASE_URL: 'api' }, 'API_BASE_URL "api" is neither a path starting with "/" nor an absolute URL.'],
    [{ API_BASE_URL: 'ftp://files.example.org' }, 'API_BASE_URL "ftp://files.example.org" must use http or https.'],
    [{ API_BASE_URL: '   ' }, 'API_BASE_URL is empty.'],
    [{ API_PROXY: 'localhost:8080' }, 'API_PROXY "localhost:8080" must use http or https.'],
    [{ API_PROXY: 'not a url' }, 'API_PROXY "not a url" is not an absolute URL'],
    [{ MOCK_SCENARIO: 'Busy Day' }, 'MOCK_SCENARIO "Busy Day" is not a scenario. Use one of: default, empty, new-member, busy'],
    [{ MOCK_SCENARIO: 'bussy' }, 'MOCK_SCENARIO "bussy" is not a scenario. Use one of: default, empty, new-member, busy'],
    [{ BUILD_DIR: '../elsewhere' }, 'BUILD_DIR "../elsewhere" must be a folder inside the repository'],
    [{ BUILD_DIR: '/tmp/out' }, 'BUILD_DIR "/tmp/out" must be a folder inside the repository'],
  ])('refuses %j with a message naming the setting', (env, message) => {
    expect(() => readBuildEnv(env)).toThrow(message);
  });

  it('knows the same scenarios as the stand-in', () => {
    expect(SCENARIO_NAMES).toEqual([...STAND_IN_SCENARIOS]);
  });
});
