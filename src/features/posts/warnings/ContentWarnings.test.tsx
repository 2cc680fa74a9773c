import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_EXTENSIONS } from '../../../../contract/api';
import { seedPostId } from '../../../../contract/seed/default';
import { getMockDb, server } from '../../../../mocks/testing/node';
import { API, cardWith, renderHome } from '../../../test/posts';
import { FOREST } from '../../../test/seedTexts';
import { OPEN_WARNINGS_KEY } from './openWarnings';

const SPIDERS = 'Spiders, up close';

/** Ava's forest walk behind a warning, in the stand-in's store, before the app loads it. */
function warnOnForest(): void {
  const post = getMockDb().posts.get(seedPostId(5));
  if (!post) throw new Error('the forest walk is missing');
  post.warning = SPIDERS;
}

describe('a post behind a content warning', () => {
  it('shows the warning alone, and its text and image after Show more, until Show less', async () => {
    warnOnForest();
    const { user } = await renderHome();
    const card = cardWith(SPIDERS);
    const toggle = within(card).getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Hidden from sight and from screen readers alike.
    expect(within(card).getByText(FOREST)).not.toBeVisible();
    expect(within(card).queryByRole('img', { name: /pine forest/ })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(within(card).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByText(FOREST)).toBeVisible();
    expect(within(card).getByRole('img', { name: /pine forest/ })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Show less' }));
    expect(within(card).getByText(FOREST)).not.toBeVisible();
  });

  it('opens and closes from the keyboard: x on the current post', async () => {
    warnOnForest();
    const { user } = await renderHome();
    const card = cardWith(SPIDERS);
    card.focus();
    await user.keyboard('x');
    expect(within(card).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('x');
    expect(within(card).getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows every post opened when the member chose so in the navigation, kept by the browser', async () => {
    warnOnForest();
    const { user } = await renderHome();
    const card = cardWith(SPIDERS);
    await user.click(screen.getByRole('checkbox', { name: 'Open posts with a content warning' }));
    expect(within(card).getByText(FOREST)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(window.localStorage.getItem(OPEN_WARNINGS_KEY)).toBe('true');
    // One card can still be closed.
    await user.click(within(card).getByRole('button', { name: 'Show less' }));
    expect(within(card).getByText(FOREST)).not.toBeVisible();
  });
});

describe('writing a content warning', () => {
  it('adds one from the composer, above the text, and posts behind it', async () => {
    const { user } = await renderHome();
    expect(screen.queryByRole('textbox', { name: 'Content warning' })).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add a content warning' });
    expect(add).toHaveAttribute('aria-pressed', 'false');
    await user.click(add);
    const field = screen.getByRole('textbox', { name: 'Content warning' });
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Shown in place of your text and image until a reader opens the post.'));
    await user.type(field, 'Ending spoiled');
    await user.type(screen.getByRole('textbox', { name: 'New post text' }), 'The butler did it.');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    const card = cardWith('Ending spoiled');
    expect(within(card).getByText('The butler did it.')).not.toBeVisible();
    expect(within(card).getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    expect([...getMockDb().posts.values()].find((post) => post.content === 'The butler did it.')?.warning).toBe('Ending spoiled');
    // The composer is ready for the next post, without a warning.
    expect(screen.queryByRole('textbox', { name: 'Content warning' })).not.toBeInTheDocument();
  });

  it('holds Post back over 100 characters and says by how much; taken off, the warning goes', async () => {
    const { user } = await renderHome();
    await user.type(screen.getByRole('textbox', { name: 'New post text' }), 'Fine text');
    await user.click(screen.getByRole('button', { name: 'Add a content warning' }));
    const field = screen.getByRole('textbox', { name: 'Content warning' });
    await user.click(field);
    await user.paste('w'.repeat(103));
    expect(screen.getByText('3 characters over the limit')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add a content warning' }));
    expect(screen.queryByRole('textbox', { name: 'Content warning' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });

  it('keeps the warning and the text when the backend refuses, with its message', async () => {
    server.use(http.post(`${API}/posts`, () => HttpResponse.json({ errors: ['The service is unavailable right now. Please try again in a moment.'], code: 'service_unavailable' }, { status: 503 })));
    const { user } = await renderHome();
    await user.click(screen.getByRole('button', { name: 'Add a content warning' }));
    await user.type(screen.getByRole('textbox', { name: 'Content warning' }), 'Kept');
    await user.type(screen.getByRole('textbox', { name: 'New post text' }), 'Kept text');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(/The service is unavailable right now/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Content warning' })).toHaveValue('Kept');
    expect(screen.getByRole('textbox', { name: 'New post text' })).toHaveValue('Kept text');
  });

  it('adds, changes and takes off a warning in the edit window', async () => {
    const { user } = await renderHome();
    await user.click(within(cardWith(FOREST)).getByRole('button', { name: 'Edit post' }));
    let dialog = screen.getByRole('dialog', { name: 'New Post Content:' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Content warning' }), 'Mist');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Post Edited Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(within(cardWith('Mist')).getByRole('button', { name: 'Show more' })).toBeInTheDocument());
    expect(getMockDb().posts.get(seedPostId(5))?.warning).toBe('Mist');

    await user.click(within(cardWith('Mist')).getByRole('button', { name: 'Edit post' }));
    dialog = screen.getByRole('dialog', { name: 'New Post Content:' });
    const field = within(dialog).getByRole('textbox', { name: 'Content warning' });
    expect(field).toHaveValue('Mist');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument());
    expect(within(cardWith(FOREST)).getByText(FOREST)).toBeVisible();
    expect(getMockDb().posts.get(seedPostId(5))).not.toHaveProperty('warning');
  });

  it('offers no warning, and no setting, on a backend without them', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'content-warnings') })));
    const { user } = await renderHome();
    expect(screen.queryByRole('button', { name: 'Add a content warning' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Open posts with a content warning' })).not.toBeInTheDocument();
    await user.click(within(cardWith(FOREST)).getByRole('button', { name: 'Edit post' }));
    expect(within(screen.getByRole('dialog', { name: 'New Post Content:' })).queryByRole('textbox', { name: 'Content warning' })).not.toBeInTheDocument();
  });
});
