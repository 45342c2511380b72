import { errorToastMessage, isApiError } from '@fahrwerk/api';
import { ApiForm, CORE_NAMESPACE, FormTextField, useApiForm, useCan } from '@fahrwerk/core';
import {
  Button,
  EmptyState,
  ErrorState,
  FileUpload,
  PageHeader,
  Section,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import {
  type DashboardWidget,
  type LessonDashboard,
  useLessonDashboard,
  useSaveLessonDashboard,
  useUploadWidgetImage,
  WIDGET_IMAGE_MAX_BYTES,
} from './api/dashboard-queries';
import {
  emptyWidget,
  lessonDashboardSchema,
  MAX_WIDGETS,
  toDashboardInput,
  toDashboardValues,
} from './lesson-dashboard-form';
import { useLearningTranslation } from './use-learning-translation';

export type LessonDashboardScreenProps = {
  /** Extra buttons in the header, e.g. the host's link to its mirror book. */
  actions?: React.ReactNode;
};

/**
 * `/unterricht`, the lesson dashboard: the school's tiles (image, title, text, a button to a
 * web page) and the video of the day, for the instructor teaching a theory lesson on a
 * projector — "Vollbild" shows it alone on the screen. With MODULE_THEORY_WRITE "Bearbeiten"
 * edits the tiles (order, texts, buttons, at most 24), the video link and the images (PNG or
 * JPEG up to 2 MB, uploaded for a saved tile). Open to any signed-in user.
 */
export function LessonDashboardScreen({ actions }: LessonDashboardScreenProps) {
  const { t } = useLearningTranslation();
  const canWrite = useCan('MODULE_THEORY_WRITE');
  const dashboard = useLessonDashboard();
  const [editing, setEditing] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const board = useRef<HTMLElement>(null);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === board.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  let body: React.ReactNode;
  if (dashboard.isPending) {
    body = (
      <div className="flex justify-center py-10 text-brand-600">
        <Spinner size="lg" label={t('dashboard.loading')} />
      </div>
    );
  } else if (dashboard.isError) {
    body = (
      <ErrorState
        message={t('dashboard.loadError')}
        onRetry={() => void dashboard.refetch()}
        isRetrying={dashboard.isFetching}
      />
    );
  } else if (editing) {
    body = <DashboardEditor dashboard={dashboard.data} onDone={() => setEditing(false)} />;
  } else {
    body = (
      <section
        ref={board}
        className={fullscreen ? 'h-full overflow-auto bg-white p-8' : undefined}
        aria-label={t('dashboard.board')}
      >
        <DashboardBoard
          dashboard={dashboard.data}
          large={fullscreen}
          onEdit={canWrite ? () => setEditing(true) : undefined}
        />
      </section>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            {actions}
            {!editing && dashboard.isSuccess && document.fullscreenEnabled && (
              <Button variant="secondary" onPress={() => void board.current?.requestFullscreen()}>
                {t('dashboard.fullscreen')}
              </Button>
            )}
            {canWrite && !editing && dashboard.isSuccess && (
              <Button onPress={() => setEditing(true)}>{t('dashboard.edit')}</Button>
            )}
          </div>
        }
      />
      {body}
    </div>
  );
}

/** The dashboard as the class sees it; `large` on the projector (full screen). */
function DashboardBoard({
  dashboard,
  large,
  onEdit,
}: {
  dashboard: LessonDashboard;
  large: boolean;
  onEdit?: () => void;
}) {
  const { t } = useLearningTranslation();
  const widgets = [...dashboard.widgets].sort((a, b) => a.position - b.position);
  if (widgets.length === 0 && !dashboard.youtubeLink) {
    return (
      <EmptyState
        title={t('dashboard.emptyTitle')}
        description={onEdit ? t('dashboard.emptyText') : t('dashboard.emptyReadOnly')}
        action={onEdit ? <Button onPress={onEdit}>{t('dashboard.edit')}</Button> : undefined}
      />
    );
  }
  return (
    <ul className={`grid gap-4 ${large ? 'lg:grid-cols-2' : 'sm:grid-cols-2 xl:grid-cols-3'}`}>
      {widgets.map((widget) => (
        <li key={widget.id}>
          <WidgetCard widget={widget} large={large} />
        </li>
      ))}
      {dashboard.youtubeLink && (
        <li>
          <article className="flex h-full flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-sm">
            <h2 className={large ? 'text-3xl font-semibold' : 'text-lg font-semibold'}>
              {t('dashboard.video')}
            </h2>
            <p className={large ? 'text-xl text-neutral-700' : 'text-sm text-neutral-700'}>
              {t('dashboard.videoText')}
            </p>
            <a
              href={dashboard.youtubeLink}
              target="_blank"
              rel="noreferrer"
              className="mt-auto inline-flex w-fit items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {t('dashboard.videoOpen')}
            </a>
          </article>
        </li>
      )}
    </ul>
  );
}

function WidgetCard({ widget, large }: { widget: DashboardWidget; large: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm">
      {widget.image && (
        <img
          src={widget.image}
          alt=""
          className="aspect-video w-full bg-neutral-100 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className={large ? 'text-3xl font-semibold' : 'text-lg font-semibold'}>
          {widget.title}
        </h2>
        {widget.text && (
          <p
            className={`whitespace-pre-line ${large ? 'text-xl text-neutral-800' : 'text-sm text-neutral-700'}`}
          >
            {widget.text}
          </p>
        )}
        {widget.buttonUrl && widget.buttonTitle && (
          <a
            href={widget.buttonUrl}
            target="_blank"
            rel="noreferrer"
            className="mt-auto inline-flex w-fit items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {widget.buttonTitle}
          </a>
        )}
      </div>
    </article>
  );
}

/** The whole dashboard as one form; saved in one call (tiles left out are deleted). */
function DashboardEditor({
  dashboard,
  onDone,
}: {
  dashboard: LessonDashboard;
  onDone: () => void;
}) {
  const toast = useToast();
  const { t } = useLearningTranslation();
  const save = useSaveLessonDashboard();
  const form = useApiForm({
    schema: lessonDashboardSchema,
    defaultValues: toDashboardValues(dashboard),
    submit: async (values) => {
      await save.mutateAsync(toDashboardInput(values));
      toast.success(t('dashboard.saved'));
      onDone();
    },
    t,
  });
  const { control } = form;
  const widgets = useFieldArray({ control, name: 'widgets', keyName: 'key' });
  const images = new Map(dashboard.widgets.map((w) => [w.id, w.image]));

  return (
    <ApiForm form={form} aria-label={t('dashboard.editTitle')} className="gap-4">
      <Section title={t('dashboard.tiles')} description={t('dashboard.tilesHint')}>
        {widgets.fields.length === 0 ? (
          <p className="text-sm text-neutral-700">{t('dashboard.noTiles')}</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {widgets.fields.map((field, index) => {
              const n = index + 1;
              return (
                <li
                  key={field.key}
                  aria-label={t('dashboard.tileN', { n })}
                  className="flex flex-col gap-3 rounded-md border border-neutral-200 p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-neutral-900">
                      {t('dashboard.tileN', { n })}
                    </h3>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        isDisabled={index === 0}
                        aria-label={t('dashboard.moveUpN', { n })}
                        onPress={() => widgets.move(index, index - 1)}
                      >
                        {t('dashboard.moveUp')}
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        isDisabled={index === widgets.fields.length - 1}
                        aria-label={t('dashboard.moveDownN', { n })}
                        onPress={() => widgets.move(index, index + 1)}
                      >
                        {t('dashboard.moveDown')}
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('dashboard.removeN', { n })}
                        onPress={() => widgets.remove(index)}
                      >
                        {t('dashboard.remove')}
                      </Button>
                    </div>
                  </div>
                  <FormTextField
                    control={control}
                    name={`widgets.${index}.title`}
                    label={t('dashboard.fields.title')}
                    isRequired
                    maxLength={255}
                  />
                  <FormTextField
                    control={control}
                    name={`widgets.${index}.text`}
                    label={t('dashboard.fields.text')}
                    isMultiline
                    maxLength={10000}
                  />
                  <div className="grid gap-3 sm:grid-cols-2">
                    <FormTextField
                      control={control}
                      name={`widgets.${index}.buttonTitle`}
                      label={t('dashboard.fields.buttonTitle')}
                      maxLength={255}
                    />
                    <FormTextField
                      control={control}
                      name={`widgets.${index}.buttonUrl`}
                      label={t('dashboard.fields.buttonUrl')}
                      type="url"
                      maxLength={2000}
                    />
                  </div>
                  {field.id === undefined ? (
                    <p className="text-sm text-neutral-600">{t('dashboard.imageAfterSave')}</p>
                  ) : (
                    <WidgetImageUpload widgetId={field.id} image={images.get(field.id)} />
                  )}
                </li>
              );
            })}
          </ol>
        )}
        <div className="mt-3">
          <Button
            variant="secondary"
            isDisabled={widgets.fields.length >= MAX_WIDGETS}
            onPress={() => widgets.append(emptyWidget())}
          >
            {t('dashboard.addTile')}
          </Button>
        </div>
      </Section>
      <Section title={t('dashboard.video')}>
        <FormTextField
          control={control}
          name="youtubeLink"
          label={t('dashboard.fields.youtubeLink')}
          description={t('dashboard.fields.youtubeLinkHint')}
          type="url"
          maxLength={2000}
        />
      </Section>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          {t('dashboard.cancel')}
        </Button>
        <Button type="submit" isPending={save.isPending}>
          {t('dashboard.save')}
        </Button>
      </div>
    </ApiForm>
  );
}

/**
 * The text of a failed upload: the server's message (a refused type or size, its own
 * message), else the spec's sentence "Das Hochladen des Bildes ist fehlgeschlagen" — also
 * when the connection failed.
 */
function uploadFailure(error: unknown, t: TFunction): string {
  const fallback = t('dashboard.uploadFailed');
  // No answer of the server (status 0: the connection failed): the spec's sentence.
  if (!isApiError(error) || error.status === 0) return fallback;
  const text = errorToastMessage(error, (key) => t(key, { ns: CORE_NAMESPACE }), NO_MESSAGE);
  return text && text !== NO_MESSAGE ? text : fallback;
}

const NO_MESSAGE = '-';

function WidgetImageUpload({ widgetId, image }: { widgetId: number; image?: string }) {
  const toast = useToast();
  const { t } = useLearningTranslation();
  const upload = useUploadWidgetImage();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-start gap-4">
      {image ? (
        <img
          src={image}
          alt={t('dashboard.currentImage')}
          className="h-24 w-40 rounded-md border border-neutral-200 object-cover"
        />
      ) : (
        <p className="w-40 text-sm text-neutral-600">{t('dashboard.noImage')}</p>
      )}
      <div className="flex min-w-64 flex-1 flex-col gap-2">
        <FileUpload
          label={t('dashboard.fields.image')}
          maxSizeBytes={WIDGET_IMAGE_MAX_BYTES}
          acceptedFileTypes={['image/png', 'image/jpeg']}
          recommendation={t('dashboard.imageRecommendation')}
          value={files}
          onChange={(selected) => {
            setFiles(selected);
            setProblem(null);
          }}
          onReject={() => setFiles([])}
          errorMessage={problem ?? undefined}
        />
        <Button
          size="sm"
          variant="secondary"
          className="w-fit"
          isDisabled={files.length === 0}
          isPending={upload.isPending}
          onPress={async () => {
            const [file] = files;
            if (!file) return;
            try {
              await upload.mutateAsync({ widgetId, file });
              setFiles([]);
              toast.success(t('dashboard.imageSaved'));
            } catch (error) {
              const text = uploadFailure(error, t);
              setProblem(text);
              toast.error(text);
            }
          }}
        >
          {t('dashboard.uploadImage')}
        </Button>
      </div>
    </div>
  );
}
