import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingResource } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { mockXhr } from '@/test/xhr-mock';
import { renderAdmin } from '../test-utils';
import BookingsPage from './bookings-page';
import { guestFlat, manager } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (URL as Partial<typeof URL>).createObjectURL;
  delete (URL as Partial<typeof URL>).revokeObjectURL;
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const photo = { url: '/media/r/1.webp?sig=a', thumbnail: '/media/r/1-t.webp?sig=a', width: 800, height: 600 };
const pdf = { url: '/media/r/1.pdf?sig=b', name: 'Hausordnung Gästewohnung.pdf', size: 245_760 };

describe("back office: a resource's photo and house rules as a PDF", () => {
  it('uploads a photo with PUT in the field file as soon as it is picked, refuses a PDF that is none, and removes the PDF after asking', async () => {
    let resource: BookingResource = { ...guestFlat, house_rules_pdf: pdf };
    const calls = mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/booking-resources/1/': () => ({ body: resource }),
      'DELETE /api/admin/booking-resources/1/house-rules/': () => {
        resource = { ...resource, house_rules_pdf: null };
        return { body: resource };
      },
    });
    const uploads = mockXhr(() => {
      resource = { ...resource, photo };
      return { status: 200, body: resource };
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    const user = userEvent.setup({ applyAccept: false });
    renderAdmin(<BookingsPage />, { path: '/admin/buchungen/ressourcen/1', pattern: '/admin/buchungen/*' });
    const section = within(
      (await screen.findByRole('heading', { name: 'Foto und Hausordnung als PDF' })).closest('section')!,
    );
    expect(section.getByText('Noch kein Foto.')).toBeInTheDocument();
    expect(section.getByRole('link', { name: /^Hausordnung Gästewohnung\.pdf/ })).toHaveAttribute('href', pdf.url);
    expect(section.getByText('(240 kB)')).toBeInTheDocument();

    // A "PDF" that is a PNG by its first bytes is named at once and never sent.
    await user.upload(
      section.getByLabelText(/^PDF auswählen/),
      new File([PNG], 'regeln.pdf', { type: 'application/pdf' }),
    );
    expect(await section.findByText('Die Datei „regeln.pdf“ ist keine PDF-Datei.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    // A good photo goes up as soon as it is picked: no 'Hochladen' to forget.
    await user.upload(section.getByLabelText(/^Foto auswählen/), new File([PNG], 'raum.png', { type: 'image/png' }));
    expect(await section.findByRole('img', { name: 'Foto von Gästewohnung' })).toHaveAttribute('src', photo.thumbnail);
    expect(section.queryByRole('button', { name: /^Hochladen/ })).not.toBeInTheDocument();
    expect(section.queryByRole('img', { name: 'Vorschau des ausgewählten Bildes' })).not.toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.method).toBe('PUT');
    expect(uploads[0]!.url).toBe('/api/admin/booking-resources/1/photo/');
    expect((uploads[0]!.body as FormData).get('file')).toBeInstanceOf(File);

    await user.click(section.getByRole('button', { name: 'Entfernen: Hausordnung als PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'PDF entfernen' });
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect(await section.findByText('Noch keine PDF-Datei.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
