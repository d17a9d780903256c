import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Provider } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { RequestForm } from './request-form';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('@/lib/notify');

afterEach(() => {
  vi.unstubAllGlobals();
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

  it("keeps submit disabled while the text is blank and says 'Eingabe ist zwingend'", async () => {
    const user = userEvent.setup();
    renderWithApp(<RequestForm provider={provider} intro="" />);
    const button = screen.getByRole('button', { name: 'Anfrage absenden' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Ihre Anfrage'), '   ');
    await user.tab();
    expect(button).toBeDisabled();
    expect(screen.getByText('Eingabe ist zwingend')).toBeInTheDocument();
  });

  it("sends the trimmed text, thanks, toasts for 3 s and offers 'Neue Anfrage schicken'", async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ 'POST /api/providers/9/request/': { status: 201, body: { id: 1, detail: 'ok' } } });
    renderWithApp(<RequestForm provider={provider} intro="" />);
    await user.type(screen.getByLabelText('Ihre Anfrage'), '  Bitte Hemden abholen.  ');
    await user.click(screen.getByRole('button', { name: 'Anfrage absenden' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Neue Anfrage schicken' })).toBeInTheDocument());
    expect(calls[0]!.body).toEqual({ text: 'Bitte Hemden abholen.' });
    expect(notify).toHaveBeenCalledWith('success', 'Ihre Anfrage wurde erfolgreich versendet.', 3000);
    expect(screen.getByRole('status')).toHaveTextContent('Vielen Dank für Ihre Anfrage.');

    await user.click(screen.getByRole('button', { name: 'Neue Anfrage schicken' }));
    expect(screen.getByLabelText('Ihre Anfrage')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Anfrage absenden' })).toBeDisabled();
  });
});
