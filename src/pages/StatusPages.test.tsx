import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';
import { describeRouteError, RouteErrorPage } from './RouteErrorPage';

describe('Error page', () => {
  // What the two ways out do, while the server is down and once it is back: PageLoadFailed.test.tsx.
  it('apologises and offers a reload and the way home', async () => {
    await renderWithProviders({ route: '/error', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: "It's not you, It's us..!" })).toBeInTheDocument();
    expect(document.title).toBe('SocialConnect | Error');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});

describe('Not found page', () => {
  it('answers an unknown URL', async () => {
    const { user, router } = await renderWithProviders({ route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('SocialConnect | Not Found');
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    // A visitor is asked to log in first.
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });
});

describe('Route error page', () => {
  function Broken(): never {
    throw new Error('secret internals: TypeError at line 42');
  }

  function renderBroken(element: React.ReactElement = <Broken />) {
    const router = createMemoryRouter([{ path: '/', element, errorElement: <RouteErrorPage /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    return router;
  }

  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows a friendly message, never the error itself, with reload and home', async () => {
    renderBroken();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/secret internals/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'SocialConnect' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('SocialConnect | Error');
  });

  it('explains the kinds of failure in plain words', () => {
    const chunk = new Error('Loading chunk page-home failed.');
    chunk.name = 'ChunkLoadError';
    expect(describeRouteError(chunk).title).toBe('This page could not load');
    expect(describeRouteError(new TypeError('Failed to fetch dynamically imported module')).title).toBe('This page could not load');
    expect(describeRouteError({ status: 404, statusText: 'Not Found', internal: true, data: '' }).title).toBe('Page Not Found');
    expect(describeRouteError('weird').title).toBe('Something went wrong');
    expect(describeRouteError(new Error('db password leaked')).text).not.toContain('leaked');
  });
});
