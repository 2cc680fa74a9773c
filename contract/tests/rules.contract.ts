/**
 * The network's rules (the `moderation` extension): anyone reads them, without a token, in the
 * admin's order; an admin replaces them (at most 20, titles of 1 to 100 characters, descriptions up
 * to 500, trimmed), a rule keeping its id when the list names it; anyone else is refused. While there
 * are rules, signup needs `acceptedRules: true`; with none, the spec's signup works as it always did.
 */
import type { NetworkRule, RulesResponse, SignupResponse } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, MESSAGES, type MessageKey } from '../messages';
import { SAMPLE_SIGNUP, SEED_USER_IDS } from '../seed/default';
import { arrange, call, callAs, db, expectHealthy, target, type CallResult } from './support';

const { liam, maya } = SEED_USER_IDS;

const TWO_RULES = [
  { title: 'Be kind', description: 'Disagree with ideas, never with people.' },
  { title: 'No spam', description: '' },
];

async function arrangeStaff(): Promise<void> {
  await arrange((snapshot) => {
    for (const user of snapshot.users) {
      if (user.id === liam) user.role = 'admin';
      if (user.id === maya) user.role = 'moderator';
    }
  });
}

function putRules(caller: string, rules: unknown): Promise<CallResult<RulesResponse>> {
  return callAs<RulesResponse>(caller, 'PUT', '/rules', { rules });
}

