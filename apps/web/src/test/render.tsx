import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { render } from '@testing-library/react';
import { SessionProvider } from '@/app/session-provider';
import { makeStore, type AppStore } from '@/app/store';

/** Renders `ui` at `path` (matched by `pattern`) with a fresh, non-persisted store and the app's session sequences. */
export function renderWithApp(
  ui: ReactElement,
  {
    path = '/',
    pattern = '*',
    store = makeStore({ persist: false }),
  }: { path?: string; pattern?: string; store?: AppStore } = {},
) {
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider>
          <Routes>
            <Route path={pattern} element={ui} />
            <Route path="*" element={<p>andere Seite</p>} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
