import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { CommentForm } from './comment-form';

afterEach(() => vi.unstubAllGlobals());

describe('comment form', () => {
  it("keeps 'Kommentieren' disabled while the text is only white space, and sends nothing", async () => {
    const calls = mockFetch({});
    renderWithApp(<CommentForm messageId={5} />);
    const field = screen.getByPlaceholderText('Kommentar verfassen…');
    const submit = screen.getByRole('button', { name: 'Kommentieren' });
    expect(submit).toBeDisabled();

    await userEvent.type(field, '   {Enter}\t {Enter}');
    expect(field).not.toHaveValue('');
    expect(submit).toBeDisabled();
    // Not even a form submitted some other way (a hardware keyboard's shortcut) sends it.
    fireEvent.submit(field.closest('form')!);
    // Long enough for a call to leave (the spec's pause is 0 ms in tests).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);

    await userEvent.type(field, 'Danke!');
    expect(submit).toBeEnabled();
  });

  it.each([
    ['pending', 'Danke! Die Hausverwaltung prüft Ihren Kommentar, meist innerhalb von 1–2 Werktagen.'],
    ['approved', 'Ihr Kommentar ist jetzt zu sehen.'],
  ])('after sending, says what happens to a %s comment', async (status, said) => {
    mockFetch({ 'POST /api/messages/5/comments/': { status: 201, body: { id: 9, status, text: 'Gern!' } } });
    renderWithApp(<CommentForm messageId={5} />);
    await userEvent.type(screen.getByPlaceholderText('Kommentar verfassen…'), 'Gern!');
    await userEvent.click(screen.getByRole('button', { name: 'Kommentieren' }));
    expect(await screen.findByRole('status')).toHaveTextContent(said);
  });
});