function expectRefused(result: CallResult, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

const withoutIds = (rules: readonly NetworkRule[]) => rules.map(({ title, description }) => ({ title, description }));

describe('the network\'s rules', () => {
  it('answers none at first, to anyone, without a token', async () => {
    const read = await call<RulesResponse>('GET', '/rules');
    expect({ status: read.status, body: read.json }).toEqual({ status: 200, body: { rules: [] } });
  });

  it('lets an admin write them, trimmed and in order, which anyone then reads; a rule keeps its id when named', async () => {
    await arrangeStaff();
    const written = await putRules('liam_chen', [{ title: '  Be   kind ', description: ' Disagree with ideas, never with people.  ' }, { title: 'No spam' }]);
    expect(written.status).toBe(200);
    expect(withoutIds(written.json.rules)).toEqual(TWO_RULES);
    const ids = written.json.rules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(2);
    await expectHealthy(written.json);
    expect((await call<RulesResponse>('GET', '/rules')).json).toEqual(written.json);
    expect((await target().snapshot()).rules).toEqual(written.json.rules);

    // Reordered and one edited: both keep their ids; a new one gets its own; an id not in the list is a new rule.
    const [kind, spam] = written.json.rules as [NetworkRule, NetworkRule];
    const again = await putRules('liam_chen', [{ ...spam, title: 'No spam, ever' }, kind, { id: 'made-up', title: 'Stay on topic', description: '' }]);
    expect(again.status).toBe(200);
    expect(again.json.rules.slice(0, 2)).toEqual([{ id: spam.id, title: 'No spam, ever', description: '' }, kind]);
    expect(again.json.rules[2]).toMatchObject({ title: 'Stay on topic', description: '' });
    expect([kind.id, spam.id, 'made-up']).not.toContain(again.json.rules[2]?.id);

    const cleared = await putRules('liam_chen', []);
    expect({ status: cleared.status, body: cleared.json }).toEqual({ status: 200, body: { rules: [] } });
    expect((await call<RulesResponse>('GET', '/rules')).json).toEqual({ rules: [] });
  });

  it('refuses a member, a moderator and a caller without a token, changing nothing', async () => {
    await arrangeStaff();
    await putRules('liam_chen', TWO_RULES);
    const before = (await call<RulesResponse>('GET', '/rules')).json;
    expectRefused(await putRules('demo_user', []), 'notAdmin');
    expectRefused(await putRules('maya_patel', []), 'notAdmin');
    expectRefused(await call('PUT', '/rules', { body: { rules: [] } }), 'tokenInvalid');
    expect((await call<RulesResponse>('GET', '/rules')).json).toEqual(before);
  });

  it(`refuses more than ${LIMITS.rulesMax} rules, a title empty or too long, a description too long, and a rule named twice`, async () => {
    await arrangeStaff();
    const rule = (n: number) => ({ title: `Rule ${n}`, description: '' });
    expect((await putRules('liam_chen', Array.from({ length: LIMITS.rulesMax }, (_, n) => rule(n)))).json.rules).toHaveLength(LIMITS.rulesMax);
    const kept = (await call<RulesResponse>('GET', '/rules')).json;
    expectRefused(await putRules('liam_chen', Array.from({ length: LIMITS.rulesMax + 1 }, (_, n) => rule(n))), 'rulesTooMany');
    expectRefused(await putRules('liam_chen', [{ title: '   ', description: 'x' }]), 'ruleTitleInvalid');
    expectRefused(await putRules('liam_chen', [{ description: 'x' }]), 'ruleTitleInvalid');
    expectRefused(await putRules('liam_chen', [{ title: 't'.repeat(LIMITS.ruleTitleMax + 1), description: '' }]), 'ruleTitleInvalid');
    expectRefused(await putRules('liam_chen', [{ title: 'Fine', description: 'd'.repeat(LIMITS.ruleDescriptionMax + 1) }]), 'ruleDescriptionTooLong');
    const first = kept.rules[0]!;
    expectRefused(await putRules('liam_chen', [first, first]), 'ruleIdInvalid');
    expectRefused(await callAs('liam_chen', 'PUT', '/rules', { rules: 'Be kind' }), 'invalidBody');
    expect((await call<RulesResponse>('GET', '/rules')).json).toEqual(kept);
    // The longest allowed of each is kept whole.
    const longest = await putRules('liam_chen', [{ title: 't'.repeat(LIMITS.ruleTitleMax), description: 'd'.repeat(LIMITS.ruleDescriptionMax) }]);
    expect(longest.status).toBe(200);
    expect(MESSAGES.rulesTooMany).toBe(`A network can have at most ${LIMITS.rulesMax} rules.`);
    expect(MESSAGES.ruleTitleInvalid).toBe(`Each rule needs a title of 1 to ${LIMITS.ruleTitleMax} characters.`);
    expect(MESSAGES.ruleDescriptionTooLong).toBe(`A rule's description can be at most ${LIMITS.ruleDescriptionMax} characters.`);
  });

  it('makes signup agree to the rules while there are some, storing nobody until it does', async () => {
    // No rules: the spec's signup, without the field.
    expect((await call('POST', '/auth/signup', { body: SAMPLE_SIGNUP })).status).toBe(201);

    await arrangeStaff();
    await putRules('liam_chen', TWO_RULES);
    const newcomer = { ...SAMPLE_SIGNUP, username: 'new_here', email: 'new.here@example.com' };
    for (const acceptedRules of [undefined, false, 'true', 1]) {
      expectRefused(await call('POST', '/auth/signup', { body: acceptedRules === undefined ? newcomer : { ...newcomer, acceptedRules } }), 'rulesNotAccepted');
    }
    expect((await db()).userByUsername('new_here')).toBeUndefined();
    const joined = await call<SignupResponse>('POST', '/auth/signup', { body: { ...newcomer, acceptedRules: true } });
    expect({ status: joined.status, username: joined.json.createdUser.username }).toEqual({ status: 201, username: 'new_here' });
    await expectHealthy(joined.json);

    // The rules taken away: signup works without the field again.
    await putRules('liam_chen', []);
    expect((await call('POST', '/auth/signup', { body: { ...SAMPLE_SIGNUP, username: 'later_one', email: 'later@example.com' } })).status).toBe(201);
  });

  it('keeps the rules in the network\'s snapshot, loaded back as they were', async () => {
    await arrangeStaff();
    const written = (await putRules('liam_chen', TWO_RULES)).json.rules;
    const snapshot = await target().snapshot();
    await target().reset();
    expect((await call<RulesResponse>('GET', '/rules')).json).toEqual({ rules: [] });
    await target().load(snapshot);
    expect((await call<RulesResponse>('GET', '/rules')).json).toEqual({ rules: written });
  });
});
