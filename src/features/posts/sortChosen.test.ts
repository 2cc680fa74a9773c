import { http, HttpResponse } from 'msw';
import { toast } from 'react-toastify/unstyled';
import { DEMO_CREDENTIALS } from '../../../contract/seed/default';
import { server } from '../../../mocks/testing/node';
import { makeStore } from '../../app/store';
import { API } from '../../test/posts';
import { loginThroughApi } from '../../test/renderWithProviders';
import { userLoggedIn } from '../auth/sessionSlice';
import { selectShowLoader } from '../ui/uiSlice';
import { selectSortMode } from './feedSlice';
import { sortChosen } from './sortChosen';

async function memberStore() {
  const store = makeStore();
  const { encodedToken, foundUser } = await loginThroughApi(DEMO_CREDENTIALS);
  store.dispatch(userLoggedIn({ token: encodedToken, user: foundUser }));
  return store;
}

const loaderGone = (store: ReturnType<typeof makeStore>) => new Promise<void>((resolve) => {
  const unsubscribe = store.subscribe(() => {
    if (selectShowLoader(store.getState())) return;
    unsubscribe();
    resolve();
  });
});

describe('sortChosen', () => {
  afterEach(() => jest.restoreAllMocks());

  it('loads the feed in the new order under the loader, then sorts and says so', async () => {
    const success = jest.spyOn(toast, 'success');
    const store = await memberStore();
    const done = loaderGone(store);
    store.dispatch(sortChosen('trending'));
    expect(selectShowLoader(store.getState())).toBe(true);
    expect(selectSortMode(store.getState())).toBe('latest');
    await done;
    expect(selectSortMode(store.getState())).toBe('trending');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(success).toHaveBeenCalledWith('Sorted By Trending Successfully!', expect.anything());
  });

  it('changes nothing where the feed in the new order cannot load', async () => {
    const success = jest.spyOn(toast, 'success');
    const store = await memberStore();
    server.use(http.get(`${API}/feed`, () => HttpResponse.json({ errors: ['Down for the test.'] }, { status: 500 })));
    const done = loaderGone(store);
    store.dispatch(sortChosen('oldest'));
    await done;
    expect(selectSortMode(store.getState())).toBe('latest');
    expect(success).not.toHaveBeenCalled();
  });
});
