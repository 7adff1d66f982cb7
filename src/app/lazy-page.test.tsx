import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { isLazyPage, lazyPage } from './lazy-page.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouteBoundary } from './route-boundary.tsx';
import { preloadRoute } from './router.tsx';

afterEach(cleanup);

describe('lazyPage', () => {
  it('downloads once for the preload and the route', async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Loaded</h1> }));
    const Page = lazyPage(load);
    expect(isLazyPage(Page)).toBe(true);
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new Error('error loading dynamically imported module'))
      .mockResolvedValue({ default: () => <h1>Loaded</h1> });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadRoute', () => {
  it('ignores what is not a path of the dashboard', () => {
    for (const href of [null, undefined, '', 'https://example.org/events', '//example.org/events', '#main-content', '/nowhere']) {
      expect(() => preloadRoute(href)).not.toThrow();
    }
  });
});

describe('a page whose code is on its way', () => {
  it('says so to screen readers: a status with words, the skeleton hidden', async () => {
    const Page = lazyPage(() => new Promise(() => {}));
    const router = createMemoryRouter([{ path: '/', element: <RouteBoundary><Page /></RouteBoundary> }]);
    render(<RouterProvider router={router} />);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Loading the page…');
    expect(status.getAttribute('aria-busy')).toBeNull();
  });
});
