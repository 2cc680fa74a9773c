import { screen, within } from '@testing-library/react';
import { getMockDb } from '../../../../mocks/testing/node';
import { SEED_USER_IDS, seedPostId } from '../../../../contract/seed/default';
import { renderHome } from '../../../test/posts';

/** Gives a seed post of the demo member's Home a new text. */
function writeIntoPost(n: number, content: string): void {
  const post = getMockDb().posts.get(seedPostId(n));
  if (!post) throw new Error(`seed post ${n} is missing`);
  post.content = content;
}

async function openHomeCard(name: string) {
  const view = await renderHome();
  return { ...view, card: (await screen.findAllByRole('article', { name })).at(0) as HTMLElement };
}

describe("Mentions and addresses in a post's text", () => {
  it("link @names of members to their profiles, leave other @names as text, and open addresses in a new tab", async () => {
    // Post 11 is the demo member's own.
    writeIntoPost(11, 'Coffee with @LIAM_CHEN and @nobody_here. Photos: https://www.example.com/albums/saturday-coffee-in-the-park-2025.');
    const { card } = await openHomeCard('Ava Reed');

    const liam = await within(card).findByRole('link', { name: '@LIAM_CHEN' });
    expect(liam).toHaveAttribute('href', `/users/${SEED_USER_IDS.liam}`);
    expect(within(card).queryByRole('link', { name: '@nobody_here' })).not.toBeInTheDocument();
    expect(within(card).getByText(/@nobody_here/)).toBeInTheDocument();

    const address = within(card).getByRole('link', { name: 'example.com/albums/saturday-cof… (opens in a new tab)' });
    expect(address).toHaveAttribute('href', 'https://www.example.com/albums/saturday-coffee-in-the-park-2025');
    expect(address).toHaveAttribute('target', '_blank');
    expect(address).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(address).toHaveAttribute('title', 'https://www.example.com/albums/saturday-coffee-in-the-park-2025');
    // The sentence's full stop stays text, outside the address's own run.
    expect(address.closest('bdi')?.nextSibling?.textContent).toBe('.');

    // The text holds links of its own: the time opens the post.
    expect(within(card).getByRole('link', { name: /^May \d+, 2025/ })).toHaveAttribute('href', `/posts/${seedPostId(11)}`);
  });

  it('shows markup as the text it is: no element is made from it, and only http(s) addresses link', async () => {
    const markup = '<img src=x onerror="alert(1)"> <a href="javascript:alert(1)">click</a> <script>alert(2)</script> https://ok.example/';
    writeIntoPost(11, markup);
    const { card } = await openHomeCard('Ava Reed');
    const content = card.querySelector('.post-card__content');
    expect(content?.textContent).toBe(`${markup.replace('https://ok.example/', 'ok.example')} (opens in a new tab)`);
    expect(content?.querySelector('img, script')).toBeNull();
    expect([...(content?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'))).toEqual(['https://ok.example/']);
  });

  it('keeps a mention, a tag and an address whole in a text written right to left: each is isolated in its own direction', async () => {
    writeIntoPost(11, 'صباح الخير @liam_chen! شاهدوا #غروب_الشمس و #sunset هنا: https://example.com/sunset');
    const { card } = await openHomeCard('Ava Reed');
    const content = card.querySelector('.post-card__content');
    expect(content).toHaveAttribute('dir', 'auto');

    // Each part is a bidi isolate of its own, its direction taken from its own first letter, so the
    // Arabic around it cannot carry "@" or "#" to its other end ("liam_chen@").
    const liam = await within(card).findByRole('link', { name: '@liam_chen' });
    const tags = ['#غروب_الشمس', '#sunset'].map((tag) => within(card).getByRole('link', { name: tag }));
    const address = within(card).getByRole('link', { name: 'example.com/sunset (opens in a new tab)' });
    for (const part of [liam, ...tags, address]) {
      const isolate = part.parentElement;
      expect(isolate?.tagName).toBe('BDI');
      expect(isolate).not.toHaveAttribute('dir');
      expect(isolate?.textContent?.startsWith(part.textContent ?? '')).toBe(true);
    }
    expect(liam.textContent).toBe('@liam_chen');
    // The text between them is the paragraph's, in its direction.
    expect(liam.closest('bdi')?.previousSibling?.textContent).toBe('صباح الخير ');
    expect(liam.closest('bdi')?.nextSibling?.textContent).toBe('! شاهدوا ');
  });

  it('keeps a plain text as the link to the post, as the spec has it', async () => {
    await openHomeCard('Ava Reed');
    const hello = screen.getByRole('link', { name: 'Hello SocialConnect! Starting the week with a walk and a plan.' });
    expect(hello).toHaveAttribute('href', `/posts/${seedPostId(5)}`);
  });
});
