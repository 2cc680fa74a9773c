import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { API_REDUCER_PATH, apiArrived, apiSlotMiddleware, apiSlotReducer, resetApi } from './apiSlot';

// This file loads no API of the app: the API below arrives when the test says so, as the app's
// does when its chunk loads.
const calls: string[] = [];
const greetings = createApi({
  reducerPath: API_REDUCER_PATH,
  baseQuery: async (name: string) => {
    calls.push(name);
    return { data: `Hello, ${name}` };
  },
  endpoints: (build) => ({
    greet: build.query<string, string>({ query: (name) => name }),
  }),
});

function makeSlotStore() {
  return configureStore({
    reducer: combineReducers({ [API_REDUCER_PATH]: apiSlotReducer<ReturnType<typeof greetings.reducer>>(), other: (state: number = 0) => state }),
    middleware: (getDefault) => getDefault().concat(apiSlotMiddleware),
  });
}

describe('the API\'s place in the store', () => {
  it('before the API arrives: holds nothing, passes actions on, and a reset does nothing', () => {
    const store = makeSlotStore();
    expect(store.getState()[API_REDUCER_PATH]).toEqual({});
    store.dispatch({ type: 'something/else' });
    resetApi(store.dispatch);
    expect(store.getState()[API_REDUCER_PATH]).toEqual({});
  });

  it('when the API arrives, a store made before takes it in, and its very first call is answered and cached', async () => {
    const before = makeSlotStore();
    apiArrived({
      reducer: greetings.reducer,
      middleware: greetings.middleware,
      start: () => undefined,
      resetApiState: () => greetings.util.resetApiState(),
    });
    const answer = await before.dispatch(greetings.endpoints.greet.initiate('Ava'));
    expect(answer.data).toBe('Hello, Ava');
    expect(greetings.endpoints.greet.select('Ava')(before.getState()).data).toBe('Hello, Ava');

    // A store made after the API arrived has its state from the start.
    const after = makeSlotStore();
    expect((await after.dispatch(greetings.endpoints.greet.initiate('Liam'))).data).toBe('Hello, Liam');
    expect(calls).toEqual(['Ava', 'Liam']);

    resetApi(before.dispatch);
    expect(greetings.endpoints.greet.select('Ava')(before.getState()).data).toBeUndefined();
  });
});
