import { within } from '@testing-library/react';
import { TEST_API_BASE, tokenFor } from '../../mocks/testing/node';
import { DEMO_CREDENTIALS, seedPostId } from '../../contract/seed/default';
import { cardWith, findFeed } from '../test/posts';
import { renderWithProviders } from '../test/renderWithProviders';

/** Another member (or the member on another device) calls the same backend. */
async function elsewhere(username: string, method: string, path: string, body?: unknown): Promise<void> {
  const answer = await fetch(`${TEST_API_BASE}${path}`, {
    method,
    headers: { authorization: await tokenFor(username), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path} as ${username}: ${answer.status}`);
}

/** Post 2, Maya's, on the demo member's Home. */
const LAKE = 'The lake went completely still just before dusk. No filter needed.';

describe('the live network', () => {
  it('changes a like count where the post is shown', async () => {
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    const card = cardWith(LAKE);
    expect(within(card).getByRole('button', { name: 'Like, 2 likes' })).toBeInTheDocument();

    await elsewhere('zoe_martin', 'POST', `/posts/like/${seedPostId(2)}`);
    expect(await within(card).findByRole('button', { name: 'Like, 3 likes' })).toBeInTheDocument();
  });
});
