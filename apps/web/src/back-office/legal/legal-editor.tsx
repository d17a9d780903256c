import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { isLegalPage, type AdminLegalPage } from '@hausportal/contract';
import { Field, FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmLeave } from '@/lib/use-confirm-leave';
import { AdminPage } from '../components/admin-page';
import { RecordLoadError } from '../components/load-error';
import { describeServerError } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { useDebounced } from '../lib/use-debounced';
import { useLegalPagesQuery, usePreviewLegalPageMutation, useSaveLegalPageMutation } from './api';
import { t } from './strings';
import '@/components/legal-content.css';
import './legal.css';

/** One legal page: its Markdown beside (or, on narrow screens, above) the page as residents will see it. */
export function LegalEditor() {
  const { page } = useParams();
  const { data, error, isLoading, refetch } = useLegalPagesQuery();
  const current = data?.find((p) => p.page === page);
  if (!page || !isLegalPage(page))
    return <RecordLoadError error={null} notFound={t.notFound} missing onRetry={refetch} />;
  if (isLoading) return <Spinner />;
  if (!current) return <RecordLoadError error={error} notFound={t.notFound} missing={!error} onRetry={refetch} />;
  // A save brings a new version: the form starts again from what was saved.
  return <EditorForm key={`${current.page}:${current.updated_at ?? 'template'}`} current={current} />;
}

function EditorForm({ current }: { current: AdminLegalPage }) {
  const previewId = useId();
  const [markdown, setMarkdown] = useState(current.markdown);
  const [errors, setErrors] = useState<{ field: string | null; general: string | null }>({
    field: null,
    general: null,
  });
  const [save, saving] = useSaveLegalPageMutation();
  const [preview, previewed] = usePreviewLegalPageMutation();
  const draft = useDebounced(markdown, 400);
  const dirty = markdown !== current.markdown;
  const { editable } = current;

  useConfirmLeave(editable && dirty, t.unsaved);

  // The server renders the draft with the page's own sanitising, so what shows here is exact.
  useEffect(() => {
    if (editable && draft !== current.markdown && draft.trim()) void preview(draft);
  }, [editable, draft, current.markdown, preview]);
  const html = draft === current.markdown || !previewed.data ? current.html : previewed.data.html;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({ field: null, general: null });
    try {
      await save({ page: current.page, markdown }).unwrap();
      toast.success(t.savedToast(current.page));
    } catch (failure) {
      const found = describeServerError(failure);
      setErrors({ field: found.fields.markdown ?? null, general: found.general });
    }
  }

  return (
    <AdminPage
      title={editable ? t.editorTitle(current.page) : t.pageTitle(current.page)}
      actions={
        <Link className="button" to="/admin/rechtliches">
          {t.back}
        </Link>
      }
    >
      {current.template ? (
        <p className="legal-admin-template">{editable ? t.templateNote : t.templateNoteReadOnly}</p>
      ) : null}
      {editable ? null : <p className="muted legal-admin-meta">{t.adminOnly}</p>}
      <p className="muted legal-admin-meta">
        {current.updated_at ? t.changed(formatDateTime(current.updated_at), current.updated_by_name) : t.neverSaved}
      </p>
      <div className="legal-editor">
        <form className="form legal-editor-form" onSubmit={onSubmit} noValidate>
          <FormError message={errors.general} />
          <Field
            label={t.markdown}
            hint={t.markdownHint}
            error={errors.field}
            control={(wiring) => (
              <textarea
                {...wiring}
                className="legal-markdown"
                name="markdown"
                rows={18}
                lang="de"
                value={markdown}
                readOnly={!editable}
                onChange={(event) => setMarkdown(event.target.value)}
              />
            )}
          />
          {editable ? (
            <div className="button-row">
              <button
                type="submit"
                className="button button-primary"
                disabled={saving.isLoading}
                aria-busy={saving.isLoading}
              >
                {saving.isLoading ? t.saving : t.save}
              </button>
            </div>
          ) : null}
        </form>
        <section className="card legal-preview" aria-labelledby={previewId}>
          <h2 id={previewId}>{t.preview}</h2>
          <p className="muted">{t.previewHint}</p>
          {previewed.isError ? <p role="alert">{t.previewFailed}</p> : null}
          <div className="legal-content" lang="de" dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      </div>
    </AdminPage>
  );
}
