import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { PickedPhoto } from '@/components/ui/picked-photo';
import { Spinner } from '@/components/ui/spinner';
import { ACCEPT, isAcceptedImage, isTooLarge } from '@/lib/files';
import { resizeImage } from '@/lib/resize-image';

/** The server keeps a label photo at this long edge; shrinking it here first saves the desk's Wi-Fi. */
const LABEL_MAX_EDGE = 2048;

/**
 * The optional photo of the label: the tablet's camera (`capture`), shrunk and stripped of its
 * metadata on the device once, when it is taken, so a retry sends the very same bytes.
 */
export function LabelPhoto({
  photo,
  onChange,
  disabled,
}: {
  photo: File | null;
  onChange: (photo: File | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo may be taken again after it was removed.
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!(await isAcceptedImage(file))) return setError(t('parcels.photoOnlyImage', { filename: file.name }));
    setPreparing(true);
    try {
      const shrunk = await resizeImage(file, LABEL_MAX_EDGE);
      if (isTooLarge(shrunk)) setError(t('parcels.photoTooLarge', { filename: file.name }));
      else onChange(shrunk);
    } catch {
      setError(t('parcels.photoUnreadable', { filename: file.name }));
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="field parcel-photo">
      {photo ? (
        <div className="parcel-photo-chosen">
          <PickedPhoto file={photo} alt={t('parcels.photoChosen')} size={96} className="parcel-photo-preview" />
          <button type="button" className="button" onClick={() => onChange(null)} disabled={disabled}>
            <Icon name="close" />
            <span>{t('parcels.photoRemove')}</span>
          </button>
        </div>
      ) : (
        <div className="file-picker">
          <label className={`button${disabled || preparing ? ' is-disabled' : ''}`}>
            <Icon name="camera" />
            <span>{t('parcels.photo')}</span>
            <input
              className="visually-hidden"
              type="file"
              name="photo"
              accept={ACCEPT.image}
              capture="environment"
              onChange={(e) => void pick(e)}
              disabled={disabled || preparing}
              aria-describedby={hintId}
            />
          </label>
        </div>
      )}
      <p className="field-hint" id={hintId}>
        {t('parcels.photoHint')}
      </p>
      {preparing ? <Spinner label={t('parcels.photoPreparing')} /> : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
