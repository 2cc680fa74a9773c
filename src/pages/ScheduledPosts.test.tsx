import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_EXTENSIONS } from '../../contract/api';
import { MESSAGES } from '../../contract/messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../contract/seed/default';
import type { ScheduledPostRecord } from '../../contract/snapshot';
import { getMockDb, server, useScenario } from '../../mocks/testing/node';
import { fromLocalInput, toLocalInput } from '../features/scheduledPosts/publishTime';
import { formatPublishTime } from '../lib/formatDate';
import { renderWithProviders } from '../test/renderWithProviders';
import { API, contentsOf, findFeed, pngFile, renderHome } from '../test/posts';

const MINUTE_MS = 60_000;

/** A `datetime-local` value `minutes` from now, to the minute. */
function minutesAhead(minutes: number): string {
  return toLocalInput(Date.now() + minutes * MINUTE_MS);
}

/** How a scheduled post's time reads in English, for the value typed in its field. */
function whenOf(localValue: string): string {
  return formatPublishTime(fromLocalInput(localValue)!.toISOString(), 'en');
}

/** A post of the demo member's waiting in the stand-in, `minutes` from now. */
function arrangeScheduled(id: string, content: string, minutes: number, extra: Partial<ScheduledPostRecord> = {}): ScheduledPostRecord {
  const now = new Date().toISOString();
  const record: ScheduledPostRecord = {
    id, authorId: DEMO_USER_ID, content, postImage: '', imageAlt: '', warning: '',
    publishAt: new Date(Date.now() + minutes * MINUTE_MS).toISOString(), createdAt: now, updatedAt: now, ...extra,
  };
  getMockDb().scheduledPosts.set(id, record);
  return record;
}

/** The stand-in's waiting posts' texts, soonest first. */
function waitingTexts(): string[] {
  return [...getMockDb().scheduledPosts.values()].sort((a, b) => a.publishAt.localeCompare(b.publishAt)).map((record) => record.content);
}

const scheduledList = () => screen.findByRole('list', { name: 'Posts waiting to be published' });

/** The date-and-time field, typed into as a browser's picker fills it: the whole value at once. */
function pickTime(value: string): void {
  fireEvent.change(screen.getByLabelText('Publish at'), { target: { value } });
}

