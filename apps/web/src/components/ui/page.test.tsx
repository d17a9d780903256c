import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { Page } from './page';

// Keyboard journeys: a screen reached by Enter on a link that goes with the old screen
// takes the focus on its <h1>, instead of leaving it on <body>.

afterEach(() => {
  vi.unstubAllGlobals();
});

function activated(active: boolean) {
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, { userActivation: { hasBeenActive: active } }),
  );
}

// Two screens, as the router's lazy screens are: each mounts its own Page (the app also keys each
// screen by its path, app-layout.tsx).
function Home() {
  return (
    <Page title="Residenz am Stadtpark">
      <Link to="/blackboard">Pinnwand</Link>
    </Page>
  );
}

function Blackboard() {
  return <Page title="Pinnwand">Beiträge</Page>;
}

function App({ start = '/' }: { start?: string }) {
  return (
    <MemoryRouter initialEntries={[start]}>
      <Link to="/blackboard">Zur Pinnwand</Link>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/blackboard" element={<Blackboard />} />
      </Routes>
    </MemoryRouter>
  );
}

describe('Page', () => {
  it('gives the new screen’s heading the focus when the link that had it is gone', async () => {
    activated(true);
    const user = userEvent.setup();
    render(<App />);
    screen.getByRole('link', { name: 'Pinnwand' }).focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pinnwand' });
    expect(heading).toHaveFocus();
    // Tab goes on from the heading, into the screen's content.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('leaves the focus on a link that stays (a header link)', async () => {
    activated(true);
    const user = userEvent.setup();
    render(<App />);
    const header = screen.getByRole('link', { name: 'Zur Pinnwand' });
    header.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pinnwand' })).toBeInTheDocument();
    expect(header).toHaveFocus();
  });

  it('takes no focus before the visitor has done anything', () => {
    activated(false);
    render(<App start="/blackboard" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Pinnwand' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });
});
