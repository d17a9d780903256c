import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { FormError, PasswordField, TextField } from './field';

function Form() {
  const [value, setValue] = useState('');
  return <PasswordField label="Passwort" name="password" value={value} onValueChange={setValue} />;
}

describe('password field', () => {
  it("shows and hides the password with the toggle 'Passwort anzeigen'", async () => {
    const user = userEvent.setup();
    renderWithApp(<Form />);
    const input = screen.getByLabelText('Passwort');
    await user.type(input, 'geheim123');
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Passwort anzeigen' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('geheim123');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('messages of the server under a field', () => {
  it('keep their own direction on a right-to-left screen (dir="auto")', () => {
    renderWithApp(
      <div dir="rtl">
        <FormError message="Zu viele Versuche. Bitte versuchen Sie es in 15 Minuten erneut." />
        <TextField label="Code" name="code" value="" onChange={() => undefined} error="Ungültige Eingabe." />
      </div>,
    );
    expect(screen.getByRole('alert')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Ungültige Eingabe.')).toHaveAttribute('dir', 'auto');
  });
});
