import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_EXTENSIONS } from '../../../../contract/api';
import { MESSAGES } from '../../../../contract/messages';
import { DEMO_CREDENTIALS, seedPostId } from '../../../../contract/seed/default';
import { getMockDb, server } from '../../../../mocks/testing/node';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { API, cardWith, pngFile, renderHome } from '../../../test/posts';
import { expectNameToStartWithShownText } from '../../../test/labelInName';
import { BIKE, FOREST, FOREST_ALT, LAKE, LAKE_ALT, SETTINGS } from '../../../test/seedTexts';
import { activateLanguage } from '../../../i18n/i18n';

/** Explore: every member's posts, Noah's among them. */
async function openExplore() {
  const view = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
  await screen.findByText(BIKE, {}, { timeout: 10_000 });
  return view;
}

/** Replaces a field's text the quick way (select, paste), as a member pasting would. */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

function withoutExtension(extension: string): void {
  server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== extension) })));
}

describe('alt text on a card', () => {
  it('names each ALT badge by its word first, then whose image it describes: no two alike (label in name)', async () => {
    await renderHome();
    const badges = screen.getAllByRole('button', { name: /^ALT/ });
    expect(badges.length).toBeGreaterThan(1);
    badges.forEach((badge) => expectNameToStartWithShownText(badge));
    expect(within(cardWith(LAKE)).getByRole('button', { name: /^ALT/ })).toHaveAccessibleName(/^ALT +text of Maya Patel's image$/);
    // Home holds images of Ava's, Liam's and Maya's: three names.
    expect(new Set(badges.map((badge) => badge.textContent)).size).toBe(3);
  });

  it("is the image's alt, and its ALT badge shows and hides the description on press and on Escape", async () => {
    const { user } = await renderHome();
    const card = cardWith(LAKE);
    expect(within(card).getByRole('img', { name: LAKE_ALT })).toBeInTheDocument();
    const badge = within(card).getByRole('button', { name: /^ALT +text of Maya Patel's image$/ });
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByText(LAKE_ALT, { selector: 'p' })).not.toBeVisible();

    await user.click(badge);
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByText(LAKE_ALT, { selector: 'p' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByText(LAKE_ALT, { selector: 'p' })).not.toBeVisible();

    // Reached and pressed from the keyboard too.
    badge.focus();
    await user.keyboard('{Enter}');
    expect(within(card).getByText(LAKE_ALT, { selector: 'p' })).toBeVisible();
  });

  it('says an image without a description has none, never its file name, and shows no badge', async () => {
    await openExplore();
    const bike = cardWith(BIKE);
    expect(within(bike).getByRole('img', { name: 'Image posted by Noah Kim, with no description' })).toBeInTheDocument();
    expect(within(bike).queryByRole('button', { name: /ALT/ })).not.toBeInTheDocument();
  });

  it("speaks the member's language: the badge still begins with the word it shows, an undescribed image says so", async () => {
    await activateLanguage('pl');
    await openExplore();
    const badge = within(cardWith(LAKE)).getByRole('button', { name: /^ALT/ });
    expect(badge).toHaveAccessibleName('ALT – opis obrazu od Maya Patel');
    expectNameToStartWithShownText(badge);
    expect(within(cardWith(BIKE)).getByRole('img', { name: 'Obraz od Noah Kim, bez opisu' })).toBeInTheDocument();
  });
});

describe('alt text in the composer', () => {
  it('asks for a description of an attached image, reminds gently while it is empty, and posts it as the alt', async () => {
    const { user } = await renderHome();
    expect(screen.queryByRole('textbox', { name: 'Image description' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New post text' }), 'Described picture');
    await user.upload(screen.getByLabelText('Image file'), pngFile('IMG_2041.png'));
    const description = await screen.findByRole('textbox', { name: 'Image description' });
    expect(description).toHaveAccessibleDescription(expect.stringContaining('No description yet: screen readers will only say that there is an image. Adding one is optional, and helps.'));
    expect(screen.getByText('No description yet: screen readers will only say that there is an image. Adding one is optional, and helps.')).toBeVisible();
    expect(screen.getByText('1,500 characters left')).toBeInTheDocument();

    await user.type(description, 'A grey square, the test pattern.');
    expect(screen.queryByText('No description yet: screen readers will only say that there is an image. Adding one is optional, and helps.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    const card = cardWith('Described picture');
    expect(within(card).getByRole('img', { name: 'A grey square, the test pattern.' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Image description' })).not.toBeInTheDocument();
  });

  it('posts without a description when left empty: the alt says the image has none', async () => {
    const { user } = await renderHome();
    await user.type(screen.getByRole('textbox', { name: 'New post text' }), 'Undescribed picture');
    await user.upload(screen.getByLabelText('Image file'), pngFile('holiday-photo.png'));
    await screen.findByRole('textbox', { name: 'Image description' });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    expect(within(cardWith('Undescribed picture')).getByRole('img', { name: 'Image posted by Ava Reed, with no description' })).toBeInTheDocument();
  });

  it('holds Post back over 1,500 characters and says by how much', async () => {
    const { user } = await renderHome();
    await user.upload(screen.getByLabelText('Image file'), pngFile());
    const description = await screen.findByRole('textbox', { name: 'Image description' });
    await paste(user, description, 'd'.repeat(1502));
    expect(screen.getByText('2 characters over the limit')).toBeInTheDocument();
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });

  it("keeps the text, image and description when the backend refuses, showing the backend's message", async () => {
    server.use(http.post(`${API}/posts`, () => HttpResponse.json({ errors: [MESSAGES.imageAltTooLong], code: 'image_alt_too_long' }, { status: 400 })));
    const { user } = await renderHome();
    await user.type(screen.getByRole('textbox', { name: 'New post text' }), 'Kept on failure');
    await user.upload(screen.getByLabelText('Image file'), pngFile());
    const description = await screen.findByRole('textbox', { name: 'Image description' });
    await user.type(description, 'Still here');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText(MESSAGES.imageAltTooLong)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New post text' })).toHaveValue('Kept on failure');
    expect(screen.getByRole('textbox', { name: 'Image description' })).toHaveValue('Still here');
    expect(screen.getByRole('img', { name: 'Preview of the image to post' })).toBeInTheDocument();
  });

  it('asks for no description from a backend that keeps none', async () => {
    withoutExtension('alt-text');
    const { user } = await renderHome();
    await user.upload(screen.getByLabelText('Image file'), pngFile());
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    expect(screen.queryByRole('textbox', { name: 'Image description' })).not.toBeInTheDocument();
  });
});

describe('editing a post: description and edit mark', () => {
  it('changes the description with the post, and marks the card edited with the time on focus', async () => {
    const { user } = await renderHome();
    const card = cardWith(FOREST);
    expect(within(card).queryByRole('button', { name: 'edited' })).not.toBeInTheDocument();
    const created = card.querySelector('time')?.getAttribute('datetime');

    await user.click(within(card).getByRole('button', { name: 'Edit post' }));
    const dialog = screen.getByRole('dialog', { name: 'New Post Content:' });
    const description = within(dialog).getByRole('textbox', { name: 'Image description' });
    expect(description).toHaveValue(FOREST_ALT);
    await paste(user, description, 'Pines in the morning mist.');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));

    expect(await screen.findByText('Post Edited Successfully!')).toBeInTheDocument();
    // The answer is written into the cache as the toast shows: the card follows it.
    expect(await within(cardWith(FOREST)).findByRole('img', { name: 'Pines in the morning mist.' })).toBeInTheDocument();
    const edited = cardWith(FOREST);
    const mark = within(edited).getByRole('button', { name: 'edited' });
    expect(mark).toHaveAccessibleDescription(/^Edited [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    // The post keeps the time it was posted.
    expect(edited.querySelector('time')?.getAttribute('datetime')).toBe(created);
    expect(getMockDb().posts.get(seedPostId(5))?.imageAlt).toBe('Pines in the morning mist.');
  });

  it("shows a seed post edited after it was posted as edited, with the edit's time", async () => {
    await openExplore();
    const mark = within(cardWith(SETTINGS)).getByRole('button', { name: 'edited' });
    expect(mark).toHaveAccessibleDescription(/^Edited May 3, 2025 /);
    // Its tooltip is the same words, for those who see it on hover or focus.
    expect(document.getElementById(mark.getAttribute('aria-describedby') ?? '')).toHaveAttribute('role', 'tooltip');
  });

  it('keeps the edit window open with the description typed when the edit fails', async () => {
    server.use(http.post(`${API}/posts/edit/:postId`, () => HttpResponse.json({ errors: [MESSAGES.imageAltTooLong], code: 'image_alt_too_long' }, { status: 400 })));
    const { user } = await renderHome();
    await user.click(within(cardWith(FOREST)).getByRole('button', { name: 'Edit post' }));
    const dialog = screen.getByRole('dialog', { name: 'New Post Content:' });
    const description = within(dialog).getByRole('textbox', { name: 'Image description' });
    await paste(user, description, 'Typed, then refused');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText(MESSAGES.imageAltTooLong)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: 'New Post Content:' })).getByRole('textbox', { name: 'Image description' })).toHaveValue('Typed, then refused'));
  });
});
