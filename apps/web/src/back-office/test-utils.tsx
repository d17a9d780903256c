import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { ADMIN_TOKEN_KEY } from './api/token';
import { makeAdminStore } from './store';

/** Shows the current path and query, so tests can check what went into the URL. */
function CurrentUrl() {
  const { pathname, search } = useLocation();
  return <p data-testid="url">{`${pathname}${search}`}</p>;
}

/**
 * Renders a back-office screen at `path` with a fresh admin store and (by default) a staff
 * token, as the admin app would. /admin/login renders a marker text unless `pattern` is '*' (the whole AdminRoutes).
 */
export function renderAdmin(
  ui: ReactElement,
  {
    path = '/admin/test',
    pattern = '*',
    token = 'staff-token',
  }: { path?: string; pattern?: string; token?: string | null } = {},
) {
  if (token) localStorage.setItem(ADMIN_TOKEN_KEY, token);
  const store = makeAdminStore();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {pattern === '*' ? null : <Route path="/admin/login" element={<p>Anmeldeseite</p>} />}
          <Route path={pattern} element={ui} />
        </Routes>
        <CurrentUrl />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

/** A page of a list as the API answers it. */
export function page<T>(results: T[], count = results.length) {
  return { count, next: null, previous: null, results };
}
