import { useCallback, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { config } from '@/config';
import { FormError, FormErrorList, SubmitButton, TextArea } from '@/components/ui/field';
import { Icon, type IconName } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { PickedPhoto } from '@/components/ui/picked-photo';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { parseErrorBody } from '@/lib/api-client';
import { readDraft, writeDraft } from '@/lib/draft';
import { ACCEPT } from '@/lib/files';
import { baseName } from '@/lib/text';
import { describeError } from '@/lib/form-errors';
import { useConfirmLeave } from '@/lib/use-confirm-leave';
import { useRequired } from '@/lib/use-required';
import { isBlank } from '@/lib/validation';
import { fetchMessages, messageCreated } from '../slice';
import { createMessage, uploadAttachment } from '../api';
import { pickFiles, type Picked } from '../pick-files';
import { registerPostStrings } from '@/i18n/posts';

registerPostStrings();

/** product §2.11: typing, submitting, done. */
type PostState = 'typing' | 'submitting' | 'done';

/** A button that opens the file chooser for one kind of attachment, with its hint under it. */
function FilePicker({
  icon,
  label,
  hint,
  name,
  accept,
  onChange,
  disabled,
}: {
  icon: IconName;
  label: string;
  hint: string;
  name: string;
  accept: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void | Promise<void>;
  disabled: boolean;
}) {
  return (
    <div className="file-picker">
      <label className={`button${disabled ? ' is-disabled' : ''}`}>
        <Icon name={icon} />
        <span>{label}</span>
        <input
          className="visually-hidden"
          type="file"
          name={name}
          accept={accept}
          multiple
          onChange={onChange}
          disabled={disabled}
        />
      </label>
      <p className="field-hint">{hint}</p>
    </div>
  );
}

export default function NewMessagePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const progressId = useId();
  const userId = useAppSelector((s) => s.user.data?.id ?? 0);
  const draftKey = `new-post:${userId}`;
  // A draft survives a reload, a crash and the idle return home; it is dropped once sent.
  const [text, setText] = useState(() => readDraft(draftKey));
  const [files, setFiles] = useState<Picked[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [state, setState] = useState<PostState>('typing');
  const { markSubmitted, required } = useRequired();
  const [error, setError] = useState<string | null>(null);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  // A trusted reception's post appears at once (the server says 'approved'): no promise of a review.
  const [published, setPublished] = useState(false);
  // Typed text or chosen files are not thrown away by a stray tap on a link.
  // Leaving on purpose discards the draft, as the question says; a reload or a crash keeps it.
  const discardDraft = useCallback(() => writeDraft(draftKey, ''), [draftKey]);
  useConfirmLeave(
    state === 'typing' && (!isBlank(text) || files.length > 0),
    t('newMessage.leaveConfirm'),
    discardDraft,
  );

  function onPick(kind: 'image' | 'pdf') {
    return async (event: ChangeEvent<HTMLInputElement>) => {
      const chosen = Array.from(event.target.files ?? []);
      event.target.value = '';
      const result = await pickFiles(files, chosen, kind, t);
      setFiles(result.picked);
      setFileErrors(result.errors);
    };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    markSubmitted();
    if (isBlank(text)) return;
    setError(null);
    setState('submitting');
    let id: number;
    try {
      const created = await createMessage(text.trim());
      id = created.id;
      setPublished(created.status === 'approved');
    } catch (failure) {
      const errors = describeError(parseErrorBody(failure), t);
      setError(errors.general ?? Object.values(errors.fields).join(' '));
      setState('typing');
      return;
    }
    dispatch(messageCreated(id));
    writeDraft(draftKey, '');
    // One call per file (product §4.5); the bar shows the bytes of all files together.
    const total = files.reduce((sum, p) => sum + p.file.size, 0) || 1;
    let done = 0;
    const failures: string[] = [];
    if (files.length > 0) setProgress(0);
    for (const { file } of files) {
      try {
        await uploadAttachment(id, file, baseName(file.name), (loaded) =>
          setProgress(Math.min(100, Math.round(((done + loaded) / total) * 100))),
        );
      } catch (failure) {
        const errors = describeError(parseErrorBody(failure), t);
        failures.push(
          t('newMessage.uploadFailed', {
            filename: file.name,
            reason: errors.general ?? Object.values(errors.fields).join(' '),
          }),
        );
      }
      done += file.size;
      setProgress(Math.round((done / total) * 100));
    }
    setUploadErrors(failures);
    void dispatch(fetchMessages(1));
    setState('done');
  }

  if (state === 'done') {
    return (
      <Page title={t('titles.newMessage')} className="page-narrow">
        <div className="card stack">
          <p className="success-text" role="status">
            {t(published ? 'newMessage.published' : 'newMessage.thanks')}
          </p>
          <FormErrorList messages={uploadErrors} />
          <Link to="/blackboard" className="button button-primary">
            {t('newMessage.toBlackboard')}
          </Link>
        </div>
      </Page>
    );
  }

  const submitting = state === 'submitting';
  const photoCount = files.filter((p) => p.kind === 'image').length;
  const pdfCount = files.filter((p) => p.kind === 'pdf').length;

  return (
    <Page title={t('titles.newMessage')} className="page-narrow">
      <form className="form card" onSubmit={onSubmit} noValidate>
        <FormError message={error} />
        <TextArea
          label={t('newMessage.text')}
          name="text"
          rows={7}
          hint={t('newMessage.textHint')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            writeDraft(draftKey, e.target.value);
          }}
          error={required(text)}
          disabled={submitting}
          required
        />
        <div className="file-pickers">
          <FilePicker
            icon="camera"
            label={t('newMessage.photos')}
            hint={t('newMessage.photosHint', { max: config.maxPhotosPerPost })}
            name="photos"
            accept={ACCEPT.image}
            onChange={onPick('image')}
            disabled={photoCount >= config.maxPhotosPerPost || submitting}
          />
          <FilePicker
            icon="file"
            label={t('newMessage.pdfs')}
            hint={t('newMessage.pdfsHint', { max: config.maxPdfsPerPost })}
            name="pdfs"
            accept={ACCEPT.pdf}
            onChange={onPick('pdf')}
            disabled={pdfCount >= config.maxPdfsPerPost || submitting}
          />
        </div>
        <FormErrorList messages={fileErrors} />
        {files.length > 0 ? (
          <ul className="picked-files" aria-label={t('newMessage.selected')}>
            {files.map((picked) => (
              <li key={picked.key}>
                {picked.kind === 'image' ? <PickedPhoto file={picked.file} /> : <Icon name="file" />}
                <span dir="auto" className="picked-name">
                  {picked.file.name}
                </span>
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => setFiles(files.filter((p) => p.key !== picked.key))}
                  aria-label={t('newMessage.remove', { name: picked.file.name })}
                  disabled={submitting}
                >
                  <Icon name="close" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {progress !== null ? (
          <div className="upload-progress">
            <label htmlFor={progressId}>{t('newMessage.uploading')}</label>
            <progress id={progressId} max={100} value={progress}>
              {progress} %
            </progress>
            <span aria-hidden="true">{progress} %</span>
          </div>
        ) : null}
        <SubmitButton busy={submitting}>{t('newMessage.submit')}</SubmitButton>
      </form>
    </Page>
  );
}
