import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UploadOnPick } from './upload-on-pick';

afterEach(() => {
  delete (URL as Partial<typeof URL>).createObjectURL;
  delete (URL as Partial<typeof URL>).revokeObjectURL;
});

describe('a file uploaded as soon as it is picked', () => {
  it('shows the progress while it goes up, says when it did not, and sends it again on request', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    let report: (percent: number) => void = () => undefined;
    let finish: (ok: boolean) => void = () => undefined;
    const send = vi.fn(
      (_file: File, onProgress: (percent: number) => void) =>
        new Promise<void>((resolve, reject) => {
          report = onProgress;
          finish = (ok) => (ok ? resolve() : reject({ status: 0, data: null }));
        }),
    );
    const sent = vi.fn();
    const user = userEvent.setup();
    render(
      <UploadOnPick
        label="Foto auswählen"
        hint="JPEG, PNG oder WebP"
        accept="image/png"
        refuse={async () => null}
        send={send}
        onSent={sent}
        preview
      />,
    );
    await user.upload(screen.getByLabelText('Foto auswählen'), new File(['x'], 'raum.png', { type: 'image/png' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('img', { name: 'Vorschau des ausgewählten Bildes' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Wird hochgeladen' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    report(40);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '40 %'));
    expect(screen.getByLabelText('Foto auswählen')).toBeDisabled();

    finish(false);
    expect(await screen.findByText('Nicht hochgeladen.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Server/);
    expect(sent).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Erneut hochladen' }));
    expect(send).toHaveBeenCalledTimes(2);
    finish(true);
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('raum.png')).not.toBeInTheDocument();
  });

  it('names a refused file at once and sends nothing', async () => {
    const send = vi.fn(async () => undefined);
    const user = userEvent.setup({ applyAccept: false });
    render(
      <UploadOnPick
        label="PDF auswählen"
        hint="Eine PDF-Datei"
        accept="application/pdf"
        refuse={async (file) => `Die Datei „${file.name}“ ist keine PDF-Datei.`}
        send={send}
      />,
    );
    await user.upload(screen.getByLabelText('PDF auswählen'), new File(['x'], 'regeln.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Datei „regeln.pdf“ ist keine PDF-Datei.');
    expect(send).not.toHaveBeenCalled();
  });
});
