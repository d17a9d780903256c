import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';

/**
 * The idle watcher on the phone numbers, with the home page to return to. The test imports the
 * watcher itself, after its fake clock, because react-idle-timer binds the timers it loads under.
 */
export function renderIdleWatcher(IdleWatcher: ComponentType) {
  return render(
    <MemoryRouter initialEntries={['/phone-numbers']}>
      <IdleWatcher />
      <Routes>
        <Route path="/" element={<p>Startseite</p>} />
        <Route path="/phone-numbers" element={<p>Telefonnummern</p>} />
      </Routes>
    </MemoryRouter>,
  );
}