describe('Scheduling from the composer', () => {
  it('keeps a post for the time picked: toast, composer cleared, not in the feed, and listed with its time', async () => {
    const { user } = await renderHome();
    const textbox = screen.getByRole('textbox', { name: 'New post text' });
    await user.type(textbox, 'Good morning, later');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    expect(screen.getByRole('button', { name: 'Schedule' })).toHaveAttribute('aria-pressed', 'true');
    const field = screen.getByLabelText('Publish at');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('type', 'datetime-local');
    expect(field).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/));
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
    const time = minutesAhead(5);
    pickTime(time);
    await user.click(screen.getByRole('button', { name: 'Schedule post' }));

    expect(await screen.findByText(`Scheduled for ${whenOf(time)}.`, { selector: '.Toastify *' })).toBeInTheDocument();
    expect(textbox).toHaveValue('');
    expect(screen.queryByLabelText('Publish at')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
    expect(waitingTexts()).toEqual(['Good morning, later']);
    // Sent as the instant the member's clock names.
    expect([...getMockDb().scheduledPosts.values()][0]!.publishAt).toBe(fromLocalInput(time)!.toISOString());
    expect(contentsOf(await findFeed('Latest Posts'))).not.toContain('Good morning, later');

    await user.click(screen.getByRole('link', { name: 'See scheduled posts' }));
    const list = await scheduledList();
    const card = within(list).getByRole('article', { name: `Publishes ${whenOf(time)}` });
    expect(within(card).getByText('Good morning, later')).toBeInTheDocument();
  });

  it('keeps the time picked through a reload, with the text, and schedules the post', async () => {
    const first = await renderHome();
    await first.user.type(screen.getByRole('textbox', { name: 'New post text' }), 'Picked before the reload');
    await first.user.click(screen.getByRole('button', { name: 'Schedule' }));
    const time = minutesAhead(45);
    pickTime(time);
    first.unmount();

    // The page loads again (a reload): the post is still set to be scheduled, for that time.
    const second = await renderHome();
    expect(screen.getByRole('textbox', { name: 'New post text' })).toHaveValue('Picked before the reload');
    expect(screen.getByRole('button', { name: 'Schedule' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Publish at')).toHaveValue(time);
    await second.user.click(screen.getByRole('button', { name: 'Schedule post' }));
    expect(await screen.findByText(`Scheduled for ${whenOf(time)}.`, { selector: '.Toastify *' })).toBeInTheDocument();
    expect(waitingTexts()).toEqual(['Picked before the reload']);
    second.unmount();

    // Scheduled: nothing of it is kept for the next reload.
    await renderHome();
    expect(screen.getByRole('textbox', { name: 'New post text' })).toHaveValue('');
    expect(screen.queryByLabelText('Publish at')).not.toBeInTheDocument();
  });

  it('refuses a time too soon at its field, sending nothing and losing nothing typed', async () => {
    const { user } = await renderHome();
    const textbox = screen.getByRole('textbox', { name: 'New post text' });
    await user.click(screen.getByRole('button', { name: 'Add a content warning' }));
    await user.type(screen.getByRole('textbox', { name: 'Content warning' }), 'Spoilers');
    await user.type(textbox, 'Too soon to tell');
    await user.upload(screen.getByLabelText('Image file'), pngFile());
    await user.type(await screen.findByRole('textbox', { name: 'Image description' }), 'A red dot');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    // Empty first, then a time already passing.
    await user.click(screen.getByRole('button', { name: 'Schedule post' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Pick a date and a time to publish at.');
    const soon = toLocalInput(Date.now());
    pickTime(soon);
    await user.click(screen.getByRole('button', { name: 'Schedule post' }));

    const field = screen.getByLabelText('Publish at');
    expect(field).toHaveAccessibleDescription('Pick a time at least a minute from now.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(field).toHaveValue(soon);
    expect(textbox).toHaveValue('Too soon to tell');
    expect(screen.getByRole('textbox', { name: 'Content warning' })).toHaveValue('Spoilers');
    expect(screen.getByRole('textbox', { name: 'Image description' })).toHaveValue('A red dot');
    expect(screen.getByRole('img', { name: 'Preview of the image to post' })).toBeInTheDocument();
    expect(getMockDb().scheduledPosts.size).toBe(0);
  });

  it("says the backend's refusal of the time at its field, keeping everything", async () => {
    server.use(http.post(`${API}/scheduled-posts`, () => HttpResponse.json({ errors: [MESSAGES.scheduleTimeInvalid[1]], code: 'schedule_time_invalid' }, { status: 400 })));
    const { user } = await renderHome();
    const textbox = screen.getByRole('textbox', { name: 'New post text' });
    await user.type(textbox, 'Clocks disagree');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    const time = minutesAhead(5);
    pickTime(time);
    await user.click(screen.getByRole('button', { name: 'Schedule post' }));

    const field = screen.getByLabelText('Publish at');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Pick a time at least a minute from now and within a year.'));
    expect(field).toHaveFocus();
    expect(field).toHaveValue(time);
    expect(textbox).toHaveValue('Clocks disagree');
    expect(screen.getByRole('button', { name: 'Schedule post' })).toBeEnabled();
  });

  it('posts at once as before when Schedule is taken off again', async () => {
    const { user } = await renderHome();
    const textbox = screen.getByRole('textbox', { name: 'New post text' });
    await user.type(textbox, 'Right now after all');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    pickTime(minutesAhead(10));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.queryByLabelText('Publish at')).not.toBeInTheDocument();
    expect(textbox).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    await waitFor(async () => expect(contentsOf(await findFeed('Latest Posts'))[0]).toBe('Right now after all'));
    expect(getMockDb().scheduledPosts.size).toBe(0);
  });
});

describe('Scheduled posts page', () => {
  it('lists the waiting posts soonest first, each with its warning, text, image and time', async () => {
    arrangeScheduled('later', 'The later one', 90);
    arrangeScheduled('sooner', 'The sooner one', 30, { warning: 'Loud noises', postImage: '/uploads/dot.png', imageAlt: 'A red dot' });
    await renderWithProviders({ route: '/scheduled', authAs: DEMO_CREDENTIALS });

    expect(await screen.findByRole('heading', { name: 'Scheduled posts', level: 1 })).toBeInTheDocument();
    const list = await scheduledList();
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => card.querySelector('.scheduled-card__text')?.textContent)).toEqual(['The sooner one', 'The later one']);
    const sooner = getMockDb().scheduledPosts.get('sooner')!;
    expect(cards[0]).toHaveAccessibleName(`Publishes ${formatPublishTime(sooner.publishAt, 'en')}`);
    expect(within(cards[0]!).getByText('Loud noises')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('img', { name: 'A red dot' })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(`Publishes ${formatPublishTime(sooner.publishAt, 'en')}`);
    await waitFor(() => expect(document.title).toBe('SocialConnect | Scheduled posts'));
  });

  it('says so when no post is waiting', async () => {
    await renderWithProviders({ route: '/scheduled', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('No posts are waiting. Pick a time in the composer to schedule one.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Posts waiting to be published' })).not.toBeInTheDocument();
  });

  it('edits the text and the time; the list shows them, in order', async () => {
    arrangeScheduled('first', 'Draft words', 30);
    arrangeScheduled('second', 'Another one', 60);
    const { user } = await renderWithProviders({ route: '/scheduled', authAs: DEMO_CREDENTIALS });
    const list = await scheduledList();
    await user.click(within(within(list).getAllByRole('article')[0]!).getByRole('button', { name: 'Edit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit scheduled post' });
    const text = within(dialog).getByRole('textbox', { name: 'Post content' });
    expect(text).toHaveValue('Draft words');
    await user.clear(text);
    await user.type(text, 'Final words');
    const later = minutesAhead(120);
    fireEvent.change(within(dialog).getByLabelText('Publish at'), { target: { value: later } });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Scheduled post updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(list).getAllByRole('article').map((card) => card.querySelector('.scheduled-card__text')?.textContent)).toEqual(['Another one', 'Final words']));
    expect(within(list).getByRole('article', { name: `Publishes ${whenOf(later)}` })).toHaveTextContent('Final words');
    expect(getMockDb().scheduledPosts.get('first')).toMatchObject({ content: 'Final words', publishAt: fromLocalInput(later)!.toISOString() });
  });

  it('keeps what was typed in the edit window, its time too, through a reload, and lets it go once closed', async () => {
    arrangeScheduled('first', 'Before the reload', 30);
    const first = await renderWithProviders({ route: '/scheduled', authAs: DEMO_CREDENTIALS });
    await first.user.click(within(await scheduledList()).getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit scheduled post' });
    await first.user.type(within(dialog).getByRole('textbox', { name: 'Post content' }), ', and after');
    const later = minutesAhead(90);
    fireEvent.change(within(dialog).getByLabelText('Publish at'), { target: { value: later } });
    // The page loads again with its history entry, which had the window open.
    const { state } = first.router.state.location;
    first.unmount();

    const second = await renderWithProviders({ route: { pathname: '/scheduled', state }, authAs: DEMO_CREDENTIALS });
    dialog = await screen.findByRole('dialog', { name: 'Edit scheduled post' });
    expect(within(dialog).getByRole('textbox', { name: 'Post content' })).toHaveValue('Before the reload, and after');
    expect(within(dialog).getByLabelText('Publish at')).toHaveValue(later);
    await second.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getMockDb().scheduledPosts.get('first')?.content).toBe('Before the reload');

    // Closed on purpose: opened again, it starts from the post as it waits.
    await second.user.click(within(await scheduledList()).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit scheduled post' });
    expect(within(dialog).getByRole('textbox', { name: 'Post content' })).toHaveValue('Before the reload');
    expect(within(dialog).getByLabelText('Publish at')).toHaveValue(toLocalInput(getMockDb().scheduledPosts.get('first')!.publishAt));
  });

  it('keeps the edit window open with what was typed when the new time is too soon', async () => {
    arrangeScheduled('first', 'Patience', 30);
    const { user } = await renderWithProviders({ route: '/scheduled', authAs: DEMO_CREDENTIALS });
    await user.click(within(await scheduledList()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit scheduled post' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Post content' }), ', please');
    const field = within(dialog).getByLabelText('Publish at');
    fireEvent.change(field, { target: { value: toLocalInput(Date.now()) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(field).toHaveAccessibleDescription('Pick a time at least a minute from now.');
    expect(within(dialog).getByRole('textbox', { name: 'Post content' })).toHaveValue('Patience, please');
    expect(getMockDb().scheduledPosts.get('first')?.content).toBe('Patience');
  });

  it('cancels a post once asked: a toast, and the empty list says so', async () => {
    arrangeScheduled('only', 'Never mind', 30);
    const { user } = await renderWithProviders({ route: '/scheduled', authAs: DEMO_CREDENTIALS });
    await user.click(within(await scheduledList()).getByRole('button', { name: 'Cancel post' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel this scheduled post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel post' }));

    expect(await screen.findByText('Scheduled post cancelled.')).toBeInTheDocument();
    const empty = await screen.findByText('No posts are waiting. Pick a time in the composer to schedule one.');
    await waitFor(() => expect(empty).toHaveFocus());
    expect(getMockDb().scheduledPosts.size).toBe(0);
  });

  it('keeps the post when the question is answered Keep it', async () => {
    arrangeScheduled('only', 'Still wanted', 30);
    const { user } = await renderWithProviders({ route: '/scheduled', authAs: DEMO_CREDENTIALS });
    await user.click(within(await scheduledList()).getByRole('button', { name: 'Cancel post' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await scheduledList()).getByText('Still wanted')).toBeInTheDocument();
    expect(getMockDb().scheduledPosts.size).toBe(1);
  });

  it.each([
    ['an edit', async (user: Awaited<ReturnType<typeof renderWithProviders>>['user']) => {
      await user.click(within(await scheduledList()).getAllByRole('button', { name: 'Edit' })[0]!);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    }],
    ['a cancel', async (user: Awaited<ReturnType<typeof renderWithProviders>>['user']) => {
      await user.click(within(await scheduledList()).getAllByRole('button', { name: 'Cancel post' })[0]!);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel post' }));
    }],
  ])('takes a post published or cancelled meanwhile off the list on %s, and says so', async (_act, act) => {
    arrangeScheduled('gone', 'Already out', 30);
    arrangeScheduled('kept', 'Still waiting', 60);
    const { user } = await renderWithProviders({ route: '/scheduled', authAs: DEMO_CREDENTIALS });
    const list = await scheduledList();
    getMockDb().scheduledPosts.delete('gone');

    await act(user);

    expect(await screen.findByText('This scheduled post is not waiting any more: it was published or cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('article').map((card) => card.querySelector('.scheduled-card__text')?.textContent)).toEqual(['Still waiting']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('A backend without scheduled posts', () => {
  it.each([
    ['the spec alone', () => useScenario('spec-only')],
    ['every extension but this one', () => server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'scheduled-posts') })))],
  ])('offers no Schedule control and no link to the list (%s)', async (_backend, arrange) => {
    arrange();
    await renderHome();
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Scheduled posts' })).not.toBeInTheDocument();
  });

  it('says so on the page itself', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'scheduled-posts') })));
    await renderWithProviders({ route: '/scheduled', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('This network does not schedule posts.')).toBeInTheDocument();
  });
});
