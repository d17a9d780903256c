import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { Modal } from './modal';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Sprache ändern
      </button>
      <Modal open={open} title="Sprache wählen" onClose={() => setOpen(false)}>
        <button type="button" onClick={() => setOpen(false)}>
          Abbrechen
        </button>
      </Modal>
    </>
  );
}

describe('modal', () => {
  it('gives the focus back to the control that opened it', async () => {
    const user = userEvent.setup();
    renderWithApp(<Opener />);
    const opener = screen.getByRole('button', { name: 'Sprache ändern' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(opener).toHaveFocus();
  });
});
