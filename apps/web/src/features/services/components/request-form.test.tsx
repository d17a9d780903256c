import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Provider } from '@hausportal/contract';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { RequestForm } from './request-form';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('@/lib/notify');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(notify).mockClear();
});

const provider: Provider = {
  id: 9,
  name: 'Wäscherei Blitzblank',
  phone: '',
  hide_phone: false,
  text: '',
  contact: '',
  hours: '',
  email: '',
  website: '',
  allow_form_contact: true,
  placeholder: '',
};

describe('provider request form', () => {
  it("uses the default placeholder 'Hier bitte Anliegen beschreiben.' when the provider has none", () => {
    renderWithApp(<RequestForm provider={provider} intro="" />);
    expect(screen.getByLabelText('Ihre Anfrage')).toHaveAttribute('placeholder', 'Hier bitte Anliegen beschreiben.');
  });

  it("uses the provider's own placeholder", () => {
    renderWithApp(<RequestForm provider={{ ...provider, placeholder: 'Was können wir tun?' }} intro="" />);
    expect(screen.getByLabelText('Ihre Anfrage')).toHaveAttribute('placeholder', 'Was können wir tun?');
  });

  it("keeps submit disabled while blank, and says 'Eingabe ist zwingend' only after typing and clearing", async () => {
    const user = userEvent.setup();
    renderWithApp(<RequestForm provider={provider} intro="" />);
    const button = screen.getByRole('button', { name: 'Anfrage absenden' });
    const field = screen.getByLabelText('Ihre Anfrage');
    expect(button).toBeDisabled();
    // Tapping through the empty field, or typing only spaces, is not yet a mistake.
    await user.click(field);
    await user.type(field, '   ');
    await user.tab();
    expect(button).toBeDisabled();
    expect(screen.queryByText('Eingabe ist zwingend')).not.toBeInTheDocument();
    await user.type(field, 'Hallo');
    await user.clear(field);
    expect(button).toBeDisabled();
    expect(screen.getByText('Eingabe ist zwingend')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Eingabe ist zwingend');
  });

  it("says 'Anfrage wird gesendet …' while sending, then shows the text that was sent", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate;
        return new Response(JSON.stringify({ id: 1, detail: 'ok' }), { status: 201 });
      }),
    );
    renderWithApp(<RequestForm provider={provider} intro="" />);
    await user.type(screen.getByLabelText('Ihre Anfrage'), 'Bitte Hemden abholen.\nAm Freitag.');
    await user.click(screen.getByRole('button', { name: 'Anfrage absenden' }));
    expect(await screen.findByRole('button', { name: 'Anfrage wird gesendet …' })).toBeDisabled();
    release();
    await waitFor(() => expect(document.querySelector('.request-sent')).not.toBeNull());
    const confirmation = document.querySelector<HTMLElement>('.request-sent')!;
    expect(confirmation).toHaveTextContent('Ihre Anfrage');
    expect(confirmation.querySelector('blockquote')).toHaveTextContent('Bitte Hemden abholen. Am Freitag.');
  });

  it('says at once, without waiting, that a request made offline was not sent', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({});
    renderWithApp(<RequestForm provider={provider} intro="" />);
    await user.type(screen.getByLabelText('Ihre Anfrage'), 'Bitte kommen.');
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Anfrage absenden' }));
    // Well before the spec's 500 ms pause before a call.
    expect(await screen.findByRole('alert', {}, { timeout: 200 })).toHaveTextContent(
      'Nicht gesendet: Sie sind offline.',
    );
    expect(calls).toHaveLength(0);
    expect(screen.getByLabelText('Ihre Anfrage')).toHaveValue('Bitte kommen.');
  });

  it("sends the trimmed text, thanks, toasts for 3 s and offers 'Neue Anfrage schicken'", async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ 'POST /api/providers/9/request/': { status: 201, body: { id: 1, detail: 'ok' } } });
    renderWithApp(<RequestForm provider={provider} intro="" />);
    await user.type(screen.getByLabelText('Ihre Anfrage'), '  Bitte Hemden abholen.  ');
    await user.click(screen.getByRole('button', { name: 'Anfrage absenden' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Neue Anfrage schicken' })).toBeInTheDocument());
    expect(calls[0]!.body).toEqual({ text: 'Bitte Hemden abholen.' });
    // One confirmation. The spec's toast stays (3 s) but quiet, at the bottom, off the
    // heading; the thank-you block takes the focus, so it is what a screen reader reads.
    expect(notify).toHaveBeenCalledWith('success', 'Ihre Anfrage wurde erfolgreich versendet.', 3000, { quiet: true });
    expect(document.activeElement).toHaveTextContent('Vielen Dank für Ihre Anfrage.');
    expect(document.activeElement).toHaveClass('request-sent');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Neue Anfrage schicken' }));
    expect(screen.getByLabelText('Ihre Anfrage')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Anfrage absenden' })).toBeDisabled();
  });
});
