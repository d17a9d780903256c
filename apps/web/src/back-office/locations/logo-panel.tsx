import { useId } from 'react';
import { toast } from 'react-toastify';
import type { AdminLocation } from '@hausportal/contract';
import { ACCEPT, isAcceptedImage, isTooLarge } from '@/lib/files';
import { adminApi } from '../api/admin-api';
import { useUpload } from '../api/upload';
import { ConfirmDialog } from '../components/confirm-dialog';
import { UploadOnPick } from '../components/upload-on-pick';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { useAdminDispatch } from '../store';
import { useRemoveLogoMutation } from './api';
import { t } from './strings';

/** The location's logo: the current one, a new one uploaded as soon as it is picked (with progress), removal. */
export function LogoPanel({ location }: { location: AdminLocation }) {
  const id = useId();
  const upload = useUpload();
  const dispatch = useAdminDispatch();
  const removal = useConfirmDelete(useRemoveLogoMutation(), {
    argOf: (shown: AdminLocation) => shown.id,
    title: t.logo.removeTitle,
    message: () => t.logo.removeText,
    confirmLabel: t.logo.remove,
    done: t.logo.removed,
  });

  const refuse = async (file: File) =>
    isTooLarge(file) ? t.logo.tooLarge(file.name) : (await isAcceptedImage(file)) ? null : t.logo.notImage(file.name);

  const send = async (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.set('logo', file, file.name);
    await upload({
      path: `/api/admin/locations/${location.id}/logo/`,
      form,
      method: 'PUT',
      onProgress: (loaded, total) => onProgress(Math.round((loaded / total) * 100)),
    });
    dispatch(
      adminApi.util.invalidateTags([
        { type: 'Locations', id: location.id },
        { type: 'Locations', id: 'LIST' },
        'Audit',
      ]),
    );
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.sections.logo}</h2>
      <div className="admin-logo-preview">
        {location.logo ? (
          <figure>
            <img src={location.logo} alt={t.logo.alt(location.title)} />
            <figcaption className="muted">{t.logo.current}</figcaption>
          </figure>
        ) : (
          <p className="muted">{t.logo.none}</p>
        )}
      </div>
      <UploadOnPick
        label={t.logo.choose}
        hint={t.logo.hint}
        accept={ACCEPT.image}
        refuse={refuse}
        send={send}
        onSent={() => toast.success(t.logo.uploaded)}
        preview
      />
      {location.logo ? (
        <div className="button-row">
          <button type="button" className="button button-danger" onClick={() => removal.ask(location)}>
            {t.logo.remove}
          </button>
        </div>
      ) : null}
      <ConfirmDialog {...removal.dialog} />
    </section>
  );
}
