import { ConfigError } from '../../server/settings';

/** A bad setting (one name, one value), and what its refusal goes on to say it accepts, if the test looks. */
export type BadSetting = [env: Record<string, string>, accepts?: string];

/**
 * One test a bad setting: `read` refuses it with a ConfigError that names the setting and quotes its
 * value (`NAME "value" is not valid.`), then says what it accepts. The settings in `unquoted` are
 * named without their value, which may hold a password.
 */
export function itRefusesEach(read: (env: Record<string, string>) => unknown, settings: BadSetting[], { unquoted = [] }: { unquoted?: string[] } = {}): void {
  const cases = settings.map(([env, accepts]): [Record<string, string>, string] => {
    const [name, value] = Object.entries(env)[0] ?? [];
    if (name === undefined) throw new Error('A bad setting names one setting');
    const refused = unquoted.includes(name) ? `${name} is not valid.` : `${name} "${value}" is not valid.`;
    return [env, accepts ? `${refused} ${accepts}` : refused];
  });
  it.each(cases)('refuses %j with a message naming the setting', (env, message) => {
    expect(() => read(env)).toThrow(ConfigError);
    expect(() => read(env)).toThrow(message);
  });
}
