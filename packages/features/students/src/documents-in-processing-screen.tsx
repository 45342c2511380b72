import { DOCUMENT_TYPES, MAX_UPLOAD_BYTES } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ComboBox,
  ComboBoxItem,
  ConfirmDialog,
  Dialog,
  EmptyState,
  ErrorState,
  FileUpload,
  Form,
  formatDateTime,
  Modal,
  PageHeader,
  Section,
  Select,
  SelectItem,
  Spinner,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type DocumentInProcessing,
  type DocumentType,
  type DownloadedFile,
  useAttachDocumentInProcessing,
  useDocumentInProcessingMutations,
  useDocumentsInProcessing,
  useDownloadDocumentInProcessing,
  useStudentSearch,
  useUploadDocumentsInProcessing,
} from './api/student-queries';
import { FileViewer, formatSize, showOrSave } from './components/file-viewer';
import { DOCUMENT_MIME_TYPES } from './student-documents-panel';
import { useStudentsTranslation } from './use-students-translation';

/** `/students/document-in-processing`: the inbox of scans and QR-code uploads. */
export function DocumentsInProcessingScreen() {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const documents = useDocumentsInProcessing();
  const upload = useUploadDocumentsInProcessing();
  const remove = useDocumentInProcessingMutations().delete;
  const download = useDownloadDocumentInProcessing();
  const [files, setFiles] = useState<File[]>([]);
  const [attaching, setAttaching] = useState<DocumentInProcessing | null>(null);
  const [deleting, setDeleting] = useState<DocumentInProcessing | null>(null);
  const [viewing, setViewing] = useState<DownloadedFile | null>(null);

  const open = (document: DocumentInProcessing) =>
    download.mutate(document, { onSuccess: (file) => showOrSave(file, setViewing) });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('inbox.title')} description={t('inbox.description')} />
      {canWrite && (
        <Section title={t('inbox.upload')}>
          <FileUpload
            label={t('inbox.uploadLabel')}
            description={t('documents.fileHint')}
            maxSizeBytes={MAX_UPLOAD_BYTES}
            acceptedFileTypes={DOCUMENT_MIME_TYPES}
            allowsMultiple
            value={files}
            onChange={(next) => setFiles(next.slice(0, 20))}
          />
          <div className="mt-3 flex justify-end">
            <Button
              isDisabled={files.length === 0}
              isPending={upload.isPending}
              onPress={() =>
                upload.mutate(files, {
                  onSuccess: (rows) => {
                    setFiles([]);
                    toast.success(t('inbox.uploaded', { count: rows.length }));
                  },
                })
              }
            >
              {t('inbox.upload')}
            </Button>
          </div>
        </Section>
      )}
      <Section title={t('inbox.title')}>
        {documents.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : documents.error ? (
          <ErrorState message={t('inbox.loadError')} onRetry={() => documents.refetch()} />
        ) : documents.data.length === 0 ? (
          <EmptyState title={t('inbox.empty')} />
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-neutral-600">
                <th className="py-2 text-start font-medium">{t('documents.fileName')}</th>
                <th className="py-2 text-start font-medium">{t('inbox.source')}</th>
                <th className="py-2 text-start font-medium">{t('documents.type')}</th>
                <th className="py-2 text-start font-medium">{t('documents.uploadedAt')}</th>
                <th className="py-2">
                  <span className="sr-only">{t('edit.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {documents.data.map((document) => (
                <tr key={document.id} className="border-b border-neutral-100">
                  <td className="py-2">
                    <Button variant="quiet" size="sm" onPress={() => open(document)}>
                      {document.fileName}
                    </Button>
                    <span className="ms-1 text-xs text-neutral-600">
                      {formatSize(document.size)}
                    </span>
                  </td>
                  <td className="py-2">
                    {document.fromQrCode ? (
                      <Badge tone="brand">{t('inbox.fromQrCode')}</Badge>
                    ) : (
                      <Badge>{t('inbox.fromOffice')}</Badge>
                    )}
                  </td>
                  <td className="py-2">
                    {document.type ? t(`enum.documentType.${document.type}`) : t('common.none')}
                  </td>
                  <td className="py-2">{formatDateTime(document.uploadedAt)}</td>
                  <td className="py-2 text-end">
                    <span className="inline-flex items-center gap-2">
                      {canWrite && (
                        <Button size="sm" onPress={() => setAttaching(document)}>
                          {t('inbox.attach')}
                        </Button>
                      )}
                      <ActionMenu
                        label={t('documents.actionsFor', { fileName: document.fileName })}
                        items={[
                          { id: 'open', label: t('documents.open') },
                          ...(canWrite
                            ? [{ id: 'delete', label: t('common.delete'), isDanger: true }]
                            : []),
                        ]}
                        onAction={(action) =>
                          action === 'delete' ? setDeleting(document) : open(document)
                        }
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Modal isOpen={attaching !== null} onOpenChange={(isOpen) => !isOpen && setAttaching(null)}>
        <Dialog title={t('inbox.attachTitle')}>
          {attaching && <AttachForm document={attaching} onDone={() => setAttaching(null)} />}
        </Dialog>
      </Modal>
      <FileViewer file={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        variant="destructive"
        title={t('documents.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(t('messages.delete_success'));
        }}
      >
        {deleting && t('documents.deleteText', { fileName: deleting.fileName })}
      </ConfirmDialog>
    </div>
  );
}

function AttachForm({ document, onDone }: { document: DocumentInProcessing; onDone: () => void }) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const [search, setSearch] = useState('');
  // The sender's suggestion (QR-code uploads know their student) is preselected.
  const [studentId, setStudentId] = useState<string>(
    document.studentId === undefined ? '' : String(document.studentId),
  );
  const [type, setType] = useState<DocumentType>(document.type ?? 'OTHER');
  const [visible, setVisible] = useState(false);
  const [missing, setMissing] = useState(false);
  const students = useStudentSearch(search);
  const attach = useAttachDocumentInProcessing();

  return (
    <Form
      aria-label={t('inbox.attachTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!studentId) {
          setMissing(true);
          return;
        }
        attach.mutate(
          { id: document.id, body: { studentId: Number(studentId), type, visible } },
          {
            onSuccess: () => {
              toast.success(t('inbox.attached'));
              onDone();
            },
          },
        );
      }}
    >
      <p className="text-sm text-neutral-700">{document.fileName}</p>
      <ComboBox
        label={t('inbox.student')}
        placeholder={t('inbox.studentSearch')}
        isRequired
        inputValue={search}
        onInputChange={setSearch}
        selectedKey={studentId || null}
        onSelectionChange={(key) => {
          setStudentId(key === null ? '' : String(key));
          setMissing(false);
        }}
        isInvalid={missing}
        errorMessage={missing ? t('validation.required') : undefined}
        items={(students.data?.data ?? []).map((student) => ({
          id: String(student.id),
          label: `${student.lastName}, ${student.firstName}${student.birthDate ? ` (${student.birthDate.split('-').reverse().join('.')})` : ''}`,
        }))}
      >
        {(item) => <ComboBoxItem id={item.id}>{item.label}</ComboBoxItem>}
      </ComboBox>
      <Select
        label={t('documents.type')}
        description={document.type ? t('inbox.suggestion') : undefined}
        selectedKey={type}
        onSelectionChange={(key) => setType(String(key) as DocumentType)}
      >
        {DOCUMENT_TYPES.map((value) => (
          <SelectItem key={value} id={value}>
            {t(`enum.documentType.${value}`)}
          </SelectItem>
        ))}
      </Select>
      <Switch isSelected={visible} onChange={setVisible}>
        {t('documents.visible')}
      </Switch>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={attach.isPending}>
          {t('inbox.attach')}
        </Button>
      </div>
    </Form>
  );
}
