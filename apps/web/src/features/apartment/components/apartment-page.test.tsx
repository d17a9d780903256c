import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Document } from '@hausportal/contract';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import ApartmentPage from './apartment-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const docs: Document[] = [
  {
    id: 2,
    title: 'Nebenkostenabrechnung 2025',
    icon: '',
    document: '/api/media/documents/n.pdf?sig=1',
    created_at: '2026-11-02T09:00:00.000Z',
    is_new: true,
  },
  {
    id: 1,
    title: 'Hausordnung',
    icon: '',
    document: '/api/media/documents/h.pdf?sig=1',
    created_at: '2025-03-31T22:30:00.000Z',
    is_new: false,
  },
];

// Each document shows its date, and 'Neu' until the resident opens it.
describe("'Meine Wohnung'", () => {
  it("shows each document's date and 'Neu' until it is opened, and tells the server once opened", async () => {
    setOnline(true);
    const calls = mockFetch({
      'GET /api/documents/?page_size=100': { body: { count: 2, next: null, previous: null, results: docs } },
      'POST /api/documents/2/opened/': { status: 204 },
    });
    renderWithApp(<ApartmentPage />);
    const bill = await screen.findByRole('link', { name: /Nebenkostenabrechnung 2025/ });
    expect(bill).toHaveTextContent('vom 02.11.2026');
    expect(bill).toHaveTextContent('Neu');
    const rules = screen.getByRole('link', { name: /Hausordnung/ });
    // 22:30 UTC on 31 March is already 1 April in Berlin (summer time).
    expect(rules).toHaveTextContent('vom 01.04.2025');
    expect(rules).not.toHaveTextContent('Neu');

    bill.addEventListener('click', (e) => e.preventDefault());
    await userEvent.setup().click(bill);
    expect(bill).not.toHaveTextContent('Neu');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/documents/2/opened/')).toBe(true),
    );
  });
});
