import { useId, useRef, useState } from 'react';
import { TICKET_PHOTO_MAX_EDGE } from '@hausportal/contract/labels';
import { craftsmanDe as s, fill } from '@/i18n/craftsman';
import { ACCEPT, isAcceptedImage, isTooLarge } from '@/lib/files';
import { resizeImage } from '@/lib/resize-image';
import { craftsmanApi } from './api';
import { messageOf } from './use-job';
import { ErrorText, StepButton, type StepProps } from './ui';

/**
 * 'Foto hinzufügen', under the job's photos: the camera or the gallery, several at once. Each photo is shrunk on the
 * phone (long edge ≤ TICKET_PHOTO_MAX_EDGE, JPEG, without its location data) and then sent on
 * its own, one after the other: on a weak line a 12 MP original would take minutes, the shrunk
 * one a fraction. A type the server refuses (HEIC, GIF) is refused here first.
 */
export function PhotoStep({ busy, send, notify }: StepProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<string>(s.photoUploading);
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();

  const upload = async (files: File[]) => {
    setErrors([]);
    const problems: string[] = [];
    let sent = 0;
    const failed = await send('photo', async (token, apply) => {
      for (const [index, file] of files.entries()) {
        setProgress(s.photoPreparing);
        if (!(await isAcceptedImage(file))) {
          problems.push(fill(s.photoOnlyImage, { filename: file.name }));
          continue;
        }
        let photo: File;
        try {
          photo = await resizeImage(file, TICKET_PHOTO_MAX_EDGE);
        } catch {
          problems.push(fill(s.photoUnreadable, { filename: file.name }));
          continue;
        }
        if (isTooLarge(photo)) {
          problems.push(fill(s.photoTooLarge, { filename: file.name }));
          continue;
        }
        setProgress(
          files.length > 1 ? fill(s.photoUploadingOf, { n: index + 1, total: files.length }) : s.photoUploading,
        );
        apply(await craftsmanApi.photo(token, photo));
        sent += 1;
      }
    });
    if (failed) problems.push(messageOf(failed));
    setErrors(problems);
    if (sent > 0) notify(sent === 1 ? s.photoUploaded : fill(s.photosUploaded, { count: sent }));
  };

  return (
    <div className="cm-photo-add">
      <p id={`${id}-hint`} className="cm-hint">
        {s.photoHint}
      </p>
      <input
        ref={input}
        id={`${id}-input`}
        className="cm-file"
        type="file"
        accept={ACCEPT.image}
        multiple
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The same photo chosen again must fire a change again.
          event.target.value = '';
          if (files.length) void upload(files);
        }}
      />
      <StepButton
        step="photo"
        busy={busy}
        variant="secondary"
        label={s.photoAdd}
        busyLabel={progress}
        onClick={() => input.current?.click()}
      />
      {errors.length > 0 && (
        <ErrorText>
          {errors.map((error) => (
            <span key={error} className="cm-error-line">
              {error}
            </span>
          ))}
        </ErrorText>
      )}
    </div>
  );
}
